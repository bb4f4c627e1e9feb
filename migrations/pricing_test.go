package migrations_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/jackc/pgx/v5"

	"casarent/server/pgrole"
)

// TestBookingPriceIsComputedByTheDatabase: an anonymous visitor's insert claims
// days 99 and total_price 1; the stored figures are SPEC section 9's, computed by
// hand below from the fixture cars (carA 300 DH/day, carB 450 DH/day).
func TestBookingPriceIsComputedByTheDatabase(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cases := []struct {
		name        string
		car         int64
		start, end  string
		insurance   any // nil = sent as null (the default applies)
		extras      string
		payment     any
		days, total int
	}{
		// 3 days x 300 = 900; basic 0; no extras; full: 900 x 0.9 = 810
		{"three days basic full", w.carA, "2026-07-10", "2026-07-13", "basic", `{}`, "full", 3, 810},
		// same day = 1 day: 300 + premium 75 + gps 50 = 425; half: 425 x 0.95 = 403.75 -> 404
		{"same day premium gps half", w.carA, "2026-07-10", "2026-07-10", "premium", `{"gps":true}`, "half", 1, 404},
		// 5 days: 5 x 300 = 1500; platinum 5 x 120 = 600;
		// extras per day 5 x 50 (gps, wifi, childSeat, additionalDriver, jawazPass) + 35 (carFridge) = 285,
		// x 5 = 1425, + roadAssistance 350 = 1775; subtotal 3875; reserve x 1.0 = 3875
		{"five days platinum every extra reserve", w.carA, "2026-07-01", "2026-07-06", "platinum",
			`{"gps":true,"wifi":true,"childSeat":true,"additionalDriver":true,"jawazPass":true,"carFridge":true,"roadAssistance":true}`, "reserve", 5, 3875},
		// 7 days x 450 = 3150; premium 7 x 75 = 525; roadAssistance 350 once; 4025 x 0.9 = 3622.5 -> 3623
		{"a week premium road assistance full", w.carB, "2026-07-01", "2026-07-08", "premium", `{"roadAssistance":true}`, "full", 7, 3623},
		// Jan 30 -> Feb 2 = 3 days x 450 = 1350; carFridge 3 x 35 = 105 (false and null extras cost nothing);
		// 1455 x 0.95 = 1382.25 -> 1382
		{"across a month fridge half", w.carB, "2026-01-30", "2026-02-02", "basic", `{"carFridge":true,"additionalDriver":false,"gps":null}`, "half", 3, 1382},
		// leap year: 2028-02-28 -> 2028-03-01 = 2 days x 450 = 900; platinum 2 x 120 = 240;
		// wifi + jawazPass 2 x 100 = 200; 1340 x 0.95 = 1273
		{"leap day platinum wifi jawaz half", w.carB, "2028-02-28", "2028-03-01", "platinum", `{"wifi":true,"jawazPass":true}`, "half", 2, 1273},
		// options sent as null take their defaults (basic, full): 2 days x 300 = 600 + childSeat 2 x 50 = 100; 700 x 0.9 = 630
		{"null options mean defaults", w.carA, "2026-12-30", "2027-01-01", nil, `{"childSeat":true}`, nil, 2, 630},
	}
	ctx := context.Background()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id := "e0000000-0000-4000-8000-" + pad12(c.name)
			_, err := w.run(anon, `insert into public.bookings
				(id, car_id, customer_name, customer_email, customer_phone, start_date, end_date,
				 insurance_type, extras, payment_option, days, total_price, payment_status, payment_method, status)
				values ($1, $2, 'Visiteur', 'v@example.com', '+212600000000', $3, $4, $5, $6::jsonb, $7, 99, 1, null, 'whatsapp', 'pending')`,
				id, c.car, c.start, c.end, c.insurance, c.extras, c.payment)
			if err != nil {
				t.Fatalf("anon insert: %v", err)
			}
			days := superScalar[int](t, w, `select days from public.bookings where id = $1`, id)
			total := superScalar[int](t, w, `select total_price from public.bookings where id = $1`, id)
			if days != c.days || total != c.total {
				t.Fatalf("stored days=%d total=%d, want days=%d total=%d", days, total, c.days, c.total)
			}
			// The preview the site shows (rpc as anon) gives the same figure.
			var quote map[string]any
			err = pgrole.Query(ctx, w.db.Pool, w.as(anon), false,
				`select public.quote_booking($1, $2::date, $3::date, $4, $5::jsonb, $6)`,
				[]any{c.car, c.start, c.end, c.insurance, c.extras, c.payment},
				func(r pgx.Rows) error {
					r.Next()
					var raw []byte
					if err := r.Scan(&raw); err != nil {
						return err
					}
					return json.Unmarshal(raw, &quote)
				})
			if err != nil {
				t.Fatalf("quote as anon: %v", err)
			}
			if quote["total"] != float64(c.total) || quote["days"] != float64(c.days) {
				t.Fatalf("quote %v, want days=%d total=%d", quote, c.days, c.total)
			}
		})
	}
}

// pad12 turns a name into 12 hex digits (a distinct booking id per case).
func pad12(s string) string {
	const hex = "0123456789abcdef"
	var h uint64 = 14695981039346656037
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * 1099511628211
	}
	out := make([]byte, 12)
	for i := range out {
		out[i] = hex[h&15]
		h >>= 4
	}
	return string(out)
}

