import { describe, expect, it } from "vitest";
import { filterCustomers, phoneDigits, toCustomer, type CustomerRow } from "./customerView";

function row(p: Partial<CustomerRow>): CustomerRow {
  return {
    customer_key: "k",
    name: "Khadija Bennani",
    email: "k@example.com",
    phone: "+212 6 61 23 45 67",
    bookings: [{ id: "b1", reference: "CR-AB234", status: "confirmed", car: "Clio", start_date: "2027-01-02", end_date: "2027-01-04", total_price: 900, received: "450.50" }],
    total_paid: "450.50",
    last_booked_at: "2026-11-01T10:00:00Z",
    last_visit: null,
    ...p,
  };
}

describe("the Clients screen", () => {
  it("reads admin_customers' answer, amounts as numbers", () => {
    const c = toCustomer(row({}));
    expect(c.totalPaid).toBe(450.5);
    expect(c.bookings).toEqual([{ id: "b1", reference: "CR-AB234", status: "confirmed", car: "Clio", start_date: "2027-01-02", end_date: "2027-01-04", total_price: 900, received: 450.5 }]);
  });
  it("refuses an answer of another shape", () => {
    expect(() => toCustomer(row({ bookings: {} }))).toThrow();
    expect(() => toCustomer(row({ bookings: [{ reference: "CR-AB234" }] }))).toThrow();
  });
  it("compares phones as the database does", () => {
    for (const p of ["+212 6 61 23 45 67", "0661234567", "212661234567", "00212661234567", "06.61.23.45.67"]) expect(phoneDigits(p), p).toBe("661234567");
  });
  it("finds a customer by phone in any form, name without accents, e-mail or reference", () => {
    const list = [toCustomer(row({ customer_key: "a", name: "Hélène" })), toCustomer(row({ customer_key: "b", name: "Omar", email: "omar@x.ma", phone: "0700000000", bookings: [] }))];
    const keys = (q: string) => filterCustomers(list, q).map((c) => c.key);
    for (const q of ["0661234567", "+212 6 61 23 45 67", "212661234567", "helene", "k@example", "ab234"]) expect(keys(q), q).toEqual(["a"]);
    expect(keys("omar")).toEqual(["b"]);
    expect(keys("")).toEqual(["a", "b"]);
    expect(keys("999")).toEqual([]);
  });
});
