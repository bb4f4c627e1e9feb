package paypal

import (
	"context"
	"net/http"
	"regexp"

	"casarent/functions/fnkit"
	"casarent/server/pgrole"
)

// A traveller who cancels on "My booking" gets back what was paid online (less
// the stated fee after the free window). public.my_booking_cancel (and
// my_booking_cancel_late) writes that refund to the
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
