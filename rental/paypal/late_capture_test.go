package paypal_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"casarent/rental/paypal"
	"casarent/rental/paypal/emulator"
)

// captureDuring approves a PayPal booking and sends its capture while PayPal
// meets every attempt with fault; the visitor gets the status want. PayPal
// answers normally again afterwards. It returns the booking and order ids.
func (h *harness) captureDuring(fault emulator.Fault, want int) (string, string) {
	h.t.Helper()
	id, orderID := h.approved("pay")
	h.fault(fault)
	if status, body := h.capture(orderID); status != want {
		h.t.Fatalf("capture: %d %v, want %d", status, body, want)
	}
	h.clearFaults()
	return id, orderID
}

// timedOutCapture: the capture answers later than PAYPAL_TIMEOUT on every
// attempt, so PayPal captured and the visitor got a 504.
func (h *harness) timedOutCapture() (string, string) {
	h.t.Helper()
	id, orderID := h.captureDuring(emulator.Fault{Op: "capture", DelayMS: 1500, Times: -1}, http.StatusGatewayTimeout)
	h.wantCaptures(orderID, 1)
	return id, orderID
}

// lapse makes the booking's hold run out and runs the expiry as the server's
// worker does.
func (h *harness) lapse(id string) {
	h.t.Helper()
	ctx := context.Background()
	if _, err := h.db.Admin.Exec(ctx, `update public.bookings set hold_expires_at = now() - interval '1 second' where id = $1`, id); err != nil {
		h.t.Fatal(err)
	}
	if _, err := h.db.Admin.Exec(ctx, `select public.expire_booking_holds()`); err != nil {
		h.t.Fatal(err)
	}
	h.wantBooking(id, "expired", "abandoned")
}

// lapseAndRebook lets the booking's hold lapse, then another visitor books its
// dates; it returns the other booking's id.
func (h *harness) lapseAndRebook(id string) string {
	h.t.Helper()
	h.lapse(id)
	other := h.create(map[string]any{"pickupDate": today(2), "returnDate": today(5), "customerEmail": "other@example.com"})
	return other["bookingId"].(string)
}

// reconcileTwice runs two replicas' reconciliation passes at once and returns
// what they did together.
func (h *harness) reconcileTwice() paypal.ReconcileReport {
	h.t.Helper()
	replicas := []*paypal.Service{h.svc, h.replica()}
	reports := make([]paypal.ReconcileReport, len(replicas))
	errs := make([]error, len(replicas))
	atOnce(len(replicas), func(i int) { reports[i], errs[i] = replicas[i].ReconcileOnce(context.Background()) })
	var sum paypal.ReconcileReport
	for i, r := range reports {
		if errs[i] != nil {
			h.t.Fatal(errs[i])
		}
		sum.Checked += r.Checked
		sum.Confirmed += r.Confirmed
		sum.Refunded += r.Refunded
		sum.Cancelled += r.Cancelled
		sum.Failed += r.Failed
	}
	return sum
}

// wantOutbox fails the test unless the booking has want notifications of kind.
func (h *harness) wantOutbox(bookingID, kind string, want int) {
	h.t.Helper()
	var n int
	err := h.db.Admin.QueryRow(context.Background(), `select count(*) from public.notification_outbox
		where subject_id = $1 and kind = $2`, bookingID, kind).Scan(&n)
	if err != nil {
		h.t.Fatal(err)
	}
	if n != want {
		h.t.Fatalf("%d %s notifications, want %d", n, kind, want)
	}
}

// wantBooking fails the test unless the booking has that status and payment status.
func (h *harness) wantBooking(id, status, paymentStatus string) {
	h.t.Helper()
	if r := h.row(id); r.Status != status || r.PaymentStatus != paymentStatus {
		h.t.Fatalf("booking %+v, want %s and %s", r, status, paymentStatus)
	}
}

// wantNothingToReconcile fails the test unless two replicas reconciling at once
// find nothing left to do.
func (h *harness) wantNothingToReconcile() {
	h.t.Helper()
	if rep := h.reconcileTwice(); rep != (paypal.ReconcileReport{}) {
		h.t.Fatalf("reconciliation with nothing left to do: %+v", rep)
	}
}

func (h *harness) wantRefunds(orderID string, want int) {
	h.t.Helper()
	if n := h.emu.OrderRefunds(orderID); n != want {
		h.t.Fatalf("%d refunds, want %d", n, want)
	}
}

// wantRetryToldRefunded: the visitor retrying the capture of orderID is told that
// the payment was refunded (409 payment_refunded), and that the refund is done.
func (h *harness) wantRetryToldRefunded(orderID string) {
	h.t.Helper()
	status, body := h.capture(orderID)
	if status != http.StatusConflict || body["code"] != "payment_refunded" {
		h.t.Fatalf("retry: %d %v", status, body)
	}
	if d, _ := body["details"].(map[string]any); d["refund"] != "completed" {
		h.t.Fatalf("retry details: %v", body)
	}
}

