import { useId } from "react";
import { formatPrice } from "../../lib/format";
import { Spinner, useAdminTranslation } from "../admin-kit";
import { AmountInput } from "./AmountInput";
import type { LedgerSummary } from "./paymentView";

export type RefundMode = "full" | "amount" | "none";

export interface RefundChoice {
  mode: RefundMode;
  /** The amount typed for mode "amount", in DH. */
  amount: string;
}

interface Props {
  /** What was paid and refunded (null while the payments load). */
  summary: LedgerSummary | null;
  value: RefundChoice;
  onChange: (v: RefundChoice) => void;
  /** Offers "do not refund" (cancelling without giving money back). */
  allowNone?: boolean;
  /** What is wrong with the typed amount. */
  error?: string | null;
  disabled?: boolean;
}

/**
 * The refund part of a form: what was paid through PayPal and what can still be
 * given back, then all of it (the default), an amount, or (when cancelling) nothing.
 */
export function RefundFields({ summary, value, onChange, allowNone = false, error, disabled }: Props) {
  const { t } = useAdminTranslation();
  const id = useId();
  const amountId = `${id}-amount`;
  const errorId = `${id}-error`;
  return (
    <fieldset className="adm-fieldset adm-refund" data-testid="refund-fields" disabled={disabled}>
      <legend>{t("payments.refund.legend")}</legend>
      {summary ? (
        <dl className="adm-dl adm-dl--money adm-refund__summary">
          <div className="adm-dl__row">
            <dt>{t("payments.refund.paid")}</dt>
            <dd>{formatPrice(summary.paidOnline)}</dd>
          </div>
          {summary.refunded + summary.refundPending > 0 && (
            <div className="adm-dl__row">
              <dt>{t("payments.refund.refunded")}</dt>
              <dd>{formatPrice(summary.refunded + summary.refundPending)}</dd>
            </div>
          )}
          <div className="adm-dl__row">
            <dt>{t("payments.refund.refundable")}</dt>
            <dd data-testid="refundable">
              <strong>{formatPrice(summary.refundable)}</strong>
            </dd>
          </div>
        </dl>
      ) : (
        <Spinner size="sm" label={t("payments.refund.loading")} />
      )}
      <div className="adm-radios">
        <label className="adm-check">
          <input type="radio" name={`${id}-mode`} value="full" checked={value.mode === "full"} onChange={() => onChange({ ...value, mode: "full" })} />
          {t("payments.refund.full", { amount: summary ? formatPrice(summary.refundable) : "…" })}
        </label>
        <label className="adm-check">
          <input type="radio" name={`${id}-mode`} value="amount" checked={value.mode === "amount"} onChange={() => onChange({ ...value, mode: "amount" })} />
          {t("payments.refund.partial")}
        </label>
        {value.mode === "amount" && (
          <div className="adm-field adm-refund__amount">
            <label htmlFor={amountId} className="adm-field__label">
              {t("payments.refund.amount")}
            </label>
            <AmountInput
              id={amountId}
              name="refundAmount"
              value={value.amount}
              onChange={(amount) => onChange({ ...value, amount })}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
            />
            {error && (
              <p id={errorId} className="adm-field__error" role="alert">
                {error}
              </p>
            )}
          </div>
        )}
        {allowNone && (
          <label className="adm-check">
            <input type="radio" name={`${id}-mode`} value="none" checked={value.mode === "none"} onChange={() => onChange({ ...value, mode: "none" })} />
            {t("payments.refund.none")}
          </label>
        )}
      </div>
      {value.mode !== "none" && <p className="adm-field__hint">{t("payments.refund.onceHint")}</p>}
    </fieldset>
  );
}
