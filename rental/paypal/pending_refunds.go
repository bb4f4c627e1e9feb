package paypal

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"casarent/server/pgrole"
)

// Some refunds are decided by the database on its own: the full refund of a
// capture that came too late (late_capture.go) and the refund of a traveller's
// free cancellation (traveller_refund.go). Each is written to the ledger as
// pending under a key derived from what caused it; the functions here carry it
// out through the administrators' refund path (carryOutRefund: PayPal-Request-Id
// from the ledger row, so two replicas asking at once refund once), at once or
// later from the reconciliation loop when PayPal could not be reached.

// refundByKeyRead reads the refund the ledger holds under key (nil: none).
func (s *Service) refundByKeyRead(ctx context.Context, key string) (*refundRow, error) {
	var row *refundRow
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, func(c pgrole.Conn) (err error) {
		row, err = refundByKey(ctx, c, key)
		return err
	})
	return row, err
}

// refundPendingByKey carries out the refund under key if it is still pending.
func (s *Service) refundPendingByKey(ctx context.Context, key string) error {
	row, err := s.refundByKeyRead(ctx, key)
	if err != nil {
		return err
	}
	if row == nil {
		return errors.New("no refund recorded under " + key)
	}
	if row.status != "pending" {
		return nil
	}
	return s.carryOutRefund(ctx, row)
}

// pendingRefundKeys lists the keys of the refunds decided by the database that
// PayPal has not confirmed yet, oldest first.
func (s *Service) pendingRefundKeys(ctx context.Context) ([]string, error) {
	var keys []string
	err := pgrole.Query(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, false,
		`select refund_key from public.payments
			where kind = 'refund' and status = 'pending'
			  and refund_key in ('late-capture-' || provider_capture_id, 'traveller-cancel-' || booking_id)
			order by created_at limit 100`, nil,
		func(rows pgx.Rows) (err error) {
			keys, err = pgx.CollectRows(rows, pgx.RowTo[string])
			return err
		})
	if err != nil {
		return nil, fmt.Errorf("read pending refunds: %w", err)
	}
	return keys, nil
}
