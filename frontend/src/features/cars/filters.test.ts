import { describe, expect, it } from "vitest";
import { SAMPLE_FLEET } from "./sampleFleet";
import { activeFilterCount, DEFAULT_FILTERS, filterCars, matchesFilters, type FilterState } from "./filters";
import type { Car } from "./types";

const car = (over: Partial<Car>): Car => ({ ...SAMPLE_FLEET[0]!, ...over });
const f = (over: Partial<FilterState>): FilterState => ({ ...DEFAULT_FILTERS, ...over });

describe("filters (SPEC section 5)", () => {
  it("defaults keep every car", () => {
    expect(filterCars(SAMPLE_FLEET, DEFAULT_FILTERS)).toHaveLength(SAMPLE_FLEET.length);
  });

  it("compares category case-insensitively against the lower-case option", () => {
    expect(matchesFilters(car({ category: "Économique" }), f({ category: "économique" }))).toBe(true);
    expect(matchesFilters(car({ category: "SUV" }), f({ category: "suv" }))).toBe(true);
    expect(matchesFilters(car({ category: "SUV" }), f({ category: "premium" }))).toBe(false);
  });

  it("compares brand case-insensitively", () => {
    expect(matchesFilters(car({ brand: "BMW" }), f({ brand: "bmw" }))).toBe(true);
    expect(matchesFilters(car({ brand: "Citroën" }), f({ brand: "CITROËN" }))).toBe(true);
    expect(matchesFilters(car({ brand: "Audi" }), f({ brand: "BMW" }))).toBe(false);
  });

  it("matches transmission and fuel exactly", () => {
    expect(matchesFilters(car({ transmission: "manual" }), f({ transmission: "manual" }))).toBe(true);
    expect(matchesFilters(car({ transmission: "manual" }), f({ transmission: "automatic" }))).toBe(false);
    expect(matchesFilters(car({ fuel: "diesel" }), f({ fuel: "diesel" }))).toBe(true);
    expect(matchesFilters(car({ fuel: "diesel" }), f({ fuel: "Diesel" }))).toBe(false);
  });

  it("seats: any is no filter, 7 means 7 or more, others exact", () => {
    expect(matchesFilters(car({ seats: 2 }), f({ seats: "any" }))).toBe(true);
    expect(matchesFilters(car({ seats: 7 }), f({ seats: "7" }))).toBe(true);
    expect(matchesFilters(car({ seats: 9 }), f({ seats: "7" }))).toBe(true);
    expect(matchesFilters(car({ seats: 5 }), f({ seats: "7" }))).toBe(false);
    expect(matchesFilters(car({ seats: 5 }), f({ seats: "5" }))).toBe(true);
    expect(matchesFilters(car({ seats: 4 }), f({ seats: "5" }))).toBe(false);
  });

  it("min and max price are inclusive; empty is ignored", () => {
    const c = car({ price: 300 });
    expect(matchesFilters(c, f({ minPrice: "300" }))).toBe(true);
    expect(matchesFilters(c, f({ minPrice: "301" }))).toBe(false);
    expect(matchesFilters(c, f({ maxPrice: "300" }))).toBe(true);
    expect(matchesFilters(c, f({ maxPrice: "299" }))).toBe(false);
    expect(matchesFilters(c, f({ minPrice: "", maxPrice: "  " }))).toBe(true);
  });

  it("combines every rule", () => {
    const r = filterCars(SAMPLE_FLEET, f({ transmission: "automatic", maxPrice: "700" }));
    expect(r.map((c) => c.slug)).toEqual(["peugeot-208", "volkswagen-golf-8", "peugeot-3008"]);
  });

  it("counts filters that differ from the defaults", () => {
    expect(activeFilterCount(DEFAULT_FILTERS)).toBe(0);
    expect(activeFilterCount(f({ brand: "BMW", seats: "7", minPrice: "100" }))).toBe(3);
    expect(activeFilterCount(f({ maxPrice: "  " }))).toBe(0);
  });
});
