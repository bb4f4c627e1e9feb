import { useMutation } from "@tanstack/react-query";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "../../components/toast";
import { appConfig } from "../../lib/appConfig";
import { todayISO } from "../../lib/format";
import { guestId, randomUUID } from "../../lib/guest";
import { useLanguage } from "../../lib/LanguageProvider";
import { useFormat } from "../../lib/useFormat";
import type { FleetCar } from "../cars";
import { shiftTrip, type Conflict, type Trip } from "../search";
import { initialForm, tripOfForm, withTripDates } from "./bookingForm";
import type { Order } from "./receipt";
import { datesRefusal, sendWhatsapp, startPaypal } from "./submit";
import { toBookingRequest, type BookingForm, type BookingRequest } from "./types";
import { useBookingCar, usePriceList, useServerQuote, type QuoteState } from "./useBookingData";
import { canGoNext, STEP_COUNT, validateStep, type BookingErrors } from "./validation";

// The booking wizard's state and transitions (SPEC sections 4 and 5): the step, the
// form and its errors, the dates check, the quote, and the two finishes (WhatsApp,
// PayPal). BookingPage only lays out what this returns; a new car or trip is a new
// wizard (BookingPage keys it), so nothing here resets on a change of slug. In parts:
// the fields (form, errors, refusal), the quote, the steps, and the finishes.

export type WizardView = "form" | "confirm" | "sent";
/** The database refused these dates: at step 1's check, or at submit (a race lost). */
export type Refusal = { conflict: Conflict; trip: Trip; at: "check" | "submit" };

const TRIP_FIELDS: (keyof BookingForm)[] = ["pickupDate", "pickupTime", "returnDate", "returnTime"];
/** Fields of step 2: an error there at submit leads back to that step. */
const DRIVER_FIELDS: string[] = ["customerName", "customerEmail", "customerPhone", "hotelName", "hotelAddress", "flightNumber"];
/** Step 4's boxes: an error there keeps the traveller on step 4. */
const SUMMARY_FIELDS: string[] = ["driverConfirmed", "termsAccepted"];

type Fields = ReturnType<typeof useWizardFields>;

/** The form, its errors, and the database's refusal of its dates (dropped when the dates change). */
function useWizardFields(searched: Trip | null) {
  const [form, setForm] = useState<BookingForm>(() => initialForm(searched));
  const [errors, setErrors] = useState<BookingErrors>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const set = <K extends keyof BookingForm>(key: K, value: BookingForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, ...(TRIP_FIELDS.includes(key) ? { returnDate: undefined, returnTime: undefined } : {}) }));
    // Other dates: the refusal was about the old ones.
    if (TRIP_FIELDS.includes(key)) setRefusal(null);
  };

  /** The conflict notice's "use the next free date": the same trip length from then. */
  function takeNextFree(nextFree: string) {
    const moved = shiftTrip(tripOfForm(form), nextFree);
    setForm((f) => withTripDates(f, moved));
    setErrors({});
    setRefusal(null);
  }

  return { form, errors, setErrors, refusal, setRefusal, set, takeNextFree };
}

/** The request as it would be sent, and the quote of its dates once they are valid. */
function useWizardQuote(car: FleetCar | null | undefined, fromFallback: boolean, form: BookingForm, today: string) {
  const { language } = useLanguage();
  const request = useMemo(() => (car ? toBookingRequest(form, car.id, language, guestId()) : null), [car, form, language]);
  const tripErrors = validateStep(1, form, today);
  const datesOk = TRIP_FIELDS.every((k) => !tripErrors[k]);
  const serverQuote = useServerQuote(request && datesOk && !fromFallback ? request : null);
  // The local sample car (server unreachable) has no price to show: the agency confirms it.
  const quote: QuoteState = fromFallback && datesOk ? { status: "failed" } : serverQuote;
  return { request, quote };
}

/** The steps: next (after step 1's dates check), back, and the form's submit; `onConfirm` opens the confirm view. */
function useWizardSteps(fields: Fields, fromFallback: boolean, today: string, onConfirm: () => void) {
  const { form, setErrors, setRefusal } = fields;
  const [step, setStep] = useState(1);
  const [checking, setChecking] = useState(false);

  async function next(theCar: FleetCar) {
    const e = validateStep(step, form, today);
    setErrors(e);
    if (Object.keys(e).length > 0) return;
    if (step === 1 && !fromFallback) {
      // Step 1 asks the database whether the car is free for these dates before going on.
      setChecking(true);
      const conflict = await datesRefusal(theCar, form);
      setChecking(false);
      if (conflict) {
        setRefusal({ conflict, trip: tripOfForm(form), at: "check" });
        return;
      }
    }
    setRefusal(null);
    setStep((s) => Math.min(STEP_COUNT, s + 1));
  }

  const back = () => setStep((s) => Math.max(1, s - 1));

  /** The form's submit: next step, or (at the last step) the confirm view once all is valid. */
  function submit(e: FormEvent, theCar: FleetCar) {
    e.preventDefault();
    if (checking) return;
    if (step < STEP_COUNT) {
      if (canGoNext(step, form)) void next(theCar);
      return;
    }
    const errs = validateStep(4, form, today);
    setErrors(errs);
    if (Object.keys(errs).length > 0) {
      const first = Object.keys(errs)[0] ?? "";
      // The terms and the driver's age are step 4's own boxes: refused there, inline.
      if (!SUMMARY_FIELDS.includes(first)) setStep(DRIVER_FIELDS.includes(first) ? 2 : 1);
      return;
    }
    onConfirm();
  }

  return { step, setStep, checking, back, submit };
}

