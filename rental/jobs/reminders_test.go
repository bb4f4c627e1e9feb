package jobs_test

import (
	"context"
	"testing"

	"casarent/rental/jobs"
	"casarent/server/pgtest"
)

// A confirmed booking picked up within the day is reminded once, however many
// times the job runs; one booked inside that day (no time to be reminded of) and one
// picked up later are not. Dates are the agency's (Casablanca), as the rule reads them.
func TestPickupRemindersQueueEachOnce(t *testing.T) {
	db := pgtest.New(t)
	ctx := context.Background()
	db.Exec(t, `insert into public.cars (id, slug, name, brand, category, price, image, seats, transmission, fuel, rating)
		select i, 'clio-' || i, 'Clio', 'Renault', 'Compact', 300, '/c.jpg', 5, 'manual', 'diesel', 4.5 from generate_series(1, 3) i`)
	db.Exec(t, `with today as (select (now() at time zone 'Africa/Casablanca')::date as d)
		insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date,
			pickup_time, return_time, payment_method, status, created_at)
		select v.car, v.name, v.name || '@example.com', '+212600000000', today.d + v.starts, today.d + v.starts + 2,
			'00:00', '00:00', 'whatsapp', 'confirmed', now() - v.booked
		from today, (values (1, 'soon', 1, interval '3 days'), (2, 'late', 1, interval '1 minute'), (3, 'later', 5, interval '3 days'))
			as v(car, name, starts, booked)`)
	for run, want := range []int{1, 0} {
		n, err := jobs.PickupReminders.Once(ctx, db.Pool)
		if err != nil || n != want {
			t.Fatalf("run %d queued %d (err %v), want %d", run+1, n, err, want)
		}
	}
	var to string
	if err := db.Admin.QueryRow(ctx, `select recipient from public.notification_outbox where kind = 'pickup_reminder'`).Scan(&to); err != nil || to != "soon@example.com" {
		t.Fatalf("reminded %q (err %v), want only the booking picked up within the day", to, err)
	}
}
