import { queryOptions, useQuery } from "@tanstack/react-query";
import { db } from "../../lib/db";
import { loggedRead } from "../../lib/loggedRead";
import { pageData, pageDataUpdatedAt } from "../../lib/pageData";

// The rental terms have one home: public.rental_rules (docs/reservations.md,
// "Rental terms"). The site reads them; it states none of them itself.

export interface RentalRules {
  /** The longest rental, in days (24-hour periods). */
  longestRentalDays: number;
  /** A pickup is at the earliest this many days after today (Casablanca). */
  earliestPickupDays: number;
  /** Cancelling is free until this many hours before the pickup. */
  freeCancellationHours: number;
}

/** The columns read, as public.rental_rules (and page_data's "rentalRules") names them. */
interface RulesRow {
  longest_rental_days: number;
  earliest_pickup_days: number;
  free_cancellation_hours: number;
}

const COLUMNS = "longest_rental_days,earliest_pickup_days,free_cancellation_hours";

const rulesOf = (r: RulesRow): RentalRules => ({
  longestRentalDays: r.longest_rental_days,
  earliestPickupDays: r.earliest_pickup_days,
  freeCancellationHours: r.free_cancellation_hours,
});

/** The rules, null when they cannot be read (the database still refuses what breaks them). */
export async function fetchRentalRules(): Promise<RentalRules | null> {
  const row = await loggedRead("rental_rules read failed", null, async () => (await db()).from("rental_rules").select(COLUMNS).maybeSingle());
  return row ? rulesOf(row) : null;
}

export const rentalRulesQuery = queryOptions({
  queryKey: ["rental_rules"],
  queryFn: fetchRentalRules,
  staleTime: 10 * 60_000,
  // The pages that state a rule are rendered by the server with it (page_data).
  initialData: () => {
    const row = pageData<RulesRow>("rentalRules");
    return row ? rulesOf(row) : undefined;
  },
  initialDataUpdatedAt: pageDataUpdatedAt,
});

/**
 * The rental rules once read (null until then, or when they cannot be read). With
 * read false it only shows what another reader has read: a form that needs the
 * rules on submit only reads them once the visitor starts using it.
 */
export function useRentalRules(read = true): RentalRules | null {
  return useQuery({ ...rentalRulesQuery, enabled: read }).data ?? null;
}
