package paypal_test

import (
	"context"
	"net/http"
	"testing"

	"casarent/rental/paypal/emulator"
	"casarent/server/pgtest"
)

// adminToken signs in an administrator (an auth user whose profile says admin).
func (h *harness) adminToken() string {
	h.t.Helper()
	const id = "a1000000-0000-4000-8000-000000000001"
	ctx := context.Background()
	if _, err := h.db.Admin.Exec(ctx, `insert into auth.users (id, aud, role, email) values ($1, 'authenticated', 'authenticated', 'boss@example.com')
		on conflict do nothing`, id); err != nil {
		h.t.Fatal(err)
	}
	if _, err := h.db.Admin.Exec(ctx, `update public.profiles set role = 'admin' where id = $1`, id); err != nil {
		h.t.Fatal(err)
	}
	return pgtest.Token(h.t, "authenticated", id, nil)
}

// callAs invokes a function with a bearer token.
func (h *harness) callAs(token, name string, body any) (int, map[string]any) {
	h.t.Helper()
	return h.invoke(name, token, body, nil)
}

// paid makes a booking paid through PayPal (1688 DH, 156.30 EUR) and returns its id and order.
func (h *harness) paid() (string, string) {
	h.t.Helper()
	id, orderID := h.approved("pay")
	if status, body := h.capture(orderID); status != 200 {
		h.t.Fatalf("capture: %d %v", status, body)
	}
	return id, orderID
}

func (h *harness) refunds(bookingID string) (completed, failed int, refundedMAD float64) {
	h.t.Helper()
	err := h.db.Admin.QueryRow(context.Background(), `select count(*) filter (where status = 'completed'), count(*) filter (where status = 'failed'),
			coalesce(sum(amount_mad) filter (where status = 'completed'), 0)::float8
		from public.payments where booking_id = $1 and kind = 'refund'`, bookingID).Scan(&completed, &failed, &refundedMAD)
	if err != nil {
		h.t.Fatal(err)
	}
	return
}

