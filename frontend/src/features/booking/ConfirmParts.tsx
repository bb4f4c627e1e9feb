import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon";
import { appConfig } from "../../lib/appConfig";
import { phoneE164 } from "../../lib/phone";
import { useFormat } from "../../lib/useFormat";
import { categoryKey, type FleetCar } from "../cars";
import { locationLabel } from "../search";
import { DatesRow, Row } from "./Row";
import { placeDetails, type BookingForm } from "./types";
import type { QuoteState } from "./useBookingData";

// The parts of the confirm view: the booking's details, the buttons that finish it,
// and the note under them on the online payment.

/** The booking as it will be sent. */
export function ConfirmDetails({ car, form }: { car: FleetCar; form: BookingForm }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  // As it will be sent: the phone in E.164, the hotel and flight the places ask for.
  const request = { ...placeDetails(form), customer_phone: phoneE164(form.customerPhone) ?? form.customerPhone };
  return (
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
  );
}

/** WhatsApp, PayPal (when payments are on) and back; paying is off while `refused`. */
/** What finishes a booking: the buttons' state and what they do. */
export type ConfirmActionsProps = {
  paymentsOn: boolean;
  busy: "whatsapp" | "paypal" | null;
  /** Paying is off while the database's refusal of these dates stands. */
  refused: boolean;
  onWhatsapp: () => void;
  onPaypal: () => void;
  onBack: () => void;
};

export function ConfirmActions({ paymentsOn, busy, refused, onWhatsapp, onPaypal, onBack }: ConfirmActionsProps) {
  const { t } = useTranslation();
  return (
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
  );
}

/** Under the buttons when payments are on: simulated or not, and what PayPal will take in its currency. */
export function PaymentNote({ quote }: { quote: QuoteState }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const ready = quote.status === "ready" ? quote.quote : null;
  const { currency, madPerUnit } = appConfig.payments;
  // What the PayPal button takes: the online figures of the chosen option.
  const dueOnline = ready ? (ready.online?.due_now ?? ready.due_now) : null;
  const converted = dueOnline !== null && madPerUnit > 0 ? Math.round((dueOnline / madPerUnit) * 100) / 100 : null;
  return (
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
  );
}
