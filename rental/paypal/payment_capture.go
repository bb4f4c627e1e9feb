package paypal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"

	"casarent/functions/fnkit"
	"casarent/server/pgrole"
)

type paymentRow struct {
	id            string
	status        string
	paymentStatus string
	currency      *string
	chargeAmount  *string // numeric as text
	refund        *string // the status of a refund of this booking's payment, if any
}

// capturePayment captures the PayPal order of a stored booking and confirms it.
// Idempotent: a paid booking is returned as is (see settle). A booking whose hold
// lapsed or that was cancelled is first checked with PayPal: money taken by an
// earlier capture whose answer was lost is recorded, and the visitor told what
// became of it (confirmed, or refunded), never that no payment was taken.
func (s *Service) capturePayment(w http.ResponseWriter, r *http.Request) error {
	if s.client == nil {
		return notConfigured()
	}
	orderID, err := orderFromBody(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	row, err := s.paymentByOrder(ctx, orderID)
	if err != nil {
		return err
	}
	if row.paymentStatus == "paid" {
		return s.writeBooking(ctx, w, row.id)
	}
	if row.refund != nil {
		return refundedAnswer(*row.refund)
	}
	// From the capture on, the outcome must be recorded even if the visitor's browser gave up.
	ctx = context.WithoutCancel(ctx)
	var outcome string
	if row.status == "cancelled" || row.status == "expired" {
		outcome, err = s.settleLapsed(ctx, row, orderID)
	} else {
		outcome, err = s.settle(ctx, row, orderID)
	}
	if err != nil {
		return err
	}
	if outcome == outcomeRefunded {
		return refundedAnswer(s.refundStatus(ctx, row.id))
	}
	return s.writeBooking(ctx, w, row.id)
}

// settleLapsed finishes the payment of a booking that no longer holds its dates
// (expired or cancelled): a capture PayPal already made is recorded (the booking is
// confirmed if its dates are still free, refunded otherwise); an approved order of
// an expired booking is captured only once the booking has its dates again.
func (s *Service) settleLapsed(ctx context.Context, row *paymentRow, orderID string) (string, error) {
	order, err := s.client.GetOrder(ctx, orderID)
	if err != nil {
		var ae *APIError
		if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
			return "", fnkit.Errorf(http.StatusNotFound, "PayPal does not know this order").WithCode("order_not_found")
		}
		return "", paypalFailure(err)
	}
	if order.Status == StatusCompleted {
		return s.record(ctx, row, order)
	}
	if row.status == "cancelled" {
		// By an administrator, or by reconciliation once unpaid for too long: no money is taken.
		return "", fnkit.Errorf(http.StatusConflict, "this booking was cancelled; no payment was taken").WithCode("booking_cancelled")
	}
	// The hold lapsed before the visitor came back from PayPal: take the dates
	// again if they are still free, else charge nothing.
	if err := s.renewHold(ctx, row.id); err != nil {
		return "", err
	}
	return s.settle(ctx, row, orderID)
}

// What became of a payment that settle recorded.
const (
	outcomeConfirmed = "confirmed" // the booking is paid (and confirmed)
	outcomeRefunded  = "refunded"  // the booking could not take it: refunded in full
)

// refundedAnswer tells the visitor that the money PayPal took came too late for
// the booking and goes back; refund is the ledger's state of that refund.
func refundedAnswer(refund string) error {
	msg := "your payment reached us after this booking had lapsed and its dates were taken, or after it was cancelled; it is refunded in full"
	if refund != "completed" {
		msg = "your payment reached us after this booking had lapsed and its dates were taken, or after it was cancelled; it is being refunded in full"
	}
	return fnkit.Errorf(http.StatusConflict, "%s", msg).WithCode("payment_refunded").WithDetails(map[string]string{"refund": refund})
}

