import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useLanguage } from "../../app/LanguageProvider";
import { Icon } from "../../components/Icon";
import { toast } from "../../components/toast";
import { Spinner } from "../../components/ui";
import { appConfig } from "../../lib/appConfig";
import { formatDate, formatPrice, todayISO } from "../../lib/format";
import { guestId, randomUUID } from "../../lib/guest";
import { carSlug } from "../../lib/slug";
import { usePageMeta } from "../../lib/usePageMeta";
import { loadCar, trackWhatsappClick } from "../cars/api";
import { isBookable } from "../cars/bookable";
import { categoryKey } from "../cars/labels";
import type { Car } from "../cars/types";
import {
  createPaypalOrder,
  fetchQuote,
  paypalOrderBody,
  insertWhatsappBooking,
  PAYPAL_ORDER_KEY,
  PENDING_BOOKING_KEY,
} from "./api";
import {
  computeQuote,
  EXTRA_KEYS,
  extraPrice,
  INSURANCE_PER_DAY,
  NO_EXTRAS,
  type Insurance,
  type PaymentOption,
  type Quote,
} from "./price";
import { locationLabel } from "./locationLabel";
import { paymentErrorText } from "./paymentErrors";
import { PriceSummary } from "./PriceSummary";
import {
  DEFAULT_LOCATION,
  DEFAULT_TIME,
  PICKUP_LOCATIONS,
  RETURN_LOCATIONS,
  toBookingRequest,
  type BookingForm,
} from "./types";
import { canGoNext, STEP_COUNT, validateStep, type BookingErrors } from "./validation";
import { openWhatsapp } from "./whatsapp";

const INSURANCES: Insurance[] = ["basic", "premium", "platinum"];
const PAYMENT_OPTIONS: PaymentOption[] = ["full", "half", "reserve"];

function initialForm(): BookingForm {
  return {
    pickupDate: "",
    returnDate: "",
    pickupTime: DEFAULT_TIME,
    returnTime: DEFAULT_TIME,
    pickupLocation: DEFAULT_LOCATION,
    returnLocation: DEFAULT_LOCATION,
    customerName: "",
    customerEmail: "",
    customerPhone: "",
    insurance: "basic",
    paymentOption: "full",
    extras: { ...NO_EXTRAS },
  };
}

type View = "form" | "confirm" | "sent";