// A capture that timed out, then the hold lapsed; the dates are still free: two
// replicas reconciling at once confirm the booking once with the payment recorded.
func TestLateCaptureConfirmsWhenTheDatesAreStillFree(t *testing.T) {
	h := newHarness(t, true)
	id, orderID := h.timedOutCapture()
	h.lapse(id)
	var lapsed time.Time
	if err := h.db.Admin.QueryRow(context.Background(), `select clock_timestamp()`).Scan(&lapsed); err != nil {
		t.Fatal(err)
	}

	rep := h.reconcileTwice()
	if rep.Confirmed < 1 || rep.Refunded != 0 || rep.Cancelled != 0 || rep.Failed != 0 {
		t.Fatalf("reconciliation: %+v", rep)
	}
	r := h.row(id)
	if r.Status != "confirmed" || r.PaymentStatus != "paid" || r.PaymentID == nil || r.PaymentError != nil {
		t.Fatalf("after reconciliation: %+v", r)
	}
	if got := h.ledger(id); got != "paypal:captured" {
		t.Fatalf("ledger: %s", got)
	}
	// Revenue dates the money by when it was recorded, not when the attempt lapsed.
	var settled time.Time
	if err := h.db.Admin.QueryRow(context.Background(), `select settled_at from public.payments where booking_id = $1`, id).Scan(&settled); err != nil {
		t.Fatal(err)
	}
	if settled.Before(lapsed) {
		t.Fatalf("captured payment settled at %v, before the reconciliation (%v)", settled, lapsed)
	}
	h.wantCaptures(orderID, 1)
	h.wantRefunds(orderID, 0)
	h.wantOutbox(id, "booking_confirmed", 1)
	h.wantOutbox(id, "booking_created", 1)
	// Done: nothing left for later passes; the visitor's retry sees the booking.
	h.wantNothingToReconcile()
	if status, body := h.capture(orderID); status != 200 || body["captureId"] != *r.PaymentID {
		t.Fatalf("retry: %d %v", status, body)
	}
	h.wantCaptures(orderID, 1)
}

// A capture that timed out, then the hold lapsed and another visitor booked the
// same dates: two replicas reconciling at once refund the money once, the
// traveller and the agency are told once, and the other visitor keeps the dates.
func TestLateCaptureIsRefundedWhenTheDatesWereTaken(t *testing.T) {
	h := newHarness(t, true)
	id, orderID := h.timedOutCapture()
	otherID := h.lapseAndRebook(id)

	rep := h.reconcileTwice()
	if rep.Refunded < 1 || rep.Confirmed != 0 || rep.Cancelled != 0 || rep.Failed != 0 {
		t.Fatalf("reconciliation: %+v", rep)
	}
	h.wantCaptures(orderID, 1)
	h.wantRefunds(orderID, 1)
	r := h.row(id)
	if r.Status != "expired" || r.PaymentStatus != "refunded" || r.PaymentID == nil || r.PaymentError == nil {
		t.Fatalf("after reconciliation: %+v", r)
	}
	if got := h.ledger(id); got != "paypal:captured,refund:completed" {
		t.Fatalf("ledger: %s", got)
	}
	if completed, failed, mad := h.refunds(id); completed != 1 || failed != 0 || mad != 1688 {
		t.Fatalf("refunds: %d completed, %d failed, %v DH", completed, failed, mad)
	}
	h.wantOutbox(id, "payment_refunded", 1)
	h.wantOutbox(id, "payment_refunded_agency", 1)
	h.wantOutbox(id, "booking_confirmed", 0)
	if o := h.row(otherID); o.Status != "pending" {
		t.Fatalf("the other visitor's booking: %+v", o)
	}

	// The visitor's retry is told the truth, and nothing is refunded twice.
	h.wantRetryToldRefunded(orderID)
	h.wantNothingToReconcile()
	h.wantRefunds(orderID, 1)
}

// The visitor comes back before any reconciliation: the retry itself finds the
// capture and refunds it, instead of "no payment was taken".
func TestLateCaptureRetryTellsTheVisitorItIsRefunded(t *testing.T) {
	h := newHarness(t, true)
	id, orderID := h.timedOutCapture()
	h.lapseAndRebook(id)

	h.wantRetryToldRefunded(orderID)
	h.wantRefunds(orderID, 1)
	if r := h.row(id); r.PaymentStatus != "refunded" {
		t.Fatalf("after the retry: %+v", r)
	}
	h.wantNothingToReconcile()
	h.wantRefunds(orderID, 1)
}

