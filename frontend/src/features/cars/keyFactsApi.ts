import { queryOptions } from "@tanstack/react-query";
import { db } from "../../lib/db";

// A category's key facts as the agency edits them (category_key_facts,
// category_excess, category_deposits): the car page states them before any
// dates are chosen; a quote states the same figures for one rental.

export interface CategoryKeyFacts {
  deposit: number | null;
  /** Excess per insurance level (DH), in the price list's order. */
  excess: { insurance: string; amount: number }[];
  mileageKmPerDay: number | null;
  /** DH per kilometre past the allowance (a limited mileage only). */
  extraKmPrice: number | null;
  fuelPolicy: "same_to_same" | "full_to_full";
  minDriverAge: number;
  minLicenceYears: number;
}

/** The facts of one category, null when they cannot be read. */
export async function loadCategoryKeyFacts(category: string): Promise<CategoryKeyFacts | null> {
  try {
    const client = await db();
    const [facts, excess, deposit, options] = await Promise.all([
      client.from("category_key_facts").select("mileage_km_per_day,extra_km_price,fuel_policy,min_driver_age,min_licence_years").eq("category", category).maybeSingle(),
      client.from("category_excess").select("insurance,amount").eq("category", category),
      client.from("category_deposits").select("amount").eq("category", category).maybeSingle(),
      client.from("booking_options").select("key,position").eq("kind", "insurance").order("position"),
    ]);
    const failed = facts.error ?? excess.error ?? deposit.error ?? options.error;
    if (failed || !facts.data) {
      if (failed) console.error("key facts read failed", failed);
      return null;
    }
    const order = (options.data ?? []).map((o) => o.key);
    return {
      deposit: deposit.data?.amount ?? null,
      excess: [...(excess.data ?? [])].sort((a, b) => order.indexOf(a.insurance) - order.indexOf(b.insurance)),
      mileageKmPerDay: facts.data.mileage_km_per_day,
      extraKmPrice: facts.data.extra_km_price,
      fuelPolicy: facts.data.fuel_policy as CategoryKeyFacts["fuelPolicy"],
      minDriverAge: facts.data.min_driver_age,
      minLicenceYears: facts.data.min_licence_years,
    };
  } catch (e) {
    console.error("key facts read failed", e);
    return null;
  }
}

export const categoryKeyFactsQuery = (category: string | null) =>
  queryOptions({
    queryKey: ["cars", "keyFacts", category],
    queryFn: () => (category === null ? null : loadCategoryKeyFacts(category)),
    enabled: category !== null,
    staleTime: 10 * 60_000,
  });
