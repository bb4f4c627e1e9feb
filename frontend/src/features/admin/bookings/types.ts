/** Statuses in the database (docs/reservations.md): `expired` is a lapsed hold, set by the database's worker. */
export const BOOKING_STATUSES = ["pending", "confirmed", "in_progress", "completed", "cancelled", "expired"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A row of public.bookings with its car (SPEC section 7: name, brand, category). */
export interface AdminBooking {
  id: string;
  car_id: number | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
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
