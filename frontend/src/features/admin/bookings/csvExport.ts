import { formatDate } from "../../../lib/format";
import { fr } from "../i18n/fr";
import { bookingDays, normalizeBookingStatus, toCsv, type CsvColumn } from "./bookingView";
import type { AdminBooking } from "./types";

const c = fr.bookings.csv;

export const BOOKING_CSV_COLUMNS: readonly CsvColumn<AdminBooking>[] = [
  { header: c.id, value: (b) => b.id },
  { header: c.createdAt, value: (b) => formatDate(b.created_at) },
  { header: c.customerName, value: (b) => b.customer_name },
  { header: c.customerEmail, value: (b) => b.customer_email },
  { header: c.customerPhone, value: (b) => b.customer_phone },
  { header: c.car, value: (b) => b.cars?.name ?? "" },
  { header: c.brand, value: (b) => b.cars?.brand ?? "" },
  { header: c.startDate, value: (b) => (b.start_date ? formatDate(b.start_date) : "") },
  { header: c.endDate, value: (b) => (b.end_date ? formatDate(b.end_date) : "") },
  { header: c.days, value: (b) => bookingDays(b.start_date, b.end_date) },
  { header: c.pickupLocation, value: (b) => b.pickup_location },
  { header: c.returnLocation, value: (b) => b.return_location },
  { header: c.total, value: (b) => b.total_price },
  { header: c.paymentMethod, value: (b) => b.payment_method },
  { header: c.paymentStatus, value: (b) => b.payment_status },
  { header: c.status, value: (b) => fr.bookings.statuses[normalizeBookingStatus(b.status)] },
  { header: c.notes, value: (b) => b.notes },
];

/** Saves the given bookings as a CSV file (UTF-8 with BOM, ";" separated). */
export function downloadBookingsCsv(list: readonly AdminBooking[], now = new Date()): void {
  const csv = toCsv(list, BOOKING_CSV_COLUMNS);
  const blob = new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `reservations-${now.toISOString().slice(0, 10)}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
