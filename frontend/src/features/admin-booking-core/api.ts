import { check, db as supabase } from "../admin-kit";
import { toAdminBooking } from "./bookingRow";
import type { AdminBooking, BookingStatus } from "./types";

// Bookings for administrators (SPEC section 7). Deleting archives the booking in
// deleted_bookings in the same transaction (database trigger), so the client
// sends one delete, not the SPEC's three calls.

/** A booking with its car, as the list, the details dialog and the planning show it. */
export const BOOKING_SELECT = "*, cars(name, brand, category)";
const SELECT = BOOKING_SELECT;

export async function listBookings(): Promise<AdminBooking[]> {
  return check(await supabase.from("bookings").select(SELECT).order("created_at", { ascending: false })).map(toAdminBooking);
}

/**
 * The ids of the bookings the database's search matches (admin_search_bookings):
 * a phone number however it is written ("+212 6 61 23 45 67", "0661234567",
 * "212661234567"), the e-mail, the name, the car or the reference. One call.
 */
export async function searchBookingIds(query: string): Promise<Set<string>> {
  const rows = check(await supabase.rpc("admin_search_bookings", { p_query: query }));
  return new Set(rows);
}

export async function updateBooking(id: string, status: BookingStatus, notes: string): Promise<AdminBooking> {
  const trimmed = notes.trim();
  const row = check(
    await supabase
      .from("bookings")
      .update({ status, notes: trimmed === "" ? null : trimmed, updated_at: new Date().toISOString() })
      .eq("id", id)
      .select(SELECT)
      .single(),
  );
  return toAdminBooking(row);
}

export async function deleteBooking(id: string): Promise<void> {
  const rows = check(await supabase.from("bookings").delete().eq("id", id).select("id"));
  if (!rows || rows.length === 0) throw new Error("booking not deleted");
}
