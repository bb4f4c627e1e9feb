import { formatDate, formatPrice } from "../../../lib/format";
import { fr } from "../i18n/fr";
import type { DeletedBooking } from "./api";

const t = fr.dashboard;

export function DeletedBookingsList({ items }: { items: DeletedBooking[] }) {
  if (items.length === 0) return <p className="adm-muted">{t.deletedEmpty}</p>;
  return (
    <ul className="adm-deleted" data-testid="deleted-bookings">
      {items.map((d) => (
        <li key={d.id} className="adm-deleted__item" data-booking-id={d.original_booking_id}>
          <div>
            <strong>{d.customer_name ?? fr.common.none}</strong>
            <span className="adm-muted adm-block">
              {d.reference ?? `#${d.original_booking_id.slice(0, 8)}`} · {d.customer_email}
            </span>
          </div>
          <div className="adm-deleted__meta">
            <span>{formatPrice(d.total_price ?? 0)}</span>
            <span className="adm-muted adm-block">
              {t.deletedOn} {formatDate(d.deleted_at)}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
