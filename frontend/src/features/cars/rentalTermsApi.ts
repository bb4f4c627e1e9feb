import { queryOptions, useQuery } from "@tanstack/react-query";
import { db } from "../../lib/db";
import { loggedRead } from "../../lib/loggedRead";
import { pageData, pageDataUpdatedAt } from "../../lib/pageData";

// What the terms say, as the database says it: public.rental_terms() (the rental
// rules, each category's key facts, deposit and excess). The terms page, the FAQs
// and the badges read it, so a figure the agency changes is changed everywhere
// (docs/reservations.md, "Terms generated from the rules").

export interface TermsCategory {
  category: string;
  /** null: unlimited. */
  mileage_km_per_day: number | null;
  /** DH per kilometre past the allowance; null when the mileage is unlimited. */
  extra_km_price: number | null;
  fuel_policy: "same_to_same" | "full_to_full";
  min_driver_age: number;
  min_licence_years: number;
  deposit: number | null;
  /** Excess (DH) per insurance level, in the price list's order. */
  excess: { insurance: string; amount: number }[];
}

export interface RentalTermsData {
  free_cancellation_hours: number;
  late_cancellation_days: number;
  longest_rental_days: number;
  earliest_pickup_days: number;
  terms_version: string;
  categories: TermsCategory[];
}

/** The terms, null when they cannot be read. */
export async function fetchRentalTerms(): Promise<RentalTermsData | null> {
  const data = await loggedRead("rental_terms read failed", null, async () => (await db()).rpc("rental_terms"));
  return data as unknown as RentalTermsData | null;
}

export const rentalTermsQuery = queryOptions({
  queryKey: ["rental_terms"],
  queryFn: fetchRentalTerms,
  staleTime: 60_000,
  // The pages that state the terms are rendered by the server with them (page_data "rentalTerms").
  initialData: () => pageData<RentalTermsData>("rentalTerms"),
  initialDataUpdatedAt: pageDataUpdatedAt,
});

/** The terms once read (null until then, or when they cannot be read). */
export function useRentalTerms(): RentalTermsData | null {
  return useQuery(rentalTermsQuery).data ?? null;
}
