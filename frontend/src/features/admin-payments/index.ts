// Money: a booking's ledger, counter payments, refunds, money received. Other features use only what is exported here.
export { BookingFormDialog } from "./BookingFormDialog";
export { CounterPaymentForm } from "./CounterPaymentForm";
export { PaymentBadge } from "./PaymentBadge";
export { PaymentsList } from "./PaymentsList";
export { RefundFields } from "./RefundFields";
export type { RefundChoice } from "./RefundFields";
export { RefundErrorAlert, RefundForm } from "./RefundForm";
export { RevenueNote } from "./RevenueNote";
export { loadRevenue } from "./api";
export { canRefund, ledgerSummary, paymentStateLabel, receivedByMonth, remainingDue, revenueFigures, revenueRange, shiftMonth } from "./paymentView";
export type { LedgerSummary } from "./paymentView";
export { refundChoiceError, sendRefund } from "./refundFlow";
export type { RefundOutcome } from "./refundFlow";
export { useRefundKey } from "./refundKey";
export type { RevenueMonth } from "./types";
export { useBookingPayments } from "./useBookingPayments";
export { useRevenue } from "./useRevenue";
