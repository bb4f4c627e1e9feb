import { expect, it } from "vitest";
import { LEGAL_PATHS } from "../../config/site";
import { missingKeys } from "../../lib/localeKeys";

// LegalLayout reads each page's strings by the page's name (meta, title, intro).
it("each legal page's meta, title and intro exist in fr, en and ar", () => {
  const pages = Object.keys(LEGAL_PATHS);
  expect(pages).toEqual(["terms", "privacy", "notice"]);
  expect(missingKeys(pages.flatMap((p) => [`meta.${p}.title`, `meta.${p}.description`, `${p}.intro`]), "legal")).toEqual({ fr: [], en: [], ar: [] });
  expect(missingKeys(pages.map((p) => `legal.${p}.title`))).toEqual({ fr: [], en: [], ar: [] });
});
