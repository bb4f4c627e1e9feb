package migrations_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/pgrole"
)

// refusal is the PostgREST custom error the reservation rules raise
// (docs/reservations.md): SQLSTATE PGRST with {code, message, details} as message.
type refusal struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details"`
}

func refusalOf(err error) (refusal, bool) {
	var pe *pgconn.PgError
	var r refusal
	if !errors.As(err, &pe) || pe.Code != "PGRST" || json.Unmarshal([]byte(pe.Message), &r) != nil {
		return r, false
	}
	return r, true
}

// book inserts a WhatsApp request as an anonymous visitor, as the site does.
func (w *world) book(car int64, pickup, ret string) error {
	p, _ := time.Parse("2006-01-02T15:04", pickup)
	r, _ := time.Parse("2006-01-02T15:04", ret)
	_, err := w.run(anon, `insert into public.bookings (car_id, customer_name, customer_email, customer_phone,
			start_date, pickup_time, end_date, return_time, payment_method)
		values ($1, 'Visiteur', 'v@example.com', '+212600000000', $2::date, $3::time, $4::date, $5::time, 'whatsapp')`,
		car, p.Format(time.DateOnly), p.Format("15:04"), r.Format(time.DateOnly), r.Format("15:04"))
	return err
}

// mustBook is book for the rentals a test sets up: a refusal ends the test.
func (w *world) mustBook(t *testing.T, car int64, pickup, ret string) {
	t.Helper()
	if err := w.book(car, pickup, ret); err != nil {
		t.Fatal(err)
	}
}

// 20 visitors ask for the same car over overlapping dates at the same moment:
// one wins, every other one gets BK001 (never a raw constraint error, never two).
func TestOverlappingBookingsRaceOneWins(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var wg sync.WaitGroup
	errs := make([]error, 20)
	start := make(chan struct{})
	for i := range errs {
		wg.Go(func() {
			<-start
			// Every request overlaps every other: pickups 10..29 Dec, all returning 31 Dec.
			errs[i] = w.book(w.carA, fmt.Sprintf("2026-12-%02dT10:00", 10+i), "2026-12-31T10:00")
		})
	}
	close(start)
	wg.Wait()
	won := 0
	for i, err := range errs {
		if err == nil {
			won++
			continue
		}
		if r, ok := refusalOf(err); !ok || r.Code != "BK001" {
			t.Errorf("request %d: %v, want BK001", i, err)
		}
	}
	if won != 1 {
		t.Fatalf("%d requests won, want exactly 1", won)
	}
	if n := superScalar[int](t, w, `select count(*) from public.bookings where car_id = $1 and start_date >= '2026-12-01'`, w.carA); n != 1 {
		t.Fatalf("%d bookings stored, want 1", n)
	}
}

// A return holds the car for the turnaround (2 h by default) after it.
func TestTurnaroundSeparatesRentals(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.mustBook(t, w.carA, "2026-12-10T10:00", "2026-12-14T10:00")
	cases := []struct {
		pickup, ret string
		code        string // "" = accepted
		nextFree    string
	}{
		{"2026-12-14T11:00", "2026-12-16T10:00", "BK001", "2026-12-14T12:00:00"}, // inside the turnaround
		{"2026-12-08T10:00", "2026-12-10T09:00", "BK001", "2026-12-14T12:00:00"}, // its own turnaround reaches the pickup
		{"2026-12-14T12:00", "2026-12-16T10:00", "", ""},                         // right after the turnaround
		{"2026-12-08T10:00", "2026-12-10T08:00", "", ""},                         // its turnaround ends at the pickup
	}
	for _, c := range cases {
		t.Run(c.pickup+"→"+c.ret, func(t *testing.T) {
			p, _ := time.Parse("2006-01-02T15:04", c.pickup)
			r, _ := time.Parse("2006-01-02T15:04", c.ret)
			_, err := w.try(anon, `insert into public.bookings (car_id, customer_name, customer_email, customer_phone,
					start_date, pickup_time, end_date, return_time)
				values ($1, 'V', 'v@example.com', '+212600000000', $2::date, $3::time, $4::date, $5::time)`,
				w.carA, p.Format(time.DateOnly), p.Format("15:04"), r.Format(time.DateOnly), r.Format("15:04"))
			if c.code == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			ref, ok := refusalOf(err)
			if !ok || ref.Code != c.code {
				t.Fatalf("got %v, want %s", err, c.code)
			}
			if ref.Details["next_free"] != c.nextFree {
				t.Fatalf("next_free %v, want %s", ref.Details["next_free"], c.nextFree)
			}
		})
	}
	// A longer turnaround applies to the bookings made after it: a return 4 h
	// before the pickup fits with 2 h, not with 5 h.
	w.super(t, `update public.reservation_settings set turnaround = interval '5 hours'`)
	if err := w.book(w.carA, "2026-12-08T10:00", "2026-12-10T06:00"); err == nil {
		t.Fatal("a return 4 h before a pickup was accepted with a 5 h turnaround")
	}
	// The return must come after the pickup.
	if err := w.book(w.carB, "2026-12-20T10:00", "2026-12-20T10:00"); sqlState(err) != "22023" {
		t.Fatalf("return = pickup: %v, want 22023", err)
	}
}

