/** A row of public.payments: one PayPal attempt, refund or counter payment (docs/booking-record.md). */
export interface Payment {
  id: string;
  booking_id: string | null;
  booking_reference: string;
  kind: "paypal" | "refund" | "counter";
  status: "pending" | "captured" | "failed" | "abandoned" | "completed";
  /** In `currency`; numeric columns may arrive as strings. */
  amount: number | string;
  currency: string;
  /** What it is worth in DH. */
  amount_mad: number | string;
  method: "paypal" | "cash" | "card" | null;
  provider_order_id: string | null;
  provider_capture_id: string | null;
  provider_refund_id: string | null;
  note: string | null;
  failure: string | null;
  created_at: string;
  settled_at: string | null;
}

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
