import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { CarAvailability } from "./availabilityApi";
import { availabilityQuery } from "./queries";
import { pickupMoment, returnMoment, type Trip } from "./trip";

export type AvailabilityState =
  | { status: "none" }
  | { status: "loading" }
  | { status: "failed" }
  | { status: "ready"; byCar: ReadonlyMap<number, CarAvailability> };

/**
 * The database's availability of every car for a trip: one car_availability
 * call per pickup/return pair (changing filters or pages asks nothing again).
 */
export function useTripAvailability(trip: Trip | null): AvailabilityState {
  const pickup = trip ? pickupMoment(trip) : "";
  const ret = trip ? returnMoment(trip) : "";
  const { data } = useQuery({ ...availabilityQuery(pickup, ret), enabled: trip !== null });
  const byCar = useMemo(() => new Map((data ?? []).map((r) => [r.car_id, r])), [data]);

  if (!trip) return { status: "none" };
  if (data === undefined) return { status: "loading" };
  if (data === null) return { status: "failed" };
  return { status: "ready", byCar };
}
