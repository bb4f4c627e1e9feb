import { describe, expect, it } from "vitest";
import { ApiError } from "../../admin-kit";
import type { ChangeRequest } from "./api";
import { acceptConfirmation, decisionErrorMessage } from "./decision";

const request = (total: number | null, current: number, afterPayment: ChangeRequest["afterPayment"] = null): ChangeRequest => ({
  id: "r1", kind: "change", state: "pending", start_date: "2026-12-20", end_date: "2026-12-24", pickup_time: "10:00", return_time: "10:00",
  total, available: true, created_at: "2026-12-07T10:00:00Z", afterPayment, message: null, refund_mad: null, car: null,
  booking: { id: "b1", reference: "CR-ABCDE", customer_name: "Lina", customer_email: "l@x.ma", language: "fr", start_date: "2026-12-17", end_date: "2026-12-20", total_price: current, car: null },
});

// The amounts are formatted the French way, with narrow no-break spaces: compare digits only.
const digits = (s: string | null) => (s ?? "").replace(/\s/g, "");

describe("accepting a change request", () => {
  it("asks nothing when the price stays", () => {
    expect(acceptConfirmation(request(756, 756))).toBeNull();
    expect(acceptConfirmation(request(null, 756))).toBeNull();
  });
  it("states both totals before a change that moves money", () => {
    const m = digits(acceptConfirmation(request(1008, 756)));
    expect(m).toContain("756");
    expect(m).toContain("1008");
  });
  it("states what a booking paid online would leave to pay or to give back", () => {
    expect(digits(acceptConfirmation(request(1008, 756, { dueAtPickup: 252, refundDue: 0 })))).toMatch(/reste252|252.*prise/);
    expect(digits(acceptConfirmation(request(500, 756, { dueAtPickup: 0, refundDue: 256 })))).toMatch(/256.*rembourser/);
  });
});

describe("a refused answer", () => {
  const refusal = (code: string, details: object) => new ApiError("refused", code, JSON.stringify(details));
  it("says why the booking can no longer change", () => {
    const cancelled = decisionErrorMessage(refusal("BK008", { status: "cancelled", payment_status: "refunded" }));
    const refunded = decisionErrorMessage(refusal("BK008", { status: "confirmed", payment_status: "refunded" }));
    expect(cancelled).toMatch(/annulée/);
    expect(refunded).toMatch(/remboursée/);
    expect(decisionErrorMessage(refusal("BK008", { status: "expired" }))).toMatch(/expiré/);
  });
  it("tells a request closed with its booking from one already answered", () => {
    expect(decisionErrorMessage(refusal("MB005", { state: "closed" }))).toMatch(/close/);
    expect(decisionErrorMessage(refusal("MB005", { state: "accepted" }))).toMatch(/déjà/);
  });
  it("keeps the car taken and leaves other errors to the screen", () => {
    expect(decisionErrorMessage(refusal("BK001", {}))).toMatch(/plus libre/);
    expect(decisionErrorMessage(new Error("network"))).toBeNull();
    expect(decisionErrorMessage(refusal("42501", {}))).toBeNull();
  });
});
