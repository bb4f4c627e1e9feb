import type { ReactNode } from "react";
import { formatPrice } from "../../lib/format";
import { paymentMethodName } from "../admin-booking-core";
import { DetailRow, useAdminTranslation } from "../admin-kit";
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

/** One fact of a payment (the ledger's rows carry no class of their own). */
function Fact({ label, valueClass, children }: { label: string; valueClass?: string; children: ReactNode }) {
  return (
    <DetailRow label={label} className="" valueClass={valueClass}>
      {children}
    </DetailRow>
  );
}

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
            {p.currency !== "MAD" && <Fact label={t("payments.amountMad")}>{formatPrice(signedMad(p))}</Fact>}
            <Fact label={t("payments.date")}>{dateOf(p)}</Fact>
            {p.method && p.kind === "counter" && <Fact label={t("payments.method")}>{paymentMethodName(p.method)}</Fact>}
            {p.provider_order_id && <Fact label={t("payments.order")} valueClass="adm-mono">{p.provider_order_id}</Fact>}
            {p.provider_capture_id && <Fact label={t("payments.capture")} valueClass="adm-mono">{p.provider_capture_id}</Fact>}
            {p.provider_refund_id && <Fact label={t("payments.refundId")} valueClass="adm-mono">{p.provider_refund_id}</Fact>}
            {p.failure && <Fact label={t("payments.failure")}>{p.failure}</Fact>}
            {p.note && <Fact label={t("payments.note")} valueClass="adm-pre">{p.note}</Fact>}
          </dl>
        </li>
      ))}
    </ol>
  );
}
