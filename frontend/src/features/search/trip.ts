// A searched trip: place, pickup and return (the agency's wall-clock time in
// Casablanca, docs/reservations.md). It travels in the URL as
// ?pickup=YYYY-MM-DDTHH:MM&return=YYYY-MM-DDTHH:MM&place=…, from the home search
// to the fleet, the car page and the wizard. Only shapes and dates here: whether
// a car is free and what it costs is the database's answer (car_availability).

import type { RentalRules } from "./rentalRulesApi";

export const PICKUP_PLACES = ["Aéroport Mohammed V", "Centre-ville Casablanca", "Gare Casa-Port", "Hôtel (livraison)"] as const;
export const RETURN_PLACES = ["Aéroport Mohammed V", "Centre-ville Casablanca", "Gare Casa-Port", "Hôtel (collecte)"] as const;
export const DEFAULT_PLACE = "Aéroport Mohammed V";
export const DEFAULT_TIME = "10:00";
/** Days between the default pickup (tomorrow) and return. */
export const DEFAULT_LENGTH = 3;

export interface Trip {
  place: string;
  pickupDate: string;
  pickupTime: string;
  returnDate: string;
  returnTime: string;
}

export type TripField = keyof Trip;
export type TripError = "required" | "pastDate" | "beforePickup" | "tooLong";
export type TripErrors = Partial<Record<TripField, TripError>>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const MOMENT = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/;

export function isISODate(v: string): boolean {
  const m = DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export function isTime(v: string): boolean {
  return TIME.test(v);
}

/** "YYYY-MM-DD" plus n calendar days (n may be negative). */
export function addDays(iso: string, n: number): string {
  const m = DATE.exec(iso);
  if (!m) return iso;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + n));
  return d.toISOString().slice(0, 10);
}

/** Whole calendar days from a to b ("YYYY-MM-DD"). */
export function daysBetween(a: string, b: string): number {
  const [x, y] = [DATE.exec(a), DATE.exec(b)];
  if (!x || !y) return 0;
  const ms = Date.UTC(Number(y[1]), Number(y[2]) - 1, Number(y[3])) - Date.UTC(Number(x[1]), Number(x[2]) - 1, Number(x[3]));
  return Math.round(ms / 86_400_000);
}

/** "YYYY-MM-DDTHH:MM:00", the local timestamp the reservation functions take. */
export function moment(date: string, time: string): string {
  return `${date}T${time.slice(0, 5)}:00`;
}

/** The pickup as the database takes it. */
export const pickupMoment = (t: Trip) => moment(t.pickupDate, t.pickupTime);
/** The return as the database takes it. */
export const returnMoment = (t: Trip) => moment(t.returnDate, t.returnTime);

/** Whether the return (date and time) comes strictly after the pickup. */
export function returnsAfterPickup(t: Pick<Trip, "pickupDate" | "pickupTime" | "returnDate" | "returnTime">): boolean {
  return `${t.returnDate}T${t.returnTime}` > `${t.pickupDate}T${t.pickupTime}`;
}

/** The return place that matches a pickup place (a hotel delivery is collected at the hotel). */
export function returnPlaceFor(place: string): string {
  if (place === "Hôtel (livraison)") return "Hôtel (collecte)";
  return (RETURN_PLACES as readonly string[]).includes(place) ? place : DEFAULT_PLACE;
}

/** Tomorrow 10:00 to three days later 10:00, at the airport. */
export function defaultTrip(today: string): Trip {
  const pickupDate = addDays(today, 1);
  return { place: DEFAULT_PLACE, pickupDate, pickupTime: DEFAULT_TIME, returnDate: addDays(pickupDate, DEFAULT_LENGTH), returnTime: DEFAULT_TIME };
}

/**
 * The trip in a URL's query, or null when it has none or a malformed one
 * (dates that do not exist, times out of range). Whether it is in the past or
 * returns before the pickup is validateTrip's to say.
 */
