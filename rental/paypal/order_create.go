package paypal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"casarent/functions/fnkit"
	"casarent/server/httpx"
	"casarent/server/jwtauth"
	"casarent/server/pgrole"
)

// createOrder stores the booking (pending, priced by the database), creates the
// PayPal order for the amount due now and returns where the visitor approves it.
func (s *Service) createOrder(w http.ResponseWriter, r *http.Request) error {
	if s.client == nil {
		return notConfigured()
	}
	var req bookingRequest
	if err := fnkit.ReadPost(r, &req); err != nil {
		return err
	}
	if err := req.normalize(); err != nil {
		return err
	}
	b, err := s.insertBooking(r.Context(), &req, httpx.ClientIP(r, s.deps.ClientIPHeader))
	if err != nil {
		return err
	}

	order, err := s.client.CreateOrder(r.Context(), CreateOrderRequest{
		Intent: "CAPTURE",
		PurchaseUnits: []PurchaseUnit{{
			ReferenceID: b.id,
			CustomID:    b.id,
			Description: truncate(fmt.Sprintf("Location %s, %s → %s, réservation %s", b.carName, req.PickupDate, req.ReturnDate, b.id[:8]), 127),
			Amount:      &Amount{CurrencyCode: b.currency, Value: formatCents(b.chargeCents)},
		}},
		PaymentSource: &PaymentSource{PayPal: &PayPalSource{ExperienceContext: ExperienceContext{
			ReturnURL:          s.returnURL(r, "/booking-success", req.Language),
			CancelURL:          s.returnURL(r, "/booking-cancelled", req.Language),
			Locale:             paypalLocale[req.Language],
			LandingPage:        "NO_PREFERENCE",
			ShippingPreference: "NO_SHIPPING",
			UserAction:         "PAY_NOW",
		}}},
	}, "create-"+b.id)
	if err == nil && order.ApproveURL() == "" {
		err = fmt.Errorf("paypal: order %s has no approval link", order.ID)
	}
	if err != nil {
		s.markFailed(r.Context(), b.id, err)
		return paypalFailure(err)
	}
	if err := s.saveOrderID(r.Context(), b.id, order.ID); err != nil {
		return err
	}
	return fnkit.JSON(w, http.StatusOK, map[string]any{
		"approveUrl":    order.ApproveURL(),
		"bookingId":     b.id,
		"orderId":       order.ID,
		"amountMAD":     float64(b.dueCents) / 100,
		"amount":        float64(b.chargeCents) / 100,
		"currency":      b.currency,
		"totalMAD":      b.total,
		"days":          b.days,
		"paymentOption": b.paymentOption,
		"simulated":     s.pp.Simulated,
	})
}

// returnURL is where PayPal sends the visitor back: the host name the booking
// was made from (the request's Origin) when the site may be reached there, else
// SITE_URL; with the booking's language (?lang=), so that a visitor sent back
// elsewhere than where they started still reads the page in their language.
func (s *Service) returnURL(r *http.Request, path, lang string) string {
	base := s.deps.SiteURL
	if o := strings.TrimRight(r.Header.Get("Origin"), "/"); o != "" && o != "null" && s.deps.ReturnAllowed != nil {
		if u, err := url.Parse(o); err == nil && (u.Scheme == "https" || u.Scheme == "http") && u.Host != "" && u.Path == "" && u.RawQuery == "" &&
			s.deps.ReturnAllowed(o+path) {
			base = u.Scheme + "://" + u.Host
		}
	}
	return base + path + "?" + url.Values{"lang": {lang}}.Encode()
}

// bookingRefusal turns the database's refusal of a booking into the answer: the
// reservation rules' own codes (BK001 taken, BK002 unavailable, BK003 not yet
// back, BK004 maintenance; docs/reservations.md) with their details, or an
// invalid request.
func bookingRefusal(err error) error {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) {
		return fmt.Errorf("insert booking: %w", err)
	}
	switch pgErr.Code {
	case "PGRST":
		var refusal struct {
			Code    string         `json:"code"`
			Message string         `json:"message"`
			Details map[string]any `json:"details"`
		}
		if json.Unmarshal([]byte(pgErr.Message), &refusal) == nil && refusal.Code != "" {
			return fnkit.Errorf(http.StatusConflict, "%s", refusal.Message).WithCode(refusal.Code).WithDetails(refusal.Details)
		}
	case "23P01": // the exclusion constraint, for a caller the per-car lock did not serialise
		return fnkit.Errorf(http.StatusConflict, "This car is already booked for these dates").WithCode("BK001").
			WithDetails(map[string]any{"next_free": nil})
	case "23505": // the same booking, sent twice at once
		return fnkit.Errorf(http.StatusConflict, "this booking is already being submitted").WithCode("booking_exists")
	case "22023", "23514", "22007", "22008", "22003", "23503": // 22003: a rental so long its price overflows
		return fnkit.Errorf(http.StatusBadRequest, "the booking request is invalid").WithCode("invalid_booking").
			WithDetails(map[string]string{"booking": pgErr.Message})
	}
	return fmt.Errorf("insert booking: %w", err)
}

