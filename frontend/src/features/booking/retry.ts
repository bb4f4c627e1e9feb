import type { TFunction } from "i18next";
import type { Formatters } from "../../lib/localeFormat";
import { conflictLines, conflictOf, HOLD_LIMIT_CODES } from "../search";
import { paymentErrorText, type FunctionFailure } from "./paymentErrors";
import { requestOfReceipt, type Receipt } from "./receipt";
import { paypalOrderBody } from "./types";

/**
 * The body to send create-paypal-order again for a kept booking: the one this
 * browser sent (sessionStorage pendingBooking) when it is this booking's, else
 * the same details rebuilt from the receipt. Same bookingId, same details: the
 * server finds the booking and PayPal answers with the same order.
 */
export function retryBody(kept: Record<string, unknown> | null, receipt: Receipt, carId: number | null, userId: string): Record<string, unknown> {
  if (kept && kept.bookingId === receipt.id) return kept;
  const request = { ...requestOfReceipt(receipt, userId), car_id: carId ?? 0 };
  return { ...paypalOrderBody(request), bookingId: receipt.id };
}

/** The next free moment a refusal carries (details.next_free), if any. */
function nextFreeOf(details: unknown): string | null {
  if (details && typeof details === "object" && "next_free" in details) {
    const v = (details as { next_free: unknown }).next_free;
    return typeof v === "string" && v ? v : null;
  }
  return null;
}

/** What the way-forward page says when paypal-booking, paypal-to-whatsapp or the new order fails. */
export function wayForwardError(t: TFunction, fmt: Formatters, e: FunctionFailure): string {
  if (e.code === "booking_expired") {
    const next = nextFreeOf(e.details);
    return next ? t("wayForward.expiredUntil", { date: fmt.moment(next) }) : t("wayForward.expired");
  }
  // paypal-to-whatsapp past the limits on a visitor's unpaid requests: why, and what to do instead.
  const limit = conflictOf(e);
  if (limit && HOLD_LIMIT_CODES.includes(limit.code)) return conflictLines(limit, t, fmt).join(" ");
  if (e.code === "booking_not_found" || e.code === "order_not_found" || e.code === "invalid_order_id") return t("wayForward.notFound");
  return paymentErrorText(t, e) ?? (e.message ? t("wayForward.failedWith", { message: e.message }) : t("wayForward.failed"));
}