// settle captures the booking's order (or reads the capture PayPal already made),
// checks it against what was stored and records it (see record). Both the capture
// function and the reconciliation loop come through here. The capture carries a
// PayPal-Request-Id derived from the booking, so a retry never charges twice.
func (s *Service) settle(ctx context.Context, row *paymentRow, orderID string) (string, error) {
	if row.currency == nil || row.chargeAmount == nil {
		return "", fnkit.Errorf(http.StatusConflict, "this booking has no online payment amount").WithCode("no_amount")
	}

	order, err := s.client.CaptureOrder(ctx, orderID, "capture-"+row.id)
	var ae *APIError
	if errors.As(err, &ae) && ae.Issue() == IssueOrderAlreadyCaptured {
		// Captured earlier (e.g. the answer was lost): PayPal's record is the truth.
		order, err = s.client.GetOrder(ctx, orderID)
	}
	if err != nil {
		return "", s.captureFailed(ctx, row.id, err)
	}
	return s.record(ctx, row, order)
}

// record checks the capture of a captured order against what was stored and
// records it: the booking is confirmed, or, when it can no longer take the
// money (cancelled, or expired and its dates taken), the money is refunded.
func (s *Service) record(ctx context.Context, row *paymentRow, order *Order) (string, error) {
	if row.currency == nil || row.chargeAmount == nil {
		return "", fnkit.Errorf(http.StatusConflict, "this booking has no online payment amount").WithCode("no_amount")
	}
	capture := order.FirstCapture()
	if capture == nil {
		s.recordProblem(ctx, row.id, "", fmt.Sprintf("Commande PayPal %s au statut %s, sans encaissement", order.ID, order.Status))
		return "", fnkit.Errorf(http.StatusBadGateway, "PayPal did not report a capture").WithCode("no_capture")
	}
	switch capture.Status {
	case StatusCompleted:
	case "PENDING":
		s.recordProblem(ctx, row.id, capture.ID, "Encaissement PayPal "+capture.ID+" en cours de vérification chez PayPal")
		return "", fnkit.Errorf(http.StatusConflict, "PayPal is still reviewing this payment; the booking will be confirmed once it completes").WithCode("capture_pending")
	default:
		s.markDeclined(ctx, row.id, fmt.Sprintf("Encaissement PayPal %s au statut %s", capture.ID, capture.Status))
		return "", fnkit.Errorf(http.StatusPaymentRequired, "the payment was declined by PayPal; please try another payment method").WithCode("payment_declined").
			WithDetails(map[string]string{"status": capture.Status})
	}
	got, err := parseCents(capture.Amount.Value)
	want, werr := parseCents(*row.chargeAmount)
	if err != nil || werr != nil || got != want || capture.Amount.CurrencyCode != *row.currency {
		s.recordProblem(ctx, row.id, capture.ID, fmt.Sprintf("PayPal a encaissé %s %s au lieu de %s %s (encaissement %s) : à vérifier, à rembourser si besoin",
			capture.Amount.Value, capture.Amount.CurrencyCode, *row.chargeAmount, *row.currency, capture.ID))
		return "", fnkit.Errorf(http.StatusConflict, "the amount captured by PayPal does not match the booking; the agency will contact you").WithCode("amount_mismatch").
			WithDetails(map[string]string{"captured": capture.Amount.Value + " " + capture.Amount.CurrencyCode, "expected": *row.chargeAmount + " " + *row.currency})
	}
	outcome, err := s.recordCapture(ctx, row.id, capture.ID)
	if err != nil || outcome != "refund" {
		return outcomeConfirmed, err
	}
	s.deps.Logger.WarnContext(ctx, "paypal capture for a booking that lost its dates: refunding", "booking", row.id, "capture", capture.ID)
	if err := s.refundPendingByKey(ctx, lateCaptureRefundKey(capture.ID)); err != nil {
		// The refund stays pending in the ledger; reconciliation carries it out later.
		s.deps.Logger.ErrorContext(ctx, "automatic refund", "booking", row.id, "capture", capture.ID, "err", err)
	}
	return outcomeRefunded, nil
}