// paypalLocale is the approval page's language (PayPal has no generic "ar").
var paypalLocale = map[string]string{"fr": "fr-FR", "en": "en-US"}

type storedBooking struct {
	id          string
	total       int64
	days        int
	carName     string
	dueCents    int64
	chargeCents int64
	currency    string
	// paymentOption as stored (the database's default when the request had none)
	paymentOption string
}

// insertBooking inserts the booking with its payment amounts, in one transaction
// as service_role (RLS is for direct clients). The database decides whether the
// car can be booked for these dates and prices it (amount_due_now included).
func (s *Service) insertBooking(ctx context.Context, req *bookingRequest, clientIP string) (*storedBooking, error) {
	var b storedBooking
	sess := pgrole.Session{Role: "service_role", Method: "POST", Path: "/functions/v1/create-paypal-order", ClientIP: clientIP}
	err := pgrole.Do(ctx, s.deps.Pool, sess, func(c pgrole.Conn) error {
		// The database's limit on public writes (private.take_write_token), per address.
		if _, err := c.Exec(ctx, `select private.take_write_token('paypal_orders')`); err != nil {
			var pe *pgconn.PgError
			if errors.As(err, &pe) && pe.Code == "PT429" {
				return fnkit.Errorf(http.StatusTooManyRequests, "too many bookings from this address; please try again later").WithCode("rate_limited")
			}
			return fmt.Errorf("write limit: %w", err)
		}
		if req.BookingID != "" {
			if found, err := resumeBooking(ctx, c, req, &b); found || err != nil {
				return err
			}
		}
		// The booking's account is the signed-in caller's, from the verified token
		// (null for the anon key), as the database sets it for its own clients.
		var userID, bookingID any
		if id, err := jwtauth.FromContext(ctx); err == nil && id != nil && id.IsUser() {
			userID = id.Subject
		}
		if req.BookingID != "" {
			bookingID = req.BookingID
		}
		err := c.QueryRow(ctx, `insert into public.bookings
			(id, user_id, car_id, customer_name, customer_email, customer_phone, start_date, end_date,
			 pickup_time, return_time, pickup_location, return_location, insurance_type, extras,
			 payment_option, language, hotel_name, hotel_address, flight_number, payment_method, payment_status, status,
			 terms_version, driver_requirements_confirmed)
			values (coalesce($16::uuid, gen_random_uuid()), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15,
			        $17, $18, $19, 'paypal', 'pending', 'pending', $20, $21)
			returning id::text, total_price, days, (amount_due_now * 100)::bigint, payment_option,
				(select c.name from public.cars c where c.id = car_id)`,
			userID, int64(req.CarID), req.CustomerName, req.CustomerEmail, req.CustomerPhone, req.PickupDate, req.ReturnDate,
			req.PickupTime, req.ReturnTime, req.PickupLocation, req.ReturnLocation, orNull(req.Insurance), req.extrasJSON(),
			orNull(req.PaymentOption), req.Language, bookingID,
			orNull(req.HotelName), orNull(req.HotelAddress), orNull(req.FlightNumber),
			orNull(req.TermsVersion), req.DriverConfirmed).Scan(&b.id, &b.total, &b.days, &b.dueCents, &b.paymentOption, &b.carName)
		if err != nil {
			return bookingRefusal(err)
		}
		b.chargeCents, b.currency = convertCents(b.dueCents, s.rate), s.pp.Currency
		if b.chargeCents <= 0 {
			return fnkit.Errorf(http.StatusBadRequest, "the amount due is too small to be paid online").WithCode("amount_too_small")
		}
		_, err = c.Exec(ctx, `update public.bookings set charge_currency = $2, charge_amount = $3::numeric / 100 where id = $1`,
			b.id, b.currency, b.chargeCents)
		return err
	})
	if err != nil {
		return nil, err
	}
	return &b, nil
}

