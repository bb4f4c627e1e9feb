import { describe, expect, it } from "vitest";
import {
  canRefund,
  keepsRefundKey,
  ledgerSummary,
  parseAmount,
  paymentStateLabel,
  receivedByMonth,
  refundAmountError,
  refundErrorMessage,
  remainingDue,
  revenueFigures,
  revenueRange,
  shiftMonth,
  totalReceived,
  validateCounter,
} from "./paymentView";
import type { LedgerEntry } from "./paymentView";
import { isFailedAttempt, PAYMENT_STATES } from "../admin-booking-core";

const pay = (p: Partial<LedgerEntry>): LedgerEntry => ({ kind: "paypal", status: "captured", amount_mad: 0, ...p });

describe("payment state", () => {
  it("has French words for every state the database knows", () => {
    expect(PAYMENT_STATES.map(paymentStateLabel)).toEqual([
      "Aucun paiement",
      "Paiement en attente",
      "Payé (PayPal)",
      "Paiement échoué",
      "Paiement abandonné",
      "Remboursé",
      "Remboursé en partie",
      "Payé au comptoir",
    ]);
    expect(paymentStateLabel("unpaid")).toBe("unpaid");
    expect(paymentStateLabel(null)).toBe("—");
  });
  it("a failed or abandoned attempt that the agency did not confirm is no booking", () => {
    expect(isFailedAttempt({ status: "pending", payment_status: "failed" })).toBe(true);
    expect(isFailedAttempt({ status: "expired", payment_status: "abandoned" })).toBe(true);
    expect(isFailedAttempt({ status: "cancelled", payment_status: "failed" })).toBe(true);
    for (const status of ["confirmed", "in_progress", "completed"]) expect(isFailedAttempt({ status, payment_status: "failed" })).toBe(false);
    expect(isFailedAttempt({ status: "pending", payment_status: "pending" })).toBe(false);
    expect(isFailedAttempt({ status: "expired", payment_status: "none" })).toBe(false);
  });
  it("offers a refund for money taken online only", () => {
    expect(canRefund("paid")).toBe(true);
    expect(canRefund("partially_refunded")).toBe(true);
    for (const s of ["none", "pending", "failed", "abandoned", "refunded", "counter", null]) expect(canRefund(s)).toBe(false);
  });
});

describe("a booking's ledger", () => {
  it("adds captured payments and counter payments, takes completed refunds off, ignores failed and abandoned attempts", () => {
    const s = ledgerSummary([
      pay({ kind: "paypal", status: "failed", amount_mad: 700 }),
      pay({ kind: "paypal", status: "abandoned", amount_mad: 700 }),
      pay({ kind: "paypal", status: "captured", amount_mad: "720.10" }),
      pay({ kind: "refund", status: "completed", amount_mad: 100.2 }),
      pay({ kind: "refund", status: "failed", amount_mad: 50 }),
      pay({ kind: "refund", status: "pending", amount_mad: 20 }),
      pay({ kind: "counter", status: "completed", amount_mad: 0.1 }),
    ]);
    expect(s).toEqual({ paidOnline: 720.1, refunded: 100.2, refundPending: 20, counter: 0.1, received: 620, refundable: 599.9 });
  });
  it("leaves nothing refundable once everything went back", () => {
    const s = ledgerSummary([pay({ amount_mad: 500 }), pay({ kind: "refund", status: "completed", amount_mad: 500 })]);
    expect(s.refundable).toBe(0);
    expect(s.received).toBe(0);
  });
  it("what remains to take is the total minus what was received, never below zero", () => {
    expect(remainingDue(1354, 677)).toBe(677);
    expect(remainingDue(1000, 1200)).toBe(0);
    expect(remainingDue(null, 0)).toBe(0);
    expect(remainingDue(0.3, 0.1)).toBe(0.2);
  });
});

