import { describe, expect, it } from "vitest";
import { formatPrice } from "./format";

// Intl's French grouping uses a narrow no-break space; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u2066\u2069]/g, "").replace(/[\u202f\u00a0]/g, " ");

describe("formatPrice", () => {
  it("shows whole amounts without decimals", () => {
    expect(plain(formatPrice(1300))).toBe("1 300 DH");
    expect(plain(formatPrice(0))).toBe("0 DH");
  });
  it("shows centimes always with two digits", () => {
    expect(plain(formatPrice(8989.5))).toBe("8 989,50 DH");
    expect(plain(formatPrice(-108.05))).toBe("-108,05 DH");
    expect(plain(formatPrice(0.1 + 0.2))).toBe("0,30 DH");
  });
  it("keeps the left-to-right isolates around the amount", () => {
    expect(formatPrice(10)).toBe("\u206610 DH\u2069");
  });
});
