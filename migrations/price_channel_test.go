package migrations_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// A WhatsApp request pays at the agency: whatever payment option the traveller
// picked, it stores no online discount and nothing due now, the price the search
// (car_availability) and the quote without a channel state; the same trip paid
// online gets the option's discount. A PayPal attempt turned into a WhatsApp
// request is priced again as one.
func TestAWhatsappRequestOwesNothingNow(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// carA at 300 DH: the 10th 10:00 -> the 14th 10:00 = 4 periods, subtotal 1200.
	const subtotal = 1200
	online := map[string]int{"full": 1080, "half": 1140, "reserve": 1200}
	for i, option := range []string{"full", "half", "reserve"} {
		t.Run(option, func(t *testing.T) {
			id := fmt.Sprintf("e5000000-0000-4000-8000-%012d", i+1)
			start := fmt.Sprintf("2027-%02d-10", 5+i)
			end := fmt.Sprintf("2027-%02d-14", 5+i)
			if _, err := w.run(anon, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone,
					start_date, end_date, pickup_time, return_time, payment_option, payment_method, status)
				values ($1, $2, 'Visiteur', 'v@example.com', '+212600000000', $3, $4, '10:00', '10:00', $5, 'whatsapp', 'pending')`,
				id, w.carA, start, end, option); err != nil {
				t.Fatalf("anon WhatsApp request: %v", err)
			}
			var q struct {
				Channel     string  `json:"channel"`
				Subtotal    float64 `json:"subtotal"`
				Discount    float64 `json:"discount"`
				Rate        float64 `json:"discount_rate"`
				Total       float64 `json:"total"`
				DueNow      float64 `json:"due_now"`
				DueNowPct   float64 `json:"due_now_percent"`
				DueAtPickup float64 `json:"due_at_pickup"`
				Online      struct {
					Total float64 `json:"total"`
				} `json:"online"`
			}
			readJSON(t, w.db, w.as(service), &q, `select quote from public.bookings where id = $1`, id)
			total := superScalar[int](t, w, `select total_price from public.bookings where id = $1`, id)
			due := superScalar[float64](t, w, `select amount_due_now from public.bookings where id = $1`, id)
			if total != subtotal || due != 0 || q.Total != subtotal || q.Discount != 0 || q.Rate != 0 ||
				q.DueNow != 0 || q.DueNowPct != 0 || q.DueAtPickup != subtotal || q.Channel != "agency" {
				t.Fatalf("stored total %d, due now %v, quote %+v: want %d at the agency, no discount, nothing now", total, due, q, subtotal)
			}
			if q.Online.Total != float64(online[option]) {
				t.Fatalf("the quote's online figure %v, want %d", q.Online.Total, online[option])
			}
			// The search and the quote without a channel say the same.
			if got := superScalar[int](t, w, `select total from public.car_availability($1::timestamp, $2::timestamp, $3)`,
				start+"T10:00", end+"T10:00", w.carA); got != subtotal {
				t.Fatalf("car_availability total %d, want %d", got, subtotal)
			}
			if got := superScalar[int](t, w, `select (public.quote_booking($1, $2::date, $3::date, p_payment_option => $4,
				p_pickup_time => '10:00', p_return_time => '10:00') ->> 'total')::int`, w.carA, start, end, option); got != subtotal {
				t.Fatalf("quote_booking without a channel: %d, want %d", got, subtotal)
			}
			if got := superScalar[int](t, w, `select (public.quote_booking($1, $2::date, $3::date, p_payment_option => $4,
				p_pickup_time => '10:00', p_return_time => '10:00', p_payment_method => 'paypal') ->> 'total')::int`, w.carA, start, end, option); got != online[option] {
				t.Fatalf("quote_booking for PayPal: %d, want %d", got, online[option])
			}
		})
	}

	// A PayPal attempt (online price, all of it now) turned into a WhatsApp request.
	id := "e5000000-0000-4000-8000-000000000010"
	w.super(t, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date,
			pickup_time, return_time, payment_option, payment_method, status)
		values ($1, $2, 'V', 'v@example.com', '+212600000000', '2027-09-10', '2027-09-14', '10:00', '10:00', 'full', 'paypal', 'pending')`, id, w.carA)
	if got := superScalar[string](t, w, `select total_price || ' ' || amount_due_now from public.bookings where id = $1`, id); got != "1080 1080.00" {
		t.Fatalf("PayPal attempt: %q, want 1080 all now", got)
	}
	w.super(t, `update public.bookings set payment_method = 'whatsapp', payment_status = 'none' where id = $1`, id)
	if got := superScalar[string](t, w, `select total_price || ' ' || amount_due_now || ' ' || (quote ->> 'channel') from public.bookings where id = $1`, id); got != "1200 0.00 agency" {
		t.Fatalf("turned into a WhatsApp request: %q, want 1200, nothing now, at the agency", got)
	}
}

// lateBooking is a confirmed booking of car for a pickup 20 hours from now
// (Casablanca), made now: its 24-hour free window was over before it was made.
// Paid: PayPal captured 870 MAD (80.50 EUR).
func lateBooking(t *testing.T, w *world, id string, car int64, paid bool) (string, string) {
	t.Helper()
	method := "whatsapp"
	if paid {
		method = "paypal"
	}
	w.super(t, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date,
			pickup_time, return_time, payment_method, status, language)
		select $1, $2, 'Lina', 'Lina@Example.com', '+212661234567', p::date, p::date + 3, date_trunc('minute', p)::time,
			date_trunc('minute', p)::time, $3, 'confirmed', 'en'
		from (select (now() at time zone 'Africa/Casablanca') + interval '20 hours' as p) x`, id, car, method)
	if paid {
		w.super(t, `insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method, provider_order_id,
				provider_capture_id, settled_at)
			values ($1, 'paypal', 'captured', 80.50, 'EUR', 870, 'paypal', $2, $3, now())`, id, "ORDER"+id[len(id)-6:], "CAP"+id[len(id)-6:])
		w.super(t, `update public.bookings set payment_status = 'paid' where id = $1`, id)
	}
	ref := superScalar[string](t, w, `select reference from public.bookings where id = $1`, id)
	return id, requestLink(t, w, id, ref)
}

// A trip whose free window is over when it is quoted states no free moment (never
// one in the past) but that it is over and what cancelling costs; the booking
// stores that and "My booking" shows no free moment. An older booking whose stored
// moment was already past when it was made is read the same way.
func TestNoFreeCancellationMomentInThePast(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var q map[string]any
	readJSON(t, w.db, w.as(anon), &q, `select public.quote_booking($1, p::date, p::date + 1, p_pickup_time => p::time, p_return_time => p::time)
		from (select date_trunc('minute', (now() at time zone 'Africa/Casablanca') + interval '20 hours') as p) x`, w.carA)
	if v, ok := q["free_cancellation_until"]; !ok || v != nil || q["free_cancellation_over"] != true || q["late_cancellation_fee"] != 300.0 {
		t.Fatalf("quote 20 hours ahead: until %v, over %v, fee %v; want none, over, 300", q["free_cancellation_until"], q["free_cancellation_over"], q["late_cancellation_fee"])
	}
	readJSON(t, w.db, w.as(anon), &q, `select public.quote_booking($1, p::date, p::date + 1, p_pickup_time => '10:00', p_return_time => '10:00')
		from (select (now() at time zone 'Africa/Casablanca')::date + 3 as p) x`, w.carA)
	if q["free_cancellation_until"] == nil || q["free_cancellation_over"] != false {
		t.Fatalf("quote 3 days ahead: until %v, over %v", q["free_cancellation_until"], q["free_cancellation_over"])
	}

	id, token := lateBooking(t, w, "e5000000-0000-4000-8000-000000000020", w.carA, false)
	if got := superScalar[string](t, w, `select coalesce(quote ->> 'free_cancellation_until', 'none') || ' ' || (quote ->> 'free_cancellation_over')
		|| ' ' || coalesce(private.free_cancellation_until(b)::text, 'none') from public.bookings b where id = $1`, id); got != "none true none" {
		t.Fatalf("stored: %q, want no free moment", got)
	}
	b, err := w.callJSON(w.traveller(), `select public.my_booking($1)`, token)
	c, _ := b["cancellation"].(map[string]any)
	if err != nil || c["free_until"] != nil || c["free_now"] != false || c["cost"] != 300.0 || c["possible"] != true {
		t.Fatalf("My booking's cancellation: %v (%v)", c, err)
	}

	// A quote stored before this rule, with a moment already past at booking time.
	w.super(t, `update public.bookings set quote = quote || jsonb_build_object('free_cancellation_until',
		to_char((created_at at time zone 'Africa/Casablanca') - interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS')) where id = $1`, id)
	b, err = w.callJSON(w.traveller(), `select public.my_booking($1)`, token)
	c, _ = b["cancellation"].(map[string]any)
	if err != nil || c["free_until"] != nil || c["free_now"] != false {
		t.Fatalf("older quote with a past moment: %v (%v)", c, err)
	}
}

// After the free window, "My booking" cancels for the stated fee: asked without
// it (or with another figure) it answers MB002 with the cost and what would come
// back, and nothing changes; with it the booking is cancelled, its pending change
// request closed, and what was paid online less the fee refunded once (one pending
// refund under the free cancellation's key, in the capture's currency in
// proportion); the traveller's refund e-mail says it was a late cancellation.
func TestLateCancellationOnlineKeepsTheFeeAndRefundsTheRestOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, token := lateBooking(t, w, "e5000000-0000-4000-8000-000000000030", w.carA, true)
	// A pending change request, to be closed with the booking.
	w.super(t, `insert into public.booking_change_requests (booking_id, kind, car_id, start_date, end_date)
		select id, 'change', car_id, start_date + 1, end_date + 1 from public.bookings where id = $1`, id)
	fee := 300.0 // one day of carA
	var pe *pgconn.PgError
	for _, call := range []string{`select public.my_booking_cancel($1)`, `select public.my_booking_cancel_late($1, 100)`} {
		_, err := w.callJSON(w.traveller(), call, token)
		if customCode(err) != "MB002" || !errors.As(err, &pe) || !strings.Contains(pe.Message, `"cost": 300`) || !strings.Contains(pe.Message, `"refund": 570`) {
			t.Fatalf("%s: %v, want MB002 with the cost 300 and the refund 570", call, err)
		}
	}
	if s := superScalar[string](t, w, `select status from public.bookings where id = $1`, id); s != "confirmed" {
		t.Fatalf("refused cancellations left the booking %s", s)
	}
	for i := range 2 { // two clicks
		b, err := w.callJSON(w.traveller(), `select public.my_booking_cancel_late($1, $2)`, token, fee)
		if err != nil || b["status"] != "cancelled" {
			t.Fatalf("late cancel %d: %v %v", i+1, b, err)
		}
		// The answer lists the pending refund: the page carries it out at once from it.
		pays, _ := b["payments"].([]any)
		if len(pays) != 2 || pays[1].(map[string]any)["kind"] != "refund" {
			t.Fatalf("late cancel %d answered the ledger %v, want the capture and its refund", i+1, b["payments"])
		}
	}
	refund := superScalar[string](t, w, `select string_agg(status || ' ' || amount || ' ' || currency || ' ' || amount_mad || ' ' || refund_key, ';')
		from public.payments where booking_id = $1 and kind = 'refund'`, id)
	if refund != "pending 52.74 EUR 570.00 traveller-cancel-"+id {
		t.Fatalf("refunds: %q, want one pending refund of 870 - 300 MAD", refund)
	}
	if s := superScalar[string](t, w, `select string_agg(kind || ' ' || state || ' ' || coalesce(refund_mad::text, '-') || ' ' || coalesce(quote ->> 'late_cancellation_fee', '-'), ';' order by kind)
		from public.booking_change_requests where booking_id = $1`, id); s != "cancellation done 570.00 300;change closed - -" {
		t.Fatalf("requests: %q", s)
	}
	if n := superScalar[int64](t, w, `select count(*) from public.notification_outbox where subject_id = $1 and kind = 'payment_refunded'
		and payload -> 'refund' ->> 'reason' = 'traveller_cancelled_late' and (payload -> 'refund' ->> 'fee')::numeric = 300`, id); n != 1 {
		t.Fatalf("%d late-cancellation refund e-mails", n)
	}

	// Nothing paid online: cancelled for the fee, nothing to refund.
	unpaid, unpaidToken := lateBooking(t, w, "e5000000-0000-4000-8000-000000000031", w.carB, false)
	b, err := w.callJSON(w.traveller(), `select public.my_booking($1)`, unpaidToken)
	c, _ := b["cancellation"].(map[string]any)
	if err != nil || c["refund"] != 0.0 {
		t.Fatalf("unpaid booking's cancellation: %v (%v)", c, err)
	}
	if _, err := w.callJSON(w.traveller(), `select public.my_booking_cancel_late($1, $2)`, unpaidToken, c["cost"]); err != nil {
		t.Fatal(err)
	}
	if s := superScalar[string](t, w, `select status || ' ' || (select count(*) from public.payments p where p.booking_id = b.id) from public.bookings b where id = $1`, unpaid); s != "cancelled 0" {
		t.Fatalf("unpaid late cancel: %q", s)
	}
}
