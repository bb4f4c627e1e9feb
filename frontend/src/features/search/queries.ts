import { queryOptions } from "@tanstack/react-query";
import { fetchAvailability, fetchCalendar } from "./availabilityApi";

// The database's availability as TanStack Query options (lib/query.ts). Taken
// dates change with every booking: these are kept for a short while only.
const SHORT = 15_000;

/** Every car's availability for a trip, or one car's (null: the database did not answer). */
export const availabilityQuery = (pickup: string, ret: string, carId?: number) =>
  queryOptions({
    queryKey: ["availability", pickup, ret, carId ?? null],
    queryFn: () => fetchAvailability(pickup, ret, carId),
    staleTime: SHORT,
  });

/** A car's days from `from` (null: the database did not answer). */
export const calendarQuery = (carId: number, from: string, days: number) =>
  queryOptions({
    queryKey: ["calendar", carId, from, days],
    queryFn: () => fetchCalendar(carId, from, days),
    staleTime: SHORT,
  });
