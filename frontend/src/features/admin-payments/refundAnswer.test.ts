import { describe, expect, it } from "vitest";
import { readRefundAnswer } from "./refundAnswer";

// refund-paypal-payment's 2xx answers, read with a check (no cast on a function's answer).

const done = { refundId: "R1", status: "COMPLETED", amountMAD: 300, amount: 27.5, currency: "EUR", full: false };

describe("refund-paypal-payment answers", () => {
  it("reads a completed refund", () => {
    expect(readRefundAnswer(done)).toEqual({ done });
    expect(readRefundAnswer({ ...done, refundId: null })).toEqual({ done: { ...done, refundId: null } });
  });
  it("says pending for 202 refund_pending, with the server's words", () => {
    expect(readRefundAnswer({ error: "PayPal has not finished", code: "refund_pending" })).toEqual({ error: "PayPal has not finished", code: "refund_pending" });
  });
  it.each([null, "ok", {}, { ...done, amountMAD: "300" }, { ...done, full: undefined }])("takes %j for no completed refund", (json) => {
    expect(readRefundAnswer(json)).toEqual({ error: "unexpected answer", code: "refund_pending" });
  });
});
