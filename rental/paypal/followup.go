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

// After PayPal: a visitor whose payment was declined or who cancelled on PayPal's
// page comes back with the order id (?token=). These two functions keep the
// booking going without the wizard: paypal-booking reads it back (reference,
// what was ordered, until when the dates are held), paypal-to-whatsapp turns the
// attempt into a WhatsApp request with the same details. The order id is the
// visitor's proof: only the browser that went to PayPal has it.

// paypalBooking answers {booking: <public.booking_receipt>} for the order.
func (s *Service) paypalBooking(w http.ResponseWriter, r *http.Request) error {
	orderID, err := orderFromBody(r)
	if err != nil {
		return err
	}
	receipt, err := s.receiptByOrder(r.Context(), orderID)
	if err != nil {
		return err
	}
	return fnkit.JSON(w, http.StatusOK, map[string]any{"booking": receipt})
}

// paypalToWhatsapp makes the booking a WhatsApp request: no online payment, held
// for request_hold like any request, the attempt abandoned in the ledger, the
// agency told (by the notifications trigger). Sending it twice is harmless. A
// booking whose hold lapsed takes its dates again if they are still free.
func (s *Service) paypalToWhatsapp(w http.ResponseWriter, r *http.Request) error {
	orderID, err := orderFromBody(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	err = pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", Method: "POST", Path: "/functions/v1/paypal-to-whatsapp"}, func(c pgrole.Conn) error {
		var id, status, paymentStatus string
		var paid bool
		err := c.QueryRow(ctx, `select id::text, status, payment_status, payment_id is not null from public.bookings
			where paypal_order_id = $1 for update`, orderID).Scan(&id, &status, &paymentStatus, &paid)
		if errors.Is(err, pgx.ErrNoRows) {
			return fnkit.Errorf(http.StatusNotFound, "no booking is waiting for this PayPal order").WithCode("booking_not_found")
		}
		if err != nil {
			return err
		}
		switch {
		case paymentStatus == "none": // done already
			return nil
		case paid || paymentStatus == "paid":
			return fnkit.Errorf(http.StatusConflict, "this booking is already paid").WithCode("already_paid")
		case status == "cancelled":
			return fnkit.Errorf(http.StatusConflict, "this booking was cancelled").WithCode("booking_cancelled")
		}
		_, err = c.Exec(ctx, `update public.bookings set payment_method = 'whatsapp', payment_status = 'none', payment_error = null,
				status = 'pending', hold_expires_at = now() + (select s.request_hold from public.reservation_settings s)
			where id = $1`, id)
		if err != nil {
			fe := bookingRefusal(err)
			if isHoldLimit(fe) { // the visitor's address, e-mail or phone already keeps its unpaid requests
				return fe
			}
			if isConflict(fe) {
				return fnkit.Errorf(http.StatusConflict, "the dates of this booking were taken since its hold lapsed").WithCode("booking_expired").
					WithDetails(detailsOf(fe))
			}
			return fmt.Errorf("switch to whatsapp: %w", err)
		}
		_, err = c.Exec(ctx, `update public.payments set status = 'abandoned', settled_at = now()
			where booking_id = $1 and kind = 'paypal' and status in ('pending', 'failed')`, id)
		return err
	})
	if err != nil {
		return err
	}
	receipt, err := s.receiptByOrder(ctx, orderID)
	if err != nil {
		return err
	}
	return fnkit.JSON(w, http.StatusOK, map[string]any{"booking": receipt})
}

func (s *Service) receiptByOrder(ctx context.Context, orderID string) (json.RawMessage, error) {
	var receipt json.RawMessage
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role", ReadOnly: true}, func(c pgrole.Conn) error {
		return c.QueryRow(ctx, `select public.booking_receipt(b.id) from public.bookings b where b.paypal_order_id = $1`, orderID).Scan(&receipt)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fnkit.Errorf(http.StatusNotFound, "no booking is waiting for this PayPal order").WithCode("booking_not_found")
	}
	if err != nil {
		return nil, fmt.Errorf("read booking: %w", err)
	}
	return receipt, nil
}

// isHoldLimit reports the database's limits on a visitor's unpaid WhatsApp
// requests (BK005, BK006; docs/reservations.md, "Fair holds").
func isHoldLimit(err error) bool {
	var fe *fnkit.Error
	return errors.As(err, &fe) && (fe.Code == "BK005" || fe.Code == "BK006")
}

func isConflict(err error) bool {
	var fe *fnkit.Error
	return errors.As(err, &fe) && fe.Status == http.StatusConflict
}

func detailsOf(err error) any {
	var fe *fnkit.Error
	if errors.As(err, &fe) {
		return fe.Details
	}
	return nil
}
