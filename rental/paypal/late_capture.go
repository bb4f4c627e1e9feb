package paypal

import (
	"context"

	"casarent/server/pgrole"
)

// A capture that reaches us after its booking lost its dates (the hold lapsed and
// someone else booked them, or the booking was cancelled) is refunded in full.
// public.record_paypal_capture writes that refund to the ledger as pending under
// a key derived from the capture; it is carried out like every refund the
// database decides on its own (pending_refunds.go).

// lateCaptureRefundKey is the ledger's refund_key of the automatic refund of a
// capture (the database writes the same).
func lateCaptureRefundKey(captureID string) string { return "late-capture-" + captureID }

// refundStatus is the state in the ledger of the latest refund of the booking
// ("pending", "completed", "failed").
func (s *Service) refundStatus(ctx context.Context, bookingID string) string {
	var status string
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, func(c pgrole.Conn) error {
		return c.QueryRow(ctx, `select status from public.payments where booking_id = $1 and kind = 'refund'
			order by created_at desc limit 1`, bookingID).Scan(&status)
	})
	if err != nil {
		s.deps.Logger.ErrorContext(ctx, "read refund", "booking", bookingID, "err", err)
		return "pending"
	}
	return status
}