export function parseTrip(params: URLSearchParams): Trip | null {
  const p = MOMENT.exec(params.get("pickup") ?? "");
  const r = MOMENT.exec(params.get("return") ?? "");
  if (!p || !r) return null;
  const [, pickupDate, pickupTime] = p as unknown as [string, string, string];
  const [, returnDate, returnTime] = r as unknown as [string, string, string];
  if (!isISODate(pickupDate) || !isISODate(returnDate) || !isTime(pickupTime) || !isTime(returnTime)) return null;
  const place = params.get("place") ?? "";
  return {
    place: (PICKUP_PLACES as readonly string[]).includes(place) ? place : DEFAULT_PLACE,
    pickupDate,
    pickupTime,
    returnDate,
    returnTime,
  };
}

/** The query string of a trip (without "?"). */
export function tripQuery(t: Trip): string {
  return new URLSearchParams({ pickup: `${t.pickupDate}T${t.pickupTime}`, return: `${t.returnDate}T${t.returnTime}`, place: t.place }).toString();
}

/** `path` with the trip's query when there is a trip. */
export function withTrip(path: string, t: Trip | null): string {
  return t ? `${path}?${tripQuery(t)}` : path;
}

/** Copies `params` without the trip's keys (clearing the dates keeps anything else). */
export function withoutTrip(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of ["pickup", "return", "place"]) next.delete(k);
  return next;
}

/**
 * Field errors of a trip: every field required, pickup not before today (or the
 * earliest day of the rental rules), return after pickup and, once the rules are
 * read (public.rental_rules), no longer than their longest rental. The database
 * refuses the same; this only says it before a search.
 */
export function validateTrip(t: Trip, today: string, rules: Pick<RentalRules, "longestRentalDays" | "earliestPickupDays"> | null = null): TripErrors {
  const e: TripErrors = {};
  if (!t.place) e.place = "required";
  if (!t.pickupDate || !isISODate(t.pickupDate)) e.pickupDate = "required";
  else if (t.pickupDate < addDays(today, rules?.earliestPickupDays ?? 0)) e.pickupDate = "pastDate";
  if (!t.pickupTime || !isTime(t.pickupTime)) e.pickupTime = "required";
  if (!t.returnDate || !isISODate(t.returnDate)) e.returnDate = "required";
  if (!t.returnTime || !isTime(t.returnTime)) e.returnTime = "required";
  if (!e.pickupDate && !e.returnDate && !e.pickupTime && !e.returnTime && !returnsAfterPickup(t)) {
    // The field to correct: the date when it is earlier, else the time of the same day.
    if (t.returnDate < t.pickupDate) e.returnDate = "beforePickup";
    else e.returnTime = "beforePickup";
  } else if (rules && !e.pickupDate && !e.returnDate && daysBetween(t.pickupDate, t.returnDate) > rules.longestRentalDays) {
    e.returnDate = "tooLong";
  }
  return e;
}

/**
 * A new pickup date keeps the trip's length: the return moves with it when it
 * would otherwise come before the pickup.
 */
export function movePickupDate(t: Trip, pickupDate: string): Trip {
  if (!isISODate(pickupDate)) return { ...t, pickupDate };
  const length = isISODate(t.pickupDate) && isISODate(t.returnDate) ? Math.max(1, daysBetween(t.pickupDate, t.returnDate)) : DEFAULT_LENGTH;
  const next = { ...t, pickupDate };
  if (!isISODate(t.returnDate) || t.returnDate < pickupDate) next.returnDate = addDays(pickupDate, length);
  return next;
}

/**
 * The same rental starting at `from` (a local timestamp, e.g. car_availability's
 * next_free): the pickup moves there and the return keeps the trip's length.
 */
export function shiftTrip(t: Trip, from: string): Trip {
  const m = MOMENT.exec(from);
  if (!m) return t;
  const [, date, time] = m as unknown as [string, string, string];
  const length = daysBetween(t.pickupDate, t.returnDate);
  const minutes = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  // The return keeps the same duration, in minutes.
  const total = length * 1440 + minutes(t.returnTime) - minutes(t.pickupTime) + minutes(time);
  const returnDate = addDays(date, Math.floor(total / 1440));
  const rest = ((total % 1440) + 1440) % 1440;
  const returnTime = `${String(Math.floor(rest / 60)).padStart(2, "0")}:${String(rest % 60).padStart(2, "0")}`;
  return { ...t, pickupDate: date, pickupTime: time, returnDate, returnTime };
}
