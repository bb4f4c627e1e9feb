import { formatPrice } from "../../../lib/format";
import { paymentMethodName } from "../bookings/options";
import { useAdminTranslation } from "../i18n";
import { formatPaymentAmount, signedMad } from "./paymentView";
import type { Payment } from "./types";

const when = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Africa/Casablanca",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function dateOf(p: Payment): string {
  const d = new Date(p.settled_at ?? p.created_at);
  return Number.isNaN(d.getTime()) ? "" : when.format(d);
}

const statusTone: Record<Payment["status"], string> = { pending: "amber", captured: "green", completed: "green", failed: "red", abandoned: "gray" };

/**
 * A booking's payment events (public.payments), oldest first: PayPal attempts,
 * refunds and counter payments, each with its amount in its currency and in DH,
 * its date (Casablanca), PayPal's ids, why it failed and the note.
 */
export function PaymentsList({ payments }: { payments: Payment[] }) {
  const { t } = useAdminTranslation();
  return (
    <ol className="adm-ledger" data-testid="payments-list">
      {payments.map((p) => (
        <li key={p.id} className={`adm-ledger__item adm-ledger__item--${p.kind}`} data-testid="payment-row" data-kind={p.kind} data-status={p.status}>
          <div className="adm-ledger__head">
            <strong>{t(`payments.kinds.${p.kind}`)}</strong>
            <span className={`adm-badge adm-badge--${statusTone[p.status]}`}>{t(`payments.statuses.${p.status}`)}</span>
            <span className={`adm-ledger__amount${p.kind === "refund" ? " adm-ledger__amount--out" : ""}`}>
              {p.kind === "refund" ? "− " : ""}
              {formatPaymentAmount(p)}
            </span>
          </div>
          <dl className="adm-ledger__facts">
            {p.currency !== "MAD" && (
              <div>
                <dt>{t("payments.amountMad")}</dt>
                <dd>{formatPrice(signedMad(p))}</dd>
              </div>
            )}
            <div>
              <dt>{t("payments.date")}</dt>
              <dd>{dateOf(p)}</dd>
            </div>
            {p.method && p.kind === "counter" && (
              <div>
                <dt>{t("payments.method")}</dt>
                <dd>{paymentMethodName(p.method)}</dd>
              </div>
            )}
            {p.provider_order_id && (
              <div>
                <dt>{t("payments.order")}</dt>
                <dd className="adm-mono">{p.provider_order_id}</dd>
              </div>
            )}
            {p.provider_capture_id && (
              <div>
                <dt>{t("payments.capture")}</dt>
                <dd className="adm-mono">{p.provider_capture_id}</dd>
              </div>
            )}
            {p.provider_refund_id && (
              <div>
                <dt>{t("payments.refundId")}</dt>
                <dd className="adm-mono">{p.provider_refund_id}</dd>
              </div>
            )}
            {p.failure && (
              <div>
                <dt>{t("payments.failure")}</dt>
                <dd>{p.failure}</dd>
              </div>
            )}
            {p.note && (
              <div>
                <dt>{t("payments.note")}</dt>
                <dd className="adm-pre">{p.note}</dd>
              </div>
            )}
          </dl>
        </li>
      ))}
    </ol>
  );
}
