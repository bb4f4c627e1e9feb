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
// lost between PayPal and us, the capture's answer lost), reconciliation asks
// PayPal and finishes the job on the server:
//
//   - an order PayPal reports COMPLETED is recorded (the capture's answer was lost);
//   - an APPROVED order is captured and the booking confirmed, unless a capture
//     was already refused (the visitor sees that error and may try again);
//   - once AbandonAfter has passed since the booking, a last capture is tried for
//     an APPROVED order, and a booking still not paid is cancelled.
//
// A booking with a capture id but not paid (amount mismatch, capture under review)
// is left to an administrator: money moved, so no rule here may cancel it.

// reconcileGrace leaves the visitor's own browser time to finish first.
const reconcileGrace = 10 * time.Minute

// ReconcileReport counts what one pass did.
type ReconcileReport struct {
	Checked, Confirmed, Cancelled, Failed int
}

type pendingPayment struct {
	paymentRow
	orderID   string
	refused   bool // a capture attempt was already refused (payment_error is set)
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

// ReconcileOnce makes one pass over the pending PayPal bookings (at most 50, oldest first).
func (s *Service) ReconcileOnce(ctx context.Context) (ReconcileReport, error) {
	var rep ReconcileReport
	if s.client == nil {
		return rep, nil
	}
	list, err := s.pendingPayments(ctx)
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
		case outcome == "confirmed":
			rep.Confirmed++
		case outcome == "cancelled":
			rep.Cancelled++
		}
	}
	return rep, nil
}

func (s *Service) pendingPayments(ctx context.Context) ([]pendingPayment, error) {
	now := s.deps.Now()
	var list []pendingPayment
	err := pgrole.Query(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, false,
		`select id::text, paypal_order_id, status, payment_status, charge_currency, charge_amount::text,
				payment_error is not null, created_at < $2
			from public.bookings
			where paypal_order_id is not null and payment_status in ('pending', 'failed') and status = 'pending'
			  and payment_id is null and created_at < $1
			order by created_at limit 50`, []any{now.Add(-reconcileGrace), now.Add(-s.pp.AbandonAfter)},
		func(rows pgx.Rows) (err error) {
			list, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (p pendingPayment, err error) {
				err = row.Scan(&p.id, &p.orderID, &p.status, &p.paymentStatus, &p.currency, &p.chargeAmount, &p.refused, &p.abandoned)
				return p, err
			})
			return err
		})
	if err != nil {
		return nil, fmt.Errorf("read pending payments: %w", err)
	}
	return list, nil
}

// reconcile decides one booking: "confirmed", "cancelled" or "" (left as it is).
func (s *Service) reconcile(ctx context.Context, p pendingPayment) (string, error) {
	order, err := s.client.GetOrder(ctx, p.orderID)
	var ae *APIError
	if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
		if !p.abandoned {
			return "", nil
		}
		return s.cancelUnpaid(ctx, p, "abandoned", "PayPal ne connaît plus la commande "+p.orderID)
	}
	if err != nil {
		return "", err
	}
	switch {
	case order.Status == StatusCompleted, order.Status == StatusApproved && (!p.refused || p.abandoned):
		err := s.settle(ctx, &p.paymentRow, p.orderID)
		if err == nil {
			return "confirmed", nil
		}
		var fe *fnkit.Error
		if p.abandoned && order.Status == StatusApproved && errors.As(err, &fe) && fe.Status < 500 {
			return s.cancelUnpaid(ctx, p, "failed", "PayPal a refusé le dernier encaissement ("+fe.Code+")")
		}
		return "", err
	case p.abandoned:
		return s.cancelUnpaid(ctx, p, "abandoned", fmt.Sprintf("commande PayPal %s toujours au statut %s, non payée %s après la réservation", p.orderID, order.Status, frenchDuration(s.pp.AbandonAfter)))
	}
	return "", nil
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