export default function BookingPage() {
  const { slug } = useParams();
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [car, setCar] = useState<Car | null | undefined>(undefined);
  const [fromFallback, setFromFallback] = useState(false);
  const [form, setForm] = useState<BookingForm>(initialForm);
  const [step, setStep] = useState(1);
  const [errors, setErrors] = useState<BookingErrors>({});
  const [view, setView] = useState<View>("form");
  // The database's answer, tagged with the input it priced.
  const [server, setServer] = useState<{ key: string; quote: Quote | null } | null>(null);
  const [busy, setBusy] = useState<"whatsapp" | "paypal" | null>(null);
  const [paymentError, setPaymentError] = useState<string | null>(null);
  // The booking id sent with this request to create-paypal-order, kept while the
  // same request is sent again (see createPaypalOrder).
  const paypalAttempt = useRef<{ id: string; text: string } | null>(null);
  const today = todayISO();

  usePageMeta(car ? t("booking.metaTitle", { name: `${car.brand} ${car.name}` }) : t("booking.title"), t("booking.subtitle"), `/booking/${slug ?? ""}`);

  useEffect(() => {
    let live = true;
    void loadCar(slug).then((r) => {
      if (!live) return;
      setCar(r.car);
      setFromFallback(r.fromFallback);
    });
    return () => {
      live = false;
    };
  }, [slug]);

  const localQuote = useMemo(
    () =>
      car && form.pickupDate && form.returnDate && form.returnDate >= form.pickupDate
        ? computeQuote({
            dailyPrice: car.price,
            startDate: form.pickupDate,
            endDate: form.returnDate,
            insurance: form.insurance,
            extras: form.extras,
            paymentOption: form.paymentOption,
          })
        : null,
    [car, form.pickupDate, form.returnDate, form.insurance, form.extras, form.paymentOption],
  );

  const request = useMemo(() => (car ? toBookingRequest(form, car.id, language, guestId()) : null), [car, form, language]);

  const priceKey = request && localQuote && !fromFallback
    ? JSON.stringify([request.car_id, request.start_date, request.end_date, request.insurance_type, request.extras, request.payment_option])
    : null;
  const serverQuote = server && server.key === priceKey ? server.quote : null;

  // The database's figure, once dates are valid (the stored price is the database's).
  useEffect(() => {
    if (!priceKey || !request) return;
    let live = true;
    const timer = window.setTimeout(() => {
      void fetchQuote(request).then((quote) => live && setServer({ key: priceKey, quote }));
    }, 250);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
    // Only the priced fields (priceKey) matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [priceKey]);

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

  const quote = serverQuote ?? localQuote;
  const set = <K extends keyof BookingForm>(key: K, value: BookingForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const bookable = isBookable(car);
  const paymentsOn = appConfig.payments.mode !== "off" && !fromFallback;

  function next() {
    const e = validateStep(step, form, today);
    setErrors(e);
    if (Object.keys(e).length === 0) setStep((s) => Math.min(STEP_COUNT, s + 1));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (step < STEP_COUNT) {
      if (canGoNext(step, form)) next();
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

  async function confirmWhatsapp() {
    if (!request || !car) return;
    setBusy("whatsapp");
    const stored = fromFallback ? false : await insertWhatsappBooking(request);
    if (stored) toast(t("booking.saved"), "success");
    await trackWhatsappClick(fromFallback ? null : car.id);
    const total = quote ? formatPrice(quote.total) : "";
    openWhatsapp(
      t("whatsapp.booking", {
        car: `${car.brand} ${car.name}`,
        from: formatDate(form.pickupDate),
        to: formatDate(form.returnDate),
        pickup: `${locationLabel(t, form.pickupLocation)} ${form.pickupTime}`,
        dropoff: `${locationLabel(t, form.returnLocation)} ${form.returnTime}`,
        name: request.customer_name,
        email: request.customer_email,
        phone: request.customer_phone,
        total,
      }),
    );
    setBusy(null);
    setView("sent");
  }

  async function payWithPaypal() {
    if (!request) return;
    setBusy("paypal");
    setPaymentError(null);
    const text = JSON.stringify(request);
    if (paypalAttempt.current?.text !== text) paypalAttempt.current = { id: randomUUID(), text };
    const { order, error } = await createPaypalOrder(request, paypalAttempt.current.id);
    if (!order) {
      setBusy(null);
      setPaymentError(error ? (paymentErrorText(t, error) ?? t("booking.paypalErrorWith", { message: error.message })) : t("booking.paypalError"));
      return;
    }
    sessionStorage.setItem(PENDING_BOOKING_KEY, JSON.stringify({ ...paypalOrderBody(request), bookingId: order.bookingId }));
    sessionStorage.setItem(PAYPAL_ORDER_KEY, order.orderId ?? "");
    window.location.assign(order.approveUrl);
  }

  const carTitle = `${car.brand} ${car.name}`;
  const header = (
    <div className="booking-head">
      <Link to={`/cars/${carSlug(car)}`} className="back-link">
        <Icon name="chevronStart" size={18} className="flip-rtl" /> {t("booking.backToCar")}
      </Link>
      <h1>{t("booking.title")}</h1>
      <p className="muted">{t("booking.subtitle")}</p>
    </div>
  );

  if (!bookable) {
    return (
      <section className="container section">
        {header}
        <div className="alert alert-error" role="alert">
          {car.not_available_until && <p>{t("car.notAvailableUntil", { date: formatDate(car.not_available_until) })}</p>}
          <p>{t("car.bookingUnavailable")}</p>
        </div>
      </section>
    );
  }

  if (view === "sent") {
    return (
      <section className="container section narrow status-page center" data-testid="booking-sent">
        <span className="status-icon" aria-hidden="true">
          <Icon name="check" size={40} />
        </span>
        <h1>{t("booking.sentTitle")}</h1>
        <p className="lead">{t("booking.sentText")}</p>
        {quote && (
          <p className="price" data-testid="sent-total">
            {t("booking.total")} : <strong>{formatPrice(quote.total)}</strong>
          </p>
        )}
        <div className="hero-actions center">
          <Link to="/" className="btn btn-primary btn-lg">
            {t("common.backHome")}
          </Link>
        </div>
      </section>
    );
  }

  if (view === "confirm") {
    const converted =
      quote && appConfig.payments.madPerUnit > 0 ? (quote.dueNow / appConfig.payments.madPerUnit).toFixed(2) : null;
    return (
      <section className="container section" data-testid="booking-confirm">
        {header}
        <div className="booking-layout">
          <div className="card confirm-card">
            <h2>{t("booking.confirmTitle")}</h2>
            {paymentError && (
              <p className="alert alert-error" role="alert" data-testid="payment-error">
                {paymentError}
              </p>
            )}
            <dl className="summary-list">
              <div>
                <dt>{t("booking.vehicle")}</dt>
                <dd>
                  {carTitle} · {t(categoryKey(car.category))} · {formatPrice(car.price)} / {t("car.perDay")}
                </dd>
              </div>
              <div>
                <dt>{t("booking.dates")}</dt>
                <dd>
                  {t("common.fromTo", { from: `${formatDate(form.pickupDate)} ${form.pickupTime}`, to: `${formatDate(form.returnDate)} ${form.returnTime}` })}
                </dd>
              </div>
              <div>
                <dt>{t("booking.places")}</dt>
                <dd>
                  {t("common.fromTo", { from: locationLabel(t, form.pickupLocation), to: locationLabel(t, form.returnLocation) })}
                </dd>
              </div>
              <div>
                <dt>{t("booking.customer")}</dt>
                <dd>
                  {form.customerName} · {form.customerEmail} · <span dir="ltr">{form.customerPhone}</span>
                </dd>
              </div>
              <div>
                <dt>{t("booking.insurance")}</dt>
                <dd>{t(`booking.insurances.${form.insurance}.name`)}</dd>
              </div>
              <div>
                <dt>{t("booking.payment")}</dt>
                <dd>{t(`booking.paymentOptions.${form.paymentOption}.name`)}</dd>
              </div>
            </dl>
            <div className="confirm-actions">
              <button type="button" className="btn btn-whatsapp btn-lg" onClick={confirmWhatsapp} disabled={busy !== null} data-testid="confirm-whatsapp">
                <Icon name="chat" /> {busy === "whatsapp" ? t("booking.sending") : t("booking.confirmWhatsapp")}
              </button>
              {paymentsOn && (
                <button type="button" className="btn btn-paypal btn-lg" onClick={payWithPaypal} disabled={busy !== null} data-testid="pay-paypal">
                  {busy === "paypal" ? t("booking.redirecting") : t("booking.payPaypal")}
                </button>
              )}
              <button type="button" className="btn btn-outline btn-lg" onClick={() => setView("form")} disabled={busy !== null}>
                {t("common.back")}
              </button>
            </div>
            {paymentsOn && (
              <div className="muted small payment-note">
                {appConfig.payments.mode === "simulated" && (
                  <p className="badge badge-warn" data-testid="payments-simulated">
                    {t("booking.simulated")}
                  </p>
                )}
                {converted && quote && (
                  <p>
                    {t("booking.paypalAmount", {
                      amount: `${converted} ${appConfig.payments.currency}`,
                      dh: formatPrice(quote.dueNow),
                      rate: `1 ${appConfig.payments.currency} = ${appConfig.payments.madPerUnit} DH`,
                    })}
                  </p>
                )}
              </div>
            )}
          </div>
          <PriceSummary car={car} form={form} quote={quote} confirmed={serverQuote !== null} />
        </div>
      </section>
    );
  }

  const stepTitles = [t("booking.steps.trip"), t("booking.steps.driver"), t("booking.steps.options"), t("booking.steps.summary")];
  const err = (k: keyof BookingForm) => (errors[k] ? <p className="field-error" id={`err-${k}`}>{t(`booking.errors.${errors[k]}`)}</p> : null);
  const described = (k: keyof BookingForm) => (errors[k] ? { "aria-invalid": true, "aria-describedby": `err-${k}` } : {});

  return (
    <section className="container section">
      {header}
      <ol className="stepper" aria-label={t("booking.progress")}>
        {stepTitles.map((title, i) => (
          <li key={title} className={i + 1 === step ? "is-current" : i + 1 < step ? "is-done" : ""} aria-current={i + 1 === step ? "step" : undefined}>
            <span className="step-num">{i + 1 < step ? <Icon name="check" size={16} /> : i + 1}</span>
            <span className="step-title">{title}</span>
          </li>
        ))}
      </ol>
      <div className="booking-layout">
        <form className="card wizard" onSubmit={submit} noValidate data-testid="booking-wizard">
          <h2 className="wizard-title">
            {t("booking.stepOf", { step, total: STEP_COUNT })} — {stepTitles[step - 1]}
          </h2>
          {step === 1 && (
            <div className="form-grid">
              <div className="field">
                <label htmlFor="pickupDate">{t("booking.pickupDate")} *</label>
                <input id="pickupDate" type="date" required min={today} value={form.pickupDate} onChange={(e) => set("pickupDate", e.target.value)} {...described("pickupDate")} />
                {err("pickupDate")}
              </div>
              <div className="field">
                <label htmlFor="returnDate">{t("booking.returnDate")} *</label>
                <input id="returnDate" type="date" required min={form.pickupDate || today} value={form.returnDate} onChange={(e) => set("returnDate", e.target.value)} {...described("returnDate")} />
                {err("returnDate")}
              </div>
              <div className="field">
                <label htmlFor="pickupTime">{t("booking.pickupTime")} *</label>
                <input id="pickupTime" type="time" required value={form.pickupTime} onChange={(e) => set("pickupTime", e.target.value)} {...described("pickupTime")} />
                {err("pickupTime")}
              </div>
              <div className="field">
                <label htmlFor="returnTime">{t("booking.returnTime")} *</label>
                <input id="returnTime" type="time" required value={form.returnTime} onChange={(e) => set("returnTime", e.target.value)} {...described("returnTime")} />
                {err("returnTime")}
              </div>
              <div className="field">
                <label htmlFor="pickupLocation">{t("booking.pickupLocation")}</label>
                <select id="pickupLocation" value={form.pickupLocation} onChange={(e) => set("pickupLocation", e.target.value)}>
                  {PICKUP_LOCATIONS.map((l) => (
                    <option key={l} value={l}>
                      {t(`locations.${l}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="returnLocation">{t("booking.returnLocation")}</label>
                <select id="returnLocation" value={form.returnLocation} onChange={(e) => set("returnLocation", e.target.value)}>
                  {RETURN_LOCATIONS.map((l) => (
                    <option key={l} value={l}>
                      {t(`locations.${l}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
          )}
          {step === 2 && (
            <div className="form-grid">
              <div className="field span-2">
                <label htmlFor="customerName">{t("booking.name")} *</label>
                <input id="customerName" autoComplete="name" required value={form.customerName} onChange={(e) => set("customerName", e.target.value)} {...described("customerName")} />
                {err("customerName")}
              </div>
              <div className="field">
                <label htmlFor="customerEmail">{t("booking.email")} *</label>
                <input id="customerEmail" type="email" autoComplete="email" required value={form.customerEmail} onChange={(e) => set("customerEmail", e.target.value)} {...described("customerEmail")} />
                {err("customerEmail")}
              </div>
              <div className="field">
                <label htmlFor="customerPhone">{t("booking.phone")} *</label>
                <input id="customerPhone" type="tel" autoComplete="tel" required value={form.customerPhone} onChange={(e) => set("customerPhone", e.target.value)} {...described("customerPhone")} />
                {err("customerPhone")}
              </div>
            </div>
          )}
          {step === 3 && (
            <div className="options">
              <fieldset>
                <legend>{t("booking.insurance")}</legend>
                <div className="choice-grid">
                  {INSURANCES.map((ins) => (
                    <label key={ins} className={`choice ${form.insurance === ins ? "is-checked" : ""}`}>
                      <input type="radio" name="insurance" value={ins} checked={form.insurance === ins} onChange={() => set("insurance", ins)} />
                      <span className="choice-title">{t(`booking.insurances.${ins}.name`)}</span>
                      <span className="choice-price">
                        {INSURANCE_PER_DAY[ins] === 0 ? t("booking.included") : `+${formatPrice(INSURANCE_PER_DAY[ins])} / ${t("car.perDay")}`}
                      </span>
                      <span className="muted small">{t(`booking.insurances.${ins}.text`)}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
              <fieldset>
                <legend>{t("booking.extrasTitle")}</legend>
                <div className="choice-grid two">
                  {EXTRA_KEYS.map((key) => {
                    const p = extraPrice(key);
                    return (
                      <label key={key} className={`choice choice-inline ${form.extras[key] ? "is-checked" : ""}`}>
                        <input type="checkbox" name="extras" value={key} checked={form.extras[key]} onChange={(e) => set("extras", { ...form.extras, [key]: e.target.checked })} />
                        <span className="choice-title">{t(`booking.extras.${key}`)}</span>
                        <span className="choice-price">
                          +{formatPrice(p.amount)} {p.perDay ? `/ ${t("car.perDay")}` : t("booking.once")}
                        </span>
                      </label>
                    );
                  })}
                </div>
              </fieldset>
              <fieldset>
                <legend>{t("booking.payment")}</legend>
                <div className="choice-grid">
                  {PAYMENT_OPTIONS.map((opt) => (
                    <label key={opt} className={`choice ${form.paymentOption === opt ? "is-checked" : ""}`}>
                      <input type="radio" name="paymentOption" value={opt} checked={form.paymentOption === opt} onChange={() => set("paymentOption", opt)} />
                      <span className="choice-title">{t(`booking.paymentOptions.${opt}.name`)}</span>
                      <span className="muted small">{t(`booking.paymentOptions.${opt}.text`)}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            </div>
          )}
          {step === 4 && (
            <dl className="summary-list" data-testid="booking-summary">
              <div>
                <dt>{t("booking.vehicle")}</dt>
                <dd>{carTitle}</dd>
              </div>
              <div>
                <dt>{t("booking.duration")}</dt>
                <dd>{t("booking.days", { count: quote?.days ?? 0 })}</dd>
              </div>
              <div>
                <dt>{t("booking.dates")}</dt>
                <dd>
                  {t("common.fromTo", { from: formatDate(form.pickupDate), to: formatDate(form.returnDate) })}
                </dd>
              </div>
              <div>
                <dt>{t("booking.total")}</dt>
                <dd className="price">
                  <strong data-testid="summary-total">{quote ? formatPrice(quote.total) : "—"}</strong>
                </dd>
              </div>
            </dl>
          )}
          <div className="wizard-nav">
            <button type="button" className="btn btn-outline" disabled={step === 1} onClick={() => setStep((s) => Math.max(1, s - 1))}>
              <Icon name="chevronStart" size={18} className="flip-rtl" /> {t("booking.previous")}
            </button>
            {step < STEP_COUNT ? (
              <button type="submit" className="btn btn-primary" disabled={!canGoNext(step, form)} data-testid="wizard-next">
                {t("booking.next")} <Icon name="chevronEnd" size={18} className="flip-rtl" />
              </button>
            ) : (
              <button type="submit" className="btn btn-accent" data-testid="wizard-submit">
                {t("booking.submit")}
              </button>
            )}
          </div>
        </form>
        <PriceSummary car={car} form={form} quote={quote} confirmed={serverQuote !== null} />
      </div>
    </section>
  );
}