/** The two finishes (WhatsApp, PayPal) and what they leave: busy, a payment error, the order sent; `onSent` opens the sent view. */
function useFinishes(fields: Fields, request: BookingRequest | null, quote: QuoteState, fromFallback: boolean, onSent: () => void) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { form, setRefusal } = fields;
  // The two finishes are mutations (lib/query.ts); each keeps its own retry and idempotency (submit.ts).
  const whatsapp = useMutation({ mutationFn: sendWhatsapp });
  const paypal = useMutation({ mutationFn: (p: { request: BookingRequest; id: string }) => startPaypal(p.request, p.id, t) });
  // After PayPal's order opened, the page is on its way there: still busy.
  const busy: "whatsapp" | "paypal" | null = whatsapp.isPending ? "whatsapp" : paypal.isPending || paypal.data?.kind === "sent" ? "paypal" : null;
  const [paymentError, setPaymentError] = useState<string | null>(null);
  // What the WhatsApp request stored (its reference and breakdown), for the "sent" view.
  const [sent, setSent] = useState<Order | null>(null);
  // The booking id sent with this request to create-paypal-order, kept while the
  // same request is sent again (see createPaypalOrder).
  const paypalAttempt = useRef<{ id: string; text: string } | null>(null);

  async function confirmWhatsapp(theCar: FleetCar) {
    if (!request) return;
    setRefusal(null);
    const outcome = await whatsapp.mutateAsync({
      car: theCar,
      form,
      request,
      fromFallback,
      quote: quote.status === "ready" ? quote.quote : null,
      t,
      fmt,
      onStored: () => toast(t("booking.saved"), "success"),
    });
    if (outcome.kind === "refused") setRefusal({ conflict: outcome.conflict, trip: tripOfForm(form), at: "submit" });
    else {
      setSent(outcome.kind === "sent" ? (outcome.order ?? null) : null);
      onSent();
    }
  }

  async function payWithPaypal() {
    if (!request) return;
    setPaymentError(null);
    setRefusal(null);
    const text = JSON.stringify(request);
    if (paypalAttempt.current?.text !== text) paypalAttempt.current = { id: randomUUID(), text };
    const outcome = await paypal.mutateAsync({ request, id: paypalAttempt.current.id });
    if (outcome.kind === "sent") return; // leaving for PayPal
    if (outcome.kind === "refused") setRefusal({ conflict: outcome.conflict, trip: tripOfForm(form), at: "submit" });
    else setPaymentError(outcome.message);
  }

  return { busy, paymentError, setPaymentError, sent, confirmWhatsapp, payWithPaypal };
}

export function useBookingWizard(slug: string | undefined, searched: Trip | null) {
  const { car, fromFallback } = useBookingCar(slug);
  const prices = usePriceList();
  const fields = useWizardFields(searched);
  const { form, errors, refusal, setRefusal } = fields;
  const [view, setView] = useState<WizardView>("form");
  const today = todayISO();
  const { request, quote } = useWizardQuote(car, fromFallback, form, today);
  const paymentsOn = appConfig.payments.mode !== "off" && !fromFallback;
  const finishes = useFinishes(fields, request, quote, fromFallback, () => setView("sent"));
  const { step, setStep, checking, back, submit } = useWizardSteps(fields, fromFallback, today, () => {
    finishes.setPaymentError(null);
    setView("confirm");
    window.scrollTo(0, 0);
  });

  /** From the confirm view back to the form. */
  function backToForm() {
    // After a lost race, back leads to the dates, the refusal still shown there.
    if (refusal) {
      setRefusal({ ...refusal, at: "check" });
      setStep(1);
    }
    setView("form");
  }

  return {
    car,
    prices,
    form,
    step,
    errors,
    view,
    busy: finishes.busy,
    checking,
    paymentError: finishes.paymentError,
    refusal,
    sent: finishes.sent,
    today,
    quote,
    paymentsOn,
    canGoNext: canGoNext(step, form),
    set: fields.set,
    back,
    submit,
    confirmWhatsapp: finishes.confirmWhatsapp,
    payWithPaypal: finishes.payWithPaypal,
    backToForm,
    takeNextFree: fields.takeNextFree,
  };
}