func (s *Service) paymentByOrder(ctx context.Context, orderID string) (*paymentRow, error) {
	var row paymentRow
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, func(c pgrole.Conn) error {
		return c.QueryRow(ctx, `select b.id::text, b.status, b.payment_status, b.charge_currency, b.charge_amount::text,
				(select r.status from public.payments r where r.booking_id = b.id and r.kind = 'refund'
				 order by r.created_at desc limit 1)
			from public.bookings b where b.paypal_order_id = $1`, orderID).
			Scan(&row.id, &row.status, &row.paymentStatus, &row.currency, &row.chargeAmount, &row.refund)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fnkit.Errorf(http.StatusNotFound, "no booking is waiting for this PayPal order").WithCode("booking_not_found")
	}
	if err != nil {
		return nil, fmt.Errorf("read booking: %w", err)
	}
	return &row, nil
}

// renewHold puts an expired PayPal booking back in force (the database checks the
// dates again), or answers booking_expired with the database's reason.
func (s *Service) renewHold(ctx context.Context, bookingID string) error {
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", Method: "POST", Path: "/functions/v1/capture-paypal-payment"}, func(c pgrole.Conn) error {
		_, err := c.Exec(ctx, `update public.bookings set status = 'pending', payment_status = 'pending', paypal_closed_at = null
			where id = $1 and status = 'expired'`, bookingID)
		return err
	})
	if err == nil {
		return nil
	}
	if fe := bookingRefusal(err); isConflict(fe) {
		return fnkit.Errorf(http.StatusConflict, "this booking expired before the payment and its dates were taken since; no payment was taken").
			WithCode("booking_expired").WithDetails(detailsOf(fe))
	}
	return fmt.Errorf("renew hold: %w", err)
}

// recordCapture records the capture in the database, which decides under the
// booking's lock (public.record_paypal_capture): "confirmed" or "refund". Any
// number of concurrent callers get the same answer and the e-mails go out once.
func (s *Service) recordCapture(ctx context.Context, bookingID, captureID string) (string, error) {
	var outcome string
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", Method: "POST", Path: "/functions/v1/capture-paypal-payment"}, func(c pgrole.Conn) error {
		return c.QueryRow(ctx, `select public.record_paypal_capture($1, $2)`, bookingID, captureID).Scan(&outcome)
	})
	if err != nil {
		return "", fmt.Errorf("record capture: %w", err)
	}
	return outcome, nil
}

// markDeclined records that PayPal refused the payment: the booking keeps its
// dates while its hold lasts (status pending) and the visitor may try again; its
// payment state and the attempt in the ledger say 'failed'. In French: the note
// is for the back office.
func (s *Service) markDeclined(ctx context.Context, bookingID, problem string) {
	s.deps.Logger.WarnContext(ctx, "paypal payment declined", "booking", bookingID, "problem", problem)
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role"}, func(c pgrole.Conn) error {
		_, err := c.Exec(ctx, `update public.bookings set payment_status = 'failed', payment_error = $2
			where id = $1 and payment_status = 'pending'`, bookingID, truncate(problem, 500))
		if err != nil {
			return err
		}
		_, err = c.Exec(ctx, `update public.payments set status = 'failed', failure = $2, settled_at = now()
			where booking_id = $1 and kind = 'paypal' and status = 'pending'`, bookingID, truncate(problem, 500))
		return err
	})
	if err != nil {
		s.deps.Logger.ErrorContext(ctx, "record declined payment", "booking", bookingID, "err", err)
	}
}

// recordProblem keeps the booking pending and notes what went wrong (and the
// capture id, when money moved, so an administrator can refund). The note is
// shown in the back office, so it is written in French.
func (s *Service) recordProblem(ctx context.Context, bookingID, captureID, problem string) {
	s.deps.Logger.WarnContext(ctx, "paypal capture problem", "booking", bookingID, "problem", problem)
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role"}, func(c pgrole.Conn) error {
		_, err := c.Exec(ctx, `update public.bookings
			set payment_error = $2, payment_id = coalesce(nullif($3, ''), payment_id)
			where id = $1 and payment_status <> 'paid'`, bookingID, truncate(problem, 500), captureID)
		return err
	})
	if err != nil {
		s.deps.Logger.ErrorContext(ctx, "record payment problem", "booking", bookingID, "err", err)
	}
}

