import { FunctionsHttpError } from "@supabase/supabase-js";
import { db, PG_CODES } from "../../lib/db";
import { randomUUID } from "../../lib/guest";
import { loggedRead } from "../../lib/loggedRead";
import { conflictOf, type Conflict } from "../search";
import type { FunctionFailure } from "./paymentErrors";
import { priceList, type PriceList, type Quote } from "./price";
import type { Receipt, StoredQuote } from "./receipt";
import { paypalOrderBody, type BookingRequest } from "./types";

export { paypalOrderBody };

/** The price list the wizard shows (anyone may read both tables); choices without prices when it cannot be read. */
export async function loadPriceList(): Promise<PriceList> {
  try {
    const [options, payments] = await Promise.all([
      (await db()).from("booking_options").select("key,kind,price,per_day,position").order("position"),
      (await db()).from("payment_options").select("key,discount_percent,due_now_percent,position").order("position"),
    ]);
    if (options.error) console.error("booking_options read failed", options.error);
    if (payments.error) console.error("payment_options read failed", payments.error);
    return priceList(
      options.error ? null : (options.data ?? []),
      payments.error ? null : (payments.data ?? []),
    );
  } catch (e) {
    console.error("price list read failed", e);
    return priceList(null, null);
  }
}

/** What the price depends on. */
export type PricedFields = Pick<BookingRequest, "car_id" | "start_date" | "end_date" | "pickup_time" | "return_time" | "insurance_type" | "extras" | "payment_option">;

/** The database's price (public.quote_booking), null when it cannot answer. */
export function fetchQuote(r: PricedFields): Promise<Quote | null> {
  return loggedRead<Quote | null>("quote_booking failed", null, async () =>
    (await db()).rpc("quote_booking", {
      p_car_id: r.car_id,
      p_start: r.start_date,
      p_end: r.end_date,
      // started 24-hour periods: the hours count
      p_pickup_time: r.pickup_time,
      p_return_time: r.return_time,
      p_insurance: r.insurance_type,
      p_extras: r.extras,
      p_payment_option: r.payment_option,
    }),
  );
}

export type WhatsappResult = { stored: true } | { stored: false; conflict: Conflict | null };

/**
 * Stores a pending WhatsApp booking. Anonymous visitors may insert but not read
 * bookings back, so no .select(). The price columns are computed by the
 * database. SPEC: on error retry once with payment_status 'unpaid'; a second
 * failure is only logged. A refusal for the dates (BK001-BK004) is not retried:
 * the caller shows it. The booking's id is chosen here, once, so a retry after
 * an answer lost on the way back finds the row already stored (unique violation
 * 23505) instead of storing the booking twice.
 */
export async function insertWhatsappBooking(r: BookingRequest, id: string = randomUUID()): Promise<WhatsappResult> {
  const row = { id, ...r, payment_method: "whatsapp", status: "pending" };
  const stored = (error: { code?: string } | null) => !error || error.code === PG_CODES.uniqueViolation;
  try {
    const first = await (await db()).from("bookings").insert(row);
    if (stored(first.error)) return { stored: true };
    const conflict = conflictOf(first.error);
    if (conflict) return { stored: false, conflict };
    console.error("booking insert failed, retrying as unpaid", first.error);
    const retry = await (await db()).from("bookings").insert({ ...row, payment_status: "unpaid" });
    if (stored(retry.error)) return { stored: true };
    console.error("booking insert retry failed", retry.error);
    return { stored: false, conflict: conflictOf(retry.error) };
  } catch (e) {
    console.error("booking insert failed", e);
    return { stored: false, conflict: null };
  }
}

/** create-paypal-order's answer (rental/paypal/order_create.go). */
export interface PaypalOrder {
  approveUrl: string;
  bookingId: string;
  orderId?: string;
  amount?: number;
  currency?: string;
  amountMAD?: number;
  totalMAD?: number;
  days?: number;
  simulated?: boolean;
}

export interface CapturedBooking {
  id: string;
  /** The short reference (CR-XXXXX) the customer and the agency quote. */
  reference?: string | null;
  quote?: StoredQuote | null;
  insurance_type?: string | null;
  extras?: Record<string, boolean> | null;
  payment_option?: string | null;
  customer_phone?: string | null;
  customer_name: string;
  customer_email: string;
  pickup_location: string;
  return_location: string;
  start_date: string;
  end_date: string;
  pickup_time: string;
  return_time: string;
  total_price: number;
  payment_id: string | null;
  status?: string;
  charge_amount?: number | string | null;
  charge_currency?: string | null;
  car?: { name: string; brand: string; category: string } | null;
}

