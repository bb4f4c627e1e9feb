import { adminKeys, useAdminTranslation } from "../admin-kit";
import { countPendingRequests } from "./api";
import { CountBadge } from "./CountBadge";

/** How many requests wait for an answer; under the requests key, so the live feed (booking_change_requests, bookings) refreshes it. */
export function PendingRequestsBadge() {
  const { t } = useAdminTranslation();
  return (
    <CountBadge
      queryKey={[...adminKeys.requests, "pendingCount"]}
      count={countPendingRequests}
      testId="pending-requests"
      label={(count) => t("live.pendingRequests", { count })}
    />
  );
}
