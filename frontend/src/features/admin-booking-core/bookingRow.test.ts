import { describe, expect, it } from "vitest";
import { readExtras, readQuote } from "./bookingRow";

const quote = { days: 3, daily_price: 300, base: 900, insurance: 150, extras: 60, subtotal: 1110, discount_rate: 0, discount: 0, total: 1110, due_now_percent: 50, due_now: 555, due_at_pickup: 555 };

describe("a booking's JSON columns", () => {
  it("keeps the extras that are booleans", () => {
    expect(readExtras({ gps: true, childSeat: false, wifi: "yes" })).toEqual({ gps: true, childSeat: false });
    expect(readExtras(null)).toBeNull();
    expect(readExtras(["gps"])).toBeNull();
  });
  it("reads the stored breakdown, numbers sent as strings included, with its deposit when there is one", () => {
    expect(readQuote(quote)).toEqual(quote);
    expect(readQuote({ ...quote, due_now: "555.50", deposit: 5000 })).toEqual({ ...quote, due_now: 555.5, deposit: 5000 });
    expect(readQuote({ ...quote, refund_due: "270" })).toEqual({ ...quote, refund_due: 270 });
  });
  it("has no breakdown when a figure is missing or not a number", () => {
    expect(readQuote(null)).toBeNull();
    expect(readQuote({ ...quote, total: "n/a" })).toBeNull();
    const noDays: Record<string, number> = { ...quote };
    delete noDays.days;
    expect(readQuote(noDays)).toBeNull();
  });
});
