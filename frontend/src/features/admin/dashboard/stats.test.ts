import { describe, expect, it } from "vitest";
import { dashboardCounts, mergeActivity, monthlySeries, niceAxis } from "./stats";

describe("dashboard stats", () => {
  it("groups bookings and revenue per month, oldest first, empty months kept", () => {
    const now = new Date(2026, 2, 15); // March 2026
    const s = monthlySeries(
      [
        { created_at: new Date(2026, 2, 1, 12).toISOString(), total_price: 900 },
        { created_at: new Date(2026, 2, 10, 12).toISOString(), total_price: 100 },
        { created_at: new Date(2026, 0, 5, 12).toISOString(), total_price: null },
        { created_at: new Date(2025, 5, 5, 12).toISOString(), total_price: 5000 }, // outside the window
      ],
      now,
      3,
    );
    expect(s.map((p) => [p.key, p.bookings, p.revenue])).toEqual([
      ["2026-01", 1, 0],
      ["2026-02", 0, 0],
      ["2026-03", 2, 1000],
    ]);
  });
  it("builds axes of 4 equal, round steps", () => {
    expect(niceAxis(0, 4, true)).toEqual({ top: 4, step: 1 });
    expect(niceAxis(3, 4, true)).toEqual({ top: 4, step: 1 });
    expect(niceAxis(13, 4, true)).toEqual({ top: 20, step: 5 });
    expect(niceAxis(2556)).toEqual({ top: 4000, step: 1000 });
    expect(niceAxis(41000)).toEqual({ top: 80000, step: 20000 });
  });
  it("merges activity newest first with a limit", () => {
    const a = [{ kind: "booking" as const, id: "b", at: "2026-01-02T00:00:00Z", text: "" }];
    const b = [
      { kind: "message" as const, id: "m", at: "2026-01-03T00:00:00Z", text: "" },
      { kind: "click" as const, id: "c", at: "2026-01-01T00:00:00Z", text: "" },
    ];
    expect(mergeActivity([a, b], 2).map((i) => i.id)).toEqual(["m", "b"]);
  });
  it("counts the cards", () => {
    expect(dashboardCounts([{ available: true }, { available: false }], [{ total_price: 10 }, { total_price: null }], 4)).toEqual({
      totalCars: 2, availableCars: 1, bookings: 2, revenue: 10, clicks: 4,
    });
  });
});
