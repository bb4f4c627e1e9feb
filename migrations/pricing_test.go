package migrations_test

import (
	"context"
	"slices"
	"testing"
)

// TestBookingPriceIsComputedByTheDatabase: for every case of the shared table
// (testdata/quote_cases.json, worked out by hand, the figures of paying online), a
// PayPal booking (inserted as create-paypal-order does, claiming days 99 and
// total_price 1) stores the case's figures and the preview asked for PayPal (rpc as
// anon) answers every figure of the case; an anonymous visitor's WhatsApp request
// for the same trip stores the agency's price: the subtotal, no online discount,
// nothing due now.
func TestBookingPriceIsComputedByTheDatabase(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.super(t, `insert into public.cars (id, slug, name, brand, category, price, image, seats, transmission, fuel, rating)
		values (1600, 'passat-test', 'Passat', 'Volkswagen', 'Berline', 600, '/p.jpg', 5, 'manual', 'diesel', 4.5)`)
	carByPrice := map[int]int64{300: w.carA, 600: 1600}
	ctx := context.Background()
	// The test cars include what the seed cars of their price include.
	for price, car := range LoadCaseCars(t) {
		var got []string
		if err := w.db.Admin.QueryRow(ctx, IncludeExtrasSQL(t), carByPrice[price], car.Includes).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(sorted(got), sorted(car.Includes)) {
			t.Fatalf("car at %d DH includes %v, want %v", price, got, car.Includes)
		}
	}
	for _, c := range LoadQuoteCases(t) {
		t.Run(c.Name, func(t *testing.T) {
			car := carByPrice[c.DailyPrice]
			stored := func(role, id, method string) (days, total int, dueNow float64) {
				t.Helper()
				_, err := w.run(role, `insert into public.bookings
					(id, car_id, customer_name, customer_email, customer_phone, start_date, end_date, pickup_time, return_time,
					 insurance_type, extras, payment_option, days, total_price, payment_status, payment_method, status)
					values ($1, $2, 'Visiteur', 'v@example.com', '+212600000000', $3, $4, $5, $6, $7, $8::jsonb, $9, 99, 1, null, $10, 'pending')`,
					id, car, c.Start, c.End, c.PickupTime, c.ReturnTime, c.Insurance, c.ExtrasJSON(), c.PaymentOption, method)
				if err != nil {
					t.Fatalf("%s insert (%s): %v", role, method, err)
				}
				if err := w.db.Admin.QueryRow(ctx, `select days, total_price, amount_due_now from public.bookings where id = $1`, id).Scan(&days, &total, &dueNow); err != nil {
					t.Fatal(err)
				}
				return
			}
			days, total, dueNow := stored(service, "e0000000-0000-4000-8000-"+pad12(c.Name), "paypal")
			if days != int(c.Expect["days"]) || total != int(c.Expect["total"]) || dueNow != c.Expect["due_now"] {
				t.Fatalf("PayPal booking stored days=%d total=%d due now=%v, want %v", days, total, dueNow, c.Expect)
			}
			w.super(t, `delete from public.bookings where id = $1`, "e0000000-0000-4000-8000-"+pad12(c.Name))
			days, total, dueNow = stored(anon, "e1000000-0000-4000-8000-"+pad12(c.Name), "whatsapp")
			if days != int(c.Expect["days"]) || total != int(c.Expect["subtotal"]) || dueNow != 0 {
				t.Fatalf("WhatsApp request stored days=%d total=%d due now=%v, want the subtotal %v and nothing now", days, total, dueNow, c.Expect["subtotal"])
			}
			var quote map[string]any
			readJSON(t, w.db, w.as(anon), &quote,
				`select public.quote_booking($1, $2::date, $3::date, $4, $5::jsonb, $6, $7::time, $8::time, 'paypal')`,
				car, c.Start, c.End, c.Insurance, c.ExtrasJSON(), c.PaymentOption, c.PickupTime, c.ReturnTime)
			for k, want := range c.Expect {
				if quote[k] != want {
					t.Errorf("quote %s = %v, want %v (%s)", k, quote[k], want, c.Why)
				}
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
	var q map[string]any
	readJSON(t, w.db, w.as(anon), &q,
		`select public.quote_booking($1, '2026-07-01', '2026-07-05', 'premium', '{"gps":true,"roadAssistance":true}', 'half', p_payment_method => 'paypal')`, w.carA)
	// 4 days x 300 = 1200; premium 4 x 75 = 300; gps 4 x 50 + road 350 = 550;
	// subtotal 2050; half: 2050 x 0.95 = 1947.5 -> 1948
	want := map[string]float64{"days": 4, "daily_price": 300, "base": 1200, "insurance": 300, "extras": 550,
		"subtotal": 2050, "discount_rate": 0.05, "discount": 102, "total": 1948,
		"due_now_percent": 50, "due_now": 974, "due_at_pickup": 974}
	for k, v := range want {
		if q[k] != v {
			t.Errorf("%s = %v, want %v (quote %v)", k, q[k], v, q)
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
	// booking1 (paid at the agency): carA, 2026-07-01 -> 07-04 = 3 days x 300 = 900
	if got := superScalar[int](t, w, `select total_price from public.bookings where id = $1`, w.booking1); got != 900 {
		t.Fatalf("initial total %d, want 900", got)
	}
	w.super(t, `update public.cars set price = 400 where id = $1`, w.carA)
	if _, err := w.run(admin, `update public.bookings set status = 'confirmed', notes = 'ok' where id = $1`, w.booking1); err != nil {
		t.Fatal(err)
	}
	if got := superScalar[int](t, w, `select total_price from public.bookings where id = $1`, w.booking1); got != 900 {
		t.Fatalf("after a status change total %d, want the agreed 900", got)
	}
	// service_role moves the end date: 2026-07-01 -> 07-05 = 4 days x 400 = 1600
	if _, err := w.run(service, `update public.bookings set end_date = '2026-07-05', total_price = 5 where id = $1`, w.booking1); err != nil {
		t.Fatal(err)
	}
	days := superScalar[int](t, w, `select days from public.bookings where id = $1`, w.booking1)
	total := superScalar[int](t, w, `select total_price from public.bookings where id = $1`, w.booking1)
	if days != 4 || total != 1600 {
		t.Fatalf("after new dates days=%d total=%d, want 4 and 1600", days, total)
	}
	// Deleting the car keeps the booking and its price (car_id becomes null).
	w.super(t, `delete from public.cars where id = $1`, w.carA)
	if got := superScalar[int](t, w, `select total_price from public.bookings where id = $1`, w.booking1); got != 1600 {
		t.Fatalf("after the car was deleted total %d, want 1600", got)
	}
}

func sorted(s []string) []string {
	c := slices.Clone(s)
	slices.Sort(c)
	return c
}
