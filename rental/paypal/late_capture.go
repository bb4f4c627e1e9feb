package paypal

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"casarent/server/pgrole"
)

// A capture that reaches us after its booking lost its dates (the hold lapsed and
// someone else booked them, or the booking was cancelled) is refunded in full.
// public.record_paypal_capture writes that refund to the ledger as pending under
// a key derived from the capture; the functions here carry it out through the
// administrators' refund path (carryOutRefund: PayPal-Request-Id from the ledger
// row, so two replicas asking at once refund once).

// lateCaptureRefundKey is the ledger's refund_key of the automatic refund of a
// capture (the database writes the same).
func lateCaptureRefundKey(captureID string) string { return "late-capture-" + captureID }

// refundLateCapture carries out the automatic refund of captureID if it is still pending.
func (s *Service) refundLateCapture(ctx context.Context, captureID string) error {
	var row *refundRow
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, func(c pgrole.Conn) (err error) {
		row, err = refundByKey(ctx, c, lateCaptureRefundKey(captureID))
		return err
	})
	if err != nil {
		return err
	}
	if row == nil {
		return fmt.Errorf("no automatic refund recorded for capture %s", captureID)
	}
	if row.status != "pending" {
		return nil
	}
	return s.carryOutRefund(ctx, row)
}

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

// pendingLateRefunds lists the captures whose automatic refund PayPal has not
// confirmed yet (PayPal was unreachable when it was decided).
func (s *Service) pendingLateRefunds(ctx context.Context) ([]string, error) {
	var ids []string
	err := pgrole.Query(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, false,
		`select provider_capture_id from public.payments
			where kind = 'refund' and status = 'pending' and refund_key = 'late-capture-' || provider_capture_id
			order by created_at limit 50`, nil,
		func(rows pgx.Rows) (err error) {
			ids, err = pgx.CollectRows(rows, pgx.RowTo[string])
			return err
		})
	if err != nil {
		return nil, fmt.Errorf("read pending refunds: %w", err)
	}
	return ids, nil
}
