package migrations_test

import (
	"strings"
	"testing"

	"casarent/server/pgrole"
)

// anonBooking is the site's insert with one field replaced by a raw SQL
// expression (a pickup date moves the return date with it: 3 days later).
func anonBooking(field, expr string) string {
	values := map[string]string{
		"customer_name":   "'Visiteur'",
		"customer_email":  "'v@example.com'",
		"customer_phone":  "'+212600000000'",
		"start_date":      "current_date + 20",
		"end_date":        "current_date + 23",
		"pickup_location": "'Aéroport Mohammed V'",
		"payment_method":  "'whatsapp'",
	}
	values[field] = expr
	if field == "start_date" {
		values["end_date"] = "(" + expr + ") + 3"
	}
	cols := []string{"customer_name", "customer_email", "customer_phone", "start_date", "end_date", "pickup_location", "payment_method"}
	vals := make([]string, len(cols))
	for i, c := range cols {
		vals[i] = values[c]
	}
	// The terms accepted and the driver confirmed, as the site sends them.
	return `insert into public.bookings (car_id, ` + strings.Join(cols, ", ") + `, terms_version, driver_requirements_confirmed) values ($1, ` +
		strings.Join(vals, ", ") + `, (select r.terms_version from public.rental_rules r), true)`
}

// Each finding of the attack run is refused for a visitor, with the SQLSTATE
// PostgREST turns into a 400; the site's ordinary booking still goes through.
func TestBookingInputIsBounded(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cases := []struct {
		name, field, expr, state string
	}{
		{"a pickup in 2020", "start_date", "date '2020-01-01'", "22023"},
		{"a pickup yesterday (Casablanca)", "start_date", "(now() at time zone 'Africa/Casablanca')::date - 1", "22023"},
		{"a pickup in 4713 BC", "start_date", "date '4713-01-01 BC'", "23514"},
		{"a return in the year 294276", "end_date", "date '294276-01-01'", "23514"},
		{"a pickup more than a year ahead", "start_date", "current_date + 400", "22023"},
		{"a 500 KB name", "customer_name", "repeat('A', 500000)", "23514"},
		{"a 201-character name", "customer_name", "repeat('é', 201)", "23514"},
		{"a 300-character e-mail", "customer_email", "repeat('a', 288) || '@example.com'", "23514"},
		{"a 41-character phone", "customer_phone", "repeat('6', 41)", "23514"},
		{"a 201-character place", "pickup_location", "repeat('x', 201)", "23514"},
		{"paypal with a zero-width space", "payment_method", "'paypal' || chr(8203)", "23514"},
		{"an unknown payment method", "payment_method", "'bitcoin'", "23514"},
	}
	// Visitors as the server sees them: a client address, anonymous or signed in,
	// or the PayPal function's service_role session for the visitor's address.
	for _, c := range cases {
		for _, a := range []string{anon, user, service} {
			if _, err := w.trySession(w.from(a, "203.0.113.5"), anonBooking(c.field, c.expr), w.carA); sqlState(err) != c.state {
				t.Errorf("%s as %s: %v, want SQLSTATE %s", c.name, a, err, c.state)
			}
		}
	}
	for _, ok := range []struct{ name, field, expr string }{
		{"today", "start_date", "(now() at time zone 'Africa/Casablanca')::date"},
		{"a 200-character name", "customer_name", "repeat('é', 200)"},
		{"no payment method", "payment_method", "null"},
	} {
		if _, err := w.trySession(w.from(anon, "203.0.113.5"), anonBooking(ok.field, ok.expr), w.carA); err != nil {
			t.Errorf("%s: %v", ok.name, err)
		}
	}
	// The agency may record a past rental, and so may SQL without a client address
	// (jobs, seeds); absurd years stay refused for everyone.
	past := `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date, payment_method)
		values ($1, 'Client comptoir', 'c@example.com', '+212600000000', date '2025-06-01', date '2025-06-04', 'cash')`
	for _, s := range []pgrole.Session{w.from(admin, "203.0.113.5"), w.as(anon)} {
		if _, err := w.trySession(s, past, w.carA); err != nil {
			t.Errorf("%s from %q, a past rental: %v", s.Role, s.ClientIP, err)
		}
	}
	if _, err := w.try(admin, strings.Replace(past, "date '2025-06-01'", "date '1999-12-31'", 1), w.carA); sqlState(err) != "23514" {
		t.Errorf("admin, a rental in 1999: %v, want 23514", err)
	}
	// The horizon is a setting.
	w.super(t, `update public.reservation_settings set max_days_ahead = 500`)
	if _, err := w.trySession(w.from(anon, "203.0.113.5"), anonBooking("start_date", "current_date + 400"), w.carA); err != nil {
		t.Errorf("400 days ahead with a 500-day horizon: %v", err)
	}
}
