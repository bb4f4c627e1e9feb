import { useQuery } from "@tanstack/react-query";
import { fleetQuery } from "./queries";
import type { FleetCar } from "./types";

/** The fleet (the server's, or the sample one when it cannot be read; a toast says so). */
export function useFleet(): { cars: FleetCar[]; loading: boolean } {
  const { data } = useQuery(fleetQuery);
  return data ? { cars: data.cars, loading: false } : { cars: [], loading: true };
}
