import { describe, expect, it } from "vitest";
import { pageCount, pageSlice, pageWindow } from "./pagination";

describe("pageWindow", () => {
  it("shows every page when there are 5 or fewer", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it("pins to the start near the first page", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 10)).toEqual([1, 2, 3, 4, 5]);
  });
  it("centres on the current page", () => {
    expect(pageWindow(4, 10)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(7, 10)).toEqual([5, 6, 7, 8, 9]);
  });
  it("pins to the end near the last page", () => {
    expect(pageWindow(9, 10)).toEqual([6, 7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([6, 7, 8, 9, 10]);
  });
  it("clamps an out-of-range page", () => {
    expect(pageWindow(42, 6)).toEqual([2, 3, 4, 5, 6]);
    expect(pageWindow(0, 0)).toEqual([]);
  });
});

describe("pageCount and pageSlice", () => {
  it("splits by 12", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(12)).toBe(1);
    expect(pageCount(13)).toBe(2);
    const items = Array.from({ length: 25 }, (_, i) => i);
    expect(pageSlice(items, 1)).toHaveLength(12);
    expect(pageSlice(items, 3)).toEqual([24]);
  });
});
