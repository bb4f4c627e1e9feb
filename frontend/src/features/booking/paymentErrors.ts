import type { TFunction } from "i18next";

/** A payment function's error answer: its readable message and machine code (functions/README.md). */
export interface FunctionFailure {
  message: string;
  code?: string;
  /** The function's details (a refusal for the dates carries next_free, until). */
  details?: unknown;
}

// The functions' codes the visitor can act on, mapped to the translated texts of
// locales/*.json "paymentErrors"; several codes share a text.
const TEXT_OF_CODE: Record<string, string> = {
  car_unavailable: "car_unavailable",
  invalid_booking: "invalid_booking",
  rate_limited: "rate_limited",
  paypal_unavailable: "paypal_unavailable",
  paypal_timeout: "paypal_unavailable",
  paypal_error: "paypal_unavailable",
  no_capture: "paypal_unavailable",
  payment_not_configured: "payment_not_configured",
  payment_declined: "payment_declined",
  order_not_approved: "order_not_approved",
  capture_in_progress: "capture_pending",
  capture_pending: "capture_pending",
  amount_mismatch: "amount_mismatch",
  booking_cancelled: "booking_cancelled",
  booking_expired: "booking_expired",
  payment_refunded: "payment_refunded",
  booking_exists: "booking_exists",
  booking_not_found: "not_found",
  order_not_found: "not_found",
  invalid_order_id: "not_found",
  already_paid: "already_paid",
  invalid_link: "invalid_link", // "My booking": a link that expired or was replaced
  // Refunds are the back office's (refund-paypal-payment); a visitor never meets
  // them, but a code never goes out without words.
  invalid_refund: "refund_failed",
  nothing_to_refund: "refund_failed",
  refund_exceeds: "refund_failed",
  cannot_cancel: "refund_failed", // a cancellation the booking's state machine refuses
  refund_pending: "refund_failed",
  refund_refused: "refund_failed",
};

/** The visitor's language for a known code, else null (the caller shows the server's message). */
export function paymentErrorText(t: TFunction, f: FunctionFailure): string | null {
  const key = f.code ? TEXT_OF_CODE[f.code] : undefined;
  return key ? t(`paymentErrors.${key}`) : null;
}
