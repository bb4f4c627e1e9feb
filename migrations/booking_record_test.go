package migrations_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/pgrole"
)

// 10,000 bookings get 10,000 distinct references in the agreed alphabet, and a
// reference tells nothing about the next one: consecutive pairs share no more
// characters in place than chance allows, and every character of the alphabet
// turns up about equally often at every position.
func TestReferencesAreUniqueAndUnpredictable(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	const n = 10000
	// 10,000 one-day rentals: 10 cars x 1,000 days.
	w.super(t, `insert into public.cars (id, slug, name, brand, category, price, image, seats, transmission, fuel, rating)
		select 2000 + i, 'ref-car-' || i, 'Car', 'Renault', 'Compact', 300, '/c.jpg', 5, 'manual', 'diesel', 4
		from generate_series(0, 9) i`)
	w.super(t, `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date, return_time)
		select 2000 + i % 10, 'C', 'c@example.com', '+212600000000', date '2030-01-01' + i / 10, date '2030-01-01' + i / 10, '18:00'
		from generate_series(0, $1 - 1) i`, n)
	rows, err := w.db.Admin.Query(context.Background(), `select reference from public.bookings where car_id >= 2000 order by created_at, start_date, car_id`)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) != n {
		t.Fatalf("%d references", len(refs))
	}
	const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
	seen := map[string]bool{}
	var counts [5][256]int
	samePlace := 0
	for i, r := range refs {
		if seen[r] {
			t.Fatalf("duplicate reference %s", r)
		}
		seen[r] = true
		if len(r) != 8 || !strings.HasPrefix(r, "CR-") {
			t.Fatalf("reference %q is not CR-XXXXX", r)
		}
		for p := range 5 {
			c := r[3+p]
			if !strings.ContainsRune(alphabet, rune(c)) {
				t.Fatalf("reference %q uses %q", r, c)
			}
			counts[p][c]++
			if i > 0 && refs[i-1][3+p] == c {
				samePlace++
			}
		}
	}
	// Chance: 5 places x 9,999 pairs / 31 ≈ 1,613; a counter or a derived sequence
	// would be far from it.
	if samePlace < 1300 || samePlace > 1950 {
		t.Errorf("consecutive references share %d characters in place, chance is about 1,613", samePlace)
	}
	// Expected 10,000 / 31 ≈ 323 per character and place.
	for p := range 5 {
		for _, c := range []byte(alphabet) {
			if k := counts[p][c]; k < 220 || k > 430 {
				t.Errorf("character %q appears %d times at place %d, about 323 expected", c, k, p+1)
			}
		}
	}
	// Nobody sets or changes a reference.
	if _, err := w.run(service, `update public.bookings set reference = 'CR-22222' where id = $1`, w.booking1); err != nil {
		t.Fatal(err)
	}
	if got := superScalar[string](t, w, `select reference from public.bookings where id = $1`, w.booking1); got == "CR-22222" {
		t.Fatal("a reference was changed")
	}
}

