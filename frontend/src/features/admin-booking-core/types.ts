import type { BookingContact, StoredQuoteJson } from "../../lib/database";

/** Statuses in the database (docs/reservations.md): `expired` is a lapsed hold, set by the database's worker. */
export const BOOKING_STATUSES = ["pending", "confirmed", "in_progress", "completed", "cancelled", "expired"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Payment state, apart from the booking's status (docs/booking-record.md). */
export const PAYMENT_STATES = ["none", "pending", "paid", "failed", "abandoned", "refunded", "partially_refunded", "counter"] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * What quote_booking answered when the booking was priced, stored with it by the
 * database (bookings.quote: DH, `due_now` and `due_at_pickup` may have centimes,
 * the deposit is not part of the total). The site's own type of that column.
 */
export type BookingQuote = StoredQuoteJson;

/** A row of public.bookings with its car (SPEC section 7: name, brand, category). */
export interface AdminBooking extends BookingContact {
  id: string;
  /** CR-XXXXX, set by the database on insert (absent only from rows older than the booking-record schema). */
  reference?: string | null;
  car_id: number | null;
  start_date: string | null;
  end_date: string | null;
  pickup_time: string | null;
  return_time: string | null;
  pickup_location: string | null;
  return_location: string | null;
  insurance_type: string | null;
  extras: Record<string, boolean> | null;
  payment_option: string | null;
  days: number | null;
  total_price: number | null;
  /** The breakdown agreed (set by the database). */
  quote?: BookingQuote | null;
  payment_method: string | null;
  payment_id: string | null;
  payment_status: string | null;
  /** What went wrong with an online payment (written by the payment functions). */
  payment_error?: string | null;
  status: string;
  /** While pending: when the hold lapses unless an administrator confirms it (or the payment is captured); kept once expired. */
  hold_expires_at?: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
  cars: { name: string; brand: string; category: string } | null;
}
