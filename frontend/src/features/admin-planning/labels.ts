import { formatAgencyDateTime, holdState, normalizeBookingStatus } from "../admin-booking-core";
import { shortDateTime, tAdmin } from "../admin-kit";
import type { CarBlock, PlanBooking } from "./types";

/** "Amine Benali, du lun. 12 janv. 10:00 au jeu. 15 janv. 10:00, En attente, option jusqu'au 13/01 à 14:30" */
export function bookingText(b: PlanBooking, now: Date): string {
  const from = b.start_date ? shortDateTime(b.start_date, b.pickup_time) : tAdmin("common.none");
  const to = b.end_date ? shortDateTime(b.end_date, b.return_time) : tAdmin("common.none");
  const text = tAdmin("planning.bookingLabel", { name: b.customer_name, from, to, status: tAdmin(`bookings.statuses.${normalizeBookingStatus(b.status)}`) });
  const h = holdState(b, now);
  if (h.kind === "held") return `${text}, ${tAdmin("bookings.hold.until", { when: formatAgencyDateTime(h.until) }).toLowerCase()}`;
  if (h.kind === "lapsing") return `${text}, ${tAdmin("bookings.hold.lapsing").toLowerCase()}`;
  return text;
}

/** "lun. 12 janv. 10:00 → jeu. 15 janv. 10:00" */
export function bookingDates(b: PlanBooking): string {
  const from = b.start_date ? shortDateTime(b.start_date, b.pickup_time) : tAdmin("common.none");
  const to = b.end_date ? shortDateTime(b.end_date, b.return_time) : tAdmin("common.none");
  return `${from} → ${to}`;
}

/** "Maintenance : Vidange, du lun. 12 janv. au mar. 13 janv. inclus" */
export function blockText(k: CarBlock): string {
  return tAdmin("planning.blockLabel", { reason: k.reason, from: shortDateTime(k.start_date), to: shortDateTime(k.end_date) });
}

export function blockDates(k: CarBlock): string {
  return tAdmin("planning.block.datesValue", { from: shortDateTime(k.start_date), to: shortDateTime(k.end_date) });
}
