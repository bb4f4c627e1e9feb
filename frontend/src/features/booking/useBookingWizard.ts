/* eslint-disable max-lines-per-function -- over the house limit since before the rule: the wizard's state and its steps' handlers in one hook; to split per step. */
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
// wizard (BookingPage keys it), so nothing here resets on a change of slug.

export type WizardView = "form" | "confirm" | "sent";
/** The database refused these dates: at step 1's check, or at submit (a race lost). */
export type Refusal = { conflict: Conflict; trip: Trip; at: "check" | "submit" };

const TRIP_FIELDS: (keyof BookingForm)[] = ["pickupDate", "pickupTime", "returnDate", "returnTime"];
/** Fields of step 2: an error there at submit leads back to that step. */
const DRIVER_FIELDS: string[] = ["customerName", "customerEmail", "customerPhone", "hotelName", "hotelAddress", "flightNumber"];
/** Step 4's boxes: an error there keeps the traveller on step 4. */
const SUMMARY_FIELDS: string[] = ["driverConfirmed", "termsAccepted"];

export function useBookingWizard(slug: string | undefined, searched: Trip | null) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const fmt = useFormat();
  const { car, fromFallback } = useBookingCar(slug);
  const prices = usePriceList();
  const [form, setForm] = useState<BookingForm>(() => initialForm(searched));
  const [step, setStep] = useState(1);
  const [errors, setErrors] = useState<BookingErrors>({});
  const [view, setView] = useState<WizardView>("form");
  // The two finishes are mutations (lib/query.ts); each keeps its own retry and idempotency (submit.ts).
  const whatsapp = useMutation({ mutationFn: sendWhatsapp });
  const paypal = useMutation({ mutationFn: (p: { request: BookingRequest; id: string }) => startPaypal(p.request, p.id, t) });
  // After PayPal's order opened, the page is on its way there: still busy.
  const busy: "whatsapp" | "paypal" | null = whatsapp.isPending ? "whatsapp" : paypal.isPending || paypal.data?.kind === "sent" ? "paypal" : null;
  const [checking, setChecking] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // What the WhatsApp request stored (its reference and breakdown), for the "sent" view.
  const [sent, setSent] = useState<Order | null>(null);
  // The booking id sent with this request to create-paypal-order, kept while the
  // same request is sent again (see createPaypalOrder).
  const paypalAttempt = useRef<{ id: string; text: string } | null>(null);
  const today = todayISO();

  const request = useMemo(() => (car ? toBookingRequest(form, car.id, language, guestId()) : null), [car, form, language]);
  const tripErrors = validateStep(1, form, today);
  const datesOk = TRIP_FIELDS.every((k) => !tripErrors[k]);
  const serverQuote = useServerQuote(request && datesOk && !fromFallback ? request : null);
  // The local sample car (server unreachable) has no price to show: the agency confirms it.
  const quote: QuoteState = fromFallback && datesOk ? { status: "failed" } : serverQuote;
  const readyQuote = quote.status === "ready" ? quote.quote : null;
  const paymentsOn = appConfig.payments.mode !== "off" && !fromFallback;

  const set = <K extends keyof BookingForm>(key: K, value: BookingForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, ...(TRIP_FIELDS.includes(key) ? { returnDate: undefined, returnTime: undefined } : {}) }));
    // Other dates: the refusal was about the old ones.
    if (TRIP_FIELDS.includes(key)) setRefusal(null);
  };

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
    setPaymentError(null);
    setView("confirm");
    window.scrollTo(0, 0);
  }

  async function confirmWhatsapp(theCar: FleetCar) {
    if (!request) return;
    setRefusal(null);
    const outcome = await whatsapp.mutateAsync({
      car: theCar,
      form,
      request,
      fromFallback,
      quote: readyQuote,
      t,
      fmt,
      onStored: () => toast(t("booking.saved"), "success"),
    });
    if (outcome.kind === "refused") setRefusal({ conflict: outcome.conflict, trip: tripOfForm(form), at: "submit" });
    else {
      setSent(outcome.kind === "sent" ? (outcome.order ?? null) : null);
      setView("sent");
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

  /** From the confirm view back to the form. */
  function backToForm() {
    // After a lost race, back leads to the dates, the refusal still shown there.
    if (refusal) {
      setRefusal({ ...refusal, at: "check" });
      setStep(1);
    }
    setView("form");
  }

  /** The conflict notice's "use the next free date": the same trip length from then. */
  function takeNextFree(nextFree: string) {
    const moved = shiftTrip(tripOfForm(form), nextFree);
    setForm((f) => withTripDates(f, moved));
    setErrors({});
    setRefusal(null);
  }

  return {
    car,
    prices,
    form,
    step,
    errors,
    view,
    busy,
    checking,
    paymentError,
    refusal,
    sent,
    today,
    quote,
    paymentsOn,
    canGoNext: canGoNext(step, form),
    set,
    back,
    submit,
    confirmWhatsapp,
    payWithPaypal,
    backToForm,
    takeNextFree,
  };
}
