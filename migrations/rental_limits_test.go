package migrations_test

import (
	"fmt"
	"strings"
	"testing"
)

// visitorBooking is the site's insert for carA from pickup (an SQL date
// expression) lasting days 24-hour periods from 10:00.
func visitorBookingSQL(pickup string, days int) string {
	return fmt.Sprintf(`insert into public.bookings (car_id, customer_name, customer_email, customer_phone,
		start_date, end_date, pickup_time, return_time, payment_method, terms_version, driver_requirements_confirmed)
		values ($1, 'Visiteur', 'v@example.com', '+212600000000', %[1]s, %[1]s + %[2]d, '10:00', '10:00', 'whatsapp', (select r.terms_version from public.rental_rules r), true)`, pickup, days)
}

// The longest rental and the earliest pickup are rental_rules' (one home): a
// visitor's booking beyond them is refused with 22023 and a message that says
// why; the search (car_availability) answers for no longer rental; an
// administrator moving the limit moves every check with it.
func TestRentalLimitsAreTheDatabases(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	visitor := w.from(anon, "203.0.113.7")
	longest := superScalar[int](t, w, `select longest_rental_days from public.rental_rules`)
	soon := "(now() at time zone 'Africa/Casablanca')::date + 20"

	if _, err := w.trySession(visitor, visitorBookingSQL(soon, longest), w.carA); err != nil {
		t.Fatalf("a rental of exactly %d days: %v", longest, err)
	}
	_, err := w.trySession(visitor, visitorBookingSQL(soon, longest+1), w.carA)
	if sqlState(err) != "22023" || !strings.Contains(err.Error(), fmt.Sprintf("at most %d days", longest)) {
		t.Fatalf("a rental of %d days: want 22023 'at most %d days', got %v", longest+1, longest, err)
	}
	// The agency cannot type one in either.
	if _, err := w.try(service, visitorBookingSQL(soon, longest+1), w.carA); sqlState(err) != "22023" {
		t.Fatalf("service_role, %d days: want 22023, got %v", longest+1, err)
	}
	_, err = w.trySession(visitor, visitorBookingSQL("(now() at time zone 'Africa/Casablanca')::date - 1", 2), w.carA)
	if sqlState(err) != "22023" || !strings.Contains(err.Error(), "pickup date") {
		t.Fatalf("a pickup yesterday: want 22023 about the pickup date, got %v", err)
	}
	if _, err := w.trySession(visitor, visitorBookingSQL("(now() at time zone 'Africa/Casablanca')::date", 2), w.carA); err != nil {
		t.Fatalf("a pickup today: %v", err)
	}

	search := func(days int) error {
		_, err := w.trySession(visitor, fmt.Sprintf(`select * from public.car_availability(
			((now() at time zone 'Africa/Casablanca')::date + 20) + time '10:00',
			((now() at time zone 'Africa/Casablanca')::date + 20 + %d) + time '10:00')`, days))
		return err
	}
	if err := search(longest); err != nil {
		t.Fatalf("search for %d days: %v", longest, err)
	}
	if err := search(longest + 1); sqlState(err) != "22023" {
		t.Fatalf("search for %d days: want 22023, got %v", longest+1, err)
	}

	// One setting moves both.
	w.super(t, `update public.rental_rules set longest_rental_days = 30`)
	if err := search(31); sqlState(err) != "22023" {
		t.Fatalf("search for 31 days under a 30-day limit: want 22023, got %v", err)
	}
	if _, err := w.trySession(visitor, visitorBookingSQL(soon, 31), w.carA); sqlState(err) != "22023" {
		t.Fatalf("31 days under a 30-day limit: want 22023, got %v", err)
	}
	// The site reads the limits (a visitor may).
	if n, err := w.trySession(w.as(anon), `select longest_rental_days, earliest_pickup_days from public.rental_rules`); err != nil || n != 1 {
		t.Fatalf("anon reads the rules: %d rows, %v", n, err)
	}
}
