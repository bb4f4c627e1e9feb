package migrations_test

import (
	"testing"
	"time"
)

// told is the kinds of e-mail queued to the booking's traveller, oldest first.
func told(t *testing.T, w *world, id string) string {
	t.Helper()
	return superScalar[string](t, w, `select coalesce(string_agg(kind, ' ' order by id), '') from public.notification_outbox
		where subject_id = $1 and recipient is not null`, id)
}

// mailedToken is the token of the latest e-mail of kind to the booking's traveller.
func mailedToken(t *testing.T, w *world, id, kind string) string {
	t.Helper()
	return superScalar[string](t, w, `select coalesce(payload -> 'link' ->> 'token', '') from public.notification_outbox
		where subject_id = $1 and kind = $2 order by id desc limit 1`, id, kind)
}

// A WhatsApp request is told when received, confirmed and cancelled by the agency;
// a lapsed request when it expires; a PayPal attempt never paid is told nothing.
// Each e-mail to the traveller carries a link that opens the booking.
func TestTravellerToldOfEveryMove(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	insert := func(id string, car int64, start, method string) {
		w.super(t, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date,
				status, payment_method, language)
			values ($1, $2, 'Nadia', 'nadia@example.com', '+212661234567', $3::date, $3::date + 3, 'pending', $4, 'ar')`, id, car, start, method)
	}
	start := time.Now().UTC().AddDate(0, 0, 20).Format(time.DateOnly)
	const request, lapsed, attempt = "e7000000-0000-4000-8000-000000000001", "e7000000-0000-4000-8000-000000000002", "e7000000-0000-4000-8000-000000000003"
	insert(request, w.carA, start, "whatsapp")
	insert(lapsed, w.carB, start, "whatsapp")
	if got := told(t, w, request); got != "booking_requested" {
		t.Fatalf("a request told %q, want booking_requested", got)
	}
	w.super(t, `update public.bookings set status = 'confirmed' where id = $1`, request)
	w.super(t, `update public.bookings set status = 'cancelled' where id = $1`, request)
	if got := told(t, w, request); got != "booking_requested booking_confirmed booking_cancelled" {
		t.Fatalf("told %q", got)
	}
	if by := superScalar[string](t, w, `select payload -> 'cancellation' ->> 'by' from public.notification_outbox
		where subject_id = $1 and kind = 'booking_cancelled'`, request); by != "agency" {
		t.Fatalf("cancelled by %q, want the agency", by)
	}
	for _, kind := range []string{"booking_requested", "booking_confirmed", "booking_cancelled"} {
		b, err := w.callJSON(w.as(anon), `select public.my_booking($1)`, mailedToken(t, w, request, kind))
		if err != nil || b["status"] != "cancelled" {
			t.Fatalf("the %s e-mail's link: %v %v", kind, b, err)
		}
	}

	w.elapse(t, 30*24*time.Hour)
	w.super(t, `select public.expire_booking_holds()`)
	if got := told(t, w, lapsed); got != "booking_requested hold_expired" {
		t.Fatalf("a lapsed request told %q", got)
	}

	// A PayPal attempt: nothing to the traveller until paid, nor when it lapses or is cancelled.
	w.super(t, `update public.bookings set status = 'cancelled' where id = $1`, lapsed) // frees car B
	insert(attempt, w.carB, start, "paypal")
	w.super(t, `update public.bookings set status = 'cancelled' where id = $1`, attempt)
	if got := told(t, w, attempt); got != "" {
		t.Fatalf("a PayPal attempt never paid told %q", got)
	}
}

// The traveller's own cancellation of a paid booking is told as theirs, with
// what was paid online and the refund the same transaction reserved.
func TestTravellerCancellationMailStatesTheRefund(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, token := openedBooking(t, w, "e7000000-0000-4000-8000-000000000011", w.carA, true)
	if _, err := w.callJSON(w.traveller(), `select public.my_booking_cancel($1)`, token); err != nil {
		t.Fatal(err)
	}
	facts := superScalar[string](t, w, `select concat_ws(' ', c ->> 'by', coalesce(c ->> 'fee', '-'), c ->> 'paid_mad', c ->> 'refund_mad')
		from (select payload -> 'cancellation' as c from public.notification_outbox where subject_id = $1 and kind = 'booking_cancelled') x`, id)
	if facts != "traveller - 870.00 870.00" {
		t.Fatalf("cancellation facts %q, want by the traveller, no fee, 870 paid and refunded", facts)
	}
}

// E-mailed links keep to the booking's live-links cap, and only the booking's
// own address gets one.
func TestMailedLinksKeepTheLiveCap(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, _ := myBookingFixture(t, w, "e7000000-0000-4000-8000-000000000021", w.carA, false)
	first := mailedToken(t, w, id, "booking_confirmed")
	for range 3 {
		w.super(t, `insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
			select 'pickup_reminder', customer_email, language, id::text, public.booking_notification_payload(b)
			from public.bookings b where id = $1`, id)
	}
	if n := superScalar[int64](t, w, `select count(*) from private.booking_links where booking_id = $1 and expires_at > now()`, id); n != 3 {
		t.Fatalf("%d live links, want 3", n)
	}
	if _, err := w.callJSON(w.as(anon), `select public.my_booking($1)`, first); customCode(err) != "MB001" {
		t.Fatalf("the oldest e-mailed link after 3 newer: %v, want MB001", err)
	}
	if _, err := w.callJSON(w.as(anon), `select public.my_booking($1)`, mailedToken(t, w, id, "pickup_reminder")); err != nil {
		t.Fatalf("the newest: %v", err)
	}
	// It lives past the return, not the hour of an asked link.
	if d := superScalar[float64](t, w, `select extract(epoch from max(expires_at) - now()) / 86400 from private.booking_links where booking_id = $1`, id); d < 40 {
		t.Fatalf("e-mailed link lives %.1f days, want until a month after the return", d)
	}
	w.super(t, `insert into public.notification_outbox (kind, recipient, language, subject_id, payload)
		select 'pickup_reminder', 'someone@else.test', language, id::text, public.booking_notification_payload(b) from public.bookings b where id = $1`, id)
	if has := superScalar[bool](t, w, `select payload ? 'link' from public.notification_outbox where recipient = 'someone@else.test'`); has {
		t.Fatal("an e-mail to another address carries the booking's link")
	}
}

// The reminder is queued once per pickup, within the day before it, for a
// confirmed booking made before that day; only the service role runs the job.
func TestPickupReminderOncePerPickup(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	local := time.Now().In(casablanca(t))
	soon := local.Add(12 * time.Hour)
	book := func(id string, car int64, status string, madeAgo time.Duration) {
		w.super(t, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date,
				pickup_time, return_time, status, language, created_at)
			values ($1, $2, 'Rita', 'rita@example.com', '+212661234567', $3::date, $3::date + 2, $4::time, $4::time, $5, 'en', now() - make_interval(secs => $6))`,
			id, car, soon.Format(time.DateOnly), soon.Format("15:04"), status, madeAgo.Seconds())
	}
	const due, late = "e7000000-0000-4000-8000-000000000031", "e7000000-0000-4000-8000-000000000032"
	book(due, w.carA, "confirmed", 72*time.Hour)
	book(late, w.carB, "confirmed", time.Hour) // made inside the day before pickup
	if _, err := w.run(anon, `select public.send_pickup_reminders()`); err == nil {
		t.Fatal("a visitor ran the reminders")
	}
	for i, want := range []int32{1, 0} {
		if n := superScalar[int32](t, w, `select public.send_pickup_reminders()`); n != want {
			t.Fatalf("run %d queued %d, want %d", i+1, n, want)
		}
	}
	if got := told(t, w, due); got != "booking_confirmed pickup_reminder" {
		t.Fatalf("told %q", got)
	}
	if got := told(t, w, late); got != "booking_confirmed" {
		t.Fatalf("a booking made the day before pickup told %q", got)
	}
	// Moved to another hour: reminded of the new pickup.
	w.super(t, `update public.bookings set pickup_time = pickup_time + interval '1 minute' where id = $1`, due)
	if n := superScalar[int32](t, w, `select public.send_pickup_reminders()`); n != 1 {
		t.Fatalf("a new pickup queued %d reminders, want 1", n)
	}
}

func casablanca(t *testing.T) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation("Africa/Casablanca")
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
