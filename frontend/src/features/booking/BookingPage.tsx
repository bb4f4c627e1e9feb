import { useMutation } from "@tanstack/react-query";
import { useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";
import { useLanguage } from "../../lib/LanguageProvider";
import { Icon } from "../../components/Icon";
import { toast } from "../../components/toast";
import { Spinner } from "../../components/ui";
import { appConfig } from "../../lib/appConfig";
import { todayISO } from "../../lib/format";
import { guestId, randomUUID } from "../../lib/guest";
import { carSlug } from "../../lib/slug";
import { useFormat } from "../../lib/useFormat";
import { usePageMeta } from "../../lib/usePageMeta";
import type { FleetCar } from "../cars";
import { parseTrip, shiftTrip, withTrip, type Trip, type Conflict } from "../search";
import { initialForm, tripOfForm, withTripDates } from "./bookingForm";
import { ConfirmView } from "./ConfirmView";
import { ConflictNotice } from "./ConflictNotice";
import { PriceSummary, RunningTotal } from "./PriceSummary";
import type { Order } from "./receipt";
import { SentView } from "./SentView";
import { datesRefusal, sendWhatsapp, startPaypal } from "./submit";
import { toBookingRequest, type BookingForm, type BookingRequest } from "./types";
import { useBookingCar, usePriceList, useServerQuote, type QuoteState } from "./useBookingData";
import { canGoNext, STEP_COUNT, validateStep, type BookingErrors } from "./validation";
import { DriverStep } from "./wizard/DriverStep";
import { OptionsStep } from "./wizard/OptionsStep";
import { Stepper } from "./wizard/Stepper";
import { SummaryStep } from "./wizard/SummaryStep";
import { TripStep } from "./wizard/TripStep";

type View = "form" | "confirm" | "sent";
/** The database refused these dates: at step 1's check, or at submit (a race lost). */
type Refusal = { conflict: Conflict; trip: Trip; at: "check" | "submit" };

const TRIP_FIELDS: (keyof BookingForm)[] = ["pickupDate", "pickupTime", "returnDate", "returnTime"];

/** /booking/:slug[?pickup=…&return=…&place=…]: a new car or trip is a new wizard. */
export default function BookingPage() {
  const { slug } = useParams();
  const [params] = useSearchParams();
  const query = params.toString();
  const trip = useMemo(() => parseTrip(new URLSearchParams(query)), [query]);
  return <BookingWizard key={`${slug}?${query}`} slug={slug} searched={trip} />;
}

function BookingWizard({ slug, searched }: { slug: string | undefined; searched: Trip | null }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const fmt = useFormat();
  const { car, fromFallback } = useBookingCar(slug);
  const prices = usePriceList();
  const [form, setForm] = useState<BookingForm>(() => initialForm(searched));
  const [step, setStep] = useState(1);
  const [errors, setErrors] = useState<BookingErrors>({});
  const [view, setView] = useState<View>("form");
  // The two finishes are mutations (lib/query.ts); each keeps its own retry and idempotency (submit.ts).
  const whatsapp = useMutation({ mutationFn: sendWhatsapp });
  const paypal = useMutation({ mutationFn: (p: { request: BookingRequest; id: string }) => startPaypal(p.request, p.id, t) });
  // After PayPal's order opened, the page is on its way there: still busy.
  const busy = whatsapp.isPending ? "whatsapp" : paypal.isPending || paypal.data?.kind === "sent" ? "paypal" : null;
  const [checking, setChecking] = useState(false);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // What the WhatsApp request stored (its reference and breakdown), for the "sent" view.
  const [sent, setSent] = useState<Order | null>(null);
  // The booking id sent with this request to create-paypal-order, kept while the
  // same request is sent again (see createPaypalOrder).
  const paypalAttempt = useRef<{ id: string; text: string } | null>(null);
  const today = todayISO();

  usePageMeta(car ? t("booking.metaTitle", { name: `${car.brand} ${car.name}` }) : t("booking.title"), t("booking.subtitle"), `/booking/${slug ?? ""}`);

  const request = useMemo(() => (car ? toBookingRequest(form, car.id, language, guestId()) : null), [car, form, language]);
  const tripErrors = validateStep(1, form, today);
  const datesOk = TRIP_FIELDS.every((k) => !tripErrors[k]);
  const serverQuote = useServerQuote(request && datesOk && !fromFallback ? request : null);
  // The local sample car (server unreachable) has no price to show: the agency confirms it.
  const quote: QuoteState = fromFallback && datesOk ? { status: "failed" } : serverQuote;
  const readyQuote = quote.status === "ready" ? quote.quote : null;

  if (car === undefined) return <Spinner label={t("booking.loading")} />;
  if (car === null) {
    return (
      <section className="container section center not-found">
        <h1>{t("car.notFound")}</h1>
        <Link to="/vehicles" className="btn btn-primary">
          {t("car.backToFleet")}
        </Link>
      </section>
    );
  }

  const set = <K extends keyof BookingForm>(key: K, value: BookingForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, ...(TRIP_FIELDS.includes(key) ? { returnDate: undefined, returnTime: undefined } : {}) }));
    // Other dates: the refusal was about the old ones.
    if (TRIP_FIELDS.includes(key)) setRefusal(null);
  };
  const paymentsOn = appConfig.payments.mode !== "off" && !fromFallback;

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
      const first = Object.keys(errs)[0] as keyof BookingForm;
      setStep(["customerName", "customerEmail", "customerPhone"].includes(first) ? 2 : 1);
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

  const header = (
    <div className="booking-head">
      <Link to={withTrip(`/cars/${carSlug(car)}`, searched)} className="back-link">
        <Icon name="chevronStart" size={18} className="flip-rtl" /> {t("booking.backToCar")}
      </Link>
      <h1>{t("booking.title")}</h1>
      <p className="muted">{t("booking.subtitle")}</p>
    </div>
  );

  // A car marked unavailable cannot be booked at all; one back in service at a
  // later date can be, for dates from then on (step 1's check says so otherwise).
  if (!car.available) {
    return (
      <section className="container section">
        {header}
        <div className="alert alert-error" role="alert">
          <p>{t("car.bookingUnavailable")}</p>
        </div>
      </section>
    );
  }
  const notYet =
    !car.bookable && car.not_available_until ? (
      <p className="alert alert-info" data-testid="not-available-until">
        {t("car.notAvailableUntil", { date: fmt.numericDay(car.not_available_until) })}
      </p>
    ) : null;

  if (view === "sent") return <SentView order={sent} />;

  const notice = (at: Refusal["at"], onUseNextFree?: (nextFree: string) => void) =>
    refusal && refusal.at === at ? <ConflictNotice conflict={refusal.conflict} car={car} trip={refusal.trip} onUseNextFree={onUseNextFree} /> : null;

  if (view === "confirm") {
    return (
      <ConfirmView
        header={header}
        car={car}
        form={form}
        quote={quote}
        paymentsOn={paymentsOn}
        busy={busy}
        paymentError={paymentError}
        conflict={notice("submit")}
        onWhatsapp={() => void confirmWhatsapp(car)}
        onPaypal={() => void payWithPaypal()}
        onBack={() => {
          // After a lost race, back leads to the dates, the refusal still shown there.
          if (refusal) {
            setRefusal({ ...refusal, at: "check" });
            setStep(1);
          }
          setView("form");
        }}
      />
    );
  }

  const stepTitles = [t("booking.steps.trip"), t("booking.steps.driver"), t("booking.steps.options"), t("booking.steps.summary")];
  const takeNextFree = (nextFree: string) => {
    const moved = shiftTrip(tripOfForm(form), nextFree);
    setForm((f) => withTripDates(f, moved));
    setErrors({});
    setRefusal(null);
  };

  return (
    <section className="container section">
      {header}
      {notYet}
      <Stepper titles={stepTitles} step={step} />
      <div className="booking-layout">
        <form className="card wizard" onSubmit={(e) => submit(e, car)} noValidate data-testid="booking-wizard">
          <h2 className="wizard-title">
            {t("booking.stepOf", { step, total: STEP_COUNT })} — {stepTitles[step - 1]}
          </h2>
          {step === 1 && (
            <TripStep
              form={form}
              errors={errors}
              set={set}
              today={today}
              notice={
                checking ? (
                  <p className="muted small" role="status" data-testid="checking-dates">
                    {t("reservation.checking")}
                  </p>
                ) : (
                  notice("check", takeNextFree)
                )
              }
            />
          )}
          {step === 2 && <DriverStep form={form} errors={errors} set={set} />}
          {step === 3 && <OptionsStep form={form} set={set} prices={prices} />}
          {step === 4 && <SummaryStep carTitle={`${car.brand} ${car.name}`} form={form} quote={quote} />}
          <div className="wizard-nav">
            <button type="button" className="btn btn-outline" disabled={step === 1} onClick={() => setStep((s) => Math.max(1, s - 1))}>
              <Icon name="chevronStart" size={18} className="flip-rtl" /> {t("booking.previous")}
            </button>
            {step < STEP_COUNT ? (
              <button type="submit" className="btn btn-primary" disabled={!canGoNext(step, form) || checking || (step === 1 && refusal !== null)} data-testid="wizard-next">
                {t("booking.next")} <Icon name="chevronEnd" size={18} className="flip-rtl" />
              </button>
            ) : (
              <button type="submit" className="btn btn-accent" data-testid="wizard-submit">
                {t("booking.submit")}
              </button>
            )}
          </div>
          <RunningTotal quote={quote} />
        </form>
        <PriceSummary car={car} form={form} quote={quote} />
      </div>
    </section>
  );
}
