import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { FleetCar } from "../cars";
import { ConfirmActions, ConfirmDetails, PaymentNote, type ConfirmActionsProps } from "./ConfirmParts";
import { PriceSummary } from "./PriceSummary";
import type { BookingForm } from "./types";
import type { QuoteState } from "./useBookingData";

/** The payment/confirmation view of SPEC section 2: the booking's details, WhatsApp and PayPal. */
export function ConfirmView({
  header,
  car,
  form,
  quote,
  paymentError,
  conflict,
  ...actions
}: ConfirmActionsProps & {
  header: ReactNode;
  car: FleetCar;
  form: BookingForm;
  quote: QuoteState;
  paymentError: string | null;
  /** The database's refusal of these dates at submit, with other free cars. */
  conflict: ReactNode;
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
          <ConfirmActions {...actions} />
          {actions.paymentsOn && <PaymentNote quote={quote} />}
        </div>
        <PriceSummary car={car} form={form} quote={quote} />
      </div>
    </section>
  );
}
