import { formatAgencyDateTime, holdState, normalizeBookingStatus } from "../bookings/bookingView";
import { fr } from "../i18n/fr";
import { shortDateTime } from "./planningView";
import type { CarBlock, PlanBooking } from "./types";

// The words of a bar: what a screen reader reads and the tooltip shows.

const p = fr.planning;

/** "Amine Benali, du lun. 12 janv. 10:00 au jeu. 15 janv. 10:00, Pending, option jusqu'au 13/01 à 14:30" */
export function bookingText(b: PlanBooking, now: Date): string {
  const from = b.start_date ? shortDateTime(b.start_date, b.pickup_time) : fr.common.none;
  const to = b.end_date ? shortDateTime(b.end_date, b.return_time) : fr.common.none;
  const text = p.bookingLabel(b.customer_name, from, to, fr.bookings.statuses[normalizeBookingStatus(b.status)]);
  const h = holdState(b, now);
  if (h.kind === "held") return `${text}, ${fr.bookings.hold.until(formatAgencyDateTime(h.until)).toLowerCase()}`;
  if (h.kind === "lapsing") return `${text}, ${fr.bookings.hold.lapsing.toLowerCase()}`;
  return text;
}

/** "lun. 12 janv. 10:00 → jeu. 15 janv. 10:00" */
export function bookingDates(b: PlanBooking): string {
  const from = b.start_date ? shortDateTime(b.start_date, b.pickup_time) : fr.common.none;
  const to = b.end_date ? shortDateTime(b.end_date, b.return_time) : fr.common.none;
  return `${from} → ${to}`;
}

/** "Maintenance : Vidange, du lun. 12 janv. au mar. 13 janv. inclus" */
export function blockText(k: CarBlock): string {
  return p.blockLabel(k.reason, shortDateTime(k.start_date), shortDateTime(k.end_date));
}

export function blockDates(k: CarBlock): string {
  return p.block.datesValue(shortDateTime(k.start_date), shortDateTime(k.end_date));
}
