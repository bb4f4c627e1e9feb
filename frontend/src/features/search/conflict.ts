import type { TFunction } from "i18next";
import { errorDetails } from "../../lib/db";
import type { CarAvailability, HoldReason } from "./availabilityApi";

// The database's refusals of a booking for its dates (docs/reservations.md,
// "Errors the site and the functions show"): PostgREST answers them as 409
// {code, message, details, hint}, create-paypal-order with the same code and
// details. The step-1 check reads the same facts from car_availability.

export const CONFLICT_CODES = ["BK001", "BK002", "BK003", "BK004", "BK005", "BK006"] as const;
/**
 * Refusals of the visitor's unpaid requests, not of the car: too many pending
 * from this address, e-mail or phone (BK005), or pending requests already hold
 * the allowed share of the fleet for these dates (BK006). Another car or other
 * dates do not help; paying online or waiting does.
 */
export const HOLD_LIMIT_CODES: readonly ConflictCode[] = ["BK005", "BK006"];
export type ConflictCode = (typeof CONFLICT_CODES)[number];

export interface Conflict {
  code: ConflictCode;
  /** Local timestamp from which the same rental fits; null when nothing is free within a year or unknown. */
  nextFree: string | null;
  /** BK003: the car's not_available_until ("YYYY-MM-DD"). */
  until: string | null;
}

const CODE_OF_REASON: Record<HoldReason, ConflictCode> = {
  booked: "BK001",
  unavailable: "BK002",
  not_yet: "BK003",
  maintenance: "BK004",
};

function isConflictCode(v: unknown): v is ConflictCode {
  return typeof v === "string" && (CONFLICT_CODES as readonly string[]).includes(v);
}

const text = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);

/** The conflict an error reports, or null when it is another error. */
export function conflictOf(error: { code?: string | null; details?: unknown } | null | undefined): Conflict | null {
  if (!error || !isConflictCode(error.code)) return null;
  const d = errorDetails(error.details);
  return { code: error.code, nextFree: text(d.next_free), until: text(d.until) };
}

/** The conflict of a car that is not free for a trip (step 1's check), null when it is free. */
export function conflictOfAvailability(a: CarAvailability, notAvailableUntil: string | null = null): Conflict | null {
  if (a.free) return null;
  return { code: CODE_OF_REASON[a.reason ?? "booked"], nextFree: a.next_free, until: a.reason === "not_yet" ? notAvailableUntil : null };
}

/**
 * What the visitor reads: the reason, then when the car is free again.
 * `moment` and `day` format a local timestamp and a date in the visitor's language.
 */
export function conflictLines(c: Conflict, t: TFunction, fmt: { moment: (v: string) => string; day: (v: string) => string }): string[] {
  if (HOLD_LIMIT_CODES.includes(c.code)) return [t(`reservation.${c.code}`), t(`reservation.${c.code}hint`)];
  const reason = c.code === "BK003" && c.until ? t("reservation.BK003until", { date: fmt.day(c.until) }) : t(`reservation.${c.code}`);
  if (c.code === "BK002") return [reason];
  return [reason, c.nextFree ? t("reservation.nextFree", { date: fmt.moment(c.nextFree) }) : t("reservation.noneFree")];
}
