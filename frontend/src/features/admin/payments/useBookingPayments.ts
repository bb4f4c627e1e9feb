import { useCallback, useEffect, useState } from "react";
import { listPayments } from "./api";
import type { Payment } from "./types";

/** The payments of one booking, read when it changes; reload() after a payment or refund. */
export function useBookingPayments(bookingId: string | null) {
  const [state, setState] = useState<{ id: string | null; payments: Payment[] | null; failed: boolean }>({ id: null, payments: null, failed: false });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!bookingId) return;
    let live = true;
    listPayments(bookingId).then(
      (payments) => live && setState({ id: bookingId, payments, failed: false }),
      (e: unknown) => {
        console.error("payments load failed", e);
        if (live) setState({ id: bookingId, payments: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [bookingId, attempt]);
  const reload = useCallback(() => setAttempt((a) => a + 1), []);
  // Another booking's payments are never shown while this one's load.
  const mine = state.id === bookingId;
  return { payments: mine ? state.payments : null, failed: mine && state.failed, reload };
}