// captureFailed maps a failed capture call to the answer, leaving the booking pending.
func (s *Service) captureFailed(ctx context.Context, bookingID string, err error) error {
	var ae *APIError
	if errors.As(err, &ae) && ae.Status == http.StatusUnprocessableEntity {
		issue := ae.Issue()
		problem := fmt.Sprintf("PayPal a refusé l'encaissement : %s (debug_id %s)", issue, ae.DebugID)
		details := map[string]string{"issue": issue, "debug_id": ae.DebugID}
		switch issue {
		case IssueInstrumentDeclined, IssueTransactionRefused, IssuePayerCannotPay, IssueMaxAttemptsExceeded, IssueRedirectAltFunding:
			s.markDeclined(ctx, bookingID, problem)
			return fnkit.Errorf(http.StatusPaymentRequired, "the payment was declined by PayPal; please try another payment method").WithCode("payment_declined").WithDetails(details)
		}
		s.recordProblem(ctx, bookingID, "", problem)
		switch issue {
		case IssueOrderNotApproved, IssuePayerActionRequired:
			return fnkit.Errorf(http.StatusConflict, "the payment has not been approved on PayPal yet").WithCode("order_not_approved").WithDetails(details)
		case IssueCompletionInProgress:
			return fnkit.Errorf(http.StatusConflict, "PayPal is still completing this payment; please retry in a moment").WithCode("capture_in_progress").WithDetails(details)
		}
		return fnkit.Errorf(http.StatusBadGateway, "PayPal refused the capture").WithCode("paypal_error").WithDetails(details)
	}
	if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
		return fnkit.Errorf(http.StatusNotFound, "PayPal does not know this order").WithCode("order_not_found")
	}
	s.recordProblem(ctx, bookingID, "", "Échec de l'encaissement PayPal : "+err.Error())
	return paypalFailure(err)
}

// writeBooking answers {success, captureId, status, booking} with the fields the
// success page shows (SPEC sections 2 and 7), as PostgREST would render them.
func (s *Service) writeBooking(ctx context.Context, w http.ResponseWriter, bookingID string) error {
	var booking json.RawMessage
	var captureID *string
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, func(c pgrole.Conn) error {
		return c.QueryRow(ctx, `select jsonb_build_object(
				'id', b.id, 'customer_name', b.customer_name, 'customer_email', b.customer_email,
				'customer_phone', b.customer_phone, 'pickup_location', b.pickup_location,
				'return_location', b.return_location, 'start_date', b.start_date, 'end_date', b.end_date,
				'pickup_time', b.pickup_time, 'return_time', b.return_time, 'days', b.days,
				'total_price', b.total_price, 'payment_id', b.payment_id, 'payment_method', b.payment_method,
				'payment_status', b.payment_status, 'payment_option', b.payment_option, 'status', b.status,
				'language', b.language, 'insurance_type', b.insurance_type, 'extras', b.extras,
				'amount_due_now', b.amount_due_now, 'charge_amount', b.charge_amount,
				'charge_currency', b.charge_currency, 'paypal_order_id', b.paypal_order_id,
				'created_at', b.created_at, 'car_id', b.car_id, 'reference', b.reference, 'quote', b.quote,
				'car', (select jsonb_build_object('name', c.name, 'brand', c.brand, 'category', c.category)
				        from public.cars c where c.id = b.car_id)), b.payment_id
			from public.bookings b where b.id = $1`, bookingID).Scan(&booking, &captureID)
	})
	if err != nil {
		return fmt.Errorf("read booking: %w", err)
	}
	return fnkit.JSON(w, http.StatusOK, map[string]any{"success": true, "status": StatusCompleted, "captureId": captureID, "booking": booking})
}
