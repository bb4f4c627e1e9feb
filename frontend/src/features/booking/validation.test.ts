import { describe, expect, it } from "vitest";
import { initialForm } from "./bookingForm";
import { toBookingRequest, type BookingForm } from "./types";
import { canGoNext, validateStep } from "./validation";

// The wizard's form before anything is typed (no searched trip).
const empty = initialForm(null);

describe("wizard gating (SPEC section 4)", () => {
  it("step 1 needs both dates", () => {
    expect(canGoNext(1, empty)).toBe(false);
    expect(canGoNext(1, { ...empty, pickupDate: "2030-01-01" })).toBe(false);
    expect(canGoNext(1, { ...empty, pickupDate: "2030-01-01", returnDate: "2030-01-03" })).toBe(true);
  });
  it("step 2 needs name, email and phone", () => {
    expect(canGoNext(2, { ...empty, customerName: "A", customerEmail: "a@b.co" })).toBe(false);
    expect(canGoNext(2, { ...empty, customerName: "A", customerEmail: "a@b.co", customerPhone: "0600" })).toBe(true);
  });
  it("step 3 can always go on; step 4 is the last", () => {
    expect(canGoNext(3, empty)).toBe(true);
    expect(canGoNext(4, empty)).toBe(false);
  });
});

describe("step 4's boxes", () => {
  const filled: BookingForm = {
    ...empty,
    pickupDate: "2030-01-12",
    returnDate: "2030-01-14",
    customerName: "A",
    customerEmail: "a@b.co",
    customerPhone: "+212600000000",
  };
  it("refuses the submit until the terms are accepted and the driver confirmed", () => {
    expect(validateStep(4, filled, "2030-01-10")).toEqual({ termsAccepted: "acceptTerms", driverConfirmed: "confirmDriver" });
    expect(validateStep(4, { ...filled, termsAccepted: "2026-11-01" }, "2030-01-10")).toEqual({ driverConfirmed: "confirmDriver" });
    expect(validateStep(4, { ...filled, termsAccepted: "2026-11-01", driverConfirmed: true }, "2030-01-10")).toEqual({});
  });
  it("are not asked at the earlier steps", () => {
    expect(validateStep(2, filled, "2030-01-10")).toEqual({});
  });
});

describe("field rules (SPEC section 5)", () => {
  const today = "2030-01-10";
  it("pickup cannot be before today; return not before pickup", () => {
    expect(validateStep(1, { ...empty, pickupDate: "2030-01-09", returnDate: "2030-01-12" }, today).pickupDate).toBe("pastDate");
    expect(validateStep(1, { ...empty, pickupDate: "2030-01-12", returnDate: "2030-01-11" }, today).returnDate).toBe("beforePickup");
    expect(validateStep(1, { ...empty, pickupDate: "2030-01-10", returnDate: "2030-01-11" }, today)).toEqual({});
  });
  it("the return comes after the pickup, time included (the database refuses otherwise)", () => {
    const sameDay = { ...empty, pickupDate: "2030-01-10", returnDate: "2030-01-10" };
    expect(validateStep(1, sameDay, today)).toEqual({ returnTime: "beforePickup" });
    expect(validateStep(1, { ...sameDay, returnTime: "09:00" }, today)).toEqual({ returnTime: "beforePickup" });
    expect(validateStep(1, { ...sameDay, returnTime: "18:00" }, today)).toEqual({});
  });
  it("email must look like an address", () => {
    const e = validateStep(2, { ...empty, customerName: "A", customerEmail: "nope", customerPhone: "0612345678" }, today);
    expect(e).toEqual({ customerEmail: "email" });
  });
  it("a phone must be a real number of its country (Moroccan when written without a code)", () => {
    const driver = { ...empty, customerName: "A", customerEmail: "a@b.co" };
    for (const phone of ["12", "0600", "+212 12", "+33 1"]) expect(validateStep(2, { ...driver, customerPhone: phone }, today), phone).toEqual({ customerPhone: "phone" });
    for (const phone of ["06 12 34 56 78", "+212 6 12 34 56 78", "+33 6 12 34 56 78", "0522-00-00-00"]) expect(validateStep(2, { ...driver, customerPhone: phone }, today), phone).toEqual({});
  });
  it("is sent in E.164", () => {
    expect(toBookingRequest({ ...empty, customerPhone: "06 12 34 56 78" }, 1, "fr", "u").customer_phone).toBe("+212612345678");
    expect(toBookingRequest({ ...empty, customerPhone: "0033 6 12 34 56 78" }, 1, "fr", "u").customer_phone).toBe("+33612345678");
  });
  it("a hotel delivery or collection needs the hotel's name and address", () => {
    const driver = { ...empty, customerName: "A", customerEmail: "a@b.co", customerPhone: "0612345678" };
    expect(validateStep(2, { ...driver, pickupLocation: "Hôtel (livraison)" }, today)).toEqual({ hotelName: "required", hotelAddress: "required" });
    expect(validateStep(2, { ...driver, returnLocation: "Hôtel (collecte)", hotelName: "Hyatt" }, today)).toEqual({ hotelAddress: "required" });
    const hotel = { ...driver, pickupLocation: "Hôtel (livraison)", hotelName: " Hyatt ", hotelAddress: "Place des Nations Unies", flightNumber: "AT200" };
    expect(validateStep(2, hotel, today)).toEqual({});
    expect(toBookingRequest(hotel, 1, "fr", "u")).toMatchObject({ hotel_name: "Hyatt", hotel_address: "Place des Nations Unies", flight_number: null });
  });
  it("a flight number, optional at the airport, has a flight number's shape", () => {
    const driver = { ...empty, customerName: "A", customerEmail: "a@b.co", customerPhone: "0612345678" };
    expect(validateStep(2, { ...driver, flightNumber: "hello" }, today)).toEqual({ flightNumber: "flight" });
    expect(validateStep(2, { ...driver, flightNumber: "at 200" }, today)).toEqual({});
    expect(toBookingRequest({ ...driver, flightNumber: "at 200" }, 1, "fr", "u")).toMatchObject({ flight_number: "AT200", hotel_name: null });
  });
});
