import { createInstance, type TFunction } from "i18next";
import { beforeAll, describe, expect, it } from "vitest";
import ar from "../../../locales/ar.json";
import en from "../../../locales/en.json";
import fr from "../../../locales/fr.json";
import { formattersFor } from "../../lib/localeFormat";
import { retryBody, wayForwardError } from "./retry";
import { breakdownLines, orderedExtras, requestOfReceipt, whatsappBookingText, type Receipt } from "./receipt";

const ts: Record<string, TFunction> = {};
beforeAll(async () => {
  for (const [lang, res] of Object.entries({ fr, en, ar })) {
    const i = createInstance();
    await i.init({ lng: lang, resources: { [lang]: { translation: res } }, interpolation: { escapeValue: false } });
    ts[lang] = i.t;
  }
});

const LRI = "\u2066";
const PDI = "\u2069";
const plain = (s: string) => s.replaceAll(LRI, "").replaceAll(PDI, "");

const receipt: Receipt = {
  id: "0b0e8f2e-8d8f-4a4e-9a51-6a0f7c1d2e3f",
  reference: "CR-7K3Q9",
  status: "pending",
  payment_status: "none",
  payment_method: "whatsapp",
  car: { name: "Logan", brand: "Dacia", category: "economy" },
  start_date: "2026-12-14",
  end_date: "2026-12-17",
  pickup_time: "09:30:00",
  return_time: "18:00:00",
  pickup_location: "Aéroport Mohammed V",
  return_location: "Gare Casa-Port",
  insurance_type: "premium",
  extras: { gps: true, wifi: false, childSeat: true },
  payment_option: "half",
  hold_expires_at: "2026-12-01T09:00:00+00:00",
  language: "en",
  customer_name: "Wanda Whatsapp",
  customer_email: "wanda@example.com",
  customer_phone: "+212 600 000 000",
  quote: {
    days: 3,
    daily_price: 300,
    base: 900,
    insurance: 150,
    extras: 115,
    subtotal: 1165,
    discount_rate: 0.05,
    discount: 58.25,
    total: 1106.75,
    due_now_percent: 50,
    due_now: 553.38,
    due_at_pickup: 553.37,
    deposit: 5000,
  },
};

/** The extras' order as public.booking_options answers it (a fixture: the list lives in the database). */
const PRICE_LIST_ORDER = ["gps", "wifi", "childSeat", "additionalDriver"];

