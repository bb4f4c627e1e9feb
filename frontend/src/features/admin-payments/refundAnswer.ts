import { isRecord } from "../../lib/guards";

// refund-paypal-payment's JSON (rental/paypal/refund.go), read with a check
// rather than typed by a cast: a 2xx is a completed refund only when it says so.

/** refund-paypal-payment's answer when the money went back. */
export interface RefundDone {
  refundId: string | null;
  status: string;
  amountMAD: number;
  amount: number;
  currency: string;
  full: boolean;
}

/** A completed refund, or what else a 2xx said (202 refund_pending, or an answer of another shape). */
export function readRefundAnswer(json: unknown): { done: RefundDone } | { error: string; code: string } {
  if (
    isRecord(json) &&
    !("code" in json) &&
    (json.refundId === null || typeof json.refundId === "string") &&
    typeof json.status === "string" &&
    typeof json.amountMAD === "number" &&
    typeof json.amount === "number" &&
    typeof json.currency === "string" &&
    typeof json.full === "boolean"
  ) {
    const { refundId, status, amountMAD, amount, currency, full } = json;
    return { done: { refundId, status, amountMAD, amount, currency, full } };
  }
  const error = isRecord(json) && typeof json.error === "string" ? json.error : "unexpected answer";
  return { error, code: isRecord(json) && typeof json.code === "string" ? json.code : "refund_pending" };
}
