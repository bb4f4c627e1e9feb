import { describe, expect, it } from "vitest";
import type { CarAvailability } from "../search";
import { sortResults } from "./sortResults";
import type { FleetCar } from "./types";

const car = (id: number, price: number) => ({ id, price }) as FleetCar;
const row = (car_id: number, subtotal: number, free = true): CarAvailability => ({
  car_id,
  free,
  reason: free ? null : "booked",
  next_free: null,
  days: 4,
  total: subtotal,
  subtotal,
  online_total: Math.round(subtotal * 0.9),
  online_discount_percent: 10,
  deposit: 5000,
  free_cancellation_until: "2030-12-09T10:00:00",
  late_cancellation_fee: 300,
});
const ids = (cars: FleetCar[]) => cars.map((c) => c.id);

describe("sorting the results", () => {
  const fleet = [car(1, 500), car(2, 300), car(3, 400), car(4, 300)];
  it("keeps the fleet's order when recommended, free cars first", () => {
    expect(ids(sortResults(fleet, "recommended", null))).toEqual([1, 2, 3, 4]);
    const byCar = new Map([row(1, 2000, false), row(2, 1200), row(3, 1600), row(4, 1200)].map((r) => [r.car_id, r]));
    expect(ids(sortResults(fleet, "recommended", byCar))).toEqual([2, 3, 4, 1]);
  });
  it("sorts by the price per day without dates, equal prices in the fleet's order", () => {
    expect(ids(sortResults(fleet, "priceAsc", null))).toEqual([2, 4, 3, 1]);
    expect(ids(sortResults(fleet, "priceDesc", null))).toEqual([1, 3, 2, 4]);
  });
  it("sorts by the database's total for the dates, taken cars last", () => {
    // Car 3 is cheaper per day than car 1 but dearer for these dates (another category's rules).
    const byCar = new Map([row(1, 1500), row(2, 1200, false), row(3, 1600), row(4, 1300)].map((r) => [r.car_id, r]));
    expect(ids(sortResults(fleet, "priceAsc", byCar))).toEqual([4, 1, 3, 2]);
    expect(ids(sortResults(fleet, "priceDesc", byCar))).toEqual([3, 1, 4, 2]);
  });
});
