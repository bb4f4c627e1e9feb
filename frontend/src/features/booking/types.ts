import type { LanguageCode } from "../../config/languages";
import type { BookingTrip } from "../../lib/database";
import { isAirportPlace, isHotelPlace, normalFlightNumber } from "./details";
import { phoneE164 } from "../../lib/phone";
import type { Extras, Insurance, PaymentOption } from "./price";

/** SPEC section 3, booking form data. */
export interface BookingForm {
  pickupDate: string;
  returnDate: string;
  pickupTime: string;
  returnTime: string;
  pickupLocation: string;
  returnLocation: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  /** For a delivery to (or a collection from) a hotel. */
  hotelName: string;
  hotelAddress: string;
  /** Optional, for an airport pickup. */
  flightNumber: string;
  insurance: Insurance;
  paymentOption: PaymentOption;
  extras: Extras;
  /** The version of the rental terms the traveller accepted in step 4 (the quote's terms_version); null until the box is ticked. */
  termsAccepted: string | null;
  /** The traveller confirmed in step 4 that the driver meets the car's minimum age and licence years. */
  driverConfirmed: boolean;
}

// One list of places and defaults for the search and the wizard (SPEC section 9).
export { DEFAULT_PLACE as DEFAULT_LOCATION, DEFAULT_TIME, PICKUP_PLACES as PICKUP_LOCATIONS, RETURN_PLACES as RETURN_LOCATIONS } from "../search";

/** The row sent to public.bookings and to create-paypal-order (column names of docs/schema.md). */
export interface BookingRequest extends BookingTrip {
  user_id: string;
  car_id: number;
  customer_name: string;
  customer_email: string;
  /** E.164 (the database refuses any other form). */
  customer_phone: string;
  hotel_name: string | null;
  hotel_address: string | null;
  flight_number: string | null;
  insurance_type: Insurance;
  extras: Extras;
  payment_option: PaymentOption;
  language: LanguageCode;
  terms_version: string | null;
  driver_requirements_confirmed: boolean;
}

export function toBookingRequest(
  form: BookingForm,
  carId: number,
  language: LanguageCode,
  userId: string,
): BookingRequest {
  return {
    user_id: userId,
    car_id: carId,
    customer_name: form.customerName.trim(),
    customer_email: form.customerEmail.trim(),
    // Checked at step 2; a number that is not one is sent as typed, for the database to refuse.
    customer_phone: phoneE164(form.customerPhone) ?? form.customerPhone.trim(),
    ...placeDetails(form),
    ...tripColumns(form),
    language,
    terms_version: form.termsAccepted,
    driver_requirements_confirmed: form.driverConfirmed,
  };
}

/** The hotel for a hotel place, the flight for an airport pickup; null when the places ask for none. */
export function placeDetails(form: BookingForm): Pick<BookingRequest, "hotel_name" | "hotel_address" | "flight_number"> {
  const hotel = isHotelPlace(form.pickupLocation) || isHotelPlace(form.returnLocation);
  const flight = isAirportPlace(form.pickupLocation) ? normalFlightNumber(form.flightNumber) : "";
  return {
    hotel_name: hotel ? form.hotelName.trim() : null,
    hotel_address: hotel ? form.hotelAddress.trim() : null,
    flight_number: flight || null,
  };
}

/** The form's trip and choices under the bookings table's column names. */
export function tripColumns(form: BookingForm): BookingTrip & { insurance_type: Insurance; extras: Extras; payment_option: PaymentOption } {
  return {
    start_date: form.pickupDate,
    end_date: form.returnDate,
    pickup_time: form.pickupTime,
    return_time: form.returnTime,
    pickup_location: form.pickupLocation,
    return_location: form.returnLocation,
    insurance_type: form.insurance,
    extras: form.extras,
    payment_option: form.paymentOption,
  };
}

/**
 * The body create-paypal-order reads: SPEC section 3's booking form data, in
 * its camelCase names. The server validates it and prices it itself.
 */
export function paypalOrderBody(r: BookingRequest) {
  return {
    carId: r.car_id,
    pickupDate: r.start_date,
    returnDate: r.end_date,
    pickupTime: r.pickup_time,
    returnTime: r.return_time,
    pickupLocation: r.pickup_location,
    returnLocation: r.return_location,
    customerName: r.customer_name,
    customerEmail: r.customer_email,
    customerPhone: r.customer_phone,
    hotelName: r.hotel_name,
    hotelAddress: r.hotel_address,
    flightNumber: r.flight_number,
    insurance: r.insurance_type,
    extras: r.extras,
    paymentOption: r.payment_option,
    language: r.language,
    userId: r.user_id,
    termsVersion: r.terms_version,
    driverConfirmed: r.driver_requirements_confirmed,
  };
}