// Cancelled and expired bookings hold nothing; putting one back in force checks again.
func TestCancellingFreesTheDates(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.mustBook(t, w.carA, "2026-12-10T10:00", "2026-12-14T10:00")
	first := superScalar[string](t, w, `select id::text from public.bookings where car_id = $1 and start_date = '2026-12-10'`, w.carA)
	if err := w.book(w.carA, "2026-12-11T10:00", "2026-12-12T10:00"); err == nil {
		t.Fatal("an overlapping request was accepted")
	}
	if _, err := w.run(admin, `update public.bookings set status = 'cancelled' where id = $1`, first); err != nil {
		t.Fatal(err)
	}
	if err := w.book(w.carA, "2026-12-11T10:00", "2026-12-12T10:00"); err != nil {
		t.Fatalf("dates still held after the cancellation: %v", err)
	}
	if _, err := w.run(admin, `update public.bookings set status = 'pending' where id = $1`, first); err == nil {
		t.Fatal("a cancelled booking came back over a newer one")
	} else if r, _ := refusalOf(err); r.Code != "BK001" {
		t.Fatalf("reactivation: %v, want BK001", err)
	}
}

// The car's own state and maintenance blocks refuse bookings, each with its code,
// whoever inserts (anon, an administrator, the service role).
func TestBookabilityIsDecidedByTheDatabase(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.super(t, `insert into public.cars (id, slug, name, brand, category, price, image, seats, transmission, fuel, rating, available, not_available_until) values
		(1003, 'off-test', 'Off', 'Renault', 'Compact', 300, '/o.jpg', 5, 'manual', 'diesel', 4, false, null),
		(1004, 'later-test', 'Later', 'Renault', 'Compact', 300, '/l.jpg', 5, 'manual', 'diesel', 4, true, '2026-12-20')`)
	w.super(t, `insert into public.car_blocks (car_id, start_date, end_date, reason) values (1001, '2026-12-05', '2026-12-07', 'Vidange')`)
	insert := `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date, return_time)
		values ($1, 'V', 'v@example.com', '+212600000000', $2::date, $3::date, '18:00')`
	cases := []struct {
		name       string
		car        int64
		start, end string
		code       string
		details    map[string]any
	}{
		{"unavailable car", 1003, "2026-12-10", "2026-12-12", "BK002", map[string]any{}},
		{"before its date", 1004, "2026-12-18", "2026-12-22", "BK003", map[string]any{"until": "2026-12-20", "next_free": "2026-12-20T10:00:00"}},
		{"maintenance block", 1001, "2026-12-06", "2026-12-09", "BK004", map[string]any{"next_free": "2026-12-08T10:00:00"}},
		{"touching the block's first day", 1001, "2026-12-01", "2026-12-05", "BK004", map[string]any{"next_free": "2026-12-08T10:00:00"}},
	}
	for _, c := range cases {
		for _, who := range []string{anon, admin, service} {
			t.Run(c.name+"/"+who, func(t *testing.T) {
				_, err := w.try(who, insert, c.car, c.start, c.end)
				r, ok := refusalOf(err)
				if !ok || r.Code != c.code {
					t.Fatalf("got %v, want %s", err, c.code)
				}
				if fmt.Sprint(r.Details) != fmt.Sprint(c.details) {
					t.Fatalf("details %v, want %v", r.Details, c.details)
				}
			})
		}
	}
	// From its date on, and after the block, the cars take bookings.
	for _, ok := range []struct {
		car        int64
		start, end string
	}{{1004, "2026-12-20", "2026-12-22"}, {1001, "2026-12-08", "2026-12-09"}} {
		if _, err := w.try(anon, insert, ok.car, ok.start, ok.end); err != nil {
			t.Errorf("car %d %s: %v", ok.car, ok.start, err)
		}
	}
}

