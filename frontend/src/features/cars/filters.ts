import type { Car } from "./types";

// Filter panel of SPEC section 2, rules of section 5.

export interface FilterState {
  category: string;
  brand: string;
  transmission: string;
  fuel: string;
  seats: string;
  minPrice: string;
  maxPrice: string;
}

export const DEFAULT_FILTERS: Readonly<FilterState> = {
  category: "toutes",
  brand: "toutes",
  transmission: "toutes",
  fuel: "tous",
  seats: "any",
  minPrice: "",
  maxPrice: "",
};

/** Category option values are the stored categories in lower case. */
export const CATEGORY_OPTIONS = ["économique", "compact", "berline", "suv", "premium", "utilitaire"] as const;
export const BRAND_OPTIONS = ["Renault", "Peugeot", "Citroën", "BMW", "Mercedes", "Audi", "Volkswagen"] as const;
export const TRANSMISSION_OPTIONS = ["manual", "automatic"] as const;
export const FUEL_OPTIONS = ["gasoline", "diesel", "hybrid", "electric"] as const;
export const SEAT_OPTIONS = ["2", "4", "5", "7"] as const;

function isDefault(key: keyof FilterState, value: string): boolean {
  const d = DEFAULT_FILTERS[key];
  return d === "" ? value.trim() === "" : value === d;
}

/** Count of filters whose value differs from the default. */
export function activeFilterCount(f: FilterState): number {
  return (Object.keys(DEFAULT_FILTERS) as (keyof FilterState)[]).filter((k) => !isDefault(k, f[k])).length;
}

function parsePrice(v: string): number | null {
  if (v.trim() === "") return null;
  const n = Number(v.replace(",", "."));
  return Number.isFinite(n) ? n : null;
}

export function matchesFilters(car: Car, f: FilterState): boolean {
  if (f.category && f.category !== DEFAULT_FILTERS.category) {
    if ((car.category ?? "").toLowerCase() !== f.category.toLowerCase()) return false;
  }
  if (f.brand && f.brand !== DEFAULT_FILTERS.brand) {
    if ((car.brand ?? "").toLowerCase() !== f.brand.toLowerCase()) return false;
  }
  if (f.transmission && f.transmission !== DEFAULT_FILTERS.transmission) {
    if (car.transmission !== f.transmission) return false;
  }
  if (f.fuel && f.fuel !== DEFAULT_FILTERS.fuel) {
    if (car.fuel !== f.fuel) return false;
  }
  if (f.seats && f.seats !== DEFAULT_FILTERS.seats) {
    const wanted = Number(f.seats);
    if (f.seats === "7" ? car.seats < 7 : car.seats !== wanted) return false;
  }
  const min = parsePrice(f.minPrice);
  if (min !== null && car.price < min) return false;
  const max = parsePrice(f.maxPrice);
  if (max !== null && car.price > max) return false;
  return true;
}

export function filterCars<T extends Car>(cars: readonly T[], f: FilterState): T[] {
  return cars.filter((c) => matchesFilters(c, f));
}
