// The agency's calendar: what day it is in Casablanca, and a date with its time as
// written (bookings hold the agency's wall-clock dates and times, docs/reservations.md).
// The planning, the dashboard, money received and the date-conflict messages all read it.

export const AGENCY_TIME_ZONE = "Africa/Casablanca";

/** Today's date at the agency (Casablanca), whatever the browser's zone. */
export function agencyToday(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: AGENCY_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** "lun. 12 janv. 10:00" (the date as written, no time-zone shift). */
export function shortDateTime(iso: string, time?: string | null): string {
  const day = new Date(`${iso}T00:00:00Z`).toLocaleDateString("fr-FR", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" });
  return time ? `${day} ${time.slice(0, 5)}` : day;
}