// Unconfirmed holds lapse after their settings; a confirmed booking never does;
// expiry frees the dates. Time is the test's: it elapses by ageing the rows.
func TestHoldsLapse(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.super(t, `update public.reservation_settings set paypal_hold = interval '30 minutes', request_hold = interval '2 hours', long_hold = interval '6 hours'`)
	ctx := context.Background()
	// A PayPal attempt, as create-paypal-order stores it (service_role).
	if _, err := w.run(service, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date, payment_method)
		values ('f0000000-0000-4000-8000-000000000001', $1, 'P', 'p@example.com', '+212600000000', '2026-12-10', '2026-12-12', 'paypal')`, w.carA); err != nil {
		t.Fatal(err)
	}
	// A WhatsApp request, and one an administrator confirms.
	w.mustBook(t, w.carB, "2026-12-10T10:00", "2026-12-12T10:00")
	w.mustBook(t, w.carB, "2026-12-20T10:00", "2026-12-22T10:00")
	if _, err := w.run(admin, `update public.bookings set status = 'confirmed' where car_id = $1 and start_date = '2026-12-20'`, w.carB); err != nil {
		t.Fatal(err)
	}
	expire := func() int {
		var n int
		if err := pgrole.Query(ctx, w.db.Pool, w.as(service), false, `select public.expire_booking_holds()`, nil,
			func(r pgx.Rows) error { r.Next(); return r.Scan(&n) }); err != nil {
			t.Fatal(err)
		}
		return n
	}
	status := func(car int64, start string) string {
		return superScalar[string](t, w, `select status from public.bookings where car_id = $1 and start_date = $2::date`, car, start)
	}
	if n := expire(); n != 0 {
		t.Fatalf("expired %d fresh holds", n)
	}
	w.elapse(t, 29*time.Minute)
	if n := expire(); n != 0 {
		t.Fatalf("expired %d holds a minute before the PayPal hold ends", n)
	}
	w.elapse(t, 2*time.Minute)
	if n := expire(); n != 1 || status(w.carA, "2026-12-10") != "expired" || status(w.carB, "2026-12-10") != "pending" {
		t.Fatalf("after the PayPal hold: %d expired, paypal %s, whatsapp %s", n, status(w.carA, "2026-12-10"), status(w.carB, "2026-12-10"))
	}
	if ps := superScalar[string](t, w, `select payment_status from public.bookings where car_id = $1 and start_date = '2026-12-10'`, w.carA); ps != "abandoned" {
		t.Fatalf("expired PayPal attempt payment_status %s, want abandoned", ps)
	}
	w.elapse(t, 90*time.Minute)
	if n := expire(); n != 1 || status(w.carB, "2026-12-10") != "expired" {
		t.Fatalf("after the request hold: %d expired, whatsapp %s", n, status(w.carB, "2026-12-10"))
	}
	if status(w.carB, "2026-12-20") != "confirmed" {
		t.Fatal("a confirmed booking expired")
	}
	// The dates are free again.
	for _, car := range []int64{w.carA, w.carB} {
		if err := w.book(car, "2026-12-10T10:00", "2026-12-12T10:00"); err != nil {
			t.Fatalf("car %d: dates still held after expiry: %v", car, err)
		}
	}
}

// Two workers expiring at once expire each booking exactly once.
func TestTwoWorkersExpireEachHoldOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.super(t, `update public.reservation_settings set request_hold = interval '1 minute'`)
	const n = 60
	for i := range n {
		day := time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, 3*i)
		w.mustBook(t, w.carA, day.Format("2006-01-02")+"T10:00", day.AddDate(0, 0, 1).Format("2006-01-02")+"T10:00")
	}
	w.elapse(t, 2*time.Minute)
	var wg sync.WaitGroup
	counts := make([]int, 2)
	for i := range counts {
		wg.Go(func() {
			for {
				var got int
				err := pgrole.Query(context.Background(), w.db.Pool, w.as(service), false, `select public.expire_booking_holds()`, nil,
					func(r pgx.Rows) error { r.Next(); return r.Scan(&got) })
				if err != nil {
					t.Error(err)
					return
				}
				if got == 0 {
					return
				}
				counts[i] += got
			}
		})
	}
	wg.Wait()
	if counts[0]+counts[1] != n {
		t.Fatalf("workers report %d + %d expiries, want %d in all", counts[0], counts[1], n)
	}
	if left := superScalar[int](t, w, `select count(*) from public.bookings where status = 'pending' and car_id = $1 and start_date >= '2027-01-01'`, w.carA); left != 0 {
		t.Fatalf("%d holds left pending", left)
	}
}

// What an anonymous visitor may learn: free or not, why, from when and the price;
// never a booking.
func TestAvailabilityForVisitors(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.mustBook(t, w.carA, "2026-12-10T10:00", "2026-12-14T10:00")
	w.super(t, `insert into public.car_blocks (car_id, start_date, end_date, reason) values ($1, '2026-12-16', '2026-12-17', 'Révision')`, w.carB)
	type row struct {
		Car      int64
		Free     bool
		Reason   *string
		NextFree *time.Time
		Days     int
		Total    int
	}
	read := func(sql string, args ...any) []row {
		return readRows(t, w, anon, pgx.RowToStructByPos[row], sql, args...)
	}
	got := read(`select car_id, free, reason, next_free, days, total from public.car_availability('2026-12-12T10:00', '2026-12-16T10:00')`)
	if len(got) != 2 {
		t.Fatalf("%d rows, want one per car", len(got))
	}
	a, b := got[0], got[1]
	if a.Free || *a.Reason != "booked" || a.NextFree.Format("2006-01-02T15:04") != "2026-12-14T12:00" {
		t.Errorf("car A: %+v, want booked until 14 Dec 12:00", a)
	}
	if b.Free || *b.Reason != "maintenance" || b.NextFree.Format("2006-01-02T15:04") != "2026-12-18T10:00" {
		t.Errorf("car B: %+v, want maintenance, free from 18 Dec 10:00", b)
	}
	// 4 days: 4 x 300 = 1200 and 4 x 450 = 1800 (basic, no extras, paid at the agency).
	if a.Days != 4 || a.Total != 1200 || b.Total != 1800 {
		t.Errorf("totals %+v %+v", a, b)
	}
	if got := read(`select car_id, free, reason, next_free, days, total from public.car_availability('2026-12-14T12:00', '2026-12-15T12:00', $1)`, w.carA); len(got) != 1 || !got[0].Free {
		t.Errorf("after the turnaround: %+v, want free", got)
	}
	if _, err := w.try(anon, `select * from public.car_availability('2026-12-14T12:00', '2026-12-14T12:00')`); sqlState(err) != "22023" {
		t.Errorf("empty range: %v, want 22023", err)
	}
	states := readRows(t, w, anon, pgx.RowTo[string], `select state from public.car_calendar($1, '2026-12-09', 7)`, w.carA)
	if want := "[free partial taken taken taken partial free]"; fmt.Sprint(states) != want {
		t.Errorf("calendar %v, want %s", states, want)
	}
}
