import { useEffect, useMemo, useState } from "react";
import { fetchAvailability, type CarAvailability } from "./availability";
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
  const key = trip ? `${pickupMoment(trip)}|${returnMoment(trip)}` : null;
  const [answer, setAnswer] = useState<{ key: string; rows: CarAvailability[] | null } | null>(null);

  useEffect(() => {
    if (!key) return;
    let live = true;
    const [pickup, ret] = key.split("|") as [string, string];
    void fetchAvailability(pickup, ret).then((rows) => live && setAnswer({ key, rows }));
    return () => {
      live = false;
    };
  }, [key]);

  const byCar = useMemo(() => new Map((answer?.rows ?? []).map((r) => [r.car_id, r])), [answer]);

  if (!key) return { status: "none" };
  if (!answer || answer.key !== key) return { status: "loading" };
  if (!answer.rows) return { status: "failed" };
  return { status: "ready", byCar };
}
