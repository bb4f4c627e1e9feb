import { describe, expect, it } from "vitest";
import { priceList, type BookingOptionRow, type PaymentOptionRow } from "./price";

// Rows as public.booking_options and public.payment_options answer them
// (numeric columns may arrive as text).
const options: BookingOptionRow[] = [
  { key: "platinum", kind: "insurance", price: 120, per_day: true, position: 3 },
  { key: "basic", kind: "insurance", price: 0, per_day: true, position: 1 },
  { key: "premium", kind: "insurance", price: "75", per_day: true, position: 2 },
  { key: "roadAssistance", kind: "extra", price: 350, per_day: false, position: 20 },
  { key: "gps", kind: "extra", price: 50, per_day: true, position: 10 },
  { key: "teleporter", kind: "extra", price: 9999, per_day: true, position: 5 },
];
const payments: PaymentOptionRow[] = [
  { key: "reserve", discount_percent: 0, due_now_percent: 20, position: 3 },
  { key: "full", discount_percent: "10.00", due_now_percent: 100, position: 1 },
];

describe("priceList: the wizard's choices from the database's price list", () => {
  it("keeps the database's order and prices, insurance apart from extras", () => {
    const list = priceList(options, payments);
    expect(list.insurances).toEqual([
      { key: "basic", price: 0, perDay: true },
      { key: "premium", price: 75, perDay: true },
      { key: "platinum", price: 120, perDay: true },
    ]);
    expect(list.extras).toEqual([
      { key: "teleporter", price: 9999, perDay: true },
      { key: "gps", price: 50, perDay: true },
      { key: "roadAssistance", price: 350, perDay: false },
    ]);
    expect(list.payments).toEqual([
      { key: "full", discountPercent: 10, dueNowPercent: 100 },
      { key: "reserve", discountPercent: 0, dueNowPercent: 20 },
    ]);
  });

  it("offers the database's list of extras, not one of its own (the wizard leaves out a key it has no words for)", () => {
    expect(priceList(options, payments).extras.map((x) => x.key)).toEqual(["teleporter", "gps", "roadAssistance"]);
    expect(priceList(null, payments).extras).toEqual([]);
  });

  it("without the list, offers every choice with no price rather than a guessed one", () => {
    const list = priceList(null, null);
    expect(list.insurances.map((x) => x.key)).toEqual(["basic", "premium", "platinum"]);
    expect(list.extras.every((x) => x.price === null)).toBe(true);
    expect(list.payments.map((x) => [x.key, x.discountPercent])).toEqual([
      ["full", null],
      ["half", null],
      ["reserve", null],
    ]);
  });
});
