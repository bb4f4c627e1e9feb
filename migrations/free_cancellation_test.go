package migrations_test

import (
	"testing"
)

// The quote states until when cancelling is free: rental_rules'
// free_cancellation_hours before the pickup, in local time; the stored booking
// keeps the same date, and an administrator changing the rule changes it.
func TestQuoteStatesTheFreeCancellationDate(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	until := func() string {
		t.Helper()
		var q struct {
			Until string `json:"free_cancellation_until"`
		}
		readJSON(t, w.db, w.as(anon), &q,
			`select public.quote_booking($1, '2027-03-10', '2027-03-13', p_pickup_time => '09:30', p_return_time => '09:30')`, w.carA)
		return q.Until
	}
	if got := until(); got != "2027-03-09T09:30:00" {
		t.Fatalf("free cancellation until %q, want 24 hours before the pickup 2027-03-10 09:30", got)
	}
	id := "e3000000-0000-4000-8000-000000000001"
	w.super(t, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date, pickup_time, return_time)
		values ($1, $2, 'V', 'v@example.com', '+212600000000', '2027-03-10', '2027-03-13', '09:30', '09:30')`, id, w.carA)
	if got := superScalar[string](t, w, `select quote ->> 'free_cancellation_until' from public.bookings where id = $1`, id); got != "2027-03-09T09:30:00" {
		t.Fatalf("stored booking: free cancellation until %q", got)
	}
	if n, err := w.run(admin, `update public.rental_rules set free_cancellation_hours = 48`); err != nil || n != 1 {
		t.Fatalf("administrator: %d rows, %v", n, err)
	}
	if got := until(); got != "2027-03-08T09:30:00" {
		t.Fatalf("with 48 hours: %q", got)
	}
}
