import type { FleetCar } from "./types";

// SPEC section 4's display rules on top of the database's verdict. Whether a car
// is bookable today is the computed field cars.bookable (docs/reservations.md);
// the database enforces the same on every booking.

type Shown = Pick<FleetCar, "available" | "bookable" | "not_available_until">;

/** The red "not available until {date}" notice shows when not bookable and a date exists. */
export function showsUnavailableUntil(car: Shown): boolean {
  return !car.bookable && !!car.not_available_until;
}

/** The hero chat button is disabled only when available is false and there is no date. */
export function isChatDisabled(car: Pick<FleetCar, "available" | "not_available_until">): boolean {
  return !car.available && !car.not_available_until;
}

/** The card's badge: available, unavailable, or available from the car's date. */
export function badgeOf(car: Shown): "available" | "unavailable" | "availableFrom" {
  if (car.bookable) return "available";
  if (car.available && car.not_available_until) return "availableFrom";
  return "unavailable";
}
