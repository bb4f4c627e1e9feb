import type { Returns } from "../../lib/database";
import { db } from "../../lib/db";

// The database's read side of reservations (docs/reservations.md): which cars
// are free for a trip, at what total, and a car's days. Anonymous visitors may
// call both; neither says who booked.

export type { DayState, HoldReason } from "../../lib/database";

/** A row of public.car_availability(p_pickup, p_return[, p_car_id]): `next_free` is the local
 * timestamp from which the same rental fits (null: nothing within a year); `total` in DH with
 * the default options (basic insurance, no extras, full payment). */
export type CarAvailability = Returns<"car_availability">[number];

/** A row of public.car_calendar(p_car_id, p_from, p_days). */
export type CalendarDay = Returns<"car_calendar">[number];

/** Every car's availability for a trip (or one car's), null when the database cannot answer. */
export async function fetchAvailability(pickup: string, ret: string, carId?: number): Promise<CarAvailability[] | null> {
  try {
    const args = carId === undefined ? { p_pickup: pickup, p_return: ret } : { p_pickup: pickup, p_return: ret, p_car_id: carId };
    const { data, error } = await (await db()).rpc("car_availability", args);
    if (error) {
      console.error("car_availability failed", error);
      return null;
    }
    return data ?? [];
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
    return (data ?? []).map((d) => ({ day: String(d.day).slice(0, 10), state: d.state }));
  } catch (e) {
    console.error("car_calendar failed", e);
    return null;
  }
}
