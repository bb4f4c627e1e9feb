import { paymentStateLabel, paymentStateTone } from "./paymentView";

/** The booking's payment state (none, pending, paid, failed, ...), apart from its status badge. */
export function PaymentBadge({ status }: { status: string | null }) {
  return (
    <span className={`adm-badge adm-badge--${paymentStateTone(status)}`} data-testid="payment-status">
      {paymentStateLabel(status)}
    </span>
  );
}
