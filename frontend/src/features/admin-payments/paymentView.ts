import { isRecord } from "../../lib/guards";
import { formatPrice } from "../../lib/format";
import { tAdmin } from "../admin-kit";
import { PAYMENT_STATES, type PaymentState } from "../admin-booking-core";
import type { Payment, RevenueMonth } from "./types";

/** Amounts are summed in centimes: 0.1 + 0.2 must make 0.30 DH, not 0.30000000000000004. */
export function toCents(value: number | string | null | undefined): number {
  const n = typeof value === "string" ? Number(value) : (value ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
}

export function fromCents(cents: number): number {
  return cents / 100;
}

export function isPaymentState(s: string | null | undefined): s is PaymentState {
  return (PAYMENT_STATES as readonly string[]).includes(s ?? "");
}

/** The French words of a payment state; an unknown value is shown as it is. */
export function paymentStateLabel(s: string | null | undefined): string {
  return isPaymentState(s) ? tAdmin(`bookings.paymentStatuses.${s}`) : (s ?? tAdmin("common.none"));
}

const tones: Record<PaymentState, string> = {
  none: "gray",
  pending: "amber",
  paid: "green",
  failed: "red",
  abandoned: "gray",
  refunded: "violet",
  partially_refunded: "violet",
  counter: "blue",
};

export function paymentStateTone(s: string | null | undefined): string {
  return isPaymentState(s) ? tones[s] : "gray";
}

/** A booking whose online payment may still be (partly) refunded. */
export function canRefund(paymentStatus: string | null | undefined): boolean {
  return paymentStatus === "paid" || paymentStatus === "partially_refunded";
}

export interface LedgerSummary {
  /** Captured through PayPal, in DH. */
  paidOnline: number;
  /** Completed refunds, in DH. */
  refunded: number;
  /** Refunds asked and not answered yet, in DH. */
  refundPending: number;
  /** Taken at the counter, in DH. */
  counter: number;
  /** Money the agency holds for this booking: paid online − refunded + counter. */
  received: number;
  /** What a refund may still give back (pending refunds count: the server reserves them). */
  refundable: number;
}

/** What a booking's payments add up to, as revenue_by_month counts them. */
/** What the sums read of a payment; an amount may come as a numeric string. */
export type LedgerEntry = Pick<Payment, "kind" | "status"> & { amount_mad: number | string };

export function ledgerSummary(payments: readonly LedgerEntry[]): LedgerSummary {
  let paid = 0;
  let refunded = 0;
  let pending = 0;
  let counter = 0;
  for (const p of payments) {
    const c = toCents(p.amount_mad);
    if (p.kind === "paypal" && p.status === "captured") paid += c;
    else if (p.kind === "refund" && p.status === "completed") refunded += c;
    else if (p.kind === "refund" && p.status === "pending") pending += c;
    else if (p.kind === "counter" && p.status === "completed") counter += c;
  }
  return {
    paidOnline: fromCents(paid),
    refunded: fromCents(refunded),
    refundPending: fromCents(pending),
    counter: fromCents(counter),
    received: fromCents(paid - refunded + counter),
    refundable: fromCents(Math.max(0, paid - refunded - pending)),
  };
}

/** What is left to take for a booking of `total` DH once `received` DH came in (never below 0). */
export function remainingDue(total: number | null | undefined, received: number): number {
  return fromCents(Math.max(0, toCents(total ?? 0) - toCents(received)));
}

/** A payment row's amount in its own currency, e.g. "66,67 EUR" (DH for MAD). */
export function formatPaymentAmount(p: Pick<Payment, "amount" | "currency">): string {
  const n = Number(p.amount);
  return p.currency === "MAD" ? formatPrice(n) : `${new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n)} ${p.currency}`;
}

/** The sign of a movement for the agency: a refund takes money out. */
export function signedMad(p: Pick<LedgerEntry, "kind" | "amount_mad">): number {
  return p.kind === "refund" ? -Number(p.amount_mad) : Number(p.amount_mad);
}

// ---- revenue: money received (rpc('revenue_by_month')) ----

/** Money received over the given months, in DH (the sum of `received`). */
export function totalReceived(rows: readonly Pick<RevenueMonth, "received">[]): number {
  return fromCents(rows.reduce((s, r) => s + toCents(r.received), 0));
}

/** Money received per month, keyed "YYYY-MM". */
export function receivedByMonth(rows: readonly Pick<RevenueMonth, "month" | "received">[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) {
    const key = r.month.slice(0, 7);
    m.set(key, fromCents((toCents(m.get(key)) + toCents(r.received))));
  }
  return m;
}

export interface RevenueFigures {
  rows: RevenueMonth[];
  /** Everything received up to now, in DH. */
  total: number;
  /** Received in the agency's current month, in DH. */
  thisMonth: number;
}

/** Money received (rpc revenue_by_month) up to the agency's current month, as one figure and per month. */
export function revenueFigures(rows: RevenueMonth[], today: string): RevenueFigures {
  return { rows, total: totalReceived(rows), thisMonth: receivedByMonth(rows).get(today.slice(0, 7)) ?? 0 };
}

/** "YYYY-MM" of an ISO day "YYYY-MM-DD" moved by `delta` months. */
export function shiftMonth(day: string, delta: number): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7)) - 1 + delta;
  const yy = y + Math.floor(m / 12);
  const mm = ((m % 12) + 12) % 12;
  return `${String(yy).padStart(4, "0")}-${String(mm + 1).padStart(2, "0")}`;
}

