package paypal

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"

	"casarent/functions/fnkit"
	"casarent/server/pgrole"
)

// refundRequest is refund-paypal-payment's body (administrators only).
type refundRequest struct {
	BookingID string `json:"bookingId"`
	// AmountMAD to give back, in DH; 0 or absent = everything not yet refunded.
	AmountMAD float64 `json:"amountMAD"`
	// Key is chosen once per refund dialog: the same click sent twice (a double
	// click, an answer lost) refunds once.
	Key string `json:"key"`
	// Cancel also cancels the booking (the back office's "cancel and refund"),
	// which frees its dates.
	Cancel bool   `json:"cancel"`
	Note   string `json:"note"`
}

// refundRow is a refund in the ledger with what PayPal needs to carry it out.
type refundRow struct {
	id, status, captureID, currency string
	amountCents, madCents           int64
	full                            bool
	refundID, failure               *string
}

// refund gives money back through PayPal's refund API. The refund is first
// written to the ledger as pending, under the booking's lock and within what was
// captured and not yet refunded (pending refunds count), with the request's key
// unique: two clicks cannot both reserve the money. PayPal is then asked with a
// PayPal-Request-Id derived from that row, so a retry replays the same refund.
func (s *Service) refund(w http.ResponseWriter, r *http.Request) error {
	if s.client == nil {
		return notConfigured()
	}
	if r.Method != http.MethodPost {
		return fnkit.Errorf(http.StatusMethodNotAllowed, "use POST")
	}
	if _, err := fnkit.RequireAdmin(r, s.deps.Pool, "/functions/v1/refund-paypal-payment"); err != nil {
		return err
	}
	var req refundRequest
	if err := fnkit.DecodeJSON(r, &req); err != nil {
		return err
	}
	if !uuidRe.MatchString(req.BookingID) || !uuidRe.MatchString(req.Key) || req.AmountMAD < 0 {
		return fnkit.Errorf(http.StatusBadRequest, "bookingId and key must be uuids, amountMAD positive or absent").WithCode("invalid_refund")
	}
	ctx := context.WithoutCancel(r.Context()) // once money may move, see it through
	row, err := s.reserveRefund(ctx, &req)
	if err != nil {
		return err
	}
	if row.status == "pending" {
		if err := s.carryOutRefund(ctx, row); err != nil {
			return err
		}
	}
	if row.status == "failed" {
		return fnkit.Errorf(http.StatusConflict, "PayPal refused the refund").WithCode("refund_refused").
			WithDetails(map[string]any{"failure": row.failure})
	}
	if req.Cancel {
		if err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role"}, func(c pgrole.Conn) error {
			_, err := c.Exec(ctx, `update public.bookings set status = 'cancelled' where id = $1 and status <> 'cancelled'`, req.BookingID)
			return err
		}); err != nil {
			return fmt.Errorf("cancel booking: %w", err)
		}
	}
	return fnkit.JSON(w, http.StatusOK, map[string]any{
		"refundId": row.refundID, "status": "COMPLETED", "amountMAD": float64(row.madCents) / 100,
		"amount": float64(row.amountCents) / 100, "currency": row.currency, "full": row.full,
	})
}