// resumeBooking finds the booking an earlier call of the same request stored
// (same bookingId) and reuses it: the order is then asked for again with the same
// PayPal-Request-Id, which PayPal answers with the same order. A booking under
// that id with other details, or already past its payment, is refused.
func resumeBooking(ctx context.Context, c pgrole.Conn, req *bookingRequest, b *storedBooking) (bool, error) {
	var same bool
	var due, charge *int64
	var currency *string
	err := c.QueryRow(ctx, `select id::text, total_price, days, (amount_due_now * 100)::bigint, (charge_amount * 100)::bigint, charge_currency,
			payment_option, payment_method = 'paypal' and status = 'pending' and payment_status in ('pending', 'failed')
			and car_id = $2 and customer_email = $3 and start_date = $4::date and end_date = $5::date
			and ($6 = '' or payment_option = $6)
		from public.bookings where id = $1 for update`,
		req.BookingID, int64(req.CarID), req.CustomerEmail, req.PickupDate, req.ReturnDate, req.PaymentOption).
		Scan(&b.id, &b.total, &b.days, &due, &charge, &currency, &b.paymentOption, &same)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read booking: %w", err)
	}
	if !same || due == nil || charge == nil || currency == nil {
		return false, fnkit.Errorf(http.StatusConflict, "this booking was already submitted with other details").WithCode("booking_exists")
	}
	b.dueCents, b.chargeCents, b.currency = *due, *charge, *currency
	// A new attempt after a failed order creation.
	_, err = c.Exec(ctx, `update public.bookings set payment_status = 'pending', payment_error = null where id = $1 and payment_status = 'failed'`, b.id)
	return true, err
}

func (s *Service) saveOrderID(ctx context.Context, bookingID, orderID string) error {
	ctx = context.WithoutCancel(ctx) // the order exists: record it even if the visitor left
	return pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role"}, func(c pgrole.Conn) error {
		_, err := c.Exec(ctx, `update public.bookings set paypal_order_id = $2 where id = $1`, bookingID, orderID)
		if err != nil {
			return fmt.Errorf("save order id: %w", err)
		}
		// The attempt in the ledger (docs/booking-record.md): pending until captured,
		// declined or abandoned. A resent request finds it already there.
		_, err = c.Exec(ctx, `insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method, provider_order_id)
			select b.id, 'paypal', 'pending', b.charge_amount, b.charge_currency, b.amount_due_now, 'paypal', $2
			from public.bookings b where b.id = $1
			on conflict (provider_order_id) do update set status = 'pending', failure = null, settled_at = null
			where payments.status = 'failed'`, bookingID, orderID)
		if err != nil {
			return fmt.Errorf("record payment attempt: %w", err)
		}
		return nil
	})
}

// markFailed records that no order could be created, so administrators do not
// mistake the booking for one waiting for its payment.
func (s *Service) markFailed(ctx context.Context, bookingID string, cause error) {
	ctx = context.WithoutCancel(ctx)
	err := pgrole.Do(ctx, s.deps.Pool, pgrole.Session{Role: "service_role"}, func(c pgrole.Conn) error {
		_, err := c.Exec(ctx, `update public.bookings set payment_status = 'failed', payment_error = $2 where id = $1`,
			bookingID, truncate("Création de la commande PayPal impossible : "+cause.Error(), 500))
		return err
	})
	if err != nil {
		s.deps.Logger.ErrorContext(ctx, "mark booking failed", "booking", bookingID, "err", err)
	}
}

// paypalFailure maps a client error to what the visitor's browser receives.
func paypalFailure(err error) error {
	var te *TransportError
	var ae *APIError
	switch {
	case errors.As(err, &te) && te.Timeout:
		return fnkit.Errorf(http.StatusGatewayTimeout, "PayPal did not answer in time; please try again").WithCode("paypal_timeout").Wrap(err)
	case errors.As(err, &te):
		return fnkit.Errorf(http.StatusBadGateway, "PayPal is unavailable; please try again later").WithCode("paypal_unavailable").Wrap(err)
	case errors.As(err, &ae):
		return fnkit.Errorf(http.StatusBadGateway, "PayPal refused the request").WithCode("paypal_error").
			WithDetails(map[string]string{"name": ae.Name, "issue": ae.Issue(), "debug_id": ae.DebugID}).Wrap(err)
	}
	return fnkit.Errorf(http.StatusBadGateway, "PayPal could not be reached").WithCode("paypal_unavailable").Wrap(err)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n])
}
