import { describe, expect, it } from "vitest";
import { bookingDays, bookingStats, csvField, filterBookings, normalizeBookingStatus, toCsv } from "./bookingView";
import type { AdminBooking } from "./types";

function booking(p: Partial<AdminBooking>): AdminBooking {
  return {
    id: "3f1c2b7a-0000-4000-8000-000000000000",
    car_id: 1,
    customer_name: "Amine",
    customer_email: "amine@example.com",
    customer_phone: "+212600000000",
    start_date: "2026-03-01",
    end_date: "2026-03-04",
    pickup_time: "10:00:00",
    return_time: "10:00:00",
    pickup_location: "Aéroport Mohammed V",
    return_location: "Aéroport Mohammed V",
    insurance_type: "basic",
    extras: {},
    payment_option: "full",
    days: 3,
    total_price: 900,
    payment_method: "whatsapp",
    payment_id: null,
    payment_status: "pending",
    status: "pending",
    notes: null,
    created_at: "2026-02-20T10:00:00Z",
    updated_at: "2026-02-20T10:00:00Z",
    cars: { name: "Clio 5", brand: "Renault", category: "Compact" },
    ...p,
  };
}

describe("bookings helpers", () => {
  it("days are the rounded-up absolute difference", () => {
    expect(bookingDays("2026-03-01", "2026-03-04")).toBe(3);
    expect(bookingDays("2026-03-04", "2026-03-01")).toBe(3);
    expect(bookingDays("2026-03-28", "2026-03-31")).toBe(3); // across the DST change
    expect(bookingDays(null, "2026-03-01")).toBe(0);
  });
  it("shows an unknown status as pending", () => {
    expect(normalizeBookingStatus("weird")).toBe("pending");
    expect(normalizeBookingStatus("in_progress")).toBe("in_progress");
  });
  it("searches name, email, id and car name, and filters by status", () => {
    const list = [
      booking({ id: "aaaa1111-x", customer_name: "Amine", status: "confirmed" }),
      booking({ id: "bbbb2222-x", customer_name: "Sara", customer_email: "sara@x.ma", cars: { name: "Tiguan", brand: "VW", category: "SUV" } }),
    ];
    expect(filterBookings(list, "sara@", "all").map((b) => b.id)).toEqual(["bbbb2222-x"]);
    expect(filterBookings(list, "AAAA11", "all").map((b) => b.id)).toEqual(["aaaa1111-x"]);
    expect(filterBookings(list, "tiguan", "all").map((b) => b.id)).toEqual(["bbbb2222-x"]);
    expect(filterBookings(list, "", "confirmed").map((b) => b.id)).toEqual(["aaaa1111-x"]);
    expect(filterBookings(list, "sara", "confirmed")).toEqual([]);
  });
  it("computes the four stats", () => {
    const s = bookingStats([
      booking({ status: "confirmed", total_price: 1000 }),
      booking({ status: "in_progress", total_price: 500 }),
      booking({ status: "cancelled", total_price: null }),
    ]);
    expect(s).toEqual({ total: 3, confirmed: 1, inProgress: 1, revenue: 1500 });
  });
});

describe("CSV export", () => {
  it("quotes separators, quotes and line breaks, and defuses formulas", () => {
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField('dit "oui"')).toBe('"dit ""oui"""');
    expect(csvField("l1\nl2")).toBe('"l1\nl2"');
    expect(csvField("=HYPERLINK()")).toBe("'=HYPERLINK()");
    expect(csvField(-5)).toBe("-5");
    expect(csvField(null)).toBe("");
  });
  it("writes a header and one line per row", () => {
    const csv = toCsv([booking({ customer_name: "Dupont; Jean" })], [
      { header: "Client", value: (b) => b.customer_name },
      { header: "Montant", value: (b) => b.total_price },
    ]);
    expect(csv).toBe('Client;Montant\r\n"Dupont; Jean";900\r\n');
  });
});
