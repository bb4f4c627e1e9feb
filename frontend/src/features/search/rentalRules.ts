import { queryOptions, useQuery } from "@tanstack/react-query";
import { db } from "../../lib/db";

// The rental terms have one home: public.rental_rules (docs/reservations.md,
// "Rental terms"). The site reads them; it states none of them itself.

export interface RentalRules {
  /** The longest rental, in days (24-hour periods). */
  longestRentalDays: number;
  /** A pickup is at the earliest this many days after today (Casablanca). */
  earliestPickupDays: number;
}

/** The rules, null when they cannot be read (the database still refuses what breaks them). */
export async function fetchRentalRules(): Promise<RentalRules | null> {
  try {
    const { data, error } = await (await db()).from("rental_rules").select("longest_rental_days,earliest_pickup_days").maybeSingle();
    if (error || !data) {
      if (error) console.error("rental_rules read failed", error);
      return null;
    }
    return { longestRentalDays: data.longest_rental_days, earliestPickupDays: data.earliest_pickup_days };
  } catch (e) {
    console.error("rental_rules read failed", e);
    return null;
  }
}

export const rentalRulesQuery = queryOptions({
  queryKey: ["rental_rules"],
  queryFn: fetchRentalRules,
  staleTime: 10 * 60_000,
});

/**
 * The rental rules once read (null until then, or when they cannot be read). With
 * read false it only shows what another reader has read: a form that needs the
 * rules on submit only reads them once the visitor starts using it.
 */
export function useRentalRules(read = true): RentalRules | null {
  return useQuery({ ...rentalRulesQuery, enabled: read }).data ?? null;
}
