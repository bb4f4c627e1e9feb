import type { Tables } from "../../lib/database.types";

/**
 * A row of public.payments: one PayPal attempt ("paypal"), refund ("refund") or
 * counter payment ("counter"), states pending, captured, failed, abandoned,
 * completed (docs/booking-record.md; the database's checks hold the values).
 * The columns the ledger reads, typed by the generated schema.
 */
export type Payment = Pick<
  Tables<"payments">,
  | "id"
  | "booking_id"
  | "booking_reference"
  | "kind"
  | "status"
  | "amount"
  | "currency"
  | "amount_mad"
  | "method"
  | "provider_order_id"
  | "provider_capture_id"
  | "provider_refund_id"
  | "note"
  | "failure"
  | "created_at"
  | "settled_at"
>;

/** A row of rpc('revenue_by_month'): money received per month (Casablanca), in DH. */
export interface RevenueMonth {
  /** First day of the month, "YYYY-MM-01". */
  month: string;
  online: number | string;
  refunds: number | string;
  counter: number | string;
  received: number | string;
}

export type CounterMethod = "cash" | "card";
