import type { CarAvailability } from "../search";
import type { FleetCar } from "./types";

// The order of the results: the fleet's own ("recommended"), or by total price.
// With searched dates the total is the database's for those dates (before any
// discount, as the cards show it); without dates, the price per day. Free cars
// always come before taken ones.

export const SORTS = ["recommended", "priceAsc", "priceDesc"] as const;
export type Sort = (typeof SORTS)[number];

export const isSort = (v: string): v is Sort => (SORTS as readonly string[]).includes(v);

export function sortResults(cars: readonly FleetCar[], sort: Sort, byCar: ReadonlyMap<number, CarAvailability> | null): FleetCar[] {
  const taken = (c: FleetCar) => (byCar?.get(c.id)?.free === false ? 1 : 0);
  const price = (c: FleetCar) => byCar?.get(c.id)?.subtotal ?? c.price;
  const sign = sort === "priceDesc" ? -1 : 1;
  // Array.prototype.sort is stable: equal prices keep the fleet's order.
  return [...cars].sort((a, b) => taken(a) - taken(b) || (sort === "recommended" ? 0 : sign * (price(a) - price(b))));
}
