import { holdsCar } from "../admin-booking-core";

// Pure rules of the planning screen: the window of days, where a booking or a
// maintenance block sits on it, lanes for items that overlap, and the per-car
// list of the phone layout.
//
// Dates are "YYYY-MM-DD" strings and times "HH:MM[:SS]": bookings hold
// [start_date + pickup_time, end_date + return_time) in the agency's wall-clock
// time (Casablanca, docs/reservations.md), so positions are computed from the
// calendar fields alone (minutes since the window's first midnight) and never
// go through the browser's time zone.

export const WINDOW_DAYS = 14;
/** Previous / next move the window by one week. */
export const WINDOW_STEP = 7;

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const MIN_PER_DAY = 24 * 60;

function utc(iso: string): number {
  const m = ISO.exec(iso);
  if (!m) throw new RangeError(`not a calendar date: ${iso}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isISODate(value: string | null | undefined): value is string {
  if (!value || !ISO.test(value)) return false;
  return fromUtc(utc(value)) === value; // rejects 2026-02-30
}

export function addDays(iso: string, n: number): string {
  return fromUtc(utc(iso) + n * 86_400_000);
}

/** b − a in whole days. */
export function daysBetween(a: string, b: string): number {
  return Math.round((utc(b) - utc(a)) / 86_400_000);
}

/** 0 = Monday … 6 = Sunday. */
export function weekday(iso: string): number {
  return (new Date(utc(iso)).getUTCDay() + 6) % 7;
}

/** The Monday of the week holding `iso`. */
export function startOfWeek(iso: string): string {
  return addDays(iso, -weekday(iso));
}

/**
 * The first day shown: the Monday of the requested day's week (the URL's
 * `from`), or of today's week when none or an invalid one is given.
 */
export function windowStart(requested: string | null | undefined, today: string): string {
  return startOfWeek(isISODate(requested) ? requested : today);
}

export interface PlanDay {
  iso: string;
  isToday: boolean;
  isWeekend: boolean;
}

export function windowDays(from: string, today: string, n = WINDOW_DAYS): PlanDay[] {
  return Array.from({ length: n }, (_, i) => {
    const iso = addDays(from, i);
    return { iso, isToday: iso === today, isWeekend: weekday(iso) >= 5 };
  });
}

/** Minutes of "HH:MM[:SS]" (null or malformed = midnight). */
export function timeMinutes(time: string | null | undefined): number {
  const m = /^(\d{1,2}):(\d{2})/.exec(time ?? "");
  return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
}

/** A span of wall-clock time: [start, end) as a date and a time each. */
export interface Span {
  startDate: string;
  startTime: string | null;
  endDate: string;
  endTime: string | null;
}

/** Minutes from the window's first midnight to each end of the span. */
export function spanMinutes(span: Span, from: string): { start: number; end: number } {
  return {
    start: daysBetween(from, span.startDate) * MIN_PER_DAY + timeMinutes(span.startTime),
    end: daysBetween(from, span.endDate) * MIN_PER_DAY + timeMinutes(span.endTime),
  };
}

/** A booking holds [start_date + pickup_time, end_date + return_time). */
export function bookingSpan(b: { start_date: string; end_date: string; pickup_time: string | null; return_time: string | null }): Span {
  return { startDate: b.start_date, startTime: b.pickup_time ?? "10:00", endDate: b.end_date, endTime: b.return_time ?? "10:00" };
}

/** A block holds whole days: [start_date 00:00, end_date + 1 00:00). */
export function blockSpan(b: { start_date: string; end_date: string }): Span {
  return { startDate: b.start_date, startTime: "00:00", endDate: addDays(b.end_date, 1), endTime: "00:00" };
}

export interface Placement {
  /** Share of the window's width before the bar, 0..1. */
  offset: number;
  /** Share of the window's width the bar covers, 0..1. */
  width: number;
  /** The span begins before the window (the bar's start is cut). */
  cutStart: boolean;
  /** The span ends after the window. */
  cutEnd: boolean;
}

/** Where a span sits on a window of `days` days starting at `from`; null when outside. */
export function place(span: Span, from: string, days = WINDOW_DAYS): Placement | null {
  const total = days * MIN_PER_DAY;
  const { start, end } = spanMinutes(span, from);
  if (end <= 0 || start >= total || end <= start) return null;
  const a = Math.max(start, 0);
  const b = Math.min(end, total);
  return { offset: a / total, width: (b - a) / total, cutStart: start < 0, cutEnd: end > total };
}

/** Two spans share some time (half-open: touching ends do not overlap). */
export function overlaps(a: Span, b: Span): boolean {
  const ref = a.startDate < b.startDate ? a.startDate : b.startDate;
  const x = spanMinutes(a, ref);
  const y = spanMinutes(b, ref);
  return x.start < y.end && y.start < x.end;
}

/**
 * Lanes for items of one car row: each item gets the first lane free at its
 * start (items sorted by start), so overlapping items (a block laid over a
 * booking, a faded cancelled booking) are drawn one under the other.
 */
export function assignLanes<T>(items: readonly T[], span: (item: T) => Span, from: string): { lane: Map<T, number>; lanes: number } {
  const sorted = items
    .map((item) => ({ item, m: spanMinutes(span(item), from) }))
    .sort((a, b) => a.m.start - b.m.start || a.m.end - b.m.end);
  const ends: number[] = [];
  const lane = new Map<T, number>();
  for (const { item, m } of sorted) {
    let i = ends.findIndex((end) => end <= m.start);
    if (i < 0) {
      i = ends.length;
      ends.push(m.end);
    } else {
      ends[i] = m.end;
    }
    lane.set(item, i);
  }
  return { lane, lanes: Math.max(1, ends.length) };
}

/** Of `bookings`, those a block over `span` would cover (those still holding the car). */
export function coveredBookings<B extends { status: string; start_date: string | null; end_date: string | null; pickup_time: string | null; return_time: string | null }>(
  span: Span,
  bookings: readonly B[],
): B[] {
  return bookings.filter(
    (b) => holdsCar(b.status) && b.start_date && b.end_date && overlaps(span, bookingSpan({ ...b, start_date: b.start_date, end_date: b.end_date })),
  );
}

/** "12 – 25 janv. 2026", "29 déc. 2025 – 11 janv. 2026" */
export function windowLabel(from: string, days = WINDOW_DAYS): string {
  const to = addDays(from, days - 1);
  const fmt = (iso: string, o: Intl.DateTimeFormatOptions) => new Date(utc(iso)).toLocaleDateString("fr-FR", { timeZone: "UTC", ...o });
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  const sameMonth = sameYear && from.slice(5, 7) === to.slice(5, 7);
  const start = sameMonth ? fmt(from, { day: "numeric" }) : fmt(from, sameYear ? { day: "numeric", month: "short" } : { day: "numeric", month: "short", year: "numeric" });
  return `${start} – ${fmt(to, { day: "numeric", month: "short", year: "numeric" })}`;
}

/** Column header parts of a day: "lun." and "12". */
export function dayHeader(iso: string): { weekday: string; day: string; long: string } {
  const d = new Date(utc(iso));
  return {
    weekday: d.toLocaleDateString("fr-FR", { timeZone: "UTC", weekday: "short" }),
    day: String(d.getUTCDate()),
    long: d.toLocaleDateString("fr-FR", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" }),
  };
}

export interface CarItems<C, B, K> {
  car: C;
  bookings: B[];
  blocks: K[];
}

/**
 * Groups the window's bookings and blocks by car, in the cars' order. Bookings
 * of a car not in `cars` (deleted car) are left out, as are cancelled and
 * expired ones unless `showLapsed`.
 */
export function groupByCar<
  C extends { id: number },
  B extends { car_id: number | null; status: string; start_date: string | null },
  K extends { car_id: number; start_date: string },
>(cars: readonly C[], bookings: readonly B[], blocks: readonly K[], showLapsed: boolean): CarItems<C, B, K>[] {
  const rows = new Map<number, CarItems<C, B, K>>(cars.map((car) => [car.id, { car, bookings: [], blocks: [] }]));
  for (const b of bookings) {
    if (b.car_id == null || !b.start_date || (!showLapsed && !holdsCar(b.status))) continue;
    rows.get(b.car_id)?.bookings.push(b);
  }
  for (const k of blocks) rows.get(k.car_id)?.blocks.push(k);
  const out = [...rows.values()];
  for (const r of out) {
    r.bookings.sort((a, b) => (a.start_date ?? "").localeCompare(b.start_date ?? ""));
    r.blocks.sort((a, b) => a.start_date.localeCompare(b.start_date));
  }
  return out;
}
