import { describe, expect, it } from "vitest";
import ar from "../locales/ar.json";
import en from "../locales/en.json";
import fr from "../locales/fr.json";
import { stringsPart } from "../build/strings";

// The language files are split in two at build (the strings "/" shows, the other
// pages'): together the parts are the whole file, and no string is in both.

function leaves(node: unknown, prefix = ""): string[] {
  if (node && typeof node === "object" && !Array.isArray(node)) {
    return Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe("the language files' two parts", () => {
  for (const [name, all] of [["fr", fr], ["en", en], ["ar", ar]] as const) {
    it(`${name}: the site's and the pages' parts make the whole file, without overlap`, () => {
      const site = leaves(stringsPart(all, false));
      const pages = leaves(stringsPart(all, true));
      expect(site.filter((k) => pages.includes(k))).toEqual([]);
      expect([...site, ...pages].sort()).toEqual(leaves(all).sort());
    });
  }

  it("keeps what the home page shows of a moved key, and moves the rest", () => {
    const site = stringsPart(fr, false) as { booking?: Record<string, unknown> };
    const pages = stringsPart(fr, true) as { booking?: Record<string, unknown> };
    expect(Object.keys(site.booking ?? {})).toEqual(["errors"]);
    expect(pages.booking?.title).toBe(fr.booking.title);
    expect(pages.booking?.errors).toBeUndefined();
  });
});
