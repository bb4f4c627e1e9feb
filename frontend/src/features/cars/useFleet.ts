import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { DEFAULT_FILTERS, filterCars, type FilterState } from "./filters";
import { fleetQuery } from "./queries";
import type { FleetCar } from "./types";

/** The fleet (the server's, or the sample one when it cannot be read; a toast says so). */
export function useFleet(): { cars: FleetCar[]; loading: boolean } {
  const { data } = useQuery(fleetQuery);
  return data ? { cars: data.cars, loading: false } : { cars: [], loading: true };
}

/** The fleet seen through the filter panel (home page, /vehicles): the filters and the cars that match them. */
export function useFilteredFleet() {
  const { cars, loading } = useFleet();
  const [filters, setFilters] = useState<FilterState>({ ...DEFAULT_FILTERS });
  const matching = useMemo(() => filterCars(cars, filters), [cars, filters]);
  return { loading, filters, setFilters, matching };
}
