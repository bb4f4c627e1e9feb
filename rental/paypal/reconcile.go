package paypal

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/functions/fnkit"
	"casarent/server/pgrole"
)

// The browser finishes a PayPal booking: it comes back to /booking-success and
// asks for the capture. When it does not (tab closed after approving, network
// lost between PayPal and us, the capture's answer lost or too late),
// reconciliation asks PayPal and finishes the job on the server. It looks at every
// PayPal order whose capture is not recorded, whatever the booking's state
// (pending, expired, cancelled, confirmed by hand), until the capture is recorded
// or PayPal can no longer make one (bookings.paypal_closed_at):
//
//   - an order PayPal reports COMPLETED is recorded (see record): the booking is
//     confirmed, or, if it cannot take the money any more (cancelled, or expired
//     and its dates booked by someone else), the money is refunded automatically
//     and the traveller and the agency are told;
//   - an APPROVED order is captured (the same PayPal-Request-Id as the visitor's
//     capture, so a capture that timed out is retried, never doubled) and the
//     booking confirmed, unless a capture was already refused (the visitor sees
//     that error and may try again); an expired booking first takes its dates
//     again, and is left alone if they are gone (no money moved);
//   - once AbandonAfter has passed since the booking, a last capture is tried for
//     an APPROVED order of a pending booking, a booking still not paid is
//     cancelled, and the order is closed.
//
// A booking with a capture id but not paid (amount mismatch, capture under review)
// is left to an administrator: money moved, so no rule here may cancel it.
// Automatic refunds that PayPal has not confirmed yet are asked again each pass.
// Every step is idempotent, so any number of replicas may reconcile at once.

// reconcileGrace leaves the visitor's own browser time to finish first; a hold
// shorter than twice that is given half its length instead, so that a pending
// booking is looked at before it lapses.
const reconcileGrace = 10 * time.Minute

// ReconcileReport counts what one pass did.
type ReconcileReport struct {
	Checked, Confirmed, Refunded, Cancelled, Failed int
}

type pendingPayment struct {
	paymentRow
	orderID   string
	refused   bool // PayPal refused a capture (payment_status failed): the visitor decides
	abandoned bool // older than AbandonAfter
}

