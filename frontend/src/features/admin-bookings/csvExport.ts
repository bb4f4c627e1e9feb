import { formatDate, formatTime } from "../../lib/format";
import { tAdmin } from "../admin-kit";
import { paymentStateLabel } from "../admin-payments";
import { type AdminBooking, bookingDays, type BookingQuote, type CsvColumn, extraName, insuranceName, normalizeBookingStatus, paymentMethodName, paymentOptionName, toCsv } from "../admin-booking-core";

/**
 * An amount for a French spreadsheet: "1234" or "1234,5" (decimal comma, no
 * thousands separator, so it is read as a number); empty when unknown.
 */
export function csvAmount(n: number | string | null | undefined): string {
  if (n === null || n === undefined || n === "") return "";
  const v = Number(n);
  if (!Number.isFinite(v)) return "";
  return String(Math.round(v * 100) / 100).replace(".", ",");
}

/** The quote's amounts (its list of included extras is not an amount). */
type QuoteAmount = Exclude<keyof BookingQuote, "included" | "channel" | "online" | "free_cancellation_over">;

function q(b: AdminBooking, key: QuoteAmount): string {
  return csvAmount(b.quote?.[key] ?? null);
}

/**
 * The columns for these rows: what was ordered (insurance, one column per
 * extra: the site's extras, then any other one found in the rows), the
 * breakdown, what is due now and at pickup, the deposit and the payment state.
 */
export function bookingCsvColumns(rows: readonly AdminBooking[], extraOrder: readonly string[]): CsvColumn<AdminBooking>[] {
  const others = [...new Set(rows.flatMap((b) => Object.keys(b.extras ?? {})))].filter((k) => !extraOrder.includes(k)).sort();
  const extras: CsvColumn<AdminBooking>[] = [...extraOrder, ...others].map((key) => ({
    header: extraName(key),
    value: (b) => (b.extras?.[key] === true ? tAdmin("bookings.csv.yes") : tAdmin("bookings.csv.no")),
  }));
  return [
    { header: tAdmin("bookings.csv.reference"), value: (b) => b.reference ?? "" },
    { header: tAdmin("bookings.csv.id"), value: (b) => b.id },
    { header: tAdmin("bookings.csv.createdAt"), value: (b) => formatDate(b.created_at) },
    { header: tAdmin("bookings.csv.customerName"), value: (b) => b.customer_name },
    { header: tAdmin("bookings.csv.customerEmail"), value: (b) => b.customer_email },
    { header: tAdmin("bookings.csv.customerPhone"), value: (b) => b.customer_phone },
    { header: tAdmin("bookings.csv.car"), value: (b) => b.cars?.name ?? "" },
    { header: tAdmin("bookings.csv.brand"), value: (b) => b.cars?.brand ?? "" },
    { header: tAdmin("bookings.csv.startDate"), value: (b) => (b.start_date ? formatDate(b.start_date) : "") },
    { header: tAdmin("bookings.csv.pickupTime"), value: (b) => formatTime(b.pickup_time) },
    { header: tAdmin("bookings.csv.endDate"), value: (b) => (b.end_date ? formatDate(b.end_date) : "") },
    { header: tAdmin("bookings.csv.returnTime"), value: (b) => formatTime(b.return_time) },
    { header: tAdmin("bookings.csv.days"), value: (b) => bookingDays(b) ?? "" },
    { header: tAdmin("bookings.csv.pickupLocation"), value: (b) => b.pickup_location },
    { header: tAdmin("bookings.csv.returnLocation"), value: (b) => b.return_location },
    { header: tAdmin("bookings.csv.insurance"), value: (b) => insuranceName(b.insurance_type) },
    ...extras,
    { header: tAdmin("bookings.csv.rental"), value: (b) => q(b, "base") },
    { header: tAdmin("bookings.csv.insurancePrice"), value: (b) => q(b, "insurance") },
    { header: tAdmin("bookings.csv.extrasPrice"), value: (b) => q(b, "extras") },
    { header: tAdmin("bookings.csv.discount"), value: (b) => q(b, "discount") },
    { header: tAdmin("bookings.csv.total"), value: (b) => csvAmount(b.total_price) },
    { header: tAdmin("bookings.csv.paymentOption"), value: (b) => paymentOptionName(b.payment_option) },
    { header: tAdmin("bookings.csv.dueNow"), value: (b) => q(b, "due_now") },
    { header: tAdmin("bookings.csv.dueAtPickup"), value: (b) => q(b, "due_at_pickup") },
    { header: tAdmin("bookings.csv.deposit"), value: (b) => q(b, "deposit") },
    { header: tAdmin("bookings.csv.paymentMethod"), value: (b) => (b.payment_method ? paymentMethodName(b.payment_method) : "") },
    { header: tAdmin("bookings.csv.paymentStatus"), value: (b) => paymentStateLabel(b.payment_status) },
    { header: tAdmin("bookings.csv.status"), value: (b) => tAdmin(`bookings.statuses.${normalizeBookingStatus(b.status)}`) },
    { header: tAdmin("bookings.csv.notes"), value: (b) => b.notes },
  ];
}

/** The CSV text of these bookings (";" separated, CRLF; the BOM is added when saving). */
export function bookingsCsv(list: readonly AdminBooking[], extraOrder: readonly string[]): string {
  return toCsv(list, bookingCsvColumns(list, extraOrder));
}

/** Saves the given bookings as a CSV file (UTF-8 with BOM, ";" separated). */
export function downloadBookingsCsv(list: readonly AdminBooking[], extraOrder: readonly string[], now = new Date()): void {
  const blob = new Blob(["\uFEFF", bookingsCsv(list, extraOrder)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = `reservations-${now.toISOString().slice(0, 10)}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
