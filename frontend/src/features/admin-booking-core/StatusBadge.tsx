import { useAdminTranslation } from "../admin-kit";
import { formatAgencyDateTime, holdState, normalizeBookingStatus } from "./bookingView";

const tone = { pending: "amber", confirmed: "blue", in_progress: "violet", completed: "green", cancelled: "red", expired: "gray" } as const;

/** The status in French (the back office speaks French throughout); an unknown status shows as pending. */
export function BookingStatusBadge({ status }: { status: string | null }) {
  const { t } = useAdminTranslation();
  const s = normalizeBookingStatus(status);
  return (
    <span className={`adm-badge adm-badge--${tone[s]}`} data-testid="booking-status">
      {t(`bookings.statuses.${s}`)}
    </span>
  );
}

/**
 * Under the badge of a pending booking: until when its hold lasts (it expires
 * then unless an administrator confirms it); of an expired one: when it lapsed.
 */
export function BookingHold({ booking, now }: { booking: { status: string; hold_expires_at?: string | null }; now: Date }) {
  const { t } = useAdminTranslation();
  const h = holdState(booking, now);
  if (h.kind === "none" || (h.kind === "expired" && !h.at)) return null;
  const text =
    h.kind === "held" ? t("bookings.hold.until", { when: formatAgencyDateTime(h.until) }) : h.kind === "lapsing" ? t("bookings.hold.lapsing") : t("bookings.hold.expiredAt", { when: formatAgencyDateTime(h.at ?? "") });
  return (
    <span className={`adm-hold adm-hold--${h.kind}`} data-testid="booking-hold" title={h.kind === "held" ? t("bookings.hold.hint") : undefined}>
      {text}
    </span>
  );
}
