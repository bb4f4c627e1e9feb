import { describe, expect, it } from "vitest";
import { computeQuote, EXTRA_KEYS, NO_EXTRAS, rentalDays, type ExtraKey, type Insurance, type PaymentOption } from "./price";

const base = { dailyPrice: 300, startDate: "2030-06-01", endDate: "2030-06-04", insurance: "basic" as Insurance, extras: NO_EXTRAS, paymentOption: "reserve" as PaymentOption };

describe("rentalDays", () => {
  it("is the date difference rounded up, at least one", () => {
    expect(rentalDays("2030-06-01", "2030-06-04")).toBe(3);
    expect(rentalDays("2030-06-01", "2030-06-01")).toBe(1);
    expect(rentalDays("2030-03-29", "2030-04-02")).toBe(4); // across a daylight-saving change
    expect(rentalDays("2030-12-30", "2031-01-02")).toBe(3);
  });
  it("is zero for missing dates", () => {
    expect(rentalDays("", "2030-06-04")).toBe(0);
  });
});

describe("computeQuote", () => {
  it("prices days x daily price with no options (reserve: no discount)", () => {
    const q = computeQuote(base)!;
    expect(q).toMatchObject({ days: 3, base: 900, insurance: 0, extras: 0, subtotal: 900, total: 900, discountRate: 0 });
    expect(q.dueNow).toBe(180); // 20 % now
    expect(q.dueOnArrival).toBe(720);
  });

  it.each<[Insurance, number]>([
    ["basic", 0],
    ["premium", 75 * 3],
    ["platinum", 120 * 3],
  ])("insurance %s costs %i over 3 days", (insurance, expected) => {
    const q = computeQuote({ ...base, insurance })!;
    expect(q.insurance).toBe(expected);
    expect(q.subtotal).toBe(900 + expected);
  });

  const perDay: Record<ExtraKey, number> = { gps: 50, wifi: 50, childSeat: 50, additionalDriver: 50, jawazPass: 50, carFridge: 35, roadAssistance: 0 };
  it.each(EXTRA_KEYS.filter((k) => k !== "roadAssistance"))("extra %s is charged per day", (key) => {
    const q = computeQuote({ ...base, extras: { ...NO_EXTRAS, [key]: true } })!;
    expect(q.extras).toBe(perDay[key] * 3);
  });

  it("road assistance is a flat 350 DH", () => {
    expect(computeQuote({ ...base, extras: { ...NO_EXTRAS, roadAssistance: true } })!.extras).toBe(350);
    expect(computeQuote({ ...base, endDate: "2030-06-11", extras: { ...NO_EXTRAS, roadAssistance: true } })!.extras).toBe(350);
  });

  it("adds every extra together", () => {
    const all = Object.fromEntries(EXTRA_KEYS.map((k) => [k, true]));
    expect(computeQuote({ ...base, extras: all })!.extras).toBe((50 * 5 + 35) * 3 + 350);
  });

  it.each<[PaymentOption, number, number]>([
    ["full", 0.1, 100],
    ["half", 0.05, 50],
    ["reserve", 0, 20],
  ])("payment option %s gives a %d discount and %i %% now", (paymentOption, rate, nowPercent) => {
    const q = computeQuote({ ...base, insurance: "premium", paymentOption })!;
    const subtotal = 900 + 225;
    expect(q.discountRate).toBeCloseTo(rate);
    expect(q.total).toBe(Math.round(subtotal * (1 - rate)));
    expect(q.dueNow).toBe(Math.round((q.total * nowPercent) / 100));
    expect(q.dueNow + q.dueOnArrival).toBe(q.total);
  });

  it("rounds half up exactly like PostgreSQL round()", () => {
    // 1010 x 0.95 = 959.5 -> 960 (binary floating point would give 959.4999…)
    const q = computeQuote({ ...base, dailyPrice: 1010, endDate: "2030-06-02", paymentOption: "half" })!;
    expect(q.subtotal).toBe(1010);
    expect(q.total).toBe(960);
  });

  it("needs a price and dates", () => {
    expect(computeQuote({ ...base, startDate: "" })).toBeNull();
    expect(computeQuote({ ...base, dailyPrice: 0 })).toBeNull();
  });
});
