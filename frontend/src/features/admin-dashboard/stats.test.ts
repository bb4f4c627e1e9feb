import { describe, expect, it } from "vitest";
import { dashboardCounts, mergeActivity, monthlySeries, niceAxis, pendingHolds } from "./stats";

describe("dashboard stats", () => {
  it("counts bookings per month (Casablanca) and money received per month, oldest first, empty months kept", () => {
    const s = monthlySeries(
      [
        { created_at: "2026-03-01T12:00:00Z", status: "confirmed" },
        { created_at: "2026-03-10T12:00:00Z", status: "pending" },
        { created_at: "2026-01-05T12:00:00Z", status: "completed" },
        // 31 January 23:30 UTC is already 1 February in Casablanca (UTC+1).
        { created_at: "2026-01-31T23:30:00Z", status: "confirmed" },
        { created_at: "2025-06-05T12:00:00Z", status: "confirmed" }, // outside the window
      ],
      [
        { month: "2025-06-01", received: "5000" },
        { month: "2026-01-01", received: "250.50" },
        { month: "2026-03-01", received: 1000 },
      ],
      "2026-03-15",
      3,
    );
    expect(s.map((p) => [p.key, p.bookings, p.revenue])).toEqual([
      ["2026-01", 1, 250.5],
      ["2026-02", 1, 0],
      ["2026-03", 2, 1000],
    ]);
    expect(s.map((p) => p.label)).toEqual(["janv.", "févr.", "mars"]);
  });
  it("counts months across a year's end", () => {
    expect(monthlySeries([], [], "2026-01-10", 3).map((p) => p.key)).toEqual(["2025-11", "2025-12", "2026-01"]);
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
  it("leaves lapsed holds and failed payment attempts out of the chart's bookings", () => {
    const at = "2026-03-02T12:00:00Z";
    const s = monthlySeries(
      [
        { created_at: at, status: "in_progress" },
        { created_at: at, status: "cancelled" },
        { created_at: at, status: "expired" },
        { created_at: at, status: "pending", payment_status: "failed" },
        { created_at: at, status: "cancelled", payment_status: "abandoned" },
      ],
      [],
      "2026-03-15",
      1,
    );
    expect(s.map((p) => [p.key, p.bookings, p.revenue])).toEqual([["2026-03", 2, 0]]);
  });
  it("counts the cards", () => {
    expect(dashboardCounts([{ available: true }, { available: false }], [{ status: "confirmed" }, { status: "pending" }], 4)).toEqual({
      totalCars: 2,
      availableCars: 1,
      bookings: 2,
      clicks: 4,
    });
  });
  it("an expired hold or a failed attempt is no booking; a cancelled one still is", () => {
    const c = dashboardCounts(
      [],
      [{ status: "completed" }, { status: "pending" }, { status: "cancelled" }, { status: "expired" }, { status: "pending", payment_status: "abandoned" }],
      0,
    );
    expect(c.bookings).toBe(3);
  });
  it("finds the pending bookings and the first hold to lapse", () => {
    expect(
      pendingHolds([
        { status: "pending", hold_expires_at: "2026-03-02T10:00:00Z" },
        { status: "pending", hold_expires_at: "2026-03-01T18:30:00+00:00" },
        { status: "pending", hold_expires_at: null },
        // A declined PayPal attempt waits for nobody.
        { status: "pending", payment_status: "failed", hold_expires_at: "2026-03-01T08:00:00Z" },
        { status: "expired", hold_expires_at: "2026-02-01T10:00:00Z" },
        { status: "confirmed", hold_expires_at: null },
      ]),
    ).toEqual({ count: 3, firstExpiry: "2026-03-01T18:30:00+00:00" });
    expect(pendingHolds([{ status: "confirmed" }])).toEqual({ count: 0, firstExpiry: null });
  });
});