describe("the WhatsApp text of a booking", () => {
  it("carries the reference, each thing ordered and every figure of the stored breakdown (en)", () => {
    const text = plain(whatsappBookingText(ts.en!, formattersFor("en"), receipt, PRICE_LIST_ORDER));
    const lines = text.split("\n");
    expect(lines[0]).toBe("Hello, I would like to confirm my booking:");
    for (const expected of [
      "Reference: CR-7K3Q9",
      "Vehicle: Dacia Logan",
      "Pickup: 14 December 2026 09:30, Mohammed V Airport",
      "Return: 17 December 2026 18:00, Casa-Port station",
      "Duration: 3 days",
      "Insurance: Premium",
      "Extras: GPS, Child seat",
      "Payment: Half now",
      "Rental (3 days): 900 DH",
      "Premium insurance: 150 DH",
      "Extras: 115 DH",
      "5% discount: −58.25 DH",
      "Total: 1,106.75 DH",
      // A WhatsApp request pays nothing online: all of it at the agency.
      "To pay at the agency: 1,106.75 DH",
      "Deposit: 5,000 DH",
      "Dates held: until 1 December 2026 at 10:00 (Casablanca time), while the agency confirms",
      "Full name: Wanda Whatsapp",
      "Email: wanda@example.com",
      "Phone: +212 600 000 000",
    ])
      expect(lines, expected).toContain(expected);
    expect(text).not.toContain("Wi-Fi"); // not ordered
    expect(text).not.toContain("Due now");
  });

  it("gives the flight, the hotel and the key facts the database quoted", () => {
    const arrival = { flight_number: "AT200", hotel_name: "Hyatt Regency", hotel_address: "Place des Nations Unies" };
    const withFacts: Receipt = {
      ...receipt,
      ...arrival,
      quote: {
        ...receipt.quote!,
        excess: 2000,
        free_cancellation_until: "2026-12-13T09:30:00",
        late_cancellation_fee: 300,
        mileage_km_per_day: null,
        fuel_policy: "same_to_same",
        min_driver_age: 21,
        min_licence_years: 2,
      },
    };
    const lines = plain(whatsappBookingText(ts.en!, formattersFor("en"), withFacts, PRICE_LIST_ORDER)).split("\n");
    for (const expected of [
      "Flight number: AT200",
      "Hotel: Hyatt Regency, Place des Nations Unies",
      "Excess (Premium insurance): 2,000 DH",
      "Cancellation: Free cancellation until 13 December 2026 at 09:30. After that, cancelling costs 300 DH.",
      "Mileage: Unlimited",
      "Fuel: Return it with the same fuel level",
      "Driver: At least 21 years old, licence held for 2 years or more",
    ])
      expect(lines, expected).toContain(expected);
    expect(lines.filter((l) => l.startsWith("Deposit:")), "the deposit once").toHaveLength(1);
    // A quote stored before it carried the key facts, and no flight or hotel: no empty line for them.
    const bare = plain(whatsappBookingText(ts.en!, formattersFor("en"), receipt, PRICE_LIST_ORDER));
    for (const absent of ["Flight", "Hotel:", "Excess", "Mileage", "Fuel", "Driver"]) expect(bare, absent).not.toContain(absent);
  });

  it("says until when the dates are held in each language, on Casablanca's clock, only while the request waits", () => {
    expect(plain(whatsappBookingText(ts.fr!, formattersFor("fr"), receipt, PRICE_LIST_ORDER))).toContain("Dates réservées : jusqu’au 1 décembre 2026 à 10:00 (heure de Casablanca)");
    expect(plain(whatsappBookingText(ts.ar!, formattersFor("ar"), receipt, PRICE_LIST_ORDER))).toContain(`${ar.order.heldUntilLabel}: حتى `);
    const confirmed = plain(whatsappBookingText(ts.en!, formattersFor("en"), { ...receipt, status: "confirmed" }, PRICE_LIST_ORDER));
    expect(confirmed).not.toContain("Dates held");
  });

  it("speaks French and Arabic with the site's names for the extras", () => {
    const frText = plain(whatsappBookingText(ts.fr!, formattersFor("fr"), receipt, PRICE_LIST_ORDER));
    expect(frText).toContain("Référence : CR-7K3Q9");
    expect(frText).toContain(`Options : GPS, ${fr.booking.extras.childSeat}`);
    expect(frText).toContain(`Caution : 5.000 DH`); // fr-MA groups with a dot
    const arText = plain(whatsappBookingText(ts.ar!, formattersFor("ar"), receipt, PRICE_LIST_ORDER));
    expect(arText.split("\n")[0]).toBe(ar.whatsapp.intro);
    expect(arText).toContain(`${ar.order.reference}: CR-7K3Q9`);
    expect(arText).toContain(`${ar.booking.extrasTitle}: ${ar.booking.extras.gps}، ${ar.booking.extras.childSeat}`);
    expect(arText).toContain(`${ar.order.deposit}: 5.000 DH`);
  });

  it("carries no invisible mark in French or English; in Arabic isolates only what reads left to right", () => {
    for (const lang of ["fr", "en"] as const) {
      const text = whatsappBookingText(ts[lang]!, formattersFor(lang), receipt, PRICE_LIST_ORDER);
      expect(text, lang).not.toMatch(/[\u2066-\u2069\u200e\u200f\u202a-\u202e]/);
    }
    const arText = whatsappBookingText(ts.ar!, formattersFor("ar"), receipt, PRICE_LIST_ORDER);
    expect(arText).toContain(`${ar.booking.phone}: ${LRI}+212 600 000 000${PDI}`);
    expect(arText).toContain(`${ar.order.deposit}: ${LRI}5.000 DH${PDI}`);
    // The discount's sign inside the isolation: outside, right to left, it would trail the figure.
    expect(arText).toMatch(new RegExp(`: ${LRI}−58,25 DH${PDI}$`, "m"));
    // Every mark opened is closed on its line, and only around Latin letters or digits.
    for (const line of arText.split("\n")) {
      expect(line.split(LRI).length, line).toBe(line.split(PDI).length);
      for (const m of line.matchAll(/\u2066([^\u2069]*)\u2069/g)) expect(m[1], line).toMatch(/^[-−+\dA-Z .,:%\u200e]+$/); // (ar-MA writes "5‎%‎" with its own LRMs)
    }
  });

  it("without a stored breakdown or reference says the agency confirms the price, and lists no extra as 'none'", () => {
    const text = plain(whatsappBookingText(ts.en!, formattersFor("en"), { ...receipt, reference: null, quote: null, extras: {} } as unknown as Receipt, PRICE_LIST_ORDER));
    expect(text).not.toContain("Reference");
    expect(text).toContain("Extras: None");
    expect(text).toContain(en.bookingPrice.failed);
    expect(text).not.toContain("Total");
  });
});

