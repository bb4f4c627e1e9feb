import { useState } from "react";
import { fr } from "../i18n/fr";
import { notify } from "../lib/notify";
import { updateBooking } from "./api";
import { reservationErrorMessage } from "./reservationErrors";
import type { AdminBooking, BookingStatus } from "./types";

const t = fr.bookings.messages;

/**
 * Saves a booking's status and notes (the edit dialog, the one-click confirm of
 * the list) and hands the stored row back. A refusal of the database (dates
 * taken meanwhile, car in maintenance...) is told in words; any other failure
 * gets the screen's generic error.
 */
export function useBookingSave(onSaved: (b: AdminBooking) => void) {
  const [savingId, setSavingId] = useState<string | null>(null);

  async function save(b: AdminBooking, status: BookingStatus, notes: string, success: string = t.statusUpdated): Promise<boolean> {
    setSavingId(b.id);
    try {
      const updated = await updateBooking(b.id, status, notes);
      onSaved(updated);
      notify.success(success);
      return true;
    } catch (e) {
      console.error("booking update failed", e);
      notify.error(reservationErrorMessage(e) ?? t.updateError);
      return false;
    } finally {
      setSavingId(null);
    }
  }

  return {
    savingId,
    save,
    confirm: (b: AdminBooking) => save(b, "confirmed", b.notes ?? "", t.confirmed),
  };
}
