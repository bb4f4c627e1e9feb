import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from "@supabase/supabase-js";
import { supabase } from "../../lib/supabase";
import { check, db } from "../admin-kit";
import { type AdminBooking, BOOKING_SELECT, toAdminBooking } from "../admin-booking-core";
import { isRecord } from "../../lib/guards";
import type { RefundFailure } from "./paymentView";
import { readRefundAnswer, type RefundDone } from "./refundAnswer";

export type { RefundDone };
import type { CounterMethod, Payment, RevenueMonth } from "./types";

// Money for administrators (docs/booking-record.md): the ledger of a booking
// (public.payments, readable by administrators only), counter payments (the one
// kind an administrator inserts), refunds through the refund-paypal-payment
// function, and money received per month (rpc revenue_by_month).

const PAYMENT_COLUMNS =
  "id, booking_id, booking_reference, kind, status, amount, currency, amount_mad, method, provider_order_id, provider_capture_id, provider_refund_id, note, failure, created_at, settled_at";

/** A booking's payment events, oldest first. */
export async function listPayments(bookingId: string): Promise<Payment[]> {
  return check(await db.from("payments").select(PAYMENT_COLUMNS).eq("booking_id", bookingId).order("created_at", { ascending: true }));
}

/** The booking as stored now (its payment state follows the ledger). */
export async function getBooking(id: string): Promise<AdminBooking> {
  return toAdminBooking(check(await db.from("bookings").select(BOOKING_SELECT).eq("id", id).single()));
}

/**
 * Money taken at the counter (cash or card terminal), in DH. The database copies
 * the reference, settles it now and turns the booking's payment state to
 * 'counter' unless money was taken online.
 */
export async function recordCounterPayment(p: { bookingId: string; method: CounterMethod; amount: number; note: string }): Promise<void> {
  const note = p.note.trim();
  // The untyped client: the generated Insert type wants amount_mad and
  // booking_reference, which the database's trigger fills in.
  check(
    await supabase
      .from("payments")
      .insert({ booking_id: p.bookingId, kind: "counter", status: "completed", amount: p.amount, currency: "MAD", method: p.method, note: note === "" ? null : note })
      .select("id")
      .single(),
  );
}

/** A refund that did not go through (code, message and details as the function sent them). */
export class RefundError extends Error implements RefundFailure {
  readonly code: string | undefined;
  readonly details: unknown;
  constructor(message: string, code?: string, details?: unknown) {
    super(message);
    this.name = "RefundError";
    this.code = code;
    this.details = details;
  }
}

/**
 * Gives money back through PayPal. `key` is drawn once per dialog: the same
 * request sent twice refunds once. `amountMAD` absent = all that remains;
 * `cancel` also cancels the booking (after the refund went through).
 */
export async function refundPayment(req: { bookingId: string; key: string; amountMAD?: number; cancel?: boolean; note?: string }): Promise<RefundDone> {
  const body: Record<string, unknown> = { bookingId: req.bookingId, key: req.key };
  if (req.amountMAD !== undefined) body.amountMAD = req.amountMAD;
  if (req.cancel) body.cancel = true;
  if (req.note?.trim()) body.note = req.note.trim();
  const { data, error } = await supabase.functions.invoke<unknown>("refund-paypal-payment", { body });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const context: unknown = error.context;
      const payload: unknown = context instanceof Response ? await context.json().catch(() => null) : null;
      const p = isRecord(payload) ? payload : {};
      throw new RefundError(typeof p.error === "string" ? p.error : error.message, typeof p.code === "string" ? p.code : undefined, p.details);
    }
    if (error instanceof FunctionsFetchError || error instanceof FunctionsRelayError) throw new RefundError(error.message, "network");
    const message: unknown = isRecord(error) ? error.message : undefined;
    throw new RefundError(String(message ?? error));
  }
  // A 2xx that is not a completed refund: PayPal accepted it and has not finished (202 refund_pending).
  const answer = readRefundAnswer(data);
  if ("error" in answer) throw new RefundError(answer.error, answer.code);
  return answer.done;
}

/** Money received per month (Casablanca) from p_from to p_to (exclusive), as the caller may see it. */
export async function loadRevenue(range: { p_from: string; p_to: string }): Promise<RevenueMonth[]> {
  const res = await db.rpc("revenue_by_month", range);
  return check({ ...res, data: res.data ?? [] });
}
