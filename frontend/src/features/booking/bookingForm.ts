import { returnPlaceFor, type Trip } from "../search";
import { NO_EXTRAS } from "./price";
import { DEFAULT_LOCATION, DEFAULT_TIME, type BookingForm } from "./types";

// The wizard's form and the searched trip: the wizard starts with the trip of
// the URL (from the search, a car card or the car page) and hands its own dates
// on (alternatives, "see every car for these dates").

/** A fresh form; with a trip, its dates, times and places are filled in. */
export function initialForm(trip: Trip | null): BookingForm {
  return {
    pickupDate: trip?.pickupDate ?? "",
    returnDate: trip?.returnDate ?? "",
    pickupTime: trip?.pickupTime ?? DEFAULT_TIME,
    returnTime: trip?.returnTime ?? DEFAULT_TIME,
    pickupLocation: trip?.place ?? DEFAULT_LOCATION,
    returnLocation: trip ? returnPlaceFor(trip.place) : DEFAULT_LOCATION,
    customerName: "",
    customerEmail: "",
    customerPhone: "",
    hotelName: "",
    hotelAddress: "",
    flightNumber: "",
    insurance: "basic",
    paymentOption: "full",
    extras: { ...NO_EXTRAS },
    termsAccepted: null,
    driverConfirmed: false,
  };
}

/** The form's trip (the pickup place is the searched place). */
export function tripOfForm(f: BookingForm): Trip {
  return { place: f.pickupLocation, pickupDate: f.pickupDate, pickupTime: f.pickupTime, returnDate: f.returnDate, returnTime: f.returnTime };
}

/** The form with another trip's dates and times (places kept). */
export function withTripDates(f: BookingForm, t: Trip): BookingForm {
  return { ...f, pickupDate: t.pickupDate, pickupTime: t.pickupTime, returnDate: t.returnDate, returnTime: t.returnTime };
}
