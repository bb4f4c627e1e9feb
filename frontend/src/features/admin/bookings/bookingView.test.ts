import { describe, expect, it } from "vitest";
import { bookingDays, bookingStats, csvField, filterBookings, formatAgencyDateTime, holdState, normalizeBookingStatus, toCsv } from "./bookingView";
import { reservationErrorMessage } from "./reservationErrors";
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
    expect(normalizeBookingStatus("expired")).toBe("expired");
  });
  it("filters lapsed holds under their own status", () => {
    const list = [booking({ id: "a", status: "expired" }), booking({ id: "b", status: "pending" })];
    expect(filterBookings(list, "", "expired").map((b) => b.id)).toEqual(["a"]);
    expect(filterBookings(list, "", "pending").map((b) => b.id)).toEqual(["b"]);
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
  it("leaves expired holds out of the total, and cancelled and expired bookings out of the revenue", () => {
    const s = bookingStats([
      booking({ status: "pending", total_price: 300 }),
      booking({ status: "completed", total_price: 700 }),
      booking({ status: "cancelled", total_price: 1000 }),
      booking({ status: "expired", total_price: 5000 }),
    ]);
    expect(s).toEqual({ total: 3, confirmed: 0, inProgress: 0, revenue: 1000 });
  });
});

describe("holds", () => {
  const now = new Date("2026-01-12T12:00:00Z");
  it("a pending booking is held until hold_expires_at, then lapsing until the worker expires it", () => {
    expect(holdState({ status: "pending", hold_expires_at: "2026-01-13T13:30:00Z" }, now)).toEqual({ kind: "held", until: "2026-01-13T13:30:00Z" });
    expect(holdState({ status: "pending", hold_expires_at: "2026-01-12T11:59:00Z" }, now)).toEqual({ kind: "lapsing", since: "2026-01-12T11:59:00Z" });
    expect(holdState({ status: "pending", hold_expires_at: null }, now)).toEqual({ kind: "none" });
  });
  it("a confirmed booking has no hold to lapse; an expired one tells when it lapsed", () => {
    expect(holdState({ status: "confirmed", hold_expires_at: null }, now)).toEqual({ kind: "none" });
    expect(holdState({ status: "confirmed", hold_expires_at: "2026-01-13T13:30:00Z" }, now)).toEqual({ kind: "none" });
    expect(holdState({ status: "expired", hold_expires_at: "2026-01-11T09:00:00Z" }, now)).toEqual({ kind: "expired", at: "2026-01-11T09:00:00Z" });
    expect(holdState({ status: "expired" }, now)).toEqual({ kind: "expired", at: null });
  });
  it("shows times in Casablanca's wall clock, whatever the browser's zone", () => {
    // January: Morocco is UTC+1.
    expect(formatAgencyDateTime("2026-01-13T13:30:00Z")).toBe("13/01 à 14:30");
    expect(formatAgencyDateTime("2026-01-13T23:10:00Z")).toBe("14/01 à 00:10");
    expect(formatAgencyDateTime("nonsense")).toBe("");
  });
});

describe("reservation refusals", () => {
  it("tells each database code in French, with the next free date", () => {
    expect(reservationErrorMessage({ code: "BK001", details: '{"next_free": "2026-12-14T16:00:00"}' })).toBe(
      "Ce véhicule est déjà réservé sur ces dates (prochaine disponibilité : lun. 14 déc. 16:00)",
    );
    expect(reservationErrorMessage({ code: "BK001", details: '{"next_free": null}' })).toBe("Ce véhicule est déjà réservé sur ces dates");
    expect(reservationErrorMessage({ code: "BK002", details: "{}" })).toMatch(/^Ce véhicule est marqué indisponible/);
    expect(reservationErrorMessage({ code: "BK003", details: '{"until": "2026-12-20", "next_free": "2026-12-20T10:00:00"}' })).toBe(
      "Ce véhicule n'est pas disponible avant le 20/12/2026 (prochaine disponibilité : dim. 20 déc. 10:00)",
    );
    expect(reservationErrorMessage({ code: "BK004", details: "not json" })).toBe("Ce véhicule est en maintenance sur ces dates");
  });
  it("leaves any other error to the screen's generic message", () => {
    expect(reservationErrorMessage({ code: "42501", details: null })).toBeNull();
    expect(reservationErrorMessage(new Error("network"))).toBeNull();
    expect(reservationErrorMessage(null)).toBeNull();
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
