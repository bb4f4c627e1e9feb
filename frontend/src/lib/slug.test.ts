import { describe, expect, it } from "vitest";
import { carSlug, fallbackCarSlug, slugify } from "./slug";

describe("car slug rule (SPEC section 2)", () => {
  it("lowercases, turns spaces to hyphens, drops non-alphanumerics and appends the id", () => {
    expect(fallbackCarSlug("Clio 5", 3)).toBe("clio-5-3");
    expect(fallbackCarSlug("Classe C (AMG)", 12)).toBe("classe-c-amg-12");
    expect(fallbackCarSlug("Série 3", 7)).toBe("srie-3-7");
  });
  it("keeps a stored slug", () => {
    expect(carSlug({ slug: "bmw-serie-3", name: "Série 3", id: 7 })).toBe("bmw-serie-3");
    expect(carSlug({ slug: null, name: "Série 3", id: 7 })).toBe("srie-3-7");
    expect(carSlug({ slug: "  ", name: "Golf", id: 2 })).toBe("golf-2");
  });
});

describe("blog slug rule (SPEC section 5)", () => {
  it("removes accents, hyphenates and trims", () => {
    expect(slugify("  Où louer à l'aéroport ?  ")).toBe("ou-louer-a-l-aeroport");
    expect(slugify("Top 10: Casablanca & Rabat!")).toBe("top-10-casablanca-rabat");
  });
});
