import { check, db as supabase } from "../../admin-kit";
import type { CategoryFacts, RentalTerms } from "./keyFactsForm";

// The key facts the traveller reads before committing (quote_booking states them):
// per category the deposit, the excess of each insurance level, mileage, fuel and
// the driver's minimums; the rental rules' cancellation terms and terms version.
// Administrators edit them (RLS); everyone reads them.

export interface KeyFactsData {
  terms: RentalTerms;
  categories: CategoryFacts[];
  /** The insurance levels, in the price list's order. */
  insurances: string[];
}

export async function loadKeyFacts(): Promise<KeyFactsData> {
  const [rules, facts, excess, deposits, options] = await Promise.all([
    supabase.from("rental_rules").select("free_cancellation_hours, late_cancellation_days, terms_version").single(),
    supabase.from("category_key_facts").select("*").order("category"),
    supabase.from("category_excess").select("category, insurance, amount"),
    supabase.from("category_deposits").select("category, amount"),
    supabase.from("booking_options").select("key, position").eq("kind", "insurance").order("position"),
  ]);
  const r = check(rules);
  const excessRows = check(excess);
  const depositRows = check(deposits);
  return {
    terms: { freeCancellationHours: r.free_cancellation_hours, lateCancellationDays: r.late_cancellation_days, termsVersion: r.terms_version },
    insurances: check(options).map((o) => o.key),
    categories: check(facts).map((f) => ({
      category: f.category,
      deposit: depositRows.find((d) => d.category === f.category)?.amount ?? 0,
      excess: Object.fromEntries(excessRows.filter((x) => x.category === f.category).map((x) => [x.insurance, x.amount])),
      mileageKmPerDay: f.mileage_km_per_day,
      extraKmPrice: f.extra_km_price,
      fuelPolicy: f.fuel_policy as CategoryFacts["fuelPolicy"],
      minDriverAge: f.min_driver_age,
      minLicenceYears: f.min_licence_years,
    })),
  };
}

/** Saves one category's facts (its deposit, its excesses, its row of key facts). */
export async function saveCategoryFacts(c: CategoryFacts): Promise<void> {
  const updated = [
    await supabase
      .from("category_key_facts")
      .update({ mileage_km_per_day: c.mileageKmPerDay, extra_km_price: c.extraKmPrice, fuel_policy: c.fuelPolicy, min_driver_age: c.minDriverAge, min_licence_years: c.minLicenceYears })
      .eq("category", c.category)
      .select("category"),
    await supabase.from("category_deposits").update({ amount: c.deposit }).eq("category", c.category).select("category"),
    ...(await Promise.all(
      Object.entries(c.excess).map(([insurance, amount]) =>
        supabase.from("category_excess").update({ amount }).eq("category", c.category).eq("insurance", insurance).select("category"),
      ),
    )),
  ];
  // A write RLS filtered out answers no row: a failure, not a success.
  for (const res of updated) if (check(res).length === 0) throw new Error(`key facts of ${c.category} not saved`);
}

export async function saveRentalTerms(t: RentalTerms): Promise<void> {
  const rows = check(
    await supabase
      .from("rental_rules")
      .update({ free_cancellation_hours: t.freeCancellationHours, late_cancellation_days: t.lateCancellationDays, terms_version: t.termsVersion })
      .eq("id", true)
      .select("id"),
  );
  if (rows.length === 0) throw new Error("rental terms not saved");
}
