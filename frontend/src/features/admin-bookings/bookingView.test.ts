import { describe, expect, it } from "vitest";
import { type AdminBooking, bookingDays, bookingLabel, bookingStats, countFailedAttempts, csvField, filterBookings, formatAgencyDateTime, holdState, insuranceName, matchesReference, normalizeBookingStatus, orderedExtras, paymentOptionName, reservationErrorMessage, toCsv } from "../admin-booking-core";
import { bookingsCsv, csvAmount } from "./csvExport";

function booking(p: Partial<AdminBooking>): AdminBooking {
  return {
    id: "3f1c2b7a-0000-4000-8000-000000000000",
    reference: "CR-7K3Q9",
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
    payment_status: "none",
    status: "pending",
    notes: null,
    created_at: "2026-02-20T10:00:00Z",
    updated_at: "2026-02-20T10:00:00Z",
    cars: { name: "Clio 5", brand: "Renault", category: "Compact" },
    ...p,
  };
}

/** The extras' order as public.booking_options answers it (a fixture: the list lives in the database). */
const PRICE_LIST_ORDER = ["gps", "wifi", "childSeat", "additionalDriver"];

describe("bookings helpers", () => {
  it("days are the database's count, never the calendar's", () => {
    // 09:00 on the 1st to 18:00 on the 4th: 3 calendar days, 4 started 24-hour periods (stored).
    const b = { start_date: "2026-03-01", end_date: "2026-03-04", pickup_time: "09:00", return_time: "18:00" };
    expect(bookingDays({ ...b, quote: { days: 4 }, days: 4 })).toBe(4);
    expect(bookingDays({ ...b, quote: { days: "4" }, days: null })).toBe(4);
    expect(bookingDays({ ...b, quote: null, days: 4 })).toBe(4);
    expect(bookingDays({ ...b, quote: null, days: null })).toBeNull();
  });
  it("shows an unknown status as pending", () => {
    expect(normalizeBookingStatus("weird")).toBe("pending");
    expect(normalizeBookingStatus("in_progress")).toBe("in_progress");
    expect(normalizeBookingStatus("expired")).toBe("expired");
  });
  it("filters lapsed holds under their own status", () => {
    const list = [booking({ id: "a", status: "expired" }), booking({ id: "b", status: "pending" })];
    expect(filterBookings(list, { status: "expired" }).map((b) => b.id)).toEqual(["a"]);
    expect(filterBookings(list, { status: "pending" }).map((b) => b.id)).toEqual(["b"]);
  });
  it("searches name, email, id, reference and car name, and filters by status", () => {
    const list = [
      booking({ id: "aaaa1111-x", reference: "CR-AB234", customer_name: "Amine", status: "confirmed" }),
      booking({ id: "bbbb2222-x", reference: "CR-XY789", customer_name: "Sara", customer_email: "sara@x.ma", cars: { name: "Tiguan", brand: "VW", category: "SUV" } }),
    ];
    const ids = (q: string, status: "all" | "confirmed" = "all") => filterBookings(list, { query: q, status }).map((b) => b.id);
    expect(ids("sara@")).toEqual(["bbbb2222-x"]);
    expect(ids("AAAA11")).toEqual(["aaaa1111-x"]);
    expect(ids("tiguan")).toEqual(["bbbb2222-x"]);
    expect(ids("", "confirmed")).toEqual(["aaaa1111-x"]);
    expect(ids("sara", "confirmed")).toEqual([]);
    // The reference, whatever the case, with or without the dash or the prefix.
    for (const q of ["CR-XY789", "cr-xy789", "crxy789", "XY789", "xy7", " cr xy789 "]) expect(ids(q), q).toEqual(["bbbb2222-x"]);
    expect(ids("CR-XY780")).toEqual([]);
  });
  it("shows the bookings the database's search found (a phone in any form) along with its own matches", () => {
    const list = [
      booking({ id: "phone", customer_name: "Khadija", customer_phone: "+212 6 61 23 45 67" }),
      booking({ id: "other", customer_name: "Omar" }),
    ];
    expect(filterBookings(list, { query: "0661234567" }).map((b) => b.id)).toEqual([]);
    expect(filterBookings(list, { query: "0661234567" }, new Set(["phone"])).map((b) => b.id)).toEqual(["phone"]);
    expect(filterBookings(list, { query: "omar" }, new Set(["phone"])).map((b) => b.id)).toEqual(["phone", "other"]);
    // The status filter still applies to what the database found.
    expect(filterBookings(list, { query: "0661234567", status: "confirmed" }, new Set(["phone"]))).toEqual([]);
  });
  it("matches a reference only from 3 letters or digits on, without its punctuation", () => {
    expect(matchesReference("CR-7K3Q9", "7k3q9")).toBe(true);
    expect(matchesReference("CR-7K3Q9", "CR7K3")).toBe(true);
    expect(matchesReference("CR-7K3Q9", "k3q")).toBe(true);
    expect(matchesReference("CR-7K3Q9", "7k")).toBe(false);
    expect(matchesReference("CR-7K3Q9", "7k3q8")).toBe(false);
    expect(matchesReference(null, "7k3q9")).toBe(false);
  });
  it("names a booking by its reference, else by the start of its id", () => {
    expect(bookingLabel(booking({}))).toBe("CR-7K3Q9");
    expect(bookingLabel(booking({ reference: null }))).toBe("#3f1c2b7a");
  });
  it("hides failed and abandoned payment attempts by default; the checkbox or the payment filter shows them", () => {
    const list = [
      booking({ id: "declined", payment_method: "paypal", payment_status: "failed", status: "pending" }),
      booking({ id: "lapsed", payment_method: "paypal", payment_status: "abandoned", status: "expired" }),
      booking({ id: "gave-up", payment_method: "paypal", payment_status: "abandoned", status: "cancelled" }),
      // Confirmed by the agency after a declined card: a booking, shown.
      booking({ id: "rescued", payment_method: "paypal", payment_status: "failed", status: "confirmed" }),
      booking({ id: "paid", payment_method: "paypal", payment_status: "paid", status: "confirmed" }),
      booking({ id: "whatsapp", payment_status: "none", status: "pending" }),
    ];
    const ids = (f: Parameters<typeof filterBookings>[1]) => filterBookings(list, f).map((b) => b.id);
    expect(ids({})).toEqual(["rescued", "paid", "whatsapp"]);
    expect(ids({ showAttempts: true })).toEqual(["declined", "lapsed", "gave-up", "rescued", "paid", "whatsapp"]);
    expect(ids({ payment: "failed" })).toEqual(["declined", "rescued"]);
    expect(ids({ payment: "abandoned" })).toEqual(["lapsed", "gave-up"]);
    expect(ids({ payment: "paid" })).toEqual(["paid"]);
    expect(ids({ status: "expired" })).toEqual([]);
    expect(ids({ status: "expired", showAttempts: true })).toEqual(["lapsed"]);
    expect(countFailedAttempts(list)).toBe(3);
  });
  it("counts bookings: neither lapsed holds nor failed attempts", () => {
    const s = bookingStats([
      booking({ status: "confirmed" }),
      booking({ status: "in_progress" }),
      booking({ status: "cancelled" }),
      booking({ status: "expired" }),
      booking({ status: "pending", payment_status: "failed" }),
      booking({ status: "pending", payment_status: "none" }),
    ]);
    expect(s).toEqual({ total: 4, confirmed: 1, inProgress: 1 });
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
  it("tells a move the state machine refuses, with the moves it allows", () => {
    expect(reservationErrorMessage({ code: "BK007", details: '{"from": "completed", "to": "cancelled", "allowed": ["in_progress"]}' })).toBe(
      "Une réservation « Terminée » ne peut pas passer à « Annulée » (possible : En cours)",
    );
    expect(reservationErrorMessage({ code: "BK008", details: '{"status": "cancelled"}' })).toMatch(/ne peut plus être modifiée/);
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
  it("writes amounts with a decimal comma and no thousands separator", () => {
    expect(csvAmount(1234)).toBe("1234");
    expect(csvAmount(1234.5)).toBe("1234,5");
    expect(csvAmount("562.50")).toBe("562,5");
    expect(csvAmount(null)).toBe("");
    expect(csvAmount("x")).toBe("");
  });
  it("exports what was ordered, the breakdown, what is due and the payment state", () => {
    const b = booking({
      insurance_type: "premium",
      extras: { gps: true, childSeat: true, wifi: false },
      payment_option: "half",
      pickup_time: "09:30:00",
      return_time: "18:00:00",
      total_price: 1354,
      payment_status: "counter",
      quote: {
        days: 3, daily_price: 300, base: 900, insurance: 225, extras: 300, subtotal: 1425, discount_rate: 0.05, discount: 71,
        total: 1354, due_now_percent: 50, due_now: 677, due_at_pickup: 677, deposit: 4000,
      },
    });
    const [header, line] = bookingsCsv([b], PRICE_LIST_ORDER).trimEnd().split("\r\n");
    const cells = Object.fromEntries((header ?? "").split(";").map((h, i) => [h, (line ?? "").split(";")[i]]));
    expect(cells).toMatchObject({
      Référence: "CR-7K3Q9",
      "Heure de prise en charge": "09:30",
      "Heure de restitution": "18:00",
      Jours: "3",
      Assurance: "Premium",
      GPS: "Oui",
      "Siège enfant": "Oui",
      "Wi-Fi portable": "Non",
      "Conducteur supplémentaire": "Non",
      "Location (DH)": "900",
      "Assurance (DH)": "225",
      "Options (DH)": "300",
      "Remise (DH)": "71",
      "Montant (DH)": "1354",
      Formule: "Moitié maintenant",
      "À payer à la réservation (DH)": "677",
      "À payer à la prise en charge (DH)": "677",
      "Caution (DH)": "4000",
      "État du paiement": "Payé au comptoir",
      Statut: "En attente",
    });
  });
  it("gives an extra the site does not know a column of its own", () => {
    const header = bookingsCsv([booking({ extras: { snowChains: true } })], PRICE_LIST_ORDER).split("\r\n")[0] ?? "";
    expect(header.split(";")).toContain("snowChains");
    expect(header.split(";").filter((h) => h === "GPS")).toHaveLength(1);
  });
});

describe("ordered options", () => {
  it("follows the price list's order, whatever it is", () => {
    expect(orderedExtras({ childSeat: true, gps: true }, ["childSeat", "gps"]).map((e) => e.key)).toEqual(["childSeat", "gps"]);
  });
  it("names the insurance, the extras in the wizard's order and the payment option", () => {
    expect(insuranceName("premium")).toBe("Premium");
    expect(insuranceName(null)).toBe("Basique");
    expect(orderedExtras({ childSeat: true, gps: true, wifi: false, zzz: true }, PRICE_LIST_ORDER).map((e) => e.label)).toEqual(["GPS", "Siège enfant", "zzz"]);
    expect(orderedExtras(null, PRICE_LIST_ORDER)).toEqual([]);
    expect(paymentOptionName("reserve")).toBe("Réservation simple");
  });
});
