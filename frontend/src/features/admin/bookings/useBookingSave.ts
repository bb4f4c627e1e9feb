import { useState } from "react";
import { useAdminTranslation } from "../i18n";
import { notify } from "../lib/notify";
import { updateBooking } from "./api";
import { sendRefund, type RefundOutcome } from "../payments/refundFlow";
import type { RefundChoice } from "../payments/RefundFields";
import { reservationErrorMessage } from "./reservationErrors";
import type { AdminBooking, BookingStatus } from "./types";

/**
 * Saves a booking's status and notes (the edit dialog, the one-click confirm of
 * the list) and hands the stored row back. A refusal of the database (dates
 * taken meanwhile, car in maintenance...) is told in words; any other failure
 * gets the screen's generic error. Cancelling a paid booking may refund it
 * through PayPal first (cancelAndRefund).
 */
export function useBookingSave(onSaved: (b: AdminBooking) => void) {
  const { t } = useAdminTranslation();
  const [savingId, setSavingId] = useState<string | null>(null);

  async function save(b: AdminBooking, status: BookingStatus, notes: string, success: string = t("bookings.messages.statusUpdated")): Promise<boolean> {
    setSavingId(b.id);
    try {
      const updated = await updateBooking(b.id, status, notes);
      onSaved(updated);
      notify.success(success);
      return true;
    } catch (e) {
      console.error("booking update failed", e);
      notify.error(reservationErrorMessage(e) ?? t("bookings.messages.updateError"));
      return false;
    } finally {
      setSavingId(null);
    }
  }

  /**
   * Refunds (all or an amount) and cancels in one request to refund-paypal-payment
   * (the booking is cancelled only once the money went back), then saves the
   * notes if they changed. `key` is the dialog's: sent twice, it refunds once.
   */
  async function cancelAndRefund(b: AdminBooking, notes: string, key: string, choice: RefundChoice): Promise<RefundOutcome> {
    setSavingId(b.id);
    try {
      const out = await sendRefund({ booking: b, key, choice, cancel: true });
      if (!out.ok) return out;
      let stored = out.booking;
      if (notes.trim() !== (b.notes ?? "").trim()) {
        stored = await updateBooking(b.id, "cancelled", notes).catch((e: unknown) => {
          console.error("notes update after refund failed", e);
          notify.error(t("bookings.messages.updateError"));
          return out.booking;
        });
      }
      onSaved(stored);
      notify.success(t("payments.refund.doneCancel", { amount: out.amount }));
      return { ...out, booking: stored };
    } finally {
      setSavingId(null);
    }
  }

  return {
    savingId,
    save,
    cancelAndRefund,
    confirm: (b: AdminBooking) => save(b, "confirmed", b.notes ?? "", t("bookings.messages.confirmed")),
  };
}
