import { describe, expect, it } from "vitest";
import { dashboardCounts, mergeActivity, monthlySeries, niceAxis, pendingHolds } from "./stats";

describe("dashboard stats", () => {
  it("groups bookings and revenue per month, oldest first, empty months kept", () => {
    const now = new Date(2026, 2, 15); // March 2026
    const s = monthlySeries(
      [
        { created_at: new Date(2026, 2, 1, 12).toISOString(), total_price: 900, status: "confirmed" },
        { created_at: new Date(2026, 2, 10, 12).toISOString(), total_price: 100, status: "pending" },
        { created_at: new Date(2026, 0, 5, 12).toISOString(), total_price: null, status: "completed" },
        { created_at: new Date(2025, 5, 5, 12).toISOString(), total_price: 5000, status: "confirmed" }, // outside the window
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
  it("leaves lapsed holds out of the chart, and cancelled bookings out of its revenue", () => {
    const now = new Date(2026, 2, 15);
    const at = new Date(2026, 2, 2, 12).toISOString();
    const s = monthlySeries(
      [
        { created_at: at, total_price: 700, status: "in_progress" },
        { created_at: at, total_price: 300, status: "cancelled" },
        { created_at: at, total_price: 5000, status: "expired" },
      ],
      now,
      1,
    );
    expect(s.map((p) => [p.key, p.bookings, p.revenue])).toEqual([["2026-03", 2, 700]]);
  });
  it("counts the cards", () => {
    expect(
      dashboardCounts(
        [{ available: true }, { available: false }],
        [
          { total_price: 10, status: "confirmed" },
          { total_price: null, status: "pending" },
        ],
        4,
      ),
    ).toEqual({ totalCars: 2, availableCars: 1, bookings: 2, revenue: 10, clicks: 4 });
  });
  it("counts neither an expired hold nor a cancelled booking in revenue; an expired one is no booking", () => {
    const c = dashboardCounts(
      [],
      [
        { total_price: 1000, status: "completed" },
        { total_price: 200, status: "pending" },
        { total_price: 400, status: "cancelled" },
        { total_price: 800, status: "expired" },
      ],
      0,
    );
    expect(c.revenue).toBe(1200);
    expect(c.bookings).toBe(3);
  });
  it("finds the pending bookings and the first hold to lapse", () => {
    expect(
      pendingHolds([
        { status: "pending", hold_expires_at: "2026-03-02T10:00:00Z" },
        { status: "pending", hold_expires_at: "2026-03-01T18:30:00+00:00" },
        { status: "pending", hold_expires_at: null },
        { status: "expired", hold_expires_at: "2026-02-01T10:00:00Z" },
        { status: "confirmed", hold_expires_at: null },
      ]),
    ).toEqual({ count: 3, firstExpiry: "2026-03-01T18:30:00+00:00" });
    expect(pendingHolds([{ status: "confirmed" }])).toEqual({ count: 0, firstExpiry: null });
  });
});