/** Since when revenue is read: before any booking the site could have taken. */
export const REVENUE_SINCE = "2000-01-01";

/**
 * The arguments of revenue_by_month for "everything received up to now":
 * p_from a date before any payment, p_to (exclusive) the first day of the
 * month after the agency's today.
 */
export function revenueRange(today: string): { p_from: string; p_to: string } {
  return { p_from: REVENUE_SINCE, p_to: `${shiftMonth(today, 1)}-01` };
}

// ---- amounts typed by an administrator ----

/**
 * "450", "450,5", "1 200.50" → a positive amount with at most two decimals;
 * null for anything else (empty, zero, negative, letters, three decimals).
 */
export function parseAmount(input: string): number | null {
  const s = input.replace(/[\s\u00a0\u202f]/g, "").replace(",", ".");
  if (!/^\d+(\.\d{1,2})?$/.test(s)) return null;
  const n = Number(s);
  return n > 0 && n < 10_000_000 ? n : null;
}

export interface CounterValues {
  method: "cash" | "card";
  amount: string;
  note: string;
}

/** The counter payment form's rules: an amount is required, positive, in DH with at most two decimals. */
export function validateCounter(v: CounterValues): { amount?: string } {
  if (v.amount.trim() === "") return { amount: tAdmin("payments.counter.amountRequired") };
  if (parseAmount(v.amount) === null) return { amount: tAdmin("payments.counter.amountInvalid") };
  return {};
}

/** The refund amount typed in the dialog: null when fine, else what is wrong. */
export function refundAmountError(input: string, refundable: number | null): string | null {
  if (input.trim() === "") return tAdmin("payments.refund.amountRequired");
  const n = parseAmount(input);
  if (n === null) return tAdmin("payments.refund.amountInvalid");
  if (refundable !== null && toCents(n) > toCents(refundable)) return tAdmin("payments.refund.amountTooHigh", { max: formatPrice(refundable) });
  return null;
}

// ---- the refund function's answers ----

/** A refusal of refund-paypal-payment: {error, code, details} (rental/paypal/refund.go). */
export interface RefundFailure {
  code?: string | undefined;
  message?: string | undefined;
  details?: unknown;
}

const UNREACHABLE = new Set(["paypal_unavailable", "paypal_timeout", "paypal_error", "database_unavailable", "network"]);

/** The French message of a refund that did not go through; `failure` is PayPal's reason when it refused. */
export function refundErrorMessage(f: RefundFailure): { message: string; failure?: string } {
  const details = isRecord(f.details) ? f.details : {};
  switch (f.code) {
    case "refund_exceeds": {
      const max = Number(details.refundableMAD);
      return { message: tAdmin("payments.refund.errors.refund_exceeds", { max: formatPrice(Number.isFinite(max) ? max : 0) }) };
    }
    case "refund_refused":
      return typeof details.failure === "string" && details.failure ? { message: tAdmin("payments.refund.errors.refund_refused"), failure: details.failure } : { message: tAdmin("payments.refund.errors.refund_refused") };
    case "nothing_to_refund":
    case "not_admin":
    case "payment_not_configured":
    case "refund_pending":
    case "invalid_refund":
    case "cannot_cancel":
      return { message: tAdmin(`payments.refund.errors.${f.code}`) };
    default:
      return { message: f.code && UNREACHABLE.has(f.code) ? tAdmin("payments.refund.errors.unreachable") : tAdmin("payments.refund.errors.generic") };
  }
}

/**
 * Whether a refund request may be sent again with the same key: yes unless
 * PayPal refused it for good (the ledger keeps that refusal under the key, so a
 * new attempt needs a new key). Lost answers, timeouts and pending refunds keep
 * the key, so sending again never refunds twice.
 */
export function keepsRefundKey(code: string | undefined): boolean {
  return code !== "refund_refused";
}
