import { describe, expect, it } from "vitest";
import { pageCount, pageSlice, pageWindow } from "./pagination";

describe("pageWindow", () => {
  it.each<[string, number, number, number[]]>([
    ["shows every page when there are 5 or fewer", 1, 1, [1]],
    ["shows every page when there are 5 or fewer", 2, 3, [1, 2, 3]],
    ["shows every page when there are 5 or fewer", 5, 5, [1, 2, 3, 4, 5]],
    ["pins to the start near the first page", 1, 10, [1, 2, 3, 4, 5]],
    ["pins to the start near the first page", 3, 10, [1, 2, 3, 4, 5]],
    ["centres on the current page", 4, 10, [2, 3, 4, 5, 6]],
    ["centres on the current page", 7, 10, [5, 6, 7, 8, 9]],
    ["pins to the end near the last page", 9, 10, [6, 7, 8, 9, 10]],
    ["pins to the end near the last page", 10, 10, [6, 7, 8, 9, 10]],
    ["clamps an out-of-range page", 42, 6, [2, 3, 4, 5, 6]],
    ["clamps an out-of-range page", 0, 0, []],
  ])("%s: page %i of %i", (_, page, count, window) => {
    expect(pageWindow(page, count)).toEqual(window);
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
