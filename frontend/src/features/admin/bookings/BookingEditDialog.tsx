import { useState, type FormEvent } from "react";
import { Dialog } from "../components/Dialog";
import { Field } from "../components/Field";
import { Spinner } from "../components/Spinner";
import { fr } from "../i18n/fr";
import { formatAgencyDateTime, holdsCar, holdState, normalizeBookingStatus, shortId } from "./bookingView";
import { BOOKING_STATUSES, type AdminBooking, type BookingStatus } from "./types";

const t = fr.bookings;

interface Props {
  booking: AdminBooking | null;
  saving: boolean;
  onClose: () => void;
  onSave: (b: AdminBooking, status: BookingStatus, notes: string) => void;
  now?: Date;
}

export function BookingEditDialog({ booking, saving, onClose, onSave, now }: Props) {
  return (
    <Dialog open={booking !== null} title={booking ? `${t.edit.title} #${shortId(booking.id)}` : t.edit.title} onClose={onClose} busy={saving}>
      {booking && <EditForm key={booking.id} booking={booking} saving={saving} onClose={onClose} onSave={onSave} now={now ?? new Date()} />}
    </Dialog>
  );
}

/** What changing the status does to the car's dates, told before saving. */
function statusNote(booking: AdminBooking, next: BookingStatus, now: Date): string | null {
  const was = normalizeBookingStatus(booking.status);
  if (was === next) {
    const h = holdState(booking, now);
    return h.kind === "held" ? t.edit.holdNote(formatAgencyDateTime(h.until)) : h.kind === "lapsing" ? fr.bookings.hold.lapsing : null;
  }
  if (holdsCar(was) && !holdsCar(next)) return t.edit.freesDates;
  if (!holdsCar(was) && holdsCar(next)) return t.edit.retakesDates;
  return null;
}

function EditForm({ booking, saving, onClose, onSave, now }: Omit<Props, "booking" | "now"> & { booking: AdminBooking; now: Date }) {
  const [status, setStatus] = useState<BookingStatus>(normalizeBookingStatus(booking.status));
  const [notes, setNotes] = useState(booking.notes ?? "");
  function submit(e: FormEvent) {
    e.preventDefault();
    onSave(booking, status, notes);
  }
  return (
    <form className="adm-form" onSubmit={submit} data-testid="booking-edit-form">
      <Field label={t.edit.status} hint={statusNote(booking, status, now) ?? undefined}>
        <select className="adm-input" name="status" value={status} onChange={(e) => setStatus(e.target.value as BookingStatus)}>
          {BOOKING_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t.statuses[s]}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t.edit.notes} hint={t.edit.notesHint}>
        <textarea className="adm-input" name="notes" rows={4} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </Field>
      <div className="adm-form__actions">
        <button type="button" className="adm-btn adm-btn--ghost" onClick={onClose} disabled={saving}>
          {fr.common.cancel}
        </button>
        <button type="submit" className="adm-btn adm-btn--primary" disabled={saving}>
          {saving ? <Spinner size="sm" label={fr.cars.saving} /> : t.edit.submit}
        </button>
      </div>
    </form>
  );
}
