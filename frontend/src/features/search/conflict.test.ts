import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { conflictLines, conflictOf, conflictOfAvailability } from "./conflict";

// A t() that shows the key and its values, so the test reads which text is chosen.
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key}(${Object.values(values).join(",")})` : key)) as unknown as TFunction;
const fmt = { moment: (v: string) => `M[${v}]`, day: (v: string) => `D[${v}]` };

describe("conflictOf: the database's refusal for dates", () => {
  it("reads BK001 with its next free moment, whether details is an object or JSON text", () => {
    const expected = { code: "BK001", nextFree: "2030-12-14T16:00:00", until: null };
    expect(conflictOf({ code: "BK001", details: { next_free: "2030-12-14T16:00:00" } })).toEqual(expected);
    expect(conflictOf({ code: "BK001", details: '{"next_free": "2030-12-14T16:00:00"}' })).toEqual(expected);
  });

  it("reads BK003's date and BK002's empty details", () => {
    expect(conflictOf({ code: "BK003", details: { until: "2030-12-20", next_free: "2030-12-20T10:00:00" } })).toEqual({ code: "BK003", nextFree: "2030-12-20T10:00:00", until: "2030-12-20" });
    expect(conflictOf({ code: "BK002", details: {} })).toEqual({ code: "BK002", nextFree: null, until: null });
    expect(conflictOf({ code: "BK004", details: "not json" })).toEqual({ code: "BK004", nextFree: null, until: null });
  });

  it("reads the limits on unpaid requests (BK005, BK006)", () => {
    expect(conflictOf({ code: "BK005", details: { limit: 3, by: "address" } })).toEqual({ code: "BK005", nextFree: null, until: null });
    expect(conflictOf({ code: "BK006", details: '{"limit": 6}' })).toEqual({ code: "BK006", nextFree: null, until: null });
  });

  it("is null for other errors", () => {
    expect(conflictOf({ code: "23505", details: null })).toBeNull();
    expect(conflictOf({ code: "car_unavailable" })).toBeNull();
    expect(conflictOf(null)).toBeNull();
  });
});

describe("conflictOfAvailability: step 1's check", () => {
  const row = {
    car_id: 3,
    free: false,
    next_free: "2030-12-14T16:00:00",
    days: 4,
    total: 1400,
    subtotal: 1400,
    online_total: 1260,
    online_discount_percent: 10,
    deposit: 5000,
    free_cancellation_until: "2030-12-09T10:00:00",
    late_cancellation_fee: 350,
  };
  it.each([
    ["booked", "BK001"],
    ["unavailable", "BK002"],
    ["not_yet", "BK003"],
    ["maintenance", "BK004"],
  ] as const)("a car %s gives %s", (reason, code) => {
    expect(conflictOfAvailability({ ...row, reason })?.code).toBe(code);
  });
  it("a free car has no conflict", () => {
    expect(conflictOfAvailability({ ...row, free: true, reason: null, next_free: null })).toBeNull();
  });
  it("not yet available names the car's date", () => {
    expect(conflictOfAvailability({ ...row, reason: "not_yet" }, "2030-12-20")?.until).toBe("2030-12-20");
  });
});

describe("conflictLines", () => {
  it("says booked, then the next free moment in the visitor's format", () => {
    expect(conflictLines({ code: "BK001", nextFree: "2030-12-14T16:00:00", until: null }, t, fmt)).toEqual([
      "reservation.BK001",
      "reservation.nextFree(M[2030-12-14T16:00:00])",
    ]);
  });
  it("says when nothing is free within a year", () => {
    expect(conflictLines({ code: "BK004", nextFree: null, until: null }, t, fmt)).toEqual(["reservation.BK004", "reservation.noneFree"]);
  });
  it("says why an unpaid request is refused and what to do instead, never a next free date", () => {
    expect(conflictLines({ code: "BK005", nextFree: null, until: null }, t, fmt)).toEqual(["reservation.BK005", "reservation.BK005hint"]);
    expect(conflictLines({ code: "BK006", nextFree: "2030-12-20T10:00:00", until: null }, t, fmt)).toEqual(["reservation.BK006", "reservation.BK006hint"]);
  });
  it("names the date a car comes back, and nothing more for an unavailable car", () => {
    expect(conflictLines({ code: "BK003", nextFree: "2030-12-20T10:00:00", until: "2030-12-20" }, t, fmt)[0]).toBe("reservation.BK003until(D[2030-12-20])");
    expect(conflictLines({ code: "BK002", nextFree: null, until: null }, t, fmt)).toEqual(["reservation.BK002"]);
  });
});
