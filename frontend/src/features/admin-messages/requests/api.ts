import type { ChangeRequestFields } from "../../../lib/database";
import { check, db as supabase } from "../../admin-kit";

// Travellers' requests from "My booking" (docs/my-booking.md): other dates or
// another car to accept or refuse, and the cancellations they made themselves.

export interface ChangeRequest extends ChangeRequestFields {
  /**
   * For a booking paid online, what accepting would leave, as the database quoted
   * the request: to pay at pickup, or to give back. Null when nothing was paid online.
   */
  afterPayment: { dueAtPickup: number; refundDue: number } | null;
  message: string | null;
  /** created_at as the database writes it in Casablanca's time. */
  agency_created_at?: string | null;
  refund_mad: number | null;
  car: { name: string; brand: string } | null;
  booking: {
    id: string;
    reference: string;
    customer_name: string;
    customer_email: string;
    language: string;
    start_date: string;
    end_date: string;
    /** What the booking costs now, to tell what accepting changes. */
    total_price: number;
    car: { name: string; brand: string } | null;
  } | null;
}

const SELECT =
  "id, kind, state, start_date, end_date, pickup_time, return_time, quote, available, message, refund_mad, created_at, agency_created_at, car:cars(name, brand), " +
  "booking:bookings(id, reference, customer_name, customer_email, language, start_date, end_date, total_price, car:cars(name, brand))";

/** The latest requests, pending ones first. */
export async function listRequests(): Promise<ChangeRequest[]> {
  const rows = check(await supabase.from("booking_change_requests").select(SELECT).order("created_at", { ascending: false }).limit(200)) as unknown as (Omit<
    ChangeRequest,
    "total" | "afterPayment"
  > & { quote: { total?: number; due_at_pickup?: number; refund_due?: number } | null })[];
  const list = rows.map(({ quote, ...r }) => ({
    ...r,
    total: quote?.total ?? null,
    // refund_due is only in the quote of a request whose booking was paid online.
    afterPayment: quote?.refund_due == null ? null : { dueAtPickup: Number(quote.due_at_pickup ?? 0), refundDue: Number(quote.refund_due) },
  }));
  return list.sort((a, b) => Number(b.state === "pending") - Number(a.state === "pending"));
}

/** Accepts (the booking moves and is re-priced by the database) or refuses a change request. */
export async function decideRequest(id: string, accept: boolean): Promise<void> {
  check(await supabase.rpc("decide_change_request", { p_id: id, p_accept: accept }));
}
