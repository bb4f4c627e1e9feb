import { formatDate, formatPrice } from "../../lib/format";
import { useAdminTranslation } from "../admin-kit";
import type { DeletedBooking } from "./api";

export function DeletedBookingsList({ items }: { items: DeletedBooking[] }) {
  const { t } = useAdminTranslation();
  if (items.length === 0) return <p className="adm-muted">{t("dashboard.deletedEmpty")}</p>;
  return (
    <ul className="adm-deleted" data-testid="deleted-bookings">
      {items.map((d) => (
        <li key={d.id} className="adm-deleted__item" data-booking-id={d.original_booking_id}>
          <div>
            <strong>{d.customer_name ?? t("common.none")}</strong>
            <span className="adm-muted adm-block">
              {d.reference ?? `#${d.original_booking_id.slice(0, 8)}`} · {d.customer_email}
            </span>
          </div>
          <div className="adm-deleted__meta">
            <span>{formatPrice(d.total_price ?? 0)}</span>
            <span className="adm-muted adm-block">
              {t("dashboard.deletedOn")} {formatDate(d.deleted_at)}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
