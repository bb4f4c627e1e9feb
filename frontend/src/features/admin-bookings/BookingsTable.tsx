import { formatDate, formatPrice } from "../../lib/format";
import { DataTable, EmptyState, IconCalendar, IconCheck, IconEdit, IconEye, IconTrash, useAdminTranslation } from "../admin-kit";
import { PaymentBadge } from "../admin-payments";
import { type AdminBooking, bookingDays, BookingHold, bookingLabel, BookingStatusBadge, paymentMethodName } from "../admin-booking-core";
import { OptionIcons } from "./OptionIcons";

interface Props {
  bookings: AdminBooking[];
  onView: (b: AdminBooking) => void;
  onEdit: (b: AdminBooking) => void;
  onDelete: (b: AdminBooking) => void;
  /** One click on a pending booking: status confirmed, so its hold no longer lapses. */
  onConfirm: (b: AdminBooking) => void;
  /** Id of the booking being confirmed (its button is busy). */
  confirming: string | null;
  now: Date;
}

export function BookingsTable({ bookings, onView, onEdit, onDelete, onConfirm, confirming, now }: Props) {
  const { t } = useAdminTranslation();
  return (
    <DataTable
      rows={bookings}
      empty={<EmptyState icon={<IconCalendar size={32} />}>{t("bookings.empty")}</EmptyState>}
      testId="bookings-table"
      columns={[t("bookings.colBooking"), t("bookings.colCustomer"), t("bookings.colVehicle"), t("bookings.colDates"), t("bookings.colAmount"), t("bookings.colStatus")]}
      renderRow={(b) => {
        const days = bookingDays(b);
        const label = bookingLabel(b);
        return (
          <tr key={b.id} data-testid="booking-row" data-booking-id={b.id}>
            <td data-label={t("bookings.colBooking")}>
              <strong className="adm-mono" data-testid="booking-reference">
                {label}
              </strong>
              <span className="adm-muted adm-block">{formatDate(b.created_at)}</span>
            </td>
            <td data-label={t("bookings.colCustomer")}>
              {b.customer_name}
              <span className="adm-muted adm-block">{b.customer_email}</span>
            </td>
            <td data-label={t("bookings.colVehicle")}>
              {b.cars?.name ?? t("common.none")}
              {b.cars && (
                <span className="adm-muted adm-block">
                  {b.cars.brand} · {b.cars.category}
                </span>
              )}
              <OptionIcons insurance={b.insurance_type} extras={b.extras} />
            </td>
            <td data-label={t("bookings.colDates")}>
              {b.start_date ? formatDate(b.start_date) : t("common.none")} → {b.end_date ? formatDate(b.end_date) : t("common.none")}
              {days !== null && <span className="adm-muted adm-block">{t("bookings.days", { count: days })}</span>}
            </td>
            <td data-label={t("bookings.colAmount")}>
              <strong>{formatPrice(b.total_price ?? 0)}</strong>
              <span className="adm-muted adm-block">{paymentMethodName(b.payment_method)}</span>
              <PaymentBadge status={b.payment_status} />
            </td>
            <td data-label={t("bookings.colStatus")}>
              <BookingStatusBadge status={b.status} />
              <BookingHold booking={b} now={now} />
            </td>
            <td className="adm-table__actions">
              {b.status === "pending" && (
                <button
                  type="button"
                  className="adm-icon-btn adm-icon-btn--confirm"
                  onClick={() => onConfirm(b)}
                  disabled={confirming === b.id}
                  aria-label={`${t("bookings.confirmBooking")} ${label}`}
                  title={t("bookings.confirmBooking")}
                >
                  <IconCheck size={18} />
                </button>
              )}
              <button type="button" className="adm-icon-btn" onClick={() => onView(b)} aria-label={`${t("bookings.viewDetails")} ${label}`} title={t("bookings.viewDetails")}>
                <IconEye size={18} />
              </button>
              <button type="button" className="adm-icon-btn" onClick={() => onEdit(b)} aria-label={`${t("bookings.editStatus")} ${label}`} title={t("bookings.editStatus")}>
                <IconEdit size={18} />
              </button>
              <button type="button" className="adm-icon-btn adm-icon-btn--danger" onClick={() => onDelete(b)} aria-label={`${t("common.delete")} ${label}`}>
                <IconTrash size={18} />
              </button>
            </td>
          </tr>
        );
      }}
    />
  );
}
