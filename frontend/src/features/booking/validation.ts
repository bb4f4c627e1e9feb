import { isEmail } from "../../lib/email";
import { todayISO } from "../../lib/format";
import { returnsAfterPickup } from "../search";
import { isAirportPlace, isFlightNumber, isHotelPlace, normalFlightNumber } from "./details";
import { phoneE164 } from "../../lib/phone";
import type { BookingForm } from "./types";

// SPEC sections 4 and 5: step gating and field rules of the booking wizard.

export const STEP_COUNT = 4;


/** Next is disabled at step 1 without both dates, at step 2 without name, email and phone. */
export function canGoNext(step: number, f: BookingForm): boolean {
  if (step === 1) return !!f.pickupDate && !!f.returnDate;
  if (step === 2) return !!f.customerName.trim() && !!f.customerEmail.trim() && !!f.customerPhone.trim();
  return step < STEP_COUNT;
}

export type FieldError = "required" | "pastDate" | "beforePickup" | "email" | "phone" | "flight" | "acceptTerms" | "confirmDriver";
export type BookingErrors = Partial<Record<keyof BookingForm, FieldError>>;

/** Field errors of one step (1-3); step 4 checks all of them, and its own boxes. */
export function validateStep(step: number, f: BookingForm, today = todayISO()): BookingErrors {
  const e: BookingErrors = {};
  if (step === 1 || step === 4) {
    if (!f.pickupDate) e.pickupDate = "required";
    else if (f.pickupDate < today) e.pickupDate = "pastDate";
    if (!f.returnDate) e.returnDate = "required";
    if (!f.pickupTime) e.pickupTime = "required";
    if (!f.returnTime) e.returnTime = "required";
    // The return comes after the pickup, date and time (the database refuses
    // otherwise, 22023): the date is the field to fix when it is earlier, else the time.
    if (f.returnDate && !e.pickupDate && f.pickupTime && f.returnTime && !returnsAfterPickup(f)) {
      if (f.returnDate < f.pickupDate) e.returnDate = "beforePickup";
      else e.returnTime = "beforePickup";
    } else if (f.returnDate && !f.pickupDate && f.returnDate < today) {
      e.returnDate = "beforePickup";
    }
    if (!f.pickupLocation) e.pickupLocation = "required";
    if (!f.returnLocation) e.returnLocation = "required";
  }
  if (step === 2 || step === 4) {
    if (!f.customerName.trim()) e.customerName = "required";
    if (!f.customerEmail.trim()) e.customerEmail = "required";
    else if (!isEmail(f.customerEmail)) e.customerEmail = "email";
    if (!f.customerPhone.trim()) e.customerPhone = "required";
    else if (!phoneE164(f.customerPhone)) e.customerPhone = "phone";
    if (isHotelPlace(f.pickupLocation) || isHotelPlace(f.returnLocation)) {
      if (!f.hotelName.trim()) e.hotelName = "required";
      if (!f.hotelAddress.trim()) e.hotelAddress = "required";
    }
    const flight = normalFlightNumber(f.flightNumber);
    if (isAirportPlace(f.pickupLocation) && flight && !isFlightNumber(flight)) e.flightNumber = "flight";
  }
  // What the traveller commits to, before committing (the database refuses a booking without them).
  if (step === 4) {
    if (!f.driverConfirmed) e.driverConfirmed = "confirmDriver";
    if (!f.termsAccepted) e.termsAccepted = "acceptTerms";
  }
  return e;
}
