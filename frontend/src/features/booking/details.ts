import { DEFAULT_PLACE, PICKUP_PLACES, RETURN_PLACES } from "../search";

// The details a place asks for: a hotel delivery or collection needs the hotel's
// name and address; an airport pickup may give a flight number, so the agency
// waits for a late plane. The database refuses the same (bookings_bounds_details).

const HOTEL_PLACES: readonly string[] = [PICKUP_PLACES[3], RETURN_PLACES[3]];

export const isHotelPlace = (place: string) => HOTEL_PLACES.includes(place);
export const isAirportPlace = (place: string) => place === DEFAULT_PLACE;

/** A flight number as written on a ticket, without spaces, in capitals ("at 200" → "AT200"). */
export const normalFlightNumber = (typed: string) => typed.replace(/[\s-]/g, "").toUpperCase();

/** An airline's code (2 letters or digits, or 3 letters), then 1 to 4 digits and an optional letter. */
export const isFlightNumber = (flight: string) => /^([A-Z0-9]{2}|[A-Z]{3})[0-9]{1,4}[A-Z]?$/.test(flight);