// RunReconciler checks pending PayPal bookings every ReconcileEvery until ctx
// ends (errors are logged and the next pass tries again). It returns at once
// when PayPal is not configured or the interval is 0.
func (s *Service) RunReconciler(ctx context.Context) {
	every := s.pp.ReconcileEvery
	if s.client == nil || every <= 0 {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		rep, err := s.ReconcileOnce(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			s.deps.Logger.ErrorContext(ctx, "paypal reconciliation", "err", err)
		case rep.Confirmed+rep.Cancelled+rep.Failed > 0:
			s.deps.Logger.InfoContext(ctx, "paypal reconciliation", "checked", rep.Checked,
				"confirmed", rep.Confirmed, "cancelled", rep.Cancelled, "failed", rep.Failed)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// ReconcileOnce makes one pass over the open PayPal orders (at most 200, oldest
// first), then over the automatic refunds and the refunds of travellers'
// cancellations still pending.
func (s *Service) ReconcileOnce(ctx context.Context) (ReconcileReport, error) {
	var rep ReconcileReport
	if s.client == nil {
		return rep, nil
	}
	list, err := s.openPayments(ctx)
	if err != nil {
		return rep, err
	}
	for _, p := range list {
		if ctx.Err() != nil {
			break
		}
		rep.Checked++
		switch outcome, err := s.reconcile(ctx, p); {
		case err != nil:
			rep.Failed++
			s.deps.Logger.WarnContext(ctx, "paypal reconciliation of a booking", "booking", p.id, "order", p.orderID, "err", err)
		case outcome == outcomeConfirmed:
			rep.Confirmed++
		case outcome == outcomeRefunded:
			rep.Refunded++
		case outcome == "cancelled":
			rep.Cancelled++
		}
	}
	keys, err := s.pendingRefundKeys(ctx)
	if err != nil {
		return rep, err
	}
	for _, key := range keys {
		if ctx.Err() != nil {
			break
		}
		if err := s.refundPendingByKey(ctx, key); err != nil {
			rep.Failed++
			s.deps.Logger.WarnContext(ctx, "paypal refund decided by the database", "key", key, "err", err)
		}
	}
	return rep, nil
}

func (s *Service) openPayments(ctx context.Context) ([]pendingPayment, error) {
	now := s.deps.Now()
	var list []pendingPayment
	err := pgrole.Query(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, false,
		`select b.id::text, b.paypal_order_id, b.status, b.payment_status, b.charge_currency, b.charge_amount::text,
				b.payment_status = 'failed', b.created_at < $2
			from public.bookings b cross join public.reservation_settings s
			where b.paypal_order_id is not null and b.paypal_closed_at is null and b.payment_id is null
			  and b.payment_status in ('pending', 'failed', 'abandoned', 'none')
			  and (b.status <> 'pending' or b.created_at < $1::timestamptz - least($3::interval, s.paypal_hold / 2))
			order by b.created_at limit 200`, []any{now, now.Add(-s.pp.AbandonAfter), reconcileGrace},
		func(rows pgx.Rows) (err error) {
			list, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (p pendingPayment, err error) {
				err = row.Scan(&p.id, &p.orderID, &p.status, &p.paymentStatus, &p.currency, &p.chargeAmount, &p.refused, &p.abandoned)
				return p, err
			})
			return err
		})
	if err != nil {
		return nil, fmt.Errorf("read open payments: %w", err)
	}
	return list, nil
}

// reconcile decides one booking: "confirmed", "refunded", "cancelled" or "" (left as it is).
func (s *Service) reconcile(ctx context.Context, p pendingPayment) (string, error) {
	order, err := s.client.GetOrder(ctx, p.orderID)
	var ae *APIError
	if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
		if !p.abandoned {
			return "", nil
		}
		return s.giveUp(ctx, p, "abandoned", "PayPal ne connaît plus la commande "+p.orderID)
	}
	if err != nil {
		return "", err
	}
	pending := p.status == "pending"
	switch {
	case order.Status == StatusCompleted:
		return s.record(ctx, &p.paymentRow, order)
	case order.Status == StatusApproved && pending && (!p.refused || p.abandoned):
		outcome, err := s.settle(ctx, &p.paymentRow, p.orderID)
		var fe *fnkit.Error
		if err != nil && p.abandoned && errors.As(err, &fe) && fe.Status < 500 {
			return s.giveUp(ctx, p, "failed", "PayPal a refusé le dernier encaissement ("+fe.Code+")")
		}
		return outcome, err
	case order.Status == StatusApproved && p.status == "expired" && !p.refused && !p.abandoned:
		// Approved, but the capture never reached PayPal before the hold lapsed: the
		// visitor meant to pay, so the booking goes on if its dates are still free.
		if err := s.renewHold(ctx, p.id); err != nil {
			if isConflict(err) {
				return "", nil // taken: nothing was charged; closed once abandoned
			}
			return "", err
		}
		return s.settle(ctx, &p.paymentRow, p.orderID)
	case p.abandoned:
		return s.giveUp(ctx, p, "abandoned", fmt.Sprintf("commande PayPal %s toujours au statut %s, non payée %s après la réservation", p.orderID, order.Status, frenchDuration(s.pp.AbandonAfter)))
	}
	return "", nil
}

// giveUp ends an order PayPal did not capture in time: a pending booking is
// cancelled (cancelUnpaid), and reconciliation stops asking about the order.
func (s *Service) giveUp(ctx context.Context, p pendingPayment, paymentStatus, why string) (string, error) {
	outcome := ""
	if p.status == "pending" {
		var err error
		if outcome, err = s.cancelUnpaid(ctx, p, paymentStatus, why); err != nil {
			return "", err
		}
	}
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role"}, func(c pgrole.Conn) error {
		_, err := c.Exec(ctx, `update public.bookings set paypal_closed_at = now()
			where id = $1 and paypal_closed_at is null and payment_id is null`, p.id)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("close order: %w", err)
	}
	return outcome, nil
}

// frenchDuration writes 3h as "3 h" and 90m as "90 min" for the back office's note.
func frenchDuration(d time.Duration) string {
	if d%time.Hour == 0 {
		return fmt.Sprintf("%d h", d/time.Hour)
	}
	return fmt.Sprintf("%d min", d/time.Minute)
}

// cancelUnpaid cancels a booking that was never paid. The conditions repeat the
// selection so a capture recorded meanwhile (the visitor came back) wins.
func (s *Service) cancelUnpaid(ctx context.Context, p pendingPayment, paymentStatus, why string) (string, error) {
	var n int64
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", Method: "POST", Path: "/functions/v1/reconcile"}, func(c pgrole.Conn) error {
		tag, err := c.Exec(ctx, `update public.bookings
			set status = 'cancelled', payment_status = $2, payment_error = $3
			where id = $1 and payment_status in ('pending', 'failed') and status = 'pending' and payment_id is null`,
			p.id, paymentStatus, truncate("Annulée automatiquement : "+why, 500))
		if n = tag.RowsAffected(); err != nil || n == 0 {
			return err
		}
		_, err = c.Exec(ctx, `update public.payments set status = $2, settled_at = now()
			where booking_id = $1 and kind = 'paypal' and status in ('pending', 'failed') and status <> $2`, p.id, paymentStatus)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("cancel booking: %w", err)
	}
	if n == 0 {
		return "", nil
	}
	s.deps.Logger.InfoContext(ctx, "unpaid paypal booking cancelled", "booking", p.id, "order", p.orderID, "why", why)
	return "cancelled", nil
}
