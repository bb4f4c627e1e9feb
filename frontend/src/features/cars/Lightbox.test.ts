import { describe, expect, it } from "vitest";
import { wrapIndex } from "./Lightbox";

describe("lightbox wraps at both ends", () => {
  it("wraps", () => {
    expect(wrapIndex(-1, 4)).toBe(3);
    expect(wrapIndex(4, 4)).toBe(0);
    expect(wrapIndex(2, 4)).toBe(2);
    expect(wrapIndex(0, 0)).toBe(0);
  });
});
