import { useState } from "react";
import { formatPrice } from "../../lib/format";
import { DetailRow as Row, DetailsFooter, Dialog, IconCash, IconEdit, IconRefund, Spinner, useAdminTranslation } from "../admin-kit";
import { BookingFormDialog, canRefund, CounterPaymentForm, ledgerSummary, type LedgerSummary, PaymentBadge, PaymentsList, RefundForm, remainingDue, useBookingPayments } from "../admin-payments";
import { type AdminBooking, BookingRef, BookingStatusBadge, holdsCar, paymentMethodName } from "../admin-booking-core";
import { Block, CustomerBlock, Leg, OrderBlock, PriceBlock, StatusBlock, VehicleBlock } from "./BookingDetailBlocks";

interface Props {
  booking: AdminBooking | null;
  onClose: () => void;
  /** Shows a delete button. */
  onDelete?: (b: AdminBooking) => void;
  /** Shows a button to the status and notes dialog. */
  onEdit?: (b: AdminBooking) => void;
  /** A payment was recorded or refunded: the booking as stored now (the page refreshes its figures). */
  onChanged?: (b: AdminBooking) => void;
  now?: Date;
}

type PaymentAction = "counter" | "refund";

export function BookingDetailsDialog({ booking: b, onClose, onDelete, onEdit, onChanged, now = new Date() }: Props) {
  const { t } = useAdminTranslation();
  const ledger = useBookingPayments(b?.id ?? null);
  const summary: LedgerSummary | null = ledger.payments ? ledgerSummary(ledger.payments) : null;
  const [action, setAction] = useState<PaymentAction | null>(null);
  const remaining = b && summary ? remainingDue(b.total_price, summary.received) : null;

  function close() {
    setAction(null);
    onClose();
  }

  function changed(updated: AdminBooking) {
    // The ledger and the figures are read again by the payment's own mutation (adminKeys).
    onChanged?.(updated);
  }

  return (
    <>
      <Dialog
        open={b !== null}
        title={b ? <>{t("bookings.details.title")} <BookingRef booking={b} /></> : t("bookings.details.title")}
        onClose={close}
        size="lg"
        footer={
          b && (
            <DetailsFooter onClose={close} onDelete={onDelete && (() => onDelete(b))}>
              {onEdit && (
                <button type="button" className="adm-btn adm-btn--secondary" onClick={() => onEdit(b)}>
                  <IconEdit size={18} /> {t("bookings.editStatus")}
                </button>
              )}
            </DetailsFooter>
          )
        }
      >
        {b && (
          <div className="adm-details" data-testid="booking-details" data-booking-id={b.id}>
            <div className="adm-details__head adm-detail-block--wide">
              <span className="adm-details__ref adm-mono" data-testid="booking-reference">
                <span className="visually-hidden">{t("bookings.details.reference")} </span>
                {b.reference ?? t("common.none")}
              </span>
              <BookingStatusBadge status={b.status} />
              <PaymentBadge status={b.payment_status} />
            </div>
            <CustomerBlock b={b} />
            <VehicleBlock b={b} />
            <Leg title={t("bookings.details.pickup")} location={b.pickup_location} date={b.start_date} time={b.pickup_time} />
            <Leg title={t("bookings.details.return")} location={b.return_location} date={b.end_date} time={b.return_time} />
            <OrderBlock b={b} />
            <PriceBlock b={b} />
            <PaymentBlock b={b} ledger={ledger} summary={summary} remaining={remaining} onAction={setAction} />
            <StatusBlock b={b} now={now} />
          </div>
        )}
      </Dialog>
      {/* The payment actions' dialog: money taken at the counter, or a refund without cancelling. */}
      <BookingFormDialog
        booking={b}
        open={action !== null}
        title={action === "refund" ? t("payments.refund.title") : t("payments.counter.title")}
        onClose={() => setAction(null)}
        onDone={changed}
        form={(p) => (action === "refund" ? <RefundForm {...p} summary={summary} /> : <CounterPaymentForm {...p} remaining={remaining} />)}
      />
    </>
  );
}

interface PaymentBlockProps {
  b: AdminBooking;
  ledger: ReturnType<typeof useBookingPayments>;
  summary: LedgerSummary | null;
  remaining: number | null;
  onAction: (action: PaymentAction) => void;
}

/** How it is paid, what was received and is left, the buttons to record money, and the movements. */
function PaymentBlock({ b, ledger, summary, remaining, onAction }: PaymentBlockProps) {
  const { t } = useAdminTranslation();
  return (
    <Block title={t("bookings.details.payment")} wide testId="booking-payment">
      <dl className="adm-dl">
        <Row label={t("bookings.details.method")}>{paymentMethodName(b.payment_method)}</Row>
        <Row label={t("bookings.details.paymentStatus")}>
          <PaymentBadge status={b.payment_status} />
        </Row>
        {b.payment_id && <Row label={t("bookings.details.paymentId")}>{<span className="adm-mono">{b.payment_id}</span>}</Row>}
        {b.payment_error && <Row label={t("bookings.details.paymentError")}>{b.payment_error}</Row>}
        {summary && (
          <Row label={t("bookings.details.received")} testId="booking-received">
            <strong>{formatPrice(summary.received)}</strong>
          </Row>
        )}
        {summary && remaining !== null && holdsCar(b.status) && (
          <Row label={t("bookings.details.remaining")} testId="booking-remaining">
            {formatPrice(remaining)}
          </Row>
        )}
      </dl>
      <div className="adm-details__actions">
        <button type="button" className="adm-btn adm-btn--secondary adm-btn--sm" onClick={() => onAction("counter")} data-testid="record-counter">
          <IconCash size={18} /> {t("bookings.details.recordCounter")}
        </button>
        {canRefund(b.payment_status) && (
          <button type="button" className="adm-btn adm-btn--secondary adm-btn--sm" onClick={() => onAction("refund")} data-testid="open-refund">
            <IconRefund size={18} /> {t("bookings.details.refund")}
          </button>
        )}
      </div>
      <h4 className="adm-details__sub">{t("bookings.details.movements")}</h4>
      {ledger.failed ? (
        <p className="adm-alert adm-alert--error">{t("bookings.details.movementsError")}</p>
      ) : !ledger.payments ? (
        <Spinner size="sm" label={t("common.loading")} />
      ) : ledger.payments.length === 0 ? (
        <p className="adm-muted">{t("bookings.details.noMovements")}</p>
      ) : (
        <PaymentsList payments={ledger.payments} />
      )}
    </Block>
  );
}