func TestQuoteBreakdown(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var raw []byte
	err := pgrole.Query(context.Background(), w.db.Pool, w.as(anon), false,
		`select public.quote_booking($1, '2026-07-01', '2026-07-05', 'premium', '{"gps":true,"roadAssistance":true}', 'half')`,
		[]any{w.carA}, func(r pgx.Rows) error { r.Next(); return r.Scan(&raw) })
	if err != nil {
		t.Fatal(err)
	}
	var q map[string]float64
	if err := json.Unmarshal(raw, &q); err != nil {
		t.Fatal(err)
	}
	// 4 days x 300 = 1200; premium 4 x 75 = 300; gps 4 x 50 + road 350 = 550;
	// subtotal 2050; half: 2050 x 0.95 = 1947.5 -> 1948
	want := map[string]float64{"days": 4, "daily_price": 300, "base": 1200, "insurance": 300, "extras": 550,
		"subtotal": 2050, "discount_rate": 0.05, "total": 1948}
	for k, v := range want {
		if q[k] != v {
			t.Errorf("%s = %v, want %v (quote %s)", k, q[k], v, raw)
		}
	}
}

func TestQuoteRejectsBadInput(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cases := []struct {
		name string
		args []any
	}{
		{"unknown car", []any{int64(999999), "2026-07-01", "2026-07-02", "basic", `{}`, "full"}},
		{"end before start", []any{w.carA, "2026-07-05", "2026-07-01", "basic", `{}`, "full"}},
		{"missing date", []any{w.carA, nil, "2026-07-01", "basic", `{}`, "full"}},
		{"unknown insurance", []any{w.carA, "2026-07-01", "2026-07-02", "gold", `{}`, "full"}},
		{"unknown extra", []any{w.carA, "2026-07-01", "2026-07-02", "basic", `{"jetpack":true}`, "full"}},
		{"extra not a boolean", []any{w.carA, "2026-07-01", "2026-07-02", "basic", `{"gps":"yes"}`, "full"}},
		{"extras not an object", []any{w.carA, "2026-07-01", "2026-07-02", "basic", `["gps"]`, "full"}},
		{"unknown payment option", []any{w.carA, "2026-07-01", "2026-07-02", "basic", `{}`, "later"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := w.try(anon, `select public.quote_booking($1, $2::date, $3::date, $4, $5::jsonb, $6)`, c.args...)
			if sqlState(err) != "22023" {
				t.Fatalf("want SQLSTATE 22023, got %v", err)
			}
		})
	}
	// The same validation guards the insert.
	_, err := w.try(anon, `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date, extras)
		values ($1, 'V', 'v@example.com', '+212600000000', '2026-07-01', '2026-07-03', '{"jetpack":true}')`, w.carA)
	if sqlState(err) != "22023" {
		t.Fatalf("insert with an unknown extra: want 22023, got %v", err)
	}
	_, err = w.try(anon, `insert into public.bookings (customer_name, customer_email, customer_phone, start_date, end_date)
		values ('V', 'v@example.com', '+212600000000', '2026-07-01', '2026-07-03')`)
	if sqlState(err) != "22023" {
		t.Fatalf("insert without a car: want 22023, got %v", err)
	}
}

// A later change of the car, dates or options recomputes the price from the car's
// current price; an administrator's status change leaves it alone.
func TestBookingPriceFollowsChanges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// booking1: carA, 2026-07-01 -> 07-04 = 3 days x 300 = 900 x 0.9 = 810
	if got := superScalar[int](t, w, `select total_price from public.bookings where id = $1`, w.booking1); got != 810 {
		t.Fatalf("initial total %d, want 810", got)
	}
	w.super(t, `update public.cars set price = 400 where id = $1`, w.carA)
	if _, err := w.run(admin, `update public.bookings set status = 'confirmed', notes = 'ok' where id = $1`, w.booking1); err != nil {
		t.Fatal(err)
	}
	if got := superScalar[int](t, w, `select total_price from public.bookings where id = $1`, w.booking1); got != 810 {
		t.Fatalf("after a status change total %d, want the agreed 810", got)
	}
	// service_role moves the end date: 2026-07-01 -> 07-05 = 4 days x 400 = 1600 x 0.9 = 1440
	if _, err := w.run(service, `update public.bookings set end_date = '2026-07-05', total_price = 5 where id = $1`, w.booking1); err != nil {
		t.Fatal(err)
	}
	days := superScalar[int](t, w, `select days from public.bookings where id = $1`, w.booking1)
	total := superScalar[int](t, w, `select total_price from public.bookings where id = $1`, w.booking1)
	if days != 4 || total != 1440 {
		t.Fatalf("after new dates days=%d total=%d, want 4 and 1440", days, total)
	}
	// Deleting the car keeps the booking and its price (car_id becomes null).
	w.super(t, `delete from public.cars where id = $1`, w.carA)
	if got := superScalar[int](t, w, `select total_price from public.bookings where id = $1`, w.booking1); got != 1440 {
		t.Fatalf("after the car was deleted total %d, want 1440", got)
	}
}
