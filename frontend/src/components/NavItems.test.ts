import { expect, it } from "vitest";
import { missingKeys } from "../lib/localeKeys";
import { FOOTER_NAV, LEGAL_NAV, MAIN_NAV, SERVICE_NAV } from "./NavItems";
import type { Figure } from "./sections";

const FIGURES: Record<Figure, true> = { vehicles: true, customers: true, satisfaction: true, rating: true, years: true };

it("the menus' labels and the trust figures' labels exist in fr, en and ar", () => {
  const keys = [...[MAIN_NAV, SERVICE_NAV, FOOTER_NAV, LEGAL_NAV].flat().map((i) => i.label), ...Object.keys(FIGURES).map((f) => `stats.${f}`)];
  expect(keys.length).toBeGreaterThan(20);
  expect(missingKeys(keys)).toEqual({ fr: [], en: [], ar: [] });
});
