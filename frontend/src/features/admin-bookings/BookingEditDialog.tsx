import { useState, type FormEvent } from "react";
import { adminKeys, Dialog, Field, FormActions, Select, tAdmin, useAdminQuery, useAdminTranslation } from "../admin-kit";
import { canRefund, ledgerSummary, type RefundChoice, refundChoiceError, RefundErrorAlert, RefundFields, type RefundOutcome, useBookingPayments, useRefundKey } from "../admin-payments";
import { type AdminBooking, type BookingStatus, bookingTitle, formatAgencyDateTime, holdsCar, holdState, listBookingMoves, normalizeBookingStatus, statusChoices } from "../admin-booking-core";
import type { BookingSaver } from "./useBookingSave";

interface Props {
  booking: AdminBooking | null;
  /** The screen's saver: it stores the status and notes, or cancels and refunds a paid booking. */
  saver: BookingSaver;
  onClose: () => void;
  now?: Date;
}

interface FormProps {
  booking: AdminBooking;
  saving: boolean;
  onClose: () => void;
  onSave: (b: AdminBooking, status: BookingStatus, notes: string) => void;
  /** Cancels a paid booking and refunds it through PayPal (the dialog stays open on a refusal). */
  onCancelRefund: (b: AdminBooking, notes: string, key: string, choice: RefundChoice) => Promise<RefundOutcome>;
  now: Date;
}

/** A booking's status and notes; it closes once they are stored. */
export function BookingEditDialog({ booking, saver, onClose, now }: Props) {
  const { t } = useAdminTranslation();
  const saving = booking !== null && saver.savingId === booking.id;
  return (
    <Dialog open={booking !== null} title={bookingTitle(t("bookings.edit.title"), booking, " ")} onClose={onClose} busy={saving}>
      {booking && (
        <EditForm
          key={booking.id}
          booking={booking}
          saving={saving}
          onClose={onClose}
          onSave={(b, s, n) => void saver.save(b, s, n).then((ok) => ok && onClose())}
          onCancelRefund={saver.cancelAndRefund}
          now={now ?? new Date()}
        />
      )}
    </Dialog>
  );
}

/** What changing the status does to the car's dates, told before saving. */
function statusNote(booking: AdminBooking, next: BookingStatus, now: Date): string | null {
  const was = normalizeBookingStatus(booking.status);
  if (was === next) {
    const h = holdState(booking, now);
    return h.kind === "held" ? tAdmin("bookings.edit.holdNote", { when: formatAgencyDateTime(h.until) }) : h.kind === "lapsing" ? tAdmin("bookings.hold.lapsing") : null;
  }
  if (holdsCar(was) && !holdsCar(next)) return tAdmin("bookings.edit.freesDates");
  if (!holdsCar(was) && holdsCar(next)) return tAdmin("bookings.edit.retakesDates");
  return null;
}

function EditForm({ booking, saving, onClose, onSave, onCancelRefund, now }: FormProps) {
  const { t } = useAdminTranslation();
  const [status, setStatus] = useState<BookingStatus>(normalizeBookingStatus(booking.status));
  const moves = useAdminQuery({ queryKey: adminKeys.bookingMoves, queryFn: listBookingMoves });
  const [notes, setNotes] = useState(booking.notes ?? "");
  // Cancelling a booking paid online offers a refund; the key is drawn when the dialog opens.
  const paid = canRefund(booking.payment_status);
  const ledger = useBookingPayments(paid ? booking.id : null);
  const summary = ledger.payments ? ledgerSummary(ledger.payments) : null;
  const [key, renewKey] = useRefundKey();
  const [choice, setChoice] = useState<RefundChoice>({ mode: "full", amount: "" });
  const [shown, setShown] = useState(false);
  const [refundError, setRefundError] = useState<{ message: string; failure?: string } | null>(null);
  const cancelling = paid && status === "cancelled" && normalizeBookingStatus(booking.status) !== "cancelled";
  const refunding = cancelling && choice.mode !== "none";
  const amountError = shown && refunding ? refundChoiceError(choice, summary) : null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    if (!refunding) {
      onSave(booking, status, notes);
      return;
    }
    setShown(true);
    if (refundChoiceError(choice, summary)) return;
    setRefundError(null);
    const out = await onCancelRefund(booking, notes, key, choice);
    if (out.ok) {
      onClose();
      return;
    }
    if (out.renewKey) renewKey();
    setRefundError(out);
  }

  return (
    <form className="adm-form" onSubmit={(e) => void submit(e)} noValidate data-testid="booking-edit-form">
      <Field label={t("bookings.edit.status")} hint={statusNote(booking, status, now) ?? undefined}>
        <Select name="status" value={status} onChange={setStatus} options={statusChoices(normalizeBookingStatus(booking.status), moves.data).map((s) => [s, t(`bookings.statuses.${s}`)] as const)} />
      </Field>
      {cancelling && (
        <>
          <p className="adm-alert adm-alert--warn">{t("payments.refund.cancelHint")}</p>
          <RefundFields summary={ledger.failed ? null : summary} value={choice} onChange={setChoice} allowNone error={amountError} disabled={saving} />
        </>
      )}
      <Field label={t("bookings.edit.notes")} hint={t("bookings.edit.notesHint")}>
        <textarea className="adm-input" name="notes" rows={4} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>
      {refundError && <RefundErrorAlert error={refundError} />}
      <FormActions
        onCancel={onClose}
        busy={saving}
        busyLabel={refunding ? t("payments.refund.busy") : t("cars.saving")}
        submitLabel={refunding ? t("bookings.edit.cancelAndRefund") : cancelling ? t("bookings.edit.cancelOnly") : t("bookings.edit.submit")}
        disabled={refunding && summary === null}
        tone={refunding ? "danger" : "primary"}
        testId="booking-edit-submit"
      />
    </form>
  );
}