// An administrator cancelled the booking while its capture was in flight: the
// money goes back.
func TestLateCaptureOfACancelledBookingIsRefunded(t *testing.T) {
	h := newHarness(t, true)
	id, orderID := h.timedOutCapture()
	if _, err := h.db.Admin.Exec(context.Background(), `update public.bookings set status = 'cancelled' where id = $1`, id); err != nil {
		t.Fatal(err)
	}
	if rep := h.reconcileTwice(); rep.Refunded < 1 || rep.Failed != 0 {
		t.Fatalf("reconciliation: %+v", rep)
	}
	h.wantRefunds(orderID, 1)
	h.wantBooking(id, "cancelled", "refunded")
}

// A PayPal hold shorter than the visitor's grace does not switch reconciliation
// off: a pending booking is looked at within half its hold.
func TestReconcileWithAShortHold(t *testing.T) {
	h := newHarness(t, true)
	if _, err := h.db.Admin.Exec(context.Background(), `update public.reservation_settings set paypal_hold = interval '4 minutes'`); err != nil {
		t.Fatal(err)
	}
	id, orderID := h.timedOutCapture()
	h.age(time.Minute)
	h.reconcile(paypal.ReconcileReport{}) // the visitor's own browser gets time first
	h.age(2*time.Minute + time.Second)
	h.reconcile(paypal.ReconcileReport{Checked: 1, Confirmed: 1})
	h.wantBooking(id, "confirmed", "paid")
	h.wantCaptures(orderID, 1)
}

// A refund PayPal could not be reached for stays pending and is carried out by a
// later pass, once.
func TestLateCaptureRefundIsRetriedAfterAnOutage(t *testing.T) {
	h := newHarness(t, true)
	id, orderID := h.timedOutCapture()
	h.lapseAndRebook(id)
	h.fault(emulator.Fault{Op: "refund", Status: 503, Times: -1})
	rep := h.reconcileTwice()
	if rep.Refunded < 1 {
		t.Fatalf("reconciliation during the outage: %+v", rep)
	}
	h.wantRefunds(orderID, 0)
	if got := h.ledger(id); got != "paypal:captured,refund:pending" {
		t.Fatalf("ledger during the outage: %s", got)
	}
	h.clearFaults()
	if rep := h.reconcileTwice(); rep.Failed != 0 {
		t.Fatalf("reconciliation after the outage: %+v", rep)
	}
	h.wantRefunds(orderID, 1)
	if got := h.ledger(id); got != "paypal:captured,refund:completed" {
		t.Fatalf("ledger after the outage: %s", got)
	}
	h.wantOutbox(id, "payment_refunded", 1)
}

// The capture never reached PayPal (every attempt failed) and the hold lapsed: the
// order is still APPROVED. With its dates still free, two replicas reconciling at
// once capture it once (the visitor's request id) and confirm the booking.
func TestApprovedOrderOfAnExpiredBookingIsCapturedOnce(t *testing.T) {
	h := newHarness(t, true)
	id, orderID := h.captureDuring(emulator.Fault{Op: "capture", Status: 503, Times: -1}, http.StatusBadGateway)
	h.wantCaptures(orderID, 0)
	h.lapse(id)

	if rep := h.reconcileTwice(); rep.Confirmed < 1 || rep.Failed != 0 {
		t.Fatalf("reconciliation: %+v", rep)
	}
	h.wantCaptures(orderID, 1)
	h.wantBooking(id, "confirmed", "paid")
	h.wantOutbox(id, "booking_confirmed", 1)
}

// The same, but someone else booked the dates meanwhile: nothing is captured, and
// once PayPal's approval window is over reconciliation stops asking.
func TestApprovedOrderOfAnExpiredBookingWhoseDatesWereTakenIsLeft(t *testing.T) {
	h := newHarness(t, true)
	id, orderID := h.approved("pay")
	h.lapseAndRebook(id)

	if rep := h.reconcileTwice(); rep.Confirmed+rep.Refunded+rep.Cancelled+rep.Failed != 0 {
		t.Fatalf("reconciliation: %+v", rep)
	}
	h.wantCaptures(orderID, 0)
	if r := h.row(id); r.Status != "expired" {
		t.Fatalf("after reconciliation: %+v", r)
	}
	h.age(3*time.Hour + time.Minute)
	// Closed now, and the other visitor's attempt, never approved, is abandoned.
	h.reconcile(paypal.ReconcileReport{Checked: 2, Cancelled: 1})
	h.reconcile(paypal.ReconcileReport{}) // nothing left to ask PayPal about
	if r := h.row(id); r.Status != "expired" || r.PaymentID != nil {
		t.Fatalf("after the window: %+v", r)
	}
	h.wantCaptures(orderID, 0)
}
