import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { BookingRef } from "../bookings/BookingRef";
import type { AdminBooking } from "../bookings/types";
import { Dialog } from "../components/Dialog";
import { Field } from "../components/Field";
import { Spinner } from "../components/Spinner";
import { useAdminTranslation } from "../i18n";
import { notify } from "../lib/notify";
import { invalidateAfter } from "../lib/queryKeys";
import type { LedgerSummary } from "./paymentView";
import { refundChoiceError, sendRefund } from "./refundFlow";
import { RefundFields, type RefundChoice } from "./RefundFields";
import { useRefundKey } from "./refundKey";
import { useAdminMutation } from "../lib/query";

interface Props {
  booking: AdminBooking | null;
  open: boolean;
  summary: LedgerSummary | null;
  onClose: () => void;
  /** The booking as stored after the refund. */
  onDone: (b: AdminBooking) => void;
}

/** A refund without cancelling (all that remains, or an amount), from the booking's details. */
export function RefundDialog({ booking, open, summary, onClose, onDone }: Props) {
  const { t } = useAdminTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open && booking !== null} title={booking ? <>{t("payments.refund.title")} · <BookingRef booking={booking} /></> : t("payments.refund.title")} onClose={onClose} busy={busy}>
      {open && booking && <RefundForm booking={booking} summary={summary} busy={busy} setBusy={setBusy} onClose={onClose} onDone={onDone} />}
    </Dialog>
  );
}

function RefundForm({
  booking,
  summary,
  busy,
  setBusy,
  onClose,
  onDone,
}: Omit<Props, "open" | "booking"> & { booking: AdminBooking; busy: boolean; setBusy: (b: boolean) => void }) {
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
      <div className="adm-form__actions">
        <button type="button" className="adm-btn adm-btn--ghost" onClick={onClose} disabled={busy}>
          {t("common.cancel")}
        </button>
        <button type="submit" className="adm-btn adm-btn--danger" disabled={busy || summary === null} data-testid="refund-submit">
          {busy ? <Spinner size="sm" label={t("payments.refund.busy")} /> : t("payments.refund.submit")}
        </button>
      </div>
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
