import { expect, it } from "vitest";
import { missingKeys } from "../../../lib/localeKeys";
import { PLACES } from "./TripStep";

it("the wizard's place labels exist in fr, en and ar", () => {
  expect(missingKeys(PLACES.map((p) => p.label))).toEqual({ fr: [], en: [], ar: [] });
});