describe("revenue: money received", () => {
  const rows = [
    { month: "2026-01-01", online: "720.00", refunds: "100.00", counter: "450", received: "1070.00" },
    { month: "2026-02-01", online: 0, refunds: 0, counter: 0.1, received: 0.1 },
    { month: "2026-03-01", online: 0.2, refunds: 0, counter: 0, received: "0.2" },
  ];
  it("sums `received` in centimes", () => {
    expect(totalReceived(rows)).toBe(1070.3);
    expect(totalReceived([])).toBe(0);
    expect(receivedByMonth(rows).get("2026-01")).toBe(1070);
  });
  it("gives the total and the agency's current month", () => {
    expect(revenueFigures(rows, "2026-03-31")).toMatchObject({ total: 1070.3, thisMonth: 0.2 });
    expect(revenueFigures(rows, "2026-04-01").thisMonth).toBe(0);
  });
  it("asks for everything up to the end of the current month", () => {
    expect(revenueRange("2026-03-15")).toEqual({ p_from: "2000-01-01", p_to: "2026-04-01" });
    expect(revenueRange("2026-12-31")).toEqual({ p_from: "2000-01-01", p_to: "2027-01-01" });
    expect(shiftMonth("2026-01-10", -1)).toBe("2025-12");
    expect(shiftMonth("2026-01-10", -13)).toBe("2024-12");
  });
});

describe("amounts typed by an administrator", () => {
  it("reads DH with a comma or a dot, two decimals at most", () => {
    expect(parseAmount("450")).toBe(450);
    expect(parseAmount("450,5")).toBe(450.5);
    expect(parseAmount(" 1 200.25 ")).toBe(1200.25);
    for (const bad of ["", "0", "-5", "12,345", "1e3", "abc", "12.", "0,00"]) expect(parseAmount(bad), bad).toBeNull();
  });
  it("a counter payment needs a positive amount", () => {
    expect(validateCounter({ method: "cash", amount: "", note: "" })).toEqual({ amount: "Le montant est requis" });
    expect(validateCounter({ method: "card", amount: "-3", note: "" }).amount).toMatch(/^Montant invalide/);
    expect(validateCounter({ method: "card", amount: "300", note: "" })).toEqual({});
  });
  it("a partial refund stays within what can still be refunded", () => {
    expect(refundAmountError("", 500)).toBe("Indiquez le montant à rembourser");
    expect(refundAmountError("abc", 500)).toMatch(/^Montant invalide/);
    expect(refundAmountError("500,01", 500)).toBe("Au plus \u2066500 DH\u2069 peuvent encore être remboursés");
    expect(refundAmountError("500", 500)).toBeNull();
    expect(refundAmountError("500", null)).toBeNull();
  });
});

describe("refund refusals in French", () => {
  it("tells each code of refund-paypal-payment", () => {
    expect(refundErrorMessage({ code: "refund_exceeds", details: { refundableMAD: 250.5 } }).message).toBe(
      "Ce montant dépasse ce qui peut encore être remboursé : \u2066250,50 DH\u2069 au plus.",
    );
    expect(refundErrorMessage({ code: "refund_refused", details: { failure: "PayPal a refusé le remboursement : REFUND_FAILED_INSUFFICIENT_FUNDS (debug_id x)" } })).toEqual({
      message: "PayPal a refusé le remboursement : rien n'a été rendu et la réservation n'a pas été modifiée.",
      failure: "PayPal a refusé le remboursement : REFUND_FAILED_INSUFFICIENT_FUNDS (debug_id x)",
    });
    expect(refundErrorMessage({ code: "nothing_to_refund" }).message).toMatch(/^Rien à rembourser/);
    expect(refundErrorMessage({ code: "not_admin" }).message).toBe("Seuls les administrateurs peuvent rembourser un paiement.");
    expect(refundErrorMessage({ code: "payment_not_configured" }).message).toMatch(/n'est pas configuré/);
    expect(refundErrorMessage({ code: "paypal_timeout" }).message).toMatch(/ne sera pas fait deux fois/);
    expect(refundErrorMessage({ code: "network" }).message).toMatch(/ne sera pas fait deux fois/);
    expect(refundErrorMessage({}).message).toBe("Erreur lors du remboursement");
  });
  it("keeps the key unless PayPal refused for good", () => {
    expect(keepsRefundKey("refund_refused")).toBe(false);
    for (const c of ["paypal_timeout", "refund_pending", "network", "refund_exceeds", undefined]) expect(keepsRefundKey(c)).toBe(true);
  });
});
