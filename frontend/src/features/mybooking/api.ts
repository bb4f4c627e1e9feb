import { FunctionsHttpError } from "@supabase/supabase-js";
import { callResult, db, errorDetails, PG_CODES, type Call, type DbError, type Result as DbResult } from "../../lib/db";
import type { ChangeQuoteJson as ChangeQuote, LedgerLineJson as LedgerLine, MyBookingJson as MyBooking, TravellerRequestJson as TravellerRequest } from "../../lib/database";

// The shapes of the page's functions' answers are the client's Database type's
// (lib/database.ts), so each call below is typed by the function it names.
export type { ChangeQuote, LedgerLine, MyBooking, TravellerRequest };

/** What went wrong, as the page words it. */
export type Failure =
  | { kind: "link" } // MB001: the link is invalid or expired
  | { kind: "late"; cost: number; freeUntil: string } // MB002
  | { kind: "closed" } // MB003: cancelled, expired, started or over
  | { kind: "invalid"; field?: string } // MB004, the quote's 22023 or a booking's bounds (23514)
  | { kind: "taken" } // BK00x
  | { kind: "limited"; by?: "booking" | "recipient" } // 429: per address, or the caps on links per booking and per recipient
  | { kind: "other" };

export function failure(error: DbError): Failure {
  const details = errorDetails(error.details);
  switch (error.code) {
    case "MB001":
      return { kind: "link" };
    case "MB002":
      return { kind: "late", cost: Number(details.cost ?? 0), freeUntil: String(details.free_until ?? "") };
    case "MB003":
      return { kind: "closed" };
    case "MB004":
    case "22023":
      return { kind: "invalid", field: typeof details.field === "string" ? details.field : undefined };
    case PG_CODES.tooManyWrites:
      return details.by === "booking" || details.by === "recipient" ? { kind: "limited", by: details.by } : { kind: "limited" };
    case "23514": // the database's bounds of a booking name the field first ("customer_phone …")
      return { kind: "invalid", field: /^(\w+)/.exec(error.message ?? "")?.[1] };
  }
  if (error.code?.startsWith("BK")) return { kind: "taken" };
  return { kind: "other" };
}

export type Result<T> = DbResult<T, Failure>;

/** Runs one call of the page; a call that throws is "other". */
const rpc = <T>(call: Call<T>): Promise<Result<T>> => callResult(call, failure, { kind: "other" });

/** Step 1: the same answer whether the pair matches or not; a match gets its link by e-mail. */
export function requestLink(reference: string, email: string): Promise<Result<unknown>> {
  return rpc((c) => c.rpc("my_booking_request_link", { p_reference: reference, p_email: email }));
}

export function readBooking(token: string): Promise<Result<MyBooking>> {
  return rpc((c) => c.rpc("my_booking", { p_token: token }));
}

/** The details that do not change the price. */
export type Details = Partial<Record<"flight_number" | "hotel_name" | "hotel_address" | "arrival_note" | "customer_phone", string>>;

export function updateDetails(token: string, details: Details): Promise<Result<MyBooking>> {
  return rpc((c) => c.rpc("my_booking_update", { p_token: token, p_details: details }));
}

export function cancelBooking(token: string): Promise<Result<MyBooking>> {
  return rpc((c) => c.rpc("my_booking_cancel", { p_token: token }));
}

/** A cancellation after the free window, for the cost the page stated (another cost answers MB002 with the current one). */
export function cancelLate(token: string, fee: number): Promise<Result<MyBooking>> {
  return rpc((c) => c.rpc("my_booking_cancel_late", { p_token: token, p_fee: fee }));
}

export interface ChangeAsked {
  carId: number;
  start: string;
  end: string;
  pickupTime: string;
  returnTime: string;
  message: string;
}

/** A change's car, dates and times as the change functions take them. */
function changeArgs(token: string, a: Omit<ChangeAsked, "message">) {
  return { p_token: token, p_car_id: a.carId, p_start: a.start, p_end: a.end, p_pickup_time: a.pickupTime, p_return_time: a.returnTime };
}

export function askChange(token: string, a: ChangeAsked): Promise<Result<MyBooking>> {
  return rpc((c) => c.rpc("my_booking_change_request", { ...changeArgs(token, a), p_message: a.message }));
}

export function quoteChange(token: string, a: Omit<ChangeAsked, "message">): Promise<Result<ChangeQuote>> {
  return rpc((c) => c.rpc("my_booking_change_quote", changeArgs(token, a)));
}

/**
 * Asks the payment functions to carry out at once the refund the cancellation
 * wrote (the amount is the database's; the reconciliation loop would do it
 * later anyway). A failure here changes nothing the page shows but the timing.
 */
export async function refundNow(token: string): Promise<void> {
  try {
    const { error } = await (await db()).functions.invoke("my-booking-refund", { body: { token } });
    if (error && !(error instanceof FunctionsHttpError)) throw error;
  } catch {
    // The loop retries; the ledger shows the refund as pending meanwhile.
  }
}

/** The cars a change may ask for. */
export async function listCars(): Promise<{ id: number; name: string; brand: string }[]> {
  try {
    const { data } = await (await db()).from("cars").select("id,name,brand").eq("available", true).order("name");
    return data ?? [];
  } catch {
    return [];
  }
}

/** The token of an e-mailed link: in the fragment, which is never sent to a server. */
export function tokenOf(hash: string): string | null {
  const m = /(?:^#|&)token=([0-9a-f]{64})(?:&|$)/.exec(hash);
  return m ? m[1]! : null;
}
