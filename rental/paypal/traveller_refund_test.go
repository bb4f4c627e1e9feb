package paypal_test

import (
	"context"
	"net/http"
	"testing"

	"casarent/server/pgrole"
)

// travellerCancels opens "My booking" as the traveller would (a link asked for
// with the reference and the e-mail, its token read from the outbox) and
// cancels; it returns the link's token.
func (h *harness) travellerCancels(bookingID string) string {
	h.t.Helper()
	ctx := context.Background()
	visitor := pgrole.Session{Role: "anon", ClientIP: "203.0.113.50"}
	var token, reference string
	err := h.db.Admin.QueryRow(ctx, `select reference from public.bookings where id = $1`, bookingID).Scan(&reference)
	if err == nil {
		err = pgrole.Do(ctx, h.db.Pool, visitor, func(c pgrole.Conn) error {
			_, err := c.Exec(ctx, `select public.my_booking_request_link($1, 'amina@example.com')`, reference)
			return err
		})
	}
	if err == nil {
		err = h.db.Admin.QueryRow(ctx, `select payload -> 'link' ->> 'token' from public.notification_outbox
			where kind = 'booking_link' and subject_id = $1`, bookingID).Scan(&token)
	}
	if err == nil {
		err = pgrole.Do(ctx, h.db.Pool, visitor, func(c pgrole.Conn) error {
			_, err := c.Exec(ctx, `select public.my_booking_cancel($1)`, token)
			return err
		})
	}
	if err != nil {
		h.t.Fatal(err)
	}
	return token
}

// A traveller's free cancellation of a booking paid online: the page's call
// (pressed twice at once) and two replicas' reconciliation refund the capture
// once, in full, and the ledger and the booking say so.
func TestTravellerCancellationIsRefundedOnce(t *testing.T) {
	h := newHarness(t, true)
	id, order := h.paid()
	token := h.travellerCancels(id)

	if status, body := h.call("my-booking-refund", map[string]any{"token": "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"}); status != http.StatusUnauthorized || body["code"] != "invalid_link" {
		t.Fatalf("a made-up link: %d %v", status, body)
	}
	statuses := make([]int, 2)
	atOnce(2, func(i int) { statuses[i], _ = h.call("my-booking-refund", map[string]any{"token": token}) })
	if statuses[0] != 200 || statuses[1] != 200 {
		t.Fatalf("two clicks: %v", statuses)
	}
	h.reconcileTwice()
	h.wantRefunds(order, 1)
	if completed, failed, mad := h.refunds(id); completed != 1 || failed != 0 || mad != 1688 {
		t.Fatalf("ledger: %d completed, %d failed, %v DH", completed, failed, mad)
	}
	h.wantBooking(id, "cancelled", "refunded")
	h.wantOutbox(id, "payment_refunded", 1)
}

// The page closed before it asked: the reconciliation loop carries the refund out.
func TestTravellerCancellationRefundedByReconciliation(t *testing.T) {
	h := newHarness(t, true)
	id, order := h.paid()
	h.travellerCancels(id)
	h.reconcileTwice()
	h.wantRefunds(order, 1)
	if completed, _, _ := h.refunds(id); completed != 1 {
		t.Fatalf("%d completed refunds", completed)
	}
}
