package jobs_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"casarent/rental/jobs"
	"casarent/server/pgrole"
	"casarent/server/pgtest"
)

// Two servers' loops running side by side expire every lapsed request once and
// leave the confirmed booking alone; the freed dates take a new booking.
func TestLoopsOnTwoReplicasExpireEachHoldOnce(t *testing.T) {
	db := pgtest.New(t)
	ctx := context.Background()
	db.Exec(t, `update public.reservation_settings set request_hold = interval '200 milliseconds'`)
	db.Exec(t, `insert into public.cars (id, slug, name, brand, category, price, image, seats, transmission, fuel, rating)
		values (1, 'clio', 'Clio', 'Renault', 'Compact', 300, '/c.jpg', 5, 'manual', 'diesel', 4.5)`)
	book := func(day int) error {
		start := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 3*day)
		return pgrole.Do(ctx, db.Pool, pgtest.As("anon", ""), func(c pgrole.Conn) error {
			_, err := c.Exec(ctx, `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date, payment_method)
				values (1, 'V', 'v@example.com', '+212600000000', $1::date, $1::date + 1, 'whatsapp')`, start.Format(time.DateOnly))
			return err
		})
	}
	const n = 30
	for i := range n {
		if err := book(i); err != nil {
			t.Fatal(err)
		}
	}
	db.Exec(t, `update public.bookings set status = 'confirmed' where start_date = '2027-01-01'`)

	// Count each booking's move to 'expired' as it happens, whoever makes it.
	db.Exec(t, `create table expiries (id uuid)`)
	db.Exec(t, `create function log_expiry() returns trigger language plpgsql security definer set search_path = public as $$
		begin insert into expiries values (new.id); return new; end $$`)
	db.Exec(t, `create trigger log_expiry after update of status on public.bookings
		for each row when (new.status = 'expired') execute function log_expiry()`)

	runCtx, stop := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for range 2 {
		wg.Go(func() {
			jobs.ExpireHolds.Run(runCtx, db.Pool, 20*time.Millisecond, slog.New(slog.NewTextHandler(io.Discard, nil)))
		})
	}
	deadline := time.Now().Add(10 * time.Second)
	var expired int
	for time.Now().Before(deadline) {
		if err := db.Admin.QueryRow(ctx, `select count(*) from public.bookings where status = 'expired'`).Scan(&expired); err != nil {
			t.Fatal(err)
		}
		if expired == n-1 {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond) // a few more ticks of both loops
	stop()
	wg.Wait()
	if expired != n-1 {
		t.Fatalf("%d expired, want %d (all but the confirmed one)", expired, n-1)
	}
	var logged, distinct int
	if err := db.Admin.QueryRow(ctx, `select count(*), count(distinct id) from expiries`).Scan(&logged, &distinct); err != nil {
		t.Fatal(err)
	}
	if logged != n-1 || distinct != n-1 {
		t.Fatalf("%d expiries recorded for %d bookings, want each of the %d once", logged, distinct, n-1)
	}
	var confirmed string
	if err := db.Admin.QueryRow(ctx, `select status from public.bookings where start_date = '2027-01-01'`).Scan(&confirmed); err != nil || confirmed != "confirmed" {
		t.Fatalf("confirmed booking is now %q (%v)", confirmed, err)
	}
	if err := book(1); err != nil {
		t.Fatalf("freed dates refused: %v", err)
	}
	if got, err := jobs.ExpireHolds.Once(ctx, db.Pool); err != nil || got != 0 {
		t.Fatalf("nothing left to expire: %d %v", got, err)
	}
}

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