describe("the price lines", () => {
  it("say 'paid online' after a PayPal payment and leave out a zero discount", () => {
    const q = { ...receipt.quote!, discount: 0, discount_rate: 0 };
    const lines = breakdownLines(ts.en!, formattersFor("en"), { ...receipt, quote: q }, true);
    expect(lines.map((l) => l.key)).toEqual(["base", "insurance", "extras", "total", "dueNow", "dueAtPickup", "deposit"]);
    expect(lines.find((l) => l.key === "dueNow")?.label).toBe("Paid online");
  });

  it("say what the agency gives back when a paid booking was re-priced below what was paid", () => {
    // As the database states it: due now is what was paid, nothing left at pickup.
    const q = { ...receipt.quote!, total: 600, due_now: 870, due_at_pickup: 0, refund_due: 270 };
    const lines = breakdownLines(ts.en!, formattersFor("en"), { ...receipt, payment_method: "paypal", quote: q }, true);
    expect(lines.map((l) => l.key)).toEqual(["base", "insurance", "extras", "discount", "total", "dueNow", "dueAtPickup", "refundDue", "deposit"]);
    expect(lines.find((l) => l.key === "refundDue")).toEqual({ key: "refundDue", label: "To be refunded by the agency", amount: 270 });
    // Not before a payment: an attempt's quote carries none.
    expect(breakdownLines(ts.en!, formattersFor("en"), { ...receipt, payment_method: "paypal", quote: q }).some((l) => l.key === "refundDue")).toBe(false);
  });

  it("show a PayPal attempt what is due now, and a WhatsApp request no 'due now' at all", () => {
    const online = breakdownLines(ts.en!, formattersFor("en"), { ...receipt, payment_method: "paypal" });
    expect(online.map((l) => l.key)).toEqual(["base", "insurance", "extras", "discount", "total", "dueNow", "dueAtPickup", "deposit"]);
    const whatsapp = breakdownLines(ts.en!, formattersFor("en"), receipt);
    expect(whatsapp.map((l) => l.key)).toEqual(["base", "insurance", "extras", "discount", "total", "dueAtPickup", "deposit"]);
    expect(whatsapp.find((l) => l.key === "dueAtPickup")).toEqual({ key: "dueAtPickup", label: "To pay at the agency", amount: 1106.75 });
  });

  it("show a cancelled or expired booking nothing left to pay, and a booking quoted at the agency's price no 'due now'", () => {
    for (const status of ["cancelled", "expired"]) {
      const lines = breakdownLines(ts.fr!, formattersFor("fr"), { ...receipt, payment_method: "paypal", status });
      expect(lines.map((l) => l.key), status).toEqual(["base", "insurance", "extras", "discount", "total"]);
    }
    // Recorded by the agency (no method): the quote's channel says it is paid there.
    const q = { ...receipt.quote!, channel: "agency" as const, discount: 0, discount_rate: 0, due_now: 0, due_now_percent: 0 };
    const agency = breakdownLines(ts.en!, formattersFor("en"), { ...receipt, payment_method: null, quote: q });
    expect(agency.map((l) => l.key)).toEqual(["base", "insurance", "extras", "total", "dueAtPickup", "deposit"]);
  });

  it("orders the extras as the wizard does", () => {
    expect(orderedExtras({ childSeat: true, gps: true, wifi: false }, PRICE_LIST_ORDER)).toEqual(["gps", "childSeat"]);
    expect(orderedExtras(null, PRICE_LIST_ORDER)).toEqual([]);
  });
});