// A partial then a full refund through the emulator, a
// refund PayPal refuses, and two concurrent clicks that refund once.
func TestRefunds(t *testing.T) {
	h := newHarness(t, true)
	admin := h.adminToken()
	key := func(n byte) string {
		return "f1000000-0000-4000-8000-0000000000" + string([]byte{'0' + n/10, '0' + n%10})
	}

	// Visitors cannot refund.
	id, order := h.paid()
	if status, body := h.call("refund-paypal-payment", map[string]any{"bookingId": id, "key": key(1)}); status != http.StatusUnauthorized && status != http.StatusForbidden {
		t.Fatalf("refund with the anon key: %d %v", status, body)
	}

	// Partial: 500 DH of 1688 -> 500 / 1688 x 156.30 EUR = 46.30 EUR.
	status, body := h.callAs(admin, "refund-paypal-payment", map[string]any{"bookingId": id, "amountMAD": 500, "key": key(2)})
	if status != 200 || body["amountMAD"] != 500.0 || body["amount"] != 46.3 || body["currency"] != "EUR" || body["full"] != false {
		t.Fatalf("partial refund: %d %v", status, body)
	}
	h.wantBooking(id, "confirmed", "partially_refunded")
	// More than what is left is refused before PayPal is asked.
	status, body = h.callAs(admin, "refund-paypal-payment", map[string]any{"bookingId": id, "amountMAD": 1200, "key": key(3)})
	if status != http.StatusConflict || body["code"] != "refund_exceeds" || body["details"].(map[string]any)["refundableMAD"] != 1188.0 {
		t.Fatalf("too much: %d %v", status, body)
	}
	// The rest, cancelling the booking: 156.30 - 46.30 = 110.00 EUR.
	status, body = h.callAs(admin, "refund-paypal-payment", map[string]any{"bookingId": id, "key": key(4), "cancel": true})
	if status != 200 || body["amountMAD"] != 1188.0 || body["amount"] != 110.0 || body["full"] != true {
		t.Fatalf("full refund: %d %v", status, body)
	}
	h.wantBooking(id, "cancelled", "refunded")
	if done, _, mad := h.refunds(id); done != 2 || mad != 1688 || h.emu.OrderRefunds(order) != 2 {
		t.Fatalf("%d refunds for %v DH in the ledger, %d at PayPal", done, mad, h.emu.OrderRefunds(order))
	}
	status, body = h.callAs(admin, "refund-paypal-payment", map[string]any{"bookingId": id, "key": key(5)})
	if status != http.StatusConflict || body["code"] != "nothing_to_refund" {
		t.Fatalf("nothing left: %d %v", status, body)
	}

	// PayPal refuses: recorded as failed, nothing refunded.
	id2, order2 := h.paid()
	h.fault(emulator.Fault{Op: "refund", Issue: "REFUND_NOT_ALLOWED"})
	status, body = h.callAs(admin, "refund-paypal-payment", map[string]any{"bookingId": id2, "key": key(6)})
	if status != http.StatusConflict || body["code"] != "refund_refused" {
		t.Fatalf("refused refund: %d %v", status, body)
	}
	if done, failed, _ := h.refunds(id2); done != 0 || failed != 1 || h.emu.OrderRefunds(order2) != 0 {
		t.Fatalf("after a refusal: %d completed, %d failed, %d at PayPal", done, failed, h.emu.OrderRefunds(order2))
	}
	if r := h.row(id2); r.PaymentStatus != "paid" {
		t.Fatalf("after a refusal: %+v", r)
	}

	// Two clicks at once (the same dialog: the same key), with PayPal slow to answer:
	// one refund at PayPal, one in the ledger, and both clicks see it succeed.
	h.fault(emulator.Fault{Op: "refund", DelayMS: 300})
	results := make([]int, 2)
	atOnce(len(results), func(i int) {
		results[i], _ = h.callAs(admin, "refund-paypal-payment", map[string]any{"bookingId": id2, "key": key(7), "cancel": true})
	})
	if done, _, mad := h.refunds(id2); done != 1 || mad != 1688 || h.emu.OrderRefunds(order2) != 1 {
		t.Fatalf("double click: %d refunds of %v DH in the ledger, %d at PayPal (answers %v)", done, mad, h.emu.OrderRefunds(order2), results)
	}
	if results[0] != 200 || results[1] != 200 {
		t.Fatalf("double click answers %v", results)
	}
	// Two administrators at once with different keys cannot refund twice either.
	id3, order3 := h.paid()
	h.fault(emulator.Fault{Op: "refund", DelayMS: 300})
	atOnce(len(results), func(i int) {
		results[i], _ = h.callAs(admin, "refund-paypal-payment", map[string]any{"bookingId": id3, "key": key(byte(8 + i))})
	})
	if done, _, mad := h.refunds(id3); done != 1 || mad != 1688 || h.emu.OrderRefunds(order3) != 1 {
		t.Fatalf("two administrators: %d refunds of %v DH, %d at PayPal (answers %v)", done, mad, h.emu.OrderRefunds(order3), results)
	}
}

// A declined or cancelled payment keeps the booking: the visitor reads it back by
// the order id and may turn it into a WhatsApp request with the same details.
func TestSwitchToWhatsappAfterPayPal(t *testing.T) {
	h := newHarness(t, true)
	out := h.create(nil)
	id, order := out["bookingId"].(string), out["orderId"].(string)
	status, body := h.call("paypal-booking", map[string]any{"orderID": order})
	b, _ := body["booking"].(map[string]any)
	if status != 200 || b["id"] != id || b["payment_status"] != "pending" || b["reference"] == nil {
		t.Fatalf("paypal-booking: %d %v", status, body)
	}
	ref := b["reference"]
	for range 2 { // twice: the second changes nothing
		status, body = h.call("paypal-to-whatsapp", map[string]any{"orderID": order})
		b, _ = body["booking"].(map[string]any)
		if status != 200 || b["reference"] != ref || b["payment_method"] != "whatsapp" || b["payment_status"] != "none" || b["status"] != "pending" {
			t.Fatalf("paypal-to-whatsapp: %d %v", status, body)
		}
	}
	if got := h.ledger(id); got != "paypal:abandoned" {
		t.Fatalf("ledger: %s", got)
	}
	var lapse float64
	if err := h.db.Admin.QueryRow(context.Background(), `select extract(epoch from hold_expires_at - now()) from public.bookings where id = $1`, id).Scan(&lapse); err != nil || lapse < 23*3600 {
		t.Fatalf("held for %v s after the switch (%v), want a request's 24 h", lapse, err)
	}
	var agency int
	if err := h.db.Admin.QueryRow(context.Background(), `select count(*) from public.notification_outbox where subject_id = $1 and kind = 'booking_created'`, id).Scan(&agency); err != nil || agency != 1 {
		t.Fatalf("agency notifications: %d (%v), want 1", agency, err)
	}
	// A paid booking cannot be switched.
	paidID, paidOrder := h.paid()
	if status, body := h.call("paypal-to-whatsapp", map[string]any{"orderID": paidOrder}); status != http.StatusConflict || body["code"] != "already_paid" {
		t.Fatalf("paid booking: %d %v (%s)", status, body, paidID)
	}
}

