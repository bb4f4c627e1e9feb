import { describe, expect, it } from "vitest";
import { localFigures } from "./figures";
import { formattersFor } from "./localeFormat";

const plain = (s: string) => s.replace(/[\u2066-\u2069\u200e]/g, "");

describe("trust figures in the visitor's language", () => {
  it("write thousands, decimals and percentages as each language does", () => {
    const fr = localFigures(formattersFor("fr"));
    const en = localFigures(formattersFor("en"));
    const ar = localFigures(formattersFor("ar"));
    expect([plain(fr.customers), plain(fr.rating), plain(fr.satisfaction)]).toEqual(["5.000+", "4,9/5", "99\u00a0%"]);
    expect([plain(en.customers), plain(en.rating), plain(en.satisfaction)]).toEqual(["5,000+", "4.9/5", "99%"]);
    expect([plain(ar.customers), plain(ar.rating)]).toEqual(["5.000+", "4,9/5"]);
    // Isolated: "150+" keeps its plus after the digits inside Arabic text.
    expect(ar.vehicles).toBe("\u2066150+\u2069");
  });
});
