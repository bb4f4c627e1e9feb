import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { Field, FormActions, invalidateAfter, notify, useAdminMutation, useAdminTranslation } from "../admin-kit";
import type { BookingFormProps } from "./BookingFormDialog";
import type { LedgerSummary } from "./paymentView";
import { refundChoiceError, sendRefund } from "./refundFlow";
import { RefundFields, type RefundChoice } from "./RefundFields";
import { useRefundKey } from "./refundKey";

interface Extra {
  /** The booking's ledger: what can still be refunded (null while it loads). */
  summary: LedgerSummary | null;
}

/** A refund without cancelling (all that remains, or an amount), from the booking's details. */
export function RefundForm({ booking, summary, busy, setBusy, onClose, onDone }: BookingFormProps & Extra) {
  const { t } = useAdminTranslation();
  const [key, renewKey] = useRefundKey();
  const [choice, setChoice] = useState<RefundChoice>({ mode: "full", amount: "" });
  const [note, setNote] = useState("");
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<{ message: string; failure?: string } | null>(null);
  const amountError = shown ? refundChoiceError(choice, summary) : null;
  const client = useQueryClient();
  // sendRefund answers every outcome (PayPal's refusal included) as a value.
  const refund = useAdminMutation({
    mutationFn: () => sendRefund({ booking, key, choice, cancel: false, note }),
    onSettled: () => setBusy(false),
    onSuccess: (out) => {
      if (out.ok) {
        void invalidateAfter(client, "payments");
        notify.success(t("payments.refund.done", { amount: out.amount }));
        onDone(out.booking);
        onClose();
        return;
      }
      if (out.renewKey) renewKey();
      setError(out);
    },
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setShown(true);
    if (refundChoiceError(choice, summary)) return;
    setBusy(true);
    setError(null);
    refund.mutate(undefined);
  }

  return (
    <form className="adm-form" onSubmit={submit} noValidate data-testid="refund-form">
      <RefundFields summary={summary} value={choice} onChange={setChoice} error={amountError} disabled={busy} />
      <Field label={t("payments.refund.note")}>
        <input className="adm-input" name="note" value={note} onChange={(e) => setNote(e.target.value)} disabled={busy} maxLength={300} />
      </Field>
      {error && <RefundErrorAlert error={error} />}
      <FormActions
        onCancel={onClose}
        busy={busy}
        busyLabel={t("payments.refund.busy")}
        submitLabel={t("payments.refund.submit")}
        disabled={summary === null}
        tone="danger"
        testId="refund-submit"
      />
    </form>
  );
}

/** A refund that did not go through, in French, with PayPal's own reason when it refused. */
export function RefundErrorAlert({ error }: { error: { message: string; failure?: string } }) {
  return (
    <div className="adm-alert adm-alert--error adm-alert--stack" role="alert" data-testid="refund-error">
      <p>{error.message}</p>
      {error.failure && <p className="adm-muted">{error.failure}</p>}
    </div>
  );
}
