import type { ReactNode } from "react";
import { formatDate, formatLongDate, formatPrice, formatTime } from "../../../lib/format";
import { Dialog } from "../components/Dialog";
import { IconEdit, IconTrash } from "../components/icons";
import { fr } from "../i18n/fr";
import { formatAgencyDateTime, holdState, shortId } from "./bookingView";
import { BookingStatusBadge } from "./StatusBadge";
import type { AdminBooking } from "./types";

const d = fr.bookings.details;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="adm-dl__row">
      <dt>{label}</dt>
      <dd>{children ?? fr.common.none}</dd>
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="adm-detail-block">
      <h3>{title}</h3>
      <dl className="adm-dl">{children}</dl>
    </section>
  );
}

interface Props {
  booking: AdminBooking | null;
  onClose: () => void;
  /** Shows a delete button. */
  onDelete?: (b: AdminBooking) => void;
  /** Shows a button to the status and notes dialog. */
  onEdit?: (b: AdminBooking) => void;
  now?: Date;
}

export function BookingDetailsDialog({ booking: b, onClose, onDelete, onEdit, now = new Date() }: Props) {
  const hold = b ? holdState(b, now) : null;
  return (
    <Dialog
      open={b !== null}
      title={b ? `${d.title} #${shortId(b.id)}` : d.title}
      onClose={onClose}
      size="lg"
      footer={
        b && (
          <>
            {onDelete && (
              <button type="button" className="adm-btn adm-btn--danger" onClick={() => onDelete(b)}>
                <IconTrash size={18} /> {fr.common.delete}
              </button>
            )}
            {onEdit && (
              <button type="button" className="adm-btn adm-btn--secondary" onClick={() => onEdit(b)}>
                <IconEdit size={18} /> {fr.bookings.editStatus}
              </button>
            )}
            <button type="button" className="adm-btn adm-btn--ghost" onClick={onClose}>
              {fr.common.close}
            </button>
          </>
        )
      }
    >
      {b && (
        <div className="adm-details" data-testid="booking-details">
          <Block title={d.customer}>
            <Row label={d.name}>{b.customer_name}</Row>
            <Row label={d.email}>
              <a href={`mailto:${b.customer_email}`}>{b.customer_email}</a>
            </Row>
            <Row label={d.phone}>
              <a href={`tel:${b.customer_phone}`}>{b.customer_phone}</a>
            </Row>
          </Block>
          <Block title={d.vehicle}>
            <Row label={d.model}>{b.cars?.name}</Row>
            <Row label={d.brand}>{b.cars?.brand}</Row>
            <Row label={d.category}>{b.cars?.category}</Row>
          </Block>
          <Block title={d.pickup}>
            <Row label={d.location}>{b.pickup_location}</Row>
            <Row label={d.date}>{b.start_date ? formatLongDate(b.start_date) : null}</Row>
            <Row label={d.time}>{formatTime(b.pickup_time) || null}</Row>
          </Block>
          <Block title={d.return}>
            <Row label={d.location}>{b.return_location}</Row>
            <Row label={d.date}>{b.end_date ? formatLongDate(b.end_date) : null}</Row>
            <Row label={d.time}>{formatTime(b.return_time) || null}</Row>
          </Block>
          <Block title={d.payment}>
            <Row label={d.total}>
              <strong>{formatPrice(b.total_price ?? 0)}</strong>
            </Row>
            <Row label={d.method}>{b.payment_method}</Row>
            <Row label={d.paymentId}>{b.payment_id}</Row>
            <Row label={d.paymentStatus}>{b.payment_status}</Row>
            {b.payment_error && <Row label={d.paymentError}>{b.payment_error}</Row>}
          </Block>
          <Block title={d.status}>
            <Row label={d.status}>
              <BookingStatusBadge status={b.status} />
            </Row>
            {(hold?.kind === "held" || hold?.kind === "lapsing") && (
              <Row label={d.hold}>
                <span data-testid="booking-hold-detail">
                  {hold.kind === "held" ? formatAgencyDateTime(hold.until) : fr.bookings.hold.lapsing}
                  <span className="adm-muted adm-block">{fr.bookings.hold.hint}</span>
                </span>
              </Row>
            )}
            {hold?.kind === "expired" && hold.at && <Row label={d.expiredAt}>{formatAgencyDateTime(hold.at)}</Row>}
            <Row label={fr.bookings.csv.createdAt}>{formatDate(b.created_at)}</Row>
            <Row label={d.notes}>{b.notes ? <span className="adm-pre">{b.notes}</span> : <span className="adm-muted">{d.noNotes}</span>}</Row>
          </Block>
        </div>
      )}
    </Dialog>
  );
}
