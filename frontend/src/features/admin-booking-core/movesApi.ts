import { isOneOf } from "../../lib/guards";
import { check, db as supabase } from "../admin-kit";
import { BOOKING_STATUSES, type BookingStatus } from "./types";

// The statuses a booking may go to, as the database's state machine lists them
// (public.booking_transitions, docs/reservations.md): the edit dialog offers
// those only. The database refuses any other move itself (BK007).

export type BookingMoves = ReadonlyMap<BookingStatus, readonly BookingStatus[]>;

export async function listBookingMoves(): Promise<BookingMoves> {
  const rows = check(await supabase.from("booking_transitions").select("from_status, to_status"));
  const moves = new Map<BookingStatus, BookingStatus[]>();
  for (const { from_status: from, to_status: to } of rows) {
    if (from === to || !isOneOf(BOOKING_STATUSES, from) || !isOneOf(BOOKING_STATUSES, to)) continue;
    moves.set(from, [...(moves.get(from) ?? []), to]);
  }
  return moves;
}

/** The statuses to offer for a booking now in `current`: itself and where it may go; all while the moves are unknown. */
export function statusChoices(current: BookingStatus, moves: BookingMoves | undefined): BookingStatus[] {
  if (!moves) return [...BOOKING_STATUSES];
  const next = moves.get(current) ?? [];
  return BOOKING_STATUSES.filter((s) => s === current || next.includes(s));
}