describe("trying PayPal again", () => {
  it("sends the kept request when it is this booking's", () => {
    const kept = { carId: 4, bookingId: receipt.id, customerEmail: "x@example.com" };
    expect(retryBody(kept, receipt, null, "guest")).toBe(kept);
  });

  it("rebuilds the same details from the receipt when the browser lost them", () => {
    const body = retryBody({ bookingId: "another" }, receipt, 4, "guest");
    expect(body).toMatchObject({
      bookingId: receipt.id,
      carId: 4,
      pickupDate: "2026-12-14",
      returnDate: "2026-12-17",
      pickupTime: "09:30",
      returnTime: "18:00",
      pickupLocation: "Aéroport Mohammed V",
      returnLocation: "Gare Casa-Port",
      customerEmail: "wanda@example.com",
      insurance: "premium",
      paymentOption: "half",
      language: "en",
      userId: "guest",
    });
    expect(body.extras).toEqual({ ...requestOfReceipt(receipt, "g").extras, gps: true, childSeat: true, wifi: false });
  });

  it("narrows the receipt's text columns to the site's choices, the defaults otherwise", () => {
    const odd = requestOfReceipt({ ...receipt, insurance_type: "gold", payment_option: "later", language: "de", extras: { gps: true, sunroof: true } }, "g");
    expect([odd.insurance_type, odd.payment_option, odd.language]).toEqual(["basic", "full", "fr"]);
    // The extras as stored: the database's list decides which exist.
    expect(odd.extras).toEqual({ gps: true, sunroof: true });
    const none = requestOfReceipt({ ...receipt, insurance_type: null, payment_option: null, extras: null }, "g");
    expect([none.insurance_type, none.payment_option, none.language]).toEqual(["basic", "full", "en"]);
  });
});

describe("the way-forward page's errors", () => {
  const fmt = formattersFor("en");
  it("gives the next free moment of dates taken since the hold lapsed", () => {
    expect(wayForwardError(ts.en!, fmt, { message: "x", code: "booking_expired", details: { next_free: "2026-12-20T10:00:00" } })).toBe(
      "The dates of this booking were taken after its hold lapsed. The car is free again from 20 December 2026 at 10:00.",
    );
    expect(wayForwardError(ts.en!, fmt, { message: "x", code: "booking_expired", details: { next_free: null } })).toBe(en.wayForward.expired);
  });

  it("names already paid, cancelled and unknown bookings, and falls back to the server's message", () => {
    expect(wayForwardError(ts.fr!, formattersFor("fr"), { message: "x", code: "already_paid" })).toBe(fr.paymentErrors.already_paid);
    expect(wayForwardError(ts.en!, fmt, { message: "x", code: "booking_cancelled" })).toBe(en.paymentErrors.booking_cancelled);
    expect(wayForwardError(ts.ar!, formattersFor("ar"), { message: "x", code: "booking_not_found" })).toBe(ar.wayForward.notFound);
    expect(wayForwardError(ts.en!, fmt, { message: "boom" })).toBe("This could not be done: boom");
  });
});
