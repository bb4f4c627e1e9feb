package paypal

import (
	"context"
	"errors"
	"net/http"
	"regexp"

	"github.com/jackc/pgx/v5"

	"casarent/functions/fnkit"
	"casarent/server/pgrole"
)

// A traveller who cancels on "My booking" while cancelling is free gets back
// what was paid online. public.my_booking_cancel writes that refund to the
// ledger as pending, under the key 'traveller-cancel-<booking id>' (one per
// booking, however often the button is pressed), and e-mails the traveller;
// the page then calls my-booking-refund with its link so the money moves at
// once, and the reconciliation loop carries out any such refund still pending.
// The amount is the database's: the browser sends only its link.

// travellerCancelRefundKey is the ledger's refund_key of that refund (the database writes the same).
func travellerCancelRefundKey(bookingID string) string { return "traveller-cancel-" + bookingID }

// linkTokenRe is the shape of a "My booking" link's token.
var linkTokenRe = regexp.MustCompile(`^[0-9a-f]{64}$`)

// travellerRefund (my-booking-refund, anyone holding a valid link) carries out
// the pending refund of the link's cancelled booking.
func (s *Service) travellerRefund(w http.ResponseWriter, r *http.Request) error {
	if r.Method != http.MethodPost {
		return fnkit.Errorf(http.StatusMethodNotAllowed, "use POST")
	}
	var req struct {
		Token string `json:"token"`
	}
	if err := fnkit.DecodeJSON(r, &req); err != nil {
		return err
	}
	if !linkTokenRe.MatchString(req.Token) {
		return fnkit.Errorf(http.StatusUnauthorized, "this link is invalid or has expired").WithCode("invalid_link")
	}
	ctx := context.WithoutCancel(r.Context()) // once money may move, see it through
	var bookingID *string
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, func(c pgrole.Conn) error {
		return c.QueryRow(ctx, `select private.booking_id_for_token($1)::text`, req.Token).Scan(&bookingID)
	})
	if err != nil {
		return err
	}
	if bookingID == nil {
		return fnkit.Errorf(http.StatusUnauthorized, "this link is invalid or has expired").WithCode("invalid_link")
	}
	row, err := s.refundByKeyRead(ctx, travellerCancelRefundKey(*bookingID))
	if err != nil {
		return err
	}
	if row == nil {
		return fnkit.JSON(w, http.StatusOK, map[string]any{"status": "none"})
	}
	if row.status == "pending" {
		if s.client == nil {
			return notConfigured()
		}
		if err := s.carryOutRefund(ctx, row); err != nil {
			return err
		}
	}
	return fnkit.JSON(w, http.StatusOK, map[string]any{"status": row.status, "amountMAD": float64(row.madCents) / 100})
}

// refundByKeyRead reads the refund the ledger holds under key (nil: none).
func (s *Service) refundByKeyRead(ctx context.Context, key string) (*refundRow, error) {
	var row *refundRow
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, func(c pgrole.Conn) (err error) {
		row, err = refundByKey(ctx, c, key)
		return err
	})
	return row, err
}

// pendingTravellerRefunds lists the keys of the traveller cancellations' refunds
// PayPal has not confirmed yet (the page was closed, or PayPal was unreachable).
func (s *Service) pendingTravellerRefunds(ctx context.Context) ([]string, error) {
	var keys []string
	err := pgrole.Query(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, false,
		`select refund_key from public.payments
			where kind = 'refund' and status = 'pending' and refund_key = 'traveller-cancel-' || booking_id
			order by created_at limit 50`, nil,
		func(rows pgx.Rows) (err error) {
			keys, err = pgx.CollectRows(rows, pgx.RowTo[string])
			return err
		})
	return keys, err
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
