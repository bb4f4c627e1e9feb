import { useQueryClient } from "@tanstack/react-query";
import { invalidateAfter, notify, useAdminMutation, useAdminTranslation } from "../admin-kit";
import { type RefundChoice, type RefundOutcome, sendRefund } from "../admin-payments";
import { type AdminBooking, type BookingStatus, reservationErrorMessage, updateBooking } from "../admin-booking-core";

interface SaveVars {
  b: AdminBooking;
  status: BookingStatus;
  notes: string;
  success: string;
}

interface RefundVars {
  b: AdminBooking;
  notes: string;
  key: string;
  choice: RefundChoice;
}

/**
 * Saves a booking's status and notes (the edit dialog, the one-click confirm of
 * the list) and hands the stored row back. A refusal of the database (dates
 * taken meanwhile, car in maintenance...) is told in words; any other failure
 * gets the screen's generic error. Cancelling a paid booking may refund it
 * through PayPal first (cancelAndRefund). Either way the screens showing
 * bookings (list, planning, dashboard, money) are read again.
 */
export function useBookingSave(onSaved: (b: AdminBooking) => void) {
  const { t } = useAdminTranslation();
  const client = useQueryClient();

  const saving = useAdminMutation({
    mutationFn: ({ b, status, notes }: SaveVars) => updateBooking(b.id, status, notes),
    onSuccess: (updated, { success }) => {
      onSaved(updated);
      void invalidateAfter(client, "bookings");
      notify.success(success);
    },
    onError: (e) => {
      console.error("booking update failed", e);
      notify.error(reservationErrorMessage(e) ?? t("bookings.messages.updateError"));
    },
  });

  /**
   * Refunds (all or an amount) and cancels in one request to refund-paypal-payment
   * (the booking is cancelled only once the money went back), then saves the
   * notes if they changed. `key` is the dialog's: sent twice, it refunds once.
   */
  const refunding = useAdminMutation({
    mutationFn: async ({ b, notes, key, choice }: RefundVars): Promise<RefundOutcome> => {
      const out = await sendRefund({ booking: b, key, choice, cancel: true });
      if (!out.ok) return out;
      if (notes.trim() === (b.notes ?? "").trim()) return out;
      const stored = await updateBooking(b.id, "cancelled", notes).catch((e: unknown) => {
        console.error("notes update after refund failed", e);
        notify.error(t("bookings.messages.updateError"));
        return out.booking;
      });
      return { ...out, booking: stored };
    },
    onSuccess: (out) => {
      if (!out.ok) return;
      onSaved(out.booking);
      void invalidateAfter(client, "payments");
      void invalidateAfter(client, "bookings");
      notify.success(t("payments.refund.doneCancel", { amount: out.amount }));
    },
  });

  const save = (b: AdminBooking, status: BookingStatus, notes: string, success: string = t("bookings.messages.statusUpdated")): Promise<boolean> =>
    saving.mutateAsync({ b, status, notes, success }).then(
      () => true,
      () => false,
    );

  const busyWith = saving.isPending ? saving.variables?.b.id : refunding.isPending ? refunding.variables?.b.id : undefined;
  return {
    savingId: busyWith ?? null,
    save,
    cancelAndRefund: (b: AdminBooking, notes: string, key: string, choice: RefundChoice) => refunding.mutateAsync({ b, notes, key, choice }),
    confirm: (b: AdminBooking) => save(b, "confirmed", b.notes ?? "", t("bookings.messages.confirmed")),
  };
}

export type BookingSaver = ReturnType<typeof useBookingSave>;
