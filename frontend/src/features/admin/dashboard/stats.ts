// Pure computations of the dashboard: the cards, the monthly series of the chart,
// the merged recent-activity list and the alerts.
//
// Lapsed holds (status 'expired') are not bookings: they count nowhere.
// Cancelled bookings count as bookings but bring no revenue.

import { countsAsBooking, countsInRevenue } from "../bookings/bookingView";

export interface MonthPoint {
  /** "YYYY-MM" */
  key: string;
  /** Short French month label, e.g. "janv." */
  label: string;
  bookings: number;
  revenue: number;
}

function monthKey(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}`;
}

/**
 * Bookings and revenue per month over the `months` months ending with `now`'s
 * month (by booking creation date, local time), oldest first, empty months included.
 */
export function monthlySeries(
  bookings: readonly { created_at: string; total_price: number | null; status: string }[],
  now: Date,
  months = 6,
): MonthPoint[] {
  const points: MonthPoint[] = [];
  const index = new Map<string, MonthPoint>();
  for (let i = months - 1; i >= 0; i--) {
    const d = new Date(now.getFullYear(), now.getMonth() - i, 1);
    const p: MonthPoint = {
      key: monthKey(d),
      label: d.toLocaleDateString("fr-FR", { month: "short" }),
      bookings: 0,
      revenue: 0,
    };
    points.push(p);
    index.set(p.key, p);
  }
  for (const b of bookings) {
    const d = new Date(b.created_at);
    if (Number.isNaN(d.getTime()) || !countsAsBooking(b.status)) continue;
    const p = index.get(monthKey(d));
    if (!p) continue;
    p.bookings++;
    if (countsInRevenue(b.status)) p.revenue += b.total_price ?? 0;
  }
  return points;
}

/**
 * An axis from 0 with `ticks` equal steps, each step 1, 2 or 5 times a power of
 * ten (whole numbers when `integer`), whose top is at least `max`.
 */
export function niceAxis(max: number, ticks = 4, integer = false): { top: number; step: number } {
  const raw = max > 0 ? max / ticks : 0;
  let step = 1;
  if (raw > 0) {
    const pow = 10 ** Math.floor(Math.log10(raw));
    step = ([1, 2, 5, 10].map((m) => m * pow).find((s) => s >= raw) ?? 10 * pow);
  }
  if (integer) step = Math.max(1, Math.ceil(step));
  return { top: step * ticks, step };
}

export type ActivityKind = "booking" | "message" | "click";

export interface ActivityItem {
  kind: ActivityKind;
  id: string;
  at: string;
  text: string;
}

/** Merges the latest items of each kind, newest first, keeping `limit`. */
export function mergeActivity(groups: readonly (readonly ActivityItem[])[], limit = 10): ActivityItem[] {
  return groups
    .flat()
    .filter((i) => !Number.isNaN(new Date(i.at).getTime()))
    .sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime())
    .slice(0, limit);
}

export interface DashboardCounts {
  totalCars: number;
  availableCars: number;
  bookings: number;
  revenue: number;
  clicks: number;
}

export function dashboardCounts(
  cars: readonly { available: boolean }[],
  bookings: readonly { total_price: number | null; status: string }[],
  clicks: number,
): DashboardCounts {
  return {
    totalCars: cars.length,
    availableCars: cars.filter((c) => c.available).length,
    bookings: bookings.filter((b) => countsAsBooking(b.status)).length,
    revenue: bookings.reduce((s, b) => s + (countsInRevenue(b.status) ? (b.total_price ?? 0) : 0), 0),
    clicks,
  };
}

/** The pending bookings and the earliest time one of them lapses (null when none is known). */
export function pendingHolds(bookings: readonly { status: string; hold_expires_at?: string | null }[]): { count: number; firstExpiry: string | null } {
  let count = 0;
  let first: string | null = null;
  for (const b of bookings) {
    if (b.status !== "pending") continue;
    count++;
    const at = b.hold_expires_at;
    if (at && !Number.isNaN(new Date(at).getTime()) && (first === null || new Date(at) < new Date(first))) first = at;
  }
  return { count, firstExpiry: first };
}

/** The start of the deleted-bookings window (SPEC: last 7 days). */
export function sevenDaysAgo(now: Date): Date {
  return new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
}