// Revenue is money received: a month with a captured payment, a partial refund, a
// failed and an abandoned attempt, an expired and a cancelled booking and a counter
// payment adds up to captured − refunded + counter, in the month the money moved.
func TestRevenueIsMoneyReceived(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	book := func(car int64, start string, status, method string) string {
		var id string
		if err := w.db.Admin.QueryRow(ctx, `insert into public.bookings (car_id, customer_name, customer_email, customer_phone,
				start_date, end_date, return_time, status, payment_method)
			values ($1, 'C', 'c@example.com', '+212600000000', $2::date, $2::date + 2, '18:00', $3, $4) returning id::text`,
			car, start, status, method).Scan(&id); err != nil {
			t.Fatal(err)
		}
		return id
	}
	pay := func(booking, kind, status string, amountMAD float64, settled string) {
		w.super(t, `insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method, settled_at)
			values ($1, $2, $3, round($4::numeric / 10.8, 2), 'EUR', $4, 'paypal', $5::timestamptz)`, booking, kind, status, amountMAD, settled)
	}
	paid := book(w.carA, "2027-03-01", "confirmed", "paypal")
	pay(paid, "paypal", "captured", 1620, "2027-03-02T09:00:00+01")
	pay(paid, "refund", "completed", 500, "2027-03-10T15:00:00+01")
	failed := book(w.carA, "2027-03-10", "pending", "paypal")
	pay(failed, "paypal", "failed", 810, "2027-03-05T10:00:00+01")
	abandoned := book(w.carA, "2027-03-20", "expired", "paypal")
	pay(abandoned, "paypal", "abandoned", 900, "2027-03-06T10:00:00+01")
	book(w.carB, "2027-03-01", "expired", "whatsapp")
	book(w.carB, "2027-03-10", "cancelled", "whatsapp")
	counter := book(w.carB, "2027-03-20", "confirmed", "whatsapp")
	// The counter payment is recorded by an administrator through the API.
	if _, err := w.run(admin, `insert into public.payments (booking_id, kind, status, amount, currency, method, note)
		values ($1, 'counter', 'completed', 700, 'MAD', 'cash', 'acompte')`, counter); err != nil {
		t.Fatalf("counter payment as admin: %v", err)
	}
	if ps := superScalar[string](t, w, `select payment_status from public.bookings where id = $1`, counter); ps != "counter" {
		t.Fatalf("booking paid at the counter has payment_status %s", ps)
	}
	if n := superScalar[int](t, w, `select count(*) from public.payments where booking_id = $1 and amount_mad = 700 and settled_at > now() - interval '1 minute'`, counter); n != 1 {
		t.Fatal("the counter payment is not settled now in DH")
	}
	// As if it had been recorded on the day of pickup.
	w.super(t, `update public.payments set settled_at = '2027-03-20T10:00:00+01' where booking_id = $1`, counter)
	// Another month's money stays there.
	other := book(w.carA, "2027-04-10", "confirmed", "paypal")
	pay(other, "paypal", "captured", 999, "2027-04-01T00:30:00+01") // 31 March 23:30 UTC, April in Casablanca

	type month struct {
		Month                              time.Time
		Online, Refunds, Counter, Received float64
	}
	read := func(audience string) []month {
		return readRows(t, w, audience, pgx.RowToStructByPos[month],
			`select month, online::float8, refunds::float8, counter::float8, received::float8 from public.revenue_by_month('2027-01-01', '2028-01-01')`)
	}
	got := read(admin)
	march := month{Online: 1620, Refunds: 500, Counter: 700, Received: 1620 - 500 + 700}
	if len(got) != 2 || got[0].Month.Format("2006-01") != "2027-03" || got[1].Month.Format("2006-01") != "2027-04" {
		t.Fatalf("months %+v", got)
	}
	got[0].Month = time.Time{}
	if got[0] != march || got[1].Received != 999 {
		t.Fatalf("revenue %+v, want March %+v and April 999", got, march)
	}
	if rows := read(user); len(rows) != 0 {
		t.Fatalf("a signed-in non-administrator sees revenue: %+v", rows)
	}
	if _, err := w.try(anon, `select * from public.revenue_by_month('2027-01-01', '2028-01-01')`); sqlState(err) != "42501" {
		t.Fatalf("anon: %v, want 42501", err)
	}
	// Only counter payments may be recorded through the API, and only by administrators.
	for _, who := range []string{anon, user} {
		if _, err := w.try(who, `insert into public.payments (booking_id, kind, status, amount, currency, method)
			values ($1, 'counter', 'completed', 10, 'MAD', 'cash')`, counter); sqlState(err) != "42501" {
			t.Errorf("%s counter payment: %v, want 42501", who, err)
		}
	}
	if _, err := w.try(admin, `insert into public.payments (booking_id, kind, status, amount, currency, amount_mad)
		values ($1, 'paypal', 'captured', 10, 'EUR', 108)`, counter); sqlState(err) != "42501" {
		t.Errorf("admin forging an online payment: %v, want 42501", err)
	}
}

// The visitor reads back the booking they made, by its id, and nothing else.
func TestBookingReceipt(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := "e1000000-0000-4000-8000-000000000001"
	if _, err := w.run(anon, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date,
			return_time, insurance_type, extras, payment_option, payment_method)
		values ($1, $2, 'Nadia', 'n@example.com', '+212600000000', '2027-05-01', '2027-05-04', '10:30', 'premium', '{"gps": true, "childSeat": true}', 'half', 'whatsapp')`,
		id, w.carA); err != nil {
		t.Fatal(err)
	}
	var receipt map[string]any
	readJSON(t, w.db, w.as(anon), &receipt, `select public.booking_receipt($1)`, id)
	q, _ := receipt["quote"].(map[string]any)
	// 10:00 -> 10:30 three days later: 3 periods (within the grace); 3 x 300 = 900; premium 225; gps + child seat 300;
	// a WhatsApp request pays 1425 at the agency, nothing now, whatever the option (half).
	if ref, _ := receipt["reference"].(string); !strings.HasPrefix(ref, "CR-") || receipt["payment_status"] != "none" ||
		q["total"] != 1425.0 || q["due_now"] != 0.0 || q["due_at_pickup"] != 1425.0 || q["deposit"] != 3000.0 || q["insurance"] != 225.0 {
		t.Fatalf("receipt %v", receipt)
	}
	var none *string
	if err := pgrole.Query(context.Background(), w.db.Pool, w.as(anon), false, `select public.booking_receipt(gen_random_uuid())::text`, nil,
		func(r pgx.Rows) error { r.Next(); return r.Scan(&none) }); err != nil || none != nil {
		t.Fatalf("an unknown id: %v %v", none, err)
	}
}
