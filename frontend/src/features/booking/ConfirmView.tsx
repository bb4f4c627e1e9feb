import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FleetCar } from "../cars";
import { ConfirmActions, ConfirmDetails, PaymentNote } from "./ConfirmParts";
import { PriceSummary } from "./PriceSummary";
import type { BookingForm } from "./types";
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
          <ConfirmDetails car={car} form={form} />
          <ConfirmActions paymentsOn={paymentsOn} busy={busy} refused={refused} onWhatsapp={onWhatsapp} onPaypal={onPaypal} onBack={onBack} />
          {paymentsOn && <PaymentNote quote={quote} />}
        </div>
        <PriceSummary car={car} form={form} quote={quote} />
      </div>
    </section>
  );
}
