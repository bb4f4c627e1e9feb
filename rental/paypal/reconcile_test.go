package paypal_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"casarent/rental/paypal"
	"casarent/rental/paypal/emulator"
)

// age lets time pass for the service: the bookings made so far are now d old.
func (h *harness) age(d time.Duration) { h.later.Store(int64(d)) }

func (h *harness) clearFaults() {
	h.t.Helper()
	clear, _ := http.NewRequest(http.MethodDelete, h.emuURL+"/_emulator/faults", nil)
	res, err := http.DefaultClient.Do(clear)
	if err != nil || res.StatusCode != http.StatusNoContent {
		h.t.Fatalf("clear faults: %v %v", res, err)
	}
	res.Body.Close()
}

func (h *harness) reconcile(want paypal.ReconcileReport) {
	h.t.Helper()
	got, err := h.svc.ReconcileOnce(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	if got != want {
		h.t.Fatalf("reconcile: got %+v, want %+v", got, want)
	}
}

func TestReconcileCapturesWhenTheVisitorNeverCameBack(t *testing.T) {
	h := newHarness(t, true)
	id, orderID := h.approved("pay") // then the tab is closed: no capture call

	h.reconcile(paypal.ReconcileReport{}) // the visitor's own browser gets time first
	h.age(15 * time.Minute)
	h.reconcile(paypal.ReconcileReport{Checked: 1, Confirmed: 1})
	r := h.row(id)
	if r.Status != "confirmed" || r.PaymentStatus != "paid" || r.PaymentID == nil {
		t.Fatalf("after reconciliation: %+v", r)
	}
	h.wantCaptures(orderID, 1)
	// The visitor comes back later: the same booking, no second capture.
	status, body := h.capture(orderID)
	if status != 200 || body["captureId"] != *r.PaymentID {
		t.Fatalf("late return: %d %v", status, body)
	}
	h.reconcile(paypal.ReconcileReport{})
	h.wantCaptures(orderID, 1)
}

func TestReconcileRecordsACaptureWhoseAnswerWasLost(t *testing.T) {
	h := newHarness(t, true)
	// PayPal captures but every answer comes too late; the visitor gives up.
	id, orderID := h.timedOutCapture()
	if r := h.row(id); r.PaymentStatus != "pending" || r.PaymentError == nil {
		t.Fatalf("after the lost answer: %+v", r)
	}
	h.age(15 * time.Minute)
	h.reconcile(paypal.ReconcileReport{Checked: 1, Confirmed: 1})
	if r := h.row(id); r.Status != "confirmed" || r.PaymentStatus != "paid" || r.PaymentID == nil {
		t.Fatalf("after reconciliation: %+v", r)
	}
	h.wantCaptures(orderID, 1)
}

func TestReconcileCancelsAnOrderNeverApproved(t *testing.T) {
	h := newHarness(t, true)
	out := h.create(nil)
	id := out["bookingId"].(string)
	h.age(time.Hour) // still within PayPal's approval window: left alone
	h.reconcile(paypal.ReconcileReport{Checked: 1})
	h.wantBooking(id, "pending", "pending")
	h.age(3*time.Hour + time.Minute)
	h.reconcile(paypal.ReconcileReport{Checked: 1, Cancelled: 1})
	r := h.row(id)
	if r.Status != "cancelled" || r.PaymentStatus != "abandoned" || r.PaymentError == nil || !strings.Contains(*r.PaymentError, "PAYER_ACTION_REQUIRED") {
		t.Fatalf("abandoned: %+v %v", r, *r.PaymentError)
	}
	h.reconcile(paypal.ReconcileReport{}) // done with it
	// The visitor approves on PayPal after all and comes back: the cancelled booking
	// is not charged behind the agency's back.
	orderID := out["orderId"].(string)
	h.approve(out["approveUrl"].(string), "pay")
	if status, body := h.capture(orderID); status != http.StatusConflict || body["code"] != "booking_cancelled" {
		t.Fatalf("capture of a cancelled booking: %d %v", status, body)
	}
	h.wantCaptures(orderID, 0)
}

func TestReconcileLeavesARefusedCaptureToTheVisitorUntilAbandoned(t *testing.T) {
	h := newHarness(t, true)
	id, orderID := h.approved("decline")
	if status, body := h.capture(orderID); status != http.StatusPaymentRequired {
		t.Fatalf("capture: %d %v", status, body)
	}
	h.age(30 * time.Minute)
	h.reconcile(paypal.ReconcileReport{Checked: 1}) // no automatic retry of a declined card
	if r := h.row(id); r.Status != "pending" {
		t.Fatalf("refused, within the window: %+v", r)
	}
	h.age(3*time.Hour + time.Minute)
	h.reconcile(paypal.ReconcileReport{Checked: 1, Cancelled: 1}) // one last try, refused again
	h.wantBooking(id, "cancelled", "failed")
	h.wantCaptures(orderID, 0)
}

func TestReconcileLeavesMoneyThatMovedToAnAdministrator(t *testing.T) {
	h := newHarness(t, true)
	id, orderID := h.approved("pay")
	h.fault(emulator.Fault{Op: "capture", Amount: "1.00"})
	if status, body := h.capture(orderID); status != http.StatusConflict {
		t.Fatalf("capture: %d %v", status, body)
	}
	h.age(4 * time.Hour)
	h.reconcile(paypal.ReconcileReport{}) // a capture id is recorded: never cancelled automatically
	if r := h.row(id); r.Status != "pending" || r.PaymentID == nil {
		t.Fatalf("mismatch: %+v", r)
	}
}

func TestReconcileWaitsOutAPayPalOutage(t *testing.T) {
	h := newHarness(t, true)
	out := h.create(nil)
	id := out["bookingId"].(string)
	h.approve(out["approveUrl"].(string), "pay")
	h.age(15 * time.Minute)
	h.fault(emulator.Fault{Op: "get", Status: 503, Times: -1})
	h.reconcile(paypal.ReconcileReport{Checked: 1, Failed: 1})
	h.wantBooking(id, "pending", "pending")
	h.clearFaults()
	h.reconcile(paypal.ReconcileReport{Checked: 1, Confirmed: 1})
}