// reserveRefund writes the pending refund (or finds the one this key already
// wrote) in one transaction holding the booking's lock.
func (s *Service) reserveRefund(ctx context.Context, req *refundRequest) (*refundRow, error) {
	var row refundRow
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", Method: "POST", Path: "/functions/v1/refund-paypal-payment"}, func(c pgrole.Conn) error {
		// The booking's lock first, then the key: a double click waiting here finds the
		// refund its twin committed (read before the lock, it would not see it and count
		// that refund against itself: "already refunded in full").
		// A cancellation the booking state machine refuses (the car is out or back) is
		// answered before any money moves, not after the refund went through.
		var status string
		var cancellable bool
		err := c.QueryRow(ctx, `select b.status, b.status = 'cancelled' or exists (select 1 from public.booking_transitions t
				where t.from_status = b.status and t.to_status = 'cancelled')
			from public.bookings b where b.id = $1 for update`, req.BookingID).Scan(&status, &cancellable)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if req.Cancel && err == nil && !cancellable {
			return fnkit.Errorf(http.StatusConflict, "a %s booking cannot be cancelled", status).WithCode("cannot_cancel").
				WithDetails(map[string]any{"status": status})
		}
		found, err := refundByKey(ctx, c, req.Key)
		if err != nil || found != nil {
			if found != nil {
				row = *found
			}
			return err
		}
		ledger, err := readCapture(ctx, c, req.BookingID)
		if err != nil {
			return err
		}
		if row, err = ledger.plan(req.AmountMAD); err != nil {
			return err
		}
		err = c.QueryRow(ctx, `insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method,
				provider_capture_id, refund_key, note)
			values ($1, 'refund', 'pending', $2::numeric / 100, $3, $4::numeric / 100, 'paypal', $5, $6, nullif($7, ''))
			on conflict (refund_key) do nothing
			returning id::text`, req.BookingID, row.amountCents, row.currency, row.madCents, row.captureID, req.Key, req.Note).Scan(&row.id)
		if errors.Is(err, pgx.ErrNoRows) { // the same key, committed meanwhile
			found, err := refundByKey(ctx, c, req.Key)
			if found != nil {
				row = *found
			}
			return err
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return &row, nil
}

func refundByKey(ctx context.Context, c pgrole.Conn, key string) (*refundRow, error) {
	var row refundRow
	err := c.QueryRow(ctx, `select r.id::text, r.status, r.provider_capture_id, r.currency, (r.amount * 100)::bigint, (r.amount_mad * 100)::bigint,
			r.provider_refund_id, r.failure,
			r.amount_mad >= (select c.amount_mad from public.payments c where c.provider_capture_id = r.provider_capture_id and c.kind = 'paypal')
		from public.payments r where r.refund_key = $1`, key).
		Scan(&row.id, &row.status, &row.captureID, &row.currency, &row.amountCents, &row.madCents, &row.refundID, &row.failure, &row.full)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read refund: %w", err)
	}
	return &row, nil
}

// carryOutRefund asks PayPal and records the outcome. A network failure leaves
// the refund pending: the same key sent again asks PayPal again with the same
// request id, which replays the refund rather than making a second one.
func (s *Service) carryOutRefund(ctx context.Context, row *refundRow) error {
	amount := &Amount{CurrencyCode: row.currency, Value: formatCents(row.amountCents)}
	rf, err := s.client.RefundCapture(ctx, row.captureID, amount, "refund-"+row.id)
	var ae *APIError
	switch {
	case errors.As(err, &ae) && ae.Status >= 400 && ae.Status < 500:
		failure := truncate(fmt.Sprintf("PayPal a refusé le remboursement : %s (debug_id %s)", ae.Issue(), ae.DebugID), 500)
		row.status, row.failure = "failed", &failure
		return pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role"}, func(c pgrole.Conn) error {
			_, err := c.Exec(ctx, `update public.payments set status = 'failed', failure = $2, settled_at = now() where id = $1 and status = 'pending'`, row.id, failure)
			return err
		})
	case err != nil:
		return paypalFailure(err)
	case rf.Status != "COMPLETED":
		return fnkit.Errorf(http.StatusAccepted, "PayPal accepted the refund; it is %s", rf.Status).WithCode("refund_pending")
	}
	row.status, row.refundID = "completed", &rf.ID
	return pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", Method: "POST", Path: "/functions/v1/refund-paypal-payment"}, func(c pgrole.Conn) error {
		_, err := c.Exec(ctx, `update public.payments set status = 'completed', provider_refund_id = $2, settled_at = now()
			where id = $1 and status = 'pending'`, row.id, rf.ID)
		if err != nil {
			return err
		}
		// The booking's payment state follows the ledger.
		_, err = c.Exec(ctx, `update public.bookings b set payment_status = case
				when (select coalesce(sum(r.amount_mad), 0) from public.payments r where r.booking_id = b.id and r.kind = 'refund' and r.status = 'completed')
				     >= (select coalesce(sum(p.amount_mad), 0) from public.payments p where p.booking_id = b.id and p.kind = 'paypal' and p.status = 'captured')
				then 'refunded' else 'partially_refunded' end
			where b.id = (select booking_id from public.payments where id = $1)`, row.id)
		return err
	})
}
