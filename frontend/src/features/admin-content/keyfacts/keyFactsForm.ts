// The key facts screen's rules: what a typed figure means, and which are refused
// before asking the database (which checks the same bounds).

export type FuelPolicy = "same_to_same" | "full_to_full";
export const FUEL_POLICIES: readonly FuelPolicy[] = ["same_to_same", "full_to_full"];

export interface CategoryFacts {
  category: string;
  deposit: number;
  /** Excess (DH) per insurance level. */
  excess: Record<string, number>;
  /** null: unlimited mileage. */
  mileageKmPerDay: number | null;
  /** DH per kilometre past the day's allowance; null exactly when the mileage is unlimited. */
  extraKmPrice: number | null;
  fuelPolicy: FuelPolicy;
  minDriverAge: number;
  minLicenceYears: number;
}

export interface RentalTerms {
  freeCancellationHours: number;
  lateCancellationDays: number;
  termsVersion: string;
}

/** A whole number typed in a field, or null when it is not one within min..max. */
export function wholeNumber(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

/** The mileage field: empty is unlimited (null), else km per day (1 or more). */
export function mileageOf(text: string): { ok: true; value: number | null } | { ok: false } {
  if (text.trim() === "") return { ok: true, value: null };
  const n = wholeNumber(text, 1, 100_000);
  return n === null ? { ok: false } : { ok: true, value: n };
}

/**
 * The price per extra km for a mileage: none when it is unlimited (the field is
 * ignored), else a price in DH above 0 with at most two decimals ("2,5" or "2.5").
 */
export function extraKmPriceOf(text: string, mileage: number | null): { ok: true; value: number | null } | { ok: false } {
  if (mileage === null) return { ok: true, value: null };
  const t = text.trim().replace(",", ".");
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(t) || Number(t) <= 0) return { ok: false };
  return { ok: true, value: Number(t) };
}

/** A terms version as the database accepts it: letters, digits, dots, dashes (e.g. 2026-11-01). */
export function isTermsVersion(text: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(text);
}
