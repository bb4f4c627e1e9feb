import { adminKeys, useAdminQuery } from "../admin-kit";
import { listPayments } from "./api";

/**
 * The payments of one booking (adminKeys.bookingPayments: read again after a
 * payment or a refund). A failure is told in the dialog, not in a toast.
 */
export function useBookingPayments(bookingId: string | null) {
  const query = useAdminQuery({
    queryKey: adminKeys.bookingPayments(bookingId ?? ""),
    queryFn: () => listPayments(bookingId ?? ""),
    enabled: bookingId !== null,
  });
  // Another booking's payments are never shown while this one's load (the key changes with it).
  return { payments: query.data ?? null, failed: query.isError };
}
