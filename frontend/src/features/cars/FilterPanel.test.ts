import { expect, it } from "vitest";
import { missingKeys } from "../../lib/localeKeys";
import { PRICES, SELECTS } from "./FilterPanel";

it("the filter panel's labels exist in fr, en and ar", () => {
  const keys = [...SELECTS.flatMap((s) => [s.label, s.any]), ...PRICES.map((p) => p.label)];
  expect(keys).toHaveLength(12);
  expect(missingKeys(keys)).toEqual({ fr: [], en: [], ar: [] });
});
