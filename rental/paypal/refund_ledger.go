package paypal

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net/http"

	"github.com/jackc/pgx/v5"

	"casarent/functions/fnkit"
	"casarent/server/pgrole"
)

// captureLedger is a booking's PayPal capture and what was already given back
// from it (pending refunds count: their money is reserved), in centimes of the
// payment's currency and of dirhams.
type captureLedger struct {
	captureID, currency        string
	capturedCents, capturedMAD int64
	refundedCents, refundedMAD int64
}

// readCapture reads the booking's first capture and its refunds so far; a
// booking never captured has nothing to refund.
func readCapture(ctx context.Context, c pgrole.Conn, bookingID string) (captureLedger, error) {
	var l captureLedger
	err := c.QueryRow(ctx, `select p.provider_capture_id, p.currency, (p.amount * 100)::bigint, (p.amount_mad * 100)::bigint,
			coalesce((select sum(r.amount * 100)::bigint from public.payments r
			          where r.booking_id = p.booking_id and r.kind = 'refund' and r.status in ('pending', 'completed')), 0),
			coalesce((select sum(r.amount_mad * 100)::bigint from public.payments r
			          where r.booking_id = p.booking_id and r.kind = 'refund' and r.status in ('pending', 'completed')), 0)
		from public.payments p
		where p.booking_id = $1 and p.kind = 'paypal' and p.status = 'captured'
		order by p.settled_at limit 1`, bookingID).
		Scan(&l.captureID, &l.currency, &l.capturedCents, &l.capturedMAD, &l.refundedCents, &l.refundedMAD)
	if errors.Is(err, pgx.ErrNoRows) {
		return l, fnkit.Errorf(http.StatusConflict, "this booking has no PayPal payment to refund").WithCode("nothing_to_refund")
	}
	if err != nil {
		return l, fmt.Errorf("read capture: %w", err)
	}
	return l, nil
}

// plan is the pending refund of amountMAD dirhams (0: all that remains) from
// this capture, or why it cannot be made. The amount in the payment's currency
// is what remains for the rest, else the same proportion of the capture,
// rounded half up.
func (l captureLedger) plan(amountMAD float64) (refundRow, error) {
	leftMAD, leftCents := l.capturedMAD-l.refundedMAD, l.capturedCents-l.refundedCents
	wantMAD := int64(amountMAD*100 + 0.5)
	if wantMAD == 0 {
		wantMAD = leftMAD
	}
	if leftMAD <= 0 {
		return refundRow{}, fnkit.Errorf(http.StatusConflict, "this payment was already refunded in full").WithCode("nothing_to_refund")
	}
	if wantMAD > leftMAD {
		return refundRow{}, fnkit.Errorf(http.StatusConflict, "at most %d.%02d DH can still be refunded", leftMAD/100, leftMAD%100).WithCode("refund_exceeds").
			WithDetails(map[string]any{"refundableMAD": float64(leftMAD) / 100})
	}
	row := refundRow{captureID: l.captureID, currency: l.currency, madCents: wantMAD, full: wantMAD == leftMAD, status: "pending"}
	if row.full {
		row.amountCents = leftCents
	} else {
		q := new(big.Rat).Mul(big.NewRat(wantMAD, 1), big.NewRat(l.capturedCents, l.capturedMAD))
		q.Add(q, big.NewRat(1, 2))
		row.amountCents = new(big.Int).Quo(q.Num(), q.Denom()).Int64()
	}
	if row.amountCents <= 0 {
		return refundRow{}, fnkit.Errorf(http.StatusBadRequest, "the amount is too small to be refunded").WithCode("invalid_refund")
	}
	return row, nil
}
