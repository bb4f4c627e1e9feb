import { formatPrice } from "../../lib/format";
import { getBooking, refundPayment, RefundError } from "./api";
import { keepsRefundKey, parseAmount, refundAmountError, refundErrorMessage, type LedgerSummary } from "./paymentView";
import type { RefundChoice } from "./RefundFields";
import type { AdminBooking } from "../admin-booking-core";

/** How a refund request ended, for the dialog that sent it. */
export type RefundOutcome =
  | { ok: true; booking: AdminBooking; amount: string }
  | { ok: false; message: string; failure?: string; renewKey: boolean };

/** The amount error of the choice (only an amount typed by hand can be wrong). */
export function refundChoiceError(choice: RefundChoice, summary: LedgerSummary | null): string | null {
  return choice.mode === "amount" ? refundAmountError(choice.amount, summary?.refundable ?? null) : null;
}

/**
 * Sends the refund (and, with `cancel`, the cancellation), then reads the booking
 * back: its payment state follows the ledger. Never throws: a refusal comes back
 * in French, with whether the dialog must draw a new key.
 */
export async function sendRefund(p: { booking: AdminBooking; key: string; choice: RefundChoice; cancel: boolean; note?: string }): Promise<RefundOutcome> {
  const amountMAD = p.choice.mode === "amount" ? (parseAmount(p.choice.amount) ?? undefined) : undefined;
  try {
    const done = await refundPayment({ bookingId: p.booking.id, key: p.key, amountMAD, cancel: p.cancel, note: p.note });
    const booking = await getBooking(p.booking.id);
    return { ok: true, booking, amount: formatPrice(done.amountMAD) };
  } catch (e) {
    console.error("refund failed", e);
    const code = e instanceof RefundError ? e.code : undefined;
    const text = refundErrorMessage(e instanceof RefundError ? e : {});
    return { ok: false, ...text, renewKey: !keepsRefundKey(code) };
  }
}
