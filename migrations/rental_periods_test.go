package migrations_test

import (
	"testing"
)

// quoteDays is the quote's day count for carA as the audience sees it.
func quoteDays(t *testing.T, w *world, audience, start, end, pickup, ret string) int {
	t.Helper()
	var q struct{ Days int }
	readJSON(t, w.db, w.as(audience), &q,
		`select public.quote_booking($1, $2::date, $3::date, p_pickup_time => $4::time, p_return_time => $5::time)`,
		w.carA, start, end, pickup, ret)
	return q.Days
}

// The grace is the agency's setting (rental_rules.period_grace): an administrator
// changes it, a visitor reads it but cannot change it, and the quote follows it.
func TestRentalPeriodGraceIsASetting(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	if got := quoteDays(t, w, anon, "2027-03-01", "2027-03-04", "09:00", "09:45"); got != 3 {
		t.Fatalf("45 minutes late with the default grace: %d days, want 3", got)
	}
	if n, err := w.run(anon, `update public.rental_rules set period_grace = interval '0'`); err == nil && n > 0 {
		t.Fatal("a visitor changed the grace")
	}
	if n, err := w.run(admin, `update public.rental_rules set period_grace = interval '0'`); err != nil || n != 1 {
		t.Fatalf("administrator: %d rows, %v", n, err)
	}
	if got := quoteDays(t, w, anon, "2027-03-01", "2027-03-04", "09:00", "09:45"); got != 4 {
		t.Fatalf("45 minutes late without grace: %d days, want 4", got)
	}
	if got := quoteDays(t, w, anon, "2027-03-01", "2027-03-04", "09:00", "09:00"); got != 3 {
		t.Fatalf("exactly three periods: %d days, want 3", got)
	}
}

// A booking's hours are part of its price: moving the return later than the
// grace adds a period to the stored booking.
func TestBookingRepricedWhenItsHoursChange(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// booking1 (paid at the agency): carA, 2026-07-01 10:00 -> 07-04 10:00 = 3 periods x 300 = 900
	if days := superScalar[int](t, w, `select days from public.bookings where id = $1`, w.booking1); days != 3 {
		t.Fatalf("initial days %d, want 3", days)
	}
	if _, err := w.run(service, `update public.bookings set return_time = '15:00' where id = $1`, w.booking1); err != nil {
		t.Fatal(err)
	}
	days := superScalar[int](t, w, `select days from public.bookings where id = $1`, w.booking1)
	total := superScalar[int](t, w, `select total_price from public.bookings where id = $1`, w.booking1)
	quoted := superScalar[int](t, w, `select (quote ->> 'total')::integer from public.bookings where id = $1`, w.booking1)
	// 10:00 -> 15:00 three days later: 4 periods x 300 = 1200
	if days != 4 || total != 1200 || quoted != 1200 {
		t.Fatalf("after a later return: days=%d total=%d quote total=%d, want 4, 1200, 1200", days, total, quoted)
	}
}
