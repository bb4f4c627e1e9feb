// Pure computations of the dashboard: the cards, the monthly series of the chart,
// the merged recent-activity list and the alerts.
//
// Lapsed holds (status 'expired') and failed or abandoned payment attempts are
// not bookings: they count nowhere. Money is what was received (payments, read
// through revenue_by_month), never a sum of booking totals.

import { countsAsBooking, isFailedAttempt } from "../admin-booking-core";
import { receivedByMonth, type RevenueMonth, shiftMonth } from "../admin-payments";
import { agencyToday } from "../admin-kit";

export interface MonthPoint {
  /** "YYYY-MM" */
  key: string;
  /** Short French month label, e.g. "janv." */
  label: string;
  bookings: number;
  /** Money received that month, in DH. */
  revenue: number;
}

function monthLabel(key: string): string {
  const d = new Date(Date.UTC(Number(key.slice(0, 4)), Number(key.slice(5, 7)) - 1, 15));
  return d.toLocaleDateString("fr-FR", { month: "short", timeZone: "UTC" });
}

/**
 * Per month over the `months` months ending with the agency's current month
 * (`today`, "YYYY-MM-DD" in Casablanca), oldest first, empty months included:
 * bookings made (by creation date in Casablanca) and money received that month.
 */
export function monthlySeries(
  bookings: readonly { created_at: string; status: string; payment_status?: string | null }[],
  revenue: readonly Pick<RevenueMonth, "month" | "received">[],
  today: string,
  months = 6,
): MonthPoint[] {
  const received = receivedByMonth(revenue);
  const points: MonthPoint[] = [];
  const index = new Map<string, MonthPoint>();
  for (let i = months - 1; i >= 0; i--) {
    const key = shiftMonth(today, -i);
    const p: MonthPoint = { key, label: monthLabel(key), bookings: 0, revenue: received.get(key) ?? 0 };
    points.push(p);
    index.set(key, p);
  }
  for (const b of bookings) {
    const d = new Date(b.created_at);
    if (Number.isNaN(d.getTime()) || !countsAsBooking(b)) continue;
    const p = index.get(agencyToday(d).slice(0, 7));
    if (p) p.bookings++;
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
  clicks: number;
}

export function dashboardCounts(
  cars: readonly { available: boolean }[],
  bookings: readonly { status: string; payment_status?: string | null }[],
  clicks: number,
): DashboardCounts {
  return {
    totalCars: cars.length,
    availableCars: cars.filter((c) => c.available).length,
    bookings: bookings.filter(countsAsBooking).length,
    clicks,
  };
}

/**
 * The pending bookings waiting for the agency and the earliest time one of them
 * lapses (null when none is known). A failed or abandoned payment attempt is
 * not waiting for anyone: it is left out.
 */
export function pendingHolds(
  bookings: readonly { status: string; payment_status?: string | null; hold_expires_at?: string | null }[],
): { count: number; firstExpiry: string | null } {
  let count = 0;
  let first: string | null = null;
  for (const b of bookings) {
    if (b.status !== "pending" || isFailedAttempt(b)) continue;
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
