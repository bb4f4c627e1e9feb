import { parseISODate } from "../../../lib/format";
import { fold } from "../blog/blogForm";
import { BOOKING_STATUSES, type AdminBooking, type BookingStatus } from "./types";

// Pure helpers of the bookings screen: status, days, search, stats, CSV.

/** SPEC section 4: an unknown status shows as pending. */
export function normalizeBookingStatus(status: string | null | undefined): BookingStatus {
  return (BOOKING_STATUSES as readonly string[]).includes(status ?? "") ? (status as BookingStatus) : "pending";
}

const DAY = 24 * 60 * 60 * 1000;

/** SPEC section 2: days shown as the rounded-up difference between the dates. */
export function bookingDays(start: string | null, end: string | null): number {
  const a = start ? parseISODate(start) : null;
  const b = end ? parseISODate(end) : null;
  if (!a || !b) return 0;
  // Calendar dates: UTC avoids a daylight-saving hour turning 3 days into 3.04.
  const diff = Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) - Date.UTC(a.getFullYear(), a.getMonth(), a.getDate());
  return Math.ceil(Math.abs(diff) / DAY);
}

export function shortId(id: string): string {
  return id.slice(0, 8);
}

export type StatusFilter = "all" | BookingStatus;

/** SPEC: search over customer name, customer email, booking id and car name. */
export function filterBookings(list: readonly AdminBooking[], query: string, status: StatusFilter): AdminBooking[] {
  const q = fold(query.trim());
  return list.filter((b) => {
    if (status !== "all" && normalizeBookingStatus(b.status) !== status) return false;
    if (!q) return true;
    return [b.customer_name, b.customer_email, b.id, b.cars?.name ?? ""].some((s) => fold(s ?? "").includes(q));
  });
}

/**
 * A booking that is not cancelled or expired holds its car (docs/reservations.md):
 * it is part of the stock figures and of the revenue.
 */
export function holdsCar(status: string | null | undefined): boolean {
  return status !== "cancelled" && status !== "expired";
}

/** An expired booking is a lapsed hold (never confirmed nor paid): it is not counted as a booking. */
export function countsAsBooking(status: string | null | undefined): boolean {
  return status !== "expired";
}

/** Revenue leaves out cancelled bookings and lapsed holds. */
export function countsInRevenue(status: string | null | undefined): boolean {
  return holdsCar(status);
}

export interface BookingStats {
  total: number;
  confirmed: number;
  inProgress: number;
  revenue: number;
}

/**
 * The four stat cards: total (lapsed holds left out), confirmed, in progress,
 * revenue = sum of total_price over bookings neither cancelled nor expired.
 */
export function bookingStats(list: readonly Pick<AdminBooking, "status" | "total_price">[]): BookingStats {
  let total = 0;
  let confirmed = 0;
  let inProgress = 0;
  let revenue = 0;
  for (const b of list) {
    const s = normalizeBookingStatus(b.status);
    if (countsAsBooking(s)) total++;
    if (s === "confirmed") confirmed++;
    if (s === "in_progress") inProgress++;
    if (countsInRevenue(s)) revenue += b.total_price ?? 0;
  }
  return { total, confirmed, inProgress, revenue };
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
