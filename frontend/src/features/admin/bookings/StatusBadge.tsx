import { fr } from "../i18n/fr";
import { normalizeBookingStatus } from "./bookingView";

const tone = { pending: "amber", confirmed: "blue", in_progress: "violet", completed: "green", cancelled: "red" } as const;

/** SPEC section 4: English badge labels; an unknown status shows as pending. */
export function BookingStatusBadge({ status }: { status: string | null }) {
  const s = normalizeBookingStatus(status);
  return (
    <span className={`adm-badge adm-badge--${tone[s]}`} data-testid="booking-status">
      {fr.bookings.statuses[s]}
    </span>
  );
}