/** Reads the JSON error body of a function's non-2xx answer, when there is one. */
async function functionError(error: unknown): Promise<FunctionFailure> {
  if (error instanceof FunctionsHttpError) {
    try {
      const context: unknown = error.context;
      if (!(context instanceof Response)) return { message: error.message };
      const body: unknown = await context.json();
      const fields = new Map<string, unknown>(body && typeof body === "object" ? Object.entries(body) : []);
      const field = (k: string) => fields.get(k);
      const text = (k: string) => {
        const v = field(k);
        return typeof v === "string" && v !== "" ? v : undefined;
      };
      return { message: text("error") ?? text("message") ?? text("msg") ?? error.message, code: text("code"), details: field("details") };
    } catch {
      return { message: error.message };
    }
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/**
 * Stores the booking and opens its PayPal order. `bookingId` is chosen by the page
 * once per request: sending it again after an answer lost on the way back gets the
 * same booking and order back instead of a second one.
 */
export function createPaypalOrder(r: BookingRequest, bookingId: string): Promise<{ order?: PaypalOrder; error?: FunctionFailure }> {
  return sendPaypalOrder({ ...paypalOrderBody(r), bookingId });
}

/** create-paypal-order with a body already built (the way-forward page sends the kept one again). */
export async function sendPaypalOrder(body: Record<string, unknown>): Promise<{ order?: PaypalOrder; error?: FunctionFailure }> {
  try {
    const { data, error } = await (await db()).functions.invoke<PaypalOrder>("create-paypal-order", { body });
    if (error) return { error: await functionError(error) };
    if (!data?.approveUrl) return { error: { message: "no approval URL" } };
    return { order: data };
  } catch (e) {
    return { error: await functionError(e) };
  }
}

export async function capturePaypalPayment(
  orderID: string,
  bookingData: unknown,
): Promise<{ booking?: CapturedBooking; error?: FunctionFailure }> {
  try {
    const { data, error } = await (await db()).functions.invoke<{ booking?: CapturedBooking; error?: string }>(
      "capture-paypal-payment",
      { body: { orderID, bookingData } },
    );
    if (error) return { error: await functionError(error) };
    if (!data?.booking) return { error: { message: data?.error || "" } };
    return { booking: data.booking };
  } catch (e) {
    return { error: await functionError(e) };
  }
}

// Kept between leaving for PayPal and coming back (SPEC section 3).
export const PENDING_BOOKING_KEY = "pendingBooking";
export const PAYPAL_ORDER_KEY = "paypalOrderId";

/** public.booking_receipt: the booking this browser just stored (its random id is the proof), null when unreadable. */
export function fetchReceipt(id: string): Promise<Receipt | null> {
  return loggedRead<Receipt | null>("booking_receipt failed", null, async () => (await db()).rpc("booking_receipt", { p_id: id }));
}

/**
 * After PayPal (declined, or cancelled on PayPal's page): `paypal-booking` reads
 * the booking of the order back; `paypal-to-whatsapp` makes it a WhatsApp request
 * with the same details (docs/booking-record.md).
 */
export async function bookingOfOrder(fn: "paypal-booking" | "paypal-to-whatsapp", orderID: string): Promise<{ booking?: Receipt; error?: FunctionFailure }> {
  try {
    const { data, error } = await (await db()).functions.invoke<{ booking?: Receipt }>(fn, { body: { orderID } });
    if (error) return { error: await functionError(error) };
    if (!data?.booking) return { error: { message: "no booking" } };
    return { booking: data.booking };
  } catch (e) {
    return { error: await functionError(e) };
  }
}

/** The id of the car a receipt names (booking_receipt gives its name and brand only), null when not found. */
export async function findCarId(car: { name: string; brand: string } | null): Promise<number | null> {
  if (!car) return null;
  try {
    const { data, error } = await (await db()).from("cars").select("id").eq("name", car.name).eq("brand", car.brand).limit(1);
    if (error) console.error("car lookup failed", error);
    const row = data?.[0];
    return row ? row.id : null;
  } catch (e) {
    console.error("car lookup failed", e);
    return null;
  }
}
