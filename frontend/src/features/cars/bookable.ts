import { parseISODate } from "../../lib/format";
import type { Car } from "./types";

type Availability = Pick<Car, "available" | "not_available_until">;

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

/**
 * SPEC section 4: bookable when available is true and there is no
 * not_available_until, or that date is today or earlier (start of day).
 */
export function isBookable(car: Availability, today: Date = new Date()): boolean {
  if (!car.available) return false;
  if (!car.not_available_until) return true;
  const until = parseISODate(car.not_available_until);
  if (!until) return true;
  return startOfDay(until) <= startOfDay(today);
}

/** The red "not available until {date}" notice shows when not bookable and a date exists. */
export function showsUnavailableUntil(car: Availability, today: Date = new Date()): boolean {
  return !isBookable(car, today) && !!car.not_available_until;
}

/** The hero chat button is disabled only when available is false and there is no date. */
export function isChatDisabled(car: Availability): boolean {
  return !car.available && !car.not_available_until;
}
