package migrations_test

import (
	"context"
	"strings"
	"testing"

	"casarent/server/pgrole"
)

// keyFactsQuote is the quote as the site asks for it (anon), decoded.
func keyFactsQuote(t *testing.T, w *world, car int64, insurance string) map[string]any {
	t.Helper()
	var q map[string]any
	readJSON(t, w.db, w.as(anon), &q,
		`select public.quote_booking($1, '2027-03-10', '2027-03-13', $2, '{}', 'full', '09:30', '09:30')`, car, insurance)
	return q
}

// The quote states the key facts of the car's category (the excess of the chosen
// insurance, mileage, fuel, the driver's minimum age and licence years) read from
// the tables an administrator edits, and what a cancellation after the free
// window costs (the rental rule's first days at the daily price, at most the total).
func TestQuoteStatesTheKeyFactsAndTheLateCancellationCost(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// Figures of carA's category (Économique) as the tables hold them.
	for _, ins := range []string{"basic", "premium", "platinum"} {
		want := superScalar[int32](t, w, `select amount from public.category_excess where category = 'Économique' and insurance = $1`, ins)
		if got := keyFactsQuote(t, w, w.carA, ins)["excess"]; got != float64(want) {
			t.Errorf("%s: excess %v, want %d", ins, got, want)
		}
	}
	q := keyFactsQuote(t, w, w.carA, "basic")
	if q["excess"].(float64) <= keyFactsQuote(t, w, w.carA, "premium")["excess"].(float64) {
		t.Errorf("basic insurance should leave a larger excess than premium: %v", q["excess"])
	}
	for _, k := range []string{"deposit", "total", "free_cancellation_until", "included", "due_now", "terms_version"} {
		if _, ok := q[k]; !ok {
			t.Errorf("the quote lost %q: %v", k, q)
		}
	}
	// A late cancellation costs the first day (300 DH/day car, rule 1 day).
	if q["late_cancellation_fee"] != float64(300) || q["late_cancellation_days"] != float64(1) {
		t.Errorf("late cancellation: %v / %v days, want 300 DH for 1 day", q["late_cancellation_fee"], q["late_cancellation_days"])
	}

	// An administrator edits every figure; the quote follows.
	for _, sql := range []string{
		`update public.category_excess set amount = 12345 where category = 'Économique' and insurance = 'basic'`,
		`update public.category_key_facts set mileage_km_per_day = 200, extra_km_price = 1.5, fuel_policy = 'full_to_full', min_driver_age = 24, min_licence_years = 4 where category = 'Économique'`,
		`update public.rental_rules set late_cancellation_days = 10`,
	} {
		if n, err := w.run(admin, sql); err != nil || n != 1 {
			t.Fatalf("administrator %q: %d rows, %v", sql, n, err)
		}
	}
	q = keyFactsQuote(t, w, w.carA, "basic")
	for k, want := range map[string]any{
		"excess": float64(12345), "mileage_km_per_day": float64(200), "extra_km_price": 1.5, "fuel_policy": "full_to_full",
		"min_driver_age": float64(24), "min_licence_years": float64(4),
		// 10 days of a 3-day rental: never more than the total
		"late_cancellation_fee": q["total"],
	} {
		if q[k] != want {
			t.Errorf("after the administrator's change %s = %v, want %v", k, q[k], want)
		}
	}
	// An insurance level the agency has not priced states no excess (never a zero excess).
	w.super(t, `delete from public.category_excess where category = 'Économique' and insurance = 'platinum'`)
	if q := keyFactsQuote(t, w, w.carA, "platinum"); q["excess"] != nil {
		t.Errorf("excess without a row: %v, want null", q["excess"])
	}
	// Nobody else edits them; everyone reads them.
	for _, a := range []string{anon, user} {
		for _, sql := range []string{
			`update public.category_excess set amount = 1`,
			`update public.category_key_facts set min_driver_age = 18`,
			`update public.rental_rules set late_cancellation_days = 0, terms_version = 'x'`,
		} {
			if n, err := w.try(a, sql); err == nil && n > 0 {
				t.Errorf("%s changed %d rows with %q", a, n, sql)
			}
		}
		if n, err := w.try(a, `select * from public.category_key_facts`); err != nil || n != 6 {
			t.Errorf("%s reads %d category key facts, %v", a, n, err)
		}
	}
}

// termsBooking is the site's insert with the acceptance columns given as SQL.
func termsBooking(terms, driver string) string {
	return `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date,
		payment_method, terms_version, driver_requirements_confirmed)
		values ($1, 'Visiteur', 'v@example.com', '+212600000000', current_date + 20, current_date + 23, 'whatsapp', ` + terms + `, ` + driver + `)`
}

// A visitor's booking carries the current terms version and the driver's
// confirmation, or the database refuses it with a clear message; the booking
// records the version and the moment of acceptance. The agency and SQL without a
// client address record bookings without them.
func TestVisitorBookingRecordsTheAcceptedTerms(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	current := superScalar[string](t, w, `select terms_version from public.rental_rules`)
	lit := "'" + current + "'"
	for _, c := range []struct{ name, terms, driver, message string }{
		{"terms not accepted", "null", "true", "terms must be accepted"},
		{"an old terms version", "'1999-01-01'", "true", "terms changed"},
		{"the driver's age not confirmed", lit, "false", "minimum age"},
		{"the driver's age left out", lit, "default", "minimum age"},
	} {
		for _, a := range []string{anon, user, service} {
			_, err := w.trySession(w.from(a, "203.0.113.7"), termsBooking(c.terms, c.driver), w.carA)
			if sqlState(err) != "22023" || !strings.Contains(err.Error(), c.message) {
				t.Errorf("%s as %s: %v, want 22023 %q", c.name, a, err, c.message)
			}
		}
	}
	id := "e4000000-0000-4000-8000-000000000001"
	insert := strings.Replace(termsBooking(lit, "true"), "(car_id,", "(id, car_id,", 1)
	insert = strings.Replace(insert, "values ($1,", "values ('"+id+"', $1,", 1)
	err := pgrole.Do(context.Background(), w.db.Pool, w.from(anon, "203.0.113.7"), func(c pgrole.Conn) error {
		_, err := c.Exec(context.Background(), insert, w.carA)
		return err
	})
	if err != nil {
		t.Fatalf("a visitor who accepted: %v", err)
	}
	if got := superScalar[string](t, w, `select terms_version from public.bookings where id = $1`, id); got != current {
		t.Errorf("stored terms version %q, want %q", got, current)
	}
	if !superScalar[bool](t, w, `select terms_accepted_at between now() - interval '1 hour' and now() and driver_requirements_confirmed from public.bookings where id = $1`, id) {
		t.Error("the booking does not record when the terms were accepted, or the driver's confirmation")
	}
	// The agency at the counter, and SQL without an address, need neither.
	counter := `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date, payment_method)
		values ($1, 'Client comptoir', 'c@example.com', '+212600000000', current_date + 30, current_date + 31, 'cash')`
	if _, err := w.trySession(w.from(admin, "203.0.113.7"), counter, w.carA); err != nil {
		t.Errorf("administrator: %v", err)
	}
	if _, err := w.try(anon, counter, w.carA); err != nil {
		t.Errorf("SQL without a client address: %v", err)
	}
}