// Turning PayPal attempts into WhatsApp requests is bounded like sending requests:
// past the limit on one visitor's unpaid holds (2 per e-mail by default; here
// lowered after three attempts were made), the switch answers the database's
// BK005 with its details, not "dates taken"; once under it, the switch is made.
func TestSwitchToWhatsappKeepsTheLimitOnUnpaidRequests(t *testing.T) {
	h := newHarness(t, true)
	h.manyHolds()
	var orders, ids []string
	for range 3 {
		out := h.create(nil)
		orders, ids = append(orders, out["orderId"].(string)), append(ids, out["bookingId"].(string))
	}
	if _, err := h.db.Admin.Exec(context.Background(), `update public.reservation_settings set holds_per_email = 2`); err != nil {
		t.Fatal(err)
	}
	status, body := h.call("paypal-to-whatsapp", map[string]any{"orderID": orders[0]})
	details, _ := body["details"].(map[string]any)
	if status != http.StatusConflict || body["code"] != "BK005" || details["by"] != "email" {
		t.Fatalf("a third hold for one e-mail: %d %v, want 409 BK005 by email", status, body)
	}
	if _, err := h.db.Admin.Exec(context.Background(), `update public.bookings set status = 'cancelled' where id = $1`, ids[2]); err != nil {
		t.Fatal(err)
	}
	if status, body := h.call("paypal-to-whatsapp", map[string]any{"orderID": orders[0]}); status != 200 {
		t.Fatalf("paypal-to-whatsapp under the limit: %d %v", status, body)
	}
}

// "Cancel and refund" of a booking the state machine will not cancel (the car is
// back) is refused before PayPal is asked: no money goes back for a cancellation
// that would then fail.
func TestStateMachineRefundWithACancellationItRefusesMovesNoMoney(t *testing.T) {
	h := newHarness(t, true)
	admin := h.adminToken()
	id, order := h.paid()
	if _, err := h.db.Admin.Exec(context.Background(), `update public.bookings set status = 'completed' where id = $1`, id); err != nil {
		t.Fatal(err)
	}
	status, body := h.callAs(admin, "refund-paypal-payment", map[string]any{"bookingId": id, "key": "f2000000-0000-4000-8000-000000000001", "cancel": true})
	if status != http.StatusConflict || body["code"] != "cannot_cancel" {
		t.Fatalf("cancel and refund of a completed booking: %d %v, want 409 cannot_cancel", status, body)
	}
	if done, failed, _ := h.refunds(id); done+failed != 0 || h.emu.OrderRefunds(order) != 0 {
		t.Fatalf("%d refunds in the ledger, %d at PayPal; want none", done+failed, h.emu.OrderRefunds(order))
	}
	// A refund alone (a gesture after the rental) still goes through.
	if status, body := h.callAs(admin, "refund-paypal-payment", map[string]any{"bookingId": id, "amountMAD": 100, "key": "f2000000-0000-4000-8000-000000000002"}); status != 200 {
		t.Fatalf("refund without cancelling: %d %v", status, body)
	}
	h.wantBooking(id, "completed", "partially_refunded")
}
