import { createInstance, type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import ar from "../../../locales/ar.json";
import en from "../../../locales/en.json";
import fr from "../../../locales/fr.json";
import { formattersFor } from "../../lib/localeFormat";
import type { RentalTermsData, TermsCategory } from "./rentalTermsApi";
import { byValue, keyFactsMileage, termsVars } from "./termsText";

const ts: Record<string, TFunction> = {};
beforeAll(async () => {
  for (const [lang, res] of Object.entries({ fr, en, ar })) {
    const i = createInstance();
    await i.init({ lng: lang, resources: { [lang]: { translation: res } }, interpolation: { escapeValue: false } });
    ts[lang] = i.t;
  }
});

const plain = (s: string) => s.replace(/[\u2066-\u2069]/g, "");

const category = (c: Partial<TermsCategory> & { category: string }): TermsCategory => ({
  mileage_km_per_day: null,
  extra_km_price: null,
  fuel_policy: "same_to_same",
  min_driver_age: 21,
  min_licence_years: 2,
  deposit: 3000,
  excess: [{ insurance: "basic", amount: 6000 }],
  ...c,
});

const terms: RentalTermsData = {
  free_cancellation_hours: 24,
  late_cancellation_days: 1,
  longest_rental_days: 90,
  earliest_pickup_days: 0,
  terms_version: "2026-11-01",
  categories: [
    category({ category: "Économique" }),
    category({ category: "Compact" }),
    category({ category: "Berline", min_driver_age: 23 }),
    category({ category: "Utilitaire", min_driver_age: 23, mileage_km_per_day: 250, extra_km_price: 2.5 }),
  ],
};

describe("the terms' figures in words", () => {
  it("groups categories by value, in the order they come", () => {
    expect(byValue(terms.categories, (c) => c.min_driver_age)).toEqual([
      { value: 21, categories: ["Économique", "Compact"] },
      { value: 23, categories: ["Berline", "Utilitaire"] },
    ]);
  });

  it("lists a rule that differs per category, and states one shared by all once", () => {
    const fmt = formattersFor("fr");
    const v = termsVars(ts.fr!, fmt, terms);
    expect(v.minAge).toBe(`21 ans (Économique, ${ts.fr!("categories.compact")}), 23 ans (Berline, Utilitaire)`);
    expect(v.licence).toBe("2 ans");
    expect(plain(v.mileage)).toBe(`illimité (Économique, ${ts.fr!("categories.compact")}, Berline) ; 250 km par jour, puis 2,50 DH par km supplémentaire (Utilitaire)`);
    expect(v.hours).toBe("24 heures");
    expect(v.lateFee).toContain("d'une journée");
    expect(v.mileagePerk).toContain("Illimité en Économique");
  });

  it("writes the same figures in English and Arabic, with each language's words", () => {
    const en = termsVars(ts.en!, formattersFor("en"), terms);
    expect(en.minAge).toBe(`21 (${ts.en!("categories.economy")}, ${ts.en!("categories.compact")}), 23 (${ts.en!("categories.sedan")}, ${ts.en!("categories.utility")})`);
    expect(en.licence).toBe("2 years");
    const ar = termsVars(ts.ar!, formattersFor("ar"), terms);
    expect(ar.licence).toBe("سنتين");
    expect(ar.minAge).toContain(`21 سنة (${ts.ar!("categories.economy")}، ${ts.ar!("categories.compact")})`);
    expect(plain(ar.mileage)).toContain("250 كم في اليوم");
  });

  it("states the price per extra km with a limited mileage", () => {
    const fmt = formattersFor("en");
    expect(plain(keyFactsMileage(ts.en!, fmt, 250, 2.5))).toBe("250 km per day included, then 2.50 DH per extra km");
    expect(keyFactsMileage(ts.en!, fmt, null, null)).toBe("Unlimited");
  });

  it("for one category, states its own figures without naming it", () => {
    const v = termsVars(ts.fr!, formattersFor("fr"), terms, terms.categories.slice(3));
    expect(v.minAge).toBe("23 ans");
    expect(plain(v.mileage)).toBe("250 km par jour, puis 2,50 DH par km supplémentaire");
    expect(v.mileagePerk).toBe(ts.fr!("rentalTerms.mileagePerk.none"));
  });
});
