/* eslint-disable max-lines-per-function -- over the house limit since before the rule: the last step's summary, terms and payment in one body; to split into those three. */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { appConfig } from "../../lib/appConfig";
import { useFormat } from "../../lib/useFormat";
import { categoryKey, type FleetCar } from "../cars";
import { locationLabel } from "../search";
import { PriceSummary } from "./PriceSummary";
import { DatesRow, Row } from "./Row";
import { phoneE164 } from "../../lib/phone";
import { placeDetails, type BookingForm } from "./types";
import type { QuoteState } from "./useBookingData";

/** The payment/confirmation view of SPEC section 2: the booking's details, WhatsApp and PayPal. */
export function ConfirmView({
  header,
  car,
  form,
  quote,
  paymentsOn,
  busy,
  paymentError,
  conflict,
  refused,
  onWhatsapp,
  onPaypal,
  onBack,
}: {
  header: ReactNode;
  car: FleetCar;
  form: BookingForm;
  quote: QuoteState;
  paymentsOn: boolean;
  busy: "whatsapp" | "paypal" | null;
  paymentError: string | null;
  /** The database's refusal of these dates at submit, with other free cars. */
  conflict: ReactNode;
  /** Paying is off while that refusal stands: these dates cannot be booked. */
  refused: boolean;
  onWhatsapp: () => void;
  onPaypal: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // As it will be sent: the phone in E.164, the hotel and flight the places ask for.
  const request = { ...placeDetails(form), customer_phone: phoneE164(form.customerPhone) ?? form.customerPhone };
  const ready = quote.status === "ready" ? quote.quote : null;
  const { currency, madPerUnit } = appConfig.payments;
  // What the PayPal button takes: the online figures of the chosen option.
  const dueOnline = ready ? (ready.online?.due_now ?? ready.due_now) : null;
  const converted = dueOnline !== null && madPerUnit > 0 ? Math.round((dueOnline / madPerUnit) * 100) / 100 : null;
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
          {conflict}
          <dl className="summary-list">
            <Row label={t("booking.vehicle")}>
              {car.brand} {car.name} · {t(categoryKey(car.category))} · {fmt.price(car.price)} / {t("car.perDay")}
            </Row>
            <DatesRow form={form} />
            <Row label={t("booking.places")}>{t("common.fromTo", { from: locationLabel(t, form.pickupLocation), to: locationLabel(t, form.returnLocation) })}</Row>
            <Row label={t("booking.customer")}>
              <bdi>{form.customerName}</bdi>
            </Row>
            <Row label={t("booking.email")}>
              <bdi dir="ltr">{form.customerEmail}</bdi>
            </Row>
            <Row label={t("booking.phone")} testId="confirm-phone">
              {/* Digits and no letter: in Arabic they would be drawn last group first. */}
              <bdi dir="ltr">{request.customer_phone}</bdi>
            </Row>
            {request.hotel_name && (
              <Row label={t("booking.hotel")} testId="confirm-hotel">
                <bdi>{[request.hotel_name, request.hotel_address].filter((v) => v?.trim()).join(t("order.separator"))}</bdi>
              </Row>
            )}
            {request.flight_number && (
              <Row label={t("booking.flight")} testId="confirm-flight">
                <bdi dir="ltr">{request.flight_number}</bdi>
              </Row>
            )}
            <Row label={t("booking.insurance")}>{t(`booking.insurances.${form.insurance}.name`)}</Row>
            <Row label={t("booking.payment")}>{t(`booking.paymentOptions.${form.paymentOption}.name`)}</Row>
          </dl>
          <div className="confirm-actions">
            <button type="button" className="btn btn-whatsapp btn-lg" onClick={onWhatsapp} disabled={busy !== null || refused} data-testid="confirm-whatsapp">
              <Icon name="chat" /> {busy === "whatsapp" ? t("booking.sending") : t("booking.confirmWhatsapp")}
            </button>
            {paymentsOn && (
              <button type="button" className="btn btn-paypal btn-lg" onClick={onPaypal} disabled={busy !== null || refused} data-testid="pay-paypal">
                {busy === "paypal" ? t("booking.redirecting") : t("booking.payPaypal")}
              </button>
            )}
            <button type="button" className="btn btn-outline btn-lg" onClick={onBack} disabled={busy !== null}>
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
              {converted !== null && dueOnline !== null && (
                <p data-testid="paypal-amount">
                  {t("booking.paypalAmount", {
                    amount: fmt.money(converted, currency),
                    dh: fmt.price(dueOnline),
                    rate: fmt.rate(currency, madPerUnit),
                  })}
                </p>
              )}
            </div>
          )}
        </div>
        <PriceSummary car={car} form={form} quote={quote} />
      </div>
    </section>
  );
}
