import { isOneOf } from "../../lib/guards";
import { fold } from "../../lib/slug";
import { BOOKING_STATUSES, type AdminBooking, type BookingStatus, type PaymentState } from "./types";

// Pure helpers of the bookings screen: status, days, search, stats, CSV.

/** Statuses of a booking that went through (confirmed by the agency or paid, whatever its payment did). */
const WENT_THROUGH = new Set(["confirmed", "in_progress", "completed"]);

/**
 * A payment attempt that never became a booking: PayPal declined it or it was
 * never paid, and the agency did not confirm it. The bookings list hides them
 * unless asked.
 */
export function isFailedAttempt(b: { status: string; payment_status?: string | null }): boolean {
  return (b.payment_status === "failed" || b.payment_status === "abandoned") && !WENT_THROUGH.has(b.status);
}

/** SPEC section 4: an unknown status shows as pending. */
export function normalizeBookingStatus(status: string | null | undefined): BookingStatus {
  return isOneOf(BOOKING_STATUSES, status) ? status : "pending";
}

/**
 * The days a booking is charged, as the database counted them (started 24-hour
 * periods with a grace, docs/reservations.md): its stored quote's, else the
 * column the same trigger sets; null when it was never priced. Never counted
 * here from the dates: 09:00 to 18:00 three days later is 4 days, not 3.
 */
export function bookingDays(b: { quote?: { days: number | string } | null; days?: number | null }): number | null {
  const days = b.quote?.days ?? b.days;
  return days == null ? null : Number(days);
}

export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** What staff call a booking: its reference (CR-XXXXX), else the start of its id. */
export function bookingLabel(b: { id: string; reference?: string | null }): string {
  return b.reference || `#${shortId(b.id)}`;
}

/** Letters and digits only, upper case: "cr-7k3q9", "CR 7K3Q9" and "7k3q9" compare alike. */
export function referenceKey(s: string): string {
  return s.toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/**
 * Whether a typed query finds this reference: as written ("CR-7K3"), or with
 * the dash or the CR- prefix left out ("cr7k3q9", "7K3Q9", "k3q"); at least 3
 * letters or digits, so a name search does not match every reference.
 */
export function matchesReference(reference: string | null | undefined, query: string): boolean {
  if (!reference) return false;
  const q = referenceKey(query);
  return q.length >= 3 && referenceKey(reference).includes(q);
}

export type StatusFilter = "all" | BookingStatus;
export type PaymentFilter = "all" | PaymentState;

export interface BookingFilter {
  query: string;
  status: StatusFilter;
  payment: PaymentFilter;
  /** Show the payment attempts that never became bookings (hidden by default). */
  showAttempts: boolean;
}

export const DEFAULT_FILTER: BookingFilter = { query: "", status: "all", payment: "all", showAttempts: false };

/**
 * SPEC: search over customer name, customer email, booking id and car name;
 * and the reference. Failed and abandoned payment attempts that
 * never became bookings are left out unless asked for (the checkbox, or the
 * payment filter set to failed or abandoned). `found`: the ids the database's
 * search matched for the same query (a phone number in any form, see
 * searchBookingIds), shown along with what the text matches here (accents
 * folded).
 */
export function filterBookings(list: readonly AdminBooking[], f: Partial<BookingFilter>, found?: ReadonlySet<string>): AdminBooking[] {
  const { query, status, payment, showAttempts } = { ...DEFAULT_FILTER, ...f };
  const q = fold(query.trim());
  const attemptsShown = showAttempts || payment === "failed" || payment === "abandoned";
  return list.filter((b) => {
    if (status !== "all" && normalizeBookingStatus(b.status) !== status) return false;
    if (payment !== "all" && b.payment_status !== payment) return false;
    if (!attemptsShown && isFailedAttempt(b)) return false;
    if (!q) return true;
    return (
      found?.has(b.id) === true ||
      [b.customer_name, b.customer_email, b.id, b.reference ?? "", b.cars?.name ?? ""].some((s) => fold(s ?? "").includes(q)) ||
      matchesReference(b.reference, query)
    );
  });
}

/** How many bookings of the list the default view hides as failed or abandoned attempts. */
export function countFailedAttempts(list: readonly { status: string; payment_status?: string | null }[]): number {
  return list.filter(isFailedAttempt).length;
}

/**
 * A booking that is not cancelled or expired holds its car (docs/reservations.md):
 * it is part of the stock figures.
 */
export function holdsCar(status: string | null | undefined): boolean {
  return status !== "cancelled" && status !== "expired";
}

/**
 * What the counts call a booking: not a lapsed hold (never confirmed nor paid)
 * and not a payment attempt that failed or was abandoned before becoming one.
 * (Money is counted apart, from the payments: revenue_by_month.)
 */
export function countsAsBooking(b: { status: string; payment_status?: string | null }): boolean {
  return b.status !== "expired" && !isFailedAttempt(b);
}

export interface BookingStats {
  total: number;
  confirmed: number;
  inProgress: number;
}

/** The count cards: total (lapsed holds and failed attempts left out), confirmed, in progress. */
export function bookingStats(list: readonly Pick<AdminBooking, "status" | "payment_status">[]): BookingStats {
  let total = 0;
  let confirmed = 0;
  let inProgress = 0;
  for (const b of list) {
    const s = normalizeBookingStatus(b.status);
    if (countsAsBooking({ status: s, payment_status: b.payment_status })) total++;
    if (s === "confirmed") confirmed++;
    if (s === "in_progress") inProgress++;
  }
  return { total, confirmed, inProgress };
}

export type HoldState =
  | { kind: "none" }
  /** Pending, held until `until` unless confirmed. */
  | { kind: "held"; until: string }
  /** Pending past its time: the worker expires it within a minute or so. */
  | { kind: "lapsing"; since: string }
  /** Expired at `at` (null when the time is not known). */
  | { kind: "expired"; at: string | null };

/** What the hold of a booking looks like at `now` (bookings.hold_expires_at). */
export function holdState(b: { status: string; hold_expires_at?: string | null }, now: Date): HoldState {
  const at = b.hold_expires_at ?? null;
  const when = at ? new Date(at).getTime() : NaN;
  if (b.status === "expired") return { kind: "expired", at: Number.isNaN(when) ? null : at };
  if (b.status !== "pending" || !at || Number.isNaN(when)) return { kind: "none" };
  return when > now.getTime() ? { kind: "held", until: at } : { kind: "lapsing", since: at };
}

const agencyDateTime = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Africa/Casablanca",
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

/** "13/01 à 14:30", in the agency's time (Casablanca). */
export function formatAgencyDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  const parts = agencyDateTime.formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("day")}/${get("month")} à ${get("hour")}:${get("minute")}`;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | null | undefined;
}

/** One CSV field: quoted when it holds the separator, a quote or a line break. */
export function csvField(value: string | number | null | undefined, sep = ";"): string {
  const s = value == null ? "" : String(value);
  // A leading =, +, - or @ would be read as a formula by spreadsheets.
  const safe = /^[=+\-@]/.test(s) && typeof value !== "number" ? `'${s}` : s;
  return safe.includes(sep) || /["\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * CSV with ";" separators and CRLF line ends, as French spreadsheets open it;
 * the caller prefixes a UTF-8 BOM when saving so accents survive.
 */
export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[], sep = ";"): string {
  const lines = [columns.map((c) => csvField(c.header, sep)).join(sep)];
  for (const r of rows) lines.push(columns.map((c) => csvField(c.value(r), sep)).join(sep));
  return lines.join("\r\n") + "\r\n";
}
