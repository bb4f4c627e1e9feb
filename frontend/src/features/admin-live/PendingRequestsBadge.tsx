import { useQuery } from "@tanstack/react-query";
import { adminKeys, useAdminTranslation } from "../admin-kit";
import { countPendingRequests } from "./api";

/** How many requests wait for an answer; under the requests key, so the live feed (booking_change_requests, bookings) refreshes it. */
export function PendingRequestsBadge() {
  const { t } = useAdminTranslation();
  const { data: count } = useQuery({
    queryKey: [...adminKeys.requests, "pendingCount"],
    queryFn: countPendingRequests,
  });
  if (!count) return null;
  return (
    <span className="adm-badge adm-nav-badge" data-testid="pending-requests" aria-label={t("live.pendingRequests", { count })}>
      {count}
    </span>
  );
}
