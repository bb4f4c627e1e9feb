import { db } from "../../lib/db";

// The database's read side of reservations (docs/reservations.md): which cars
// are free for a trip, at what total, and a car's days. Anonymous visitors may
// call both; neither says who booked.

/** Why a car is not free: another booking, a maintenance block, `available = false`, `not_available_until`. */
export type HoldReason = "booked" | "maintenance" | "unavailable" | "not_yet";

/** A row of public.car_availability(p_pickup, p_return[, p_car_id]). */
export interface CarAvailability {
  car_id: number;
  free: boolean;
  reason: HoldReason | null;
  /** Local timestamp "YYYY-MM-DDTHH:MM:SS" from which the same rental fits; null when nothing within a year. */
  next_free: string | null;
  days: number;
  /** DH, with the default options (basic insurance, no extras, full payment). */
  total: number;
}

export type DayState = "free" | "partial" | "taken";

/** A row of public.car_calendar(p_car_id, p_from, p_days). */
export interface CalendarDay {
  day: string;
  state: DayState;
}

/** Every car's availability for a trip (or one car's), null when the database cannot answer. */
export async function fetchAvailability(pickup: string, ret: string, carId?: number): Promise<CarAvailability[] | null> {
  try {
    const args: Record<string, unknown> = { p_pickup: pickup, p_return: ret };
    if (carId !== undefined) args.p_car_id = carId;
    const { data, error } = await (await db()).rpc("car_availability", args);
    if (error) {
      console.error("car_availability failed", error);
      return null;
    }
    return (data ?? []) as CarAvailability[];
  } catch (e) {
    console.error("car_availability failed", e);
    return null;
  }
}

/** One car's days from `from` ("YYYY-MM-DD"), null when the database cannot answer. */
export async function fetchCalendar(carId: number, from: string, days = 60): Promise<CalendarDay[] | null> {
  try {
    const { data, error } = await (await db()).rpc("car_calendar", { p_car_id: carId, p_from: from, p_days: days });
    if (error) {
      console.error("car_calendar failed", error);
      return null;
    }
    return ((data ?? []) as CalendarDay[]).map((d) => ({ day: String(d.day).slice(0, 10), state: d.state }));
  } catch (e) {
    console.error("car_calendar failed", e);
    return null;
  }
}
