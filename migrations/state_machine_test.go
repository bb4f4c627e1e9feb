package migrations_test

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// The booking's life as the agency runs it, stated here apart from the database
// so that a change to public.booking_transitions has to change this test too.
var bookingStatuses = []string{"pending", "confirmed", "in_progress", "completed", "cancelled", "expired"}

// allowedMoves: from each status, the statuses a booking may go to.
var allowedMoves = map[string][]string{
	"pending":     {"confirmed", "cancelled", "expired"},
	"confirmed":   {"in_progress", "completed", "cancelled"},
	"in_progress": {"confirmed", "completed"},
	"completed":   {"in_progress"},
	"cancelled":   {"pending", "confirmed"},
	"expired":     {"pending", "confirmed", "cancelled"},
}

// The statuses in which a booking may still be changed (other car, dates, hours).
var changeableStatuses = []string{"pending", "confirmed"}

// stateMachineBooking inserts, as the superuser (an insert is not a move), a
// booking of car A in status on its own week (n keeps bookings apart), with a
// pending change request to the week after; it returns the booking and request ids.
func stateMachineBooking(t *testing.T, w *world, n int, status string) (string, string) {
	t.Helper()
	id := fmt.Sprintf("e5000000-0000-4000-8000-%012d", n)
	start := time.Now().UTC().AddDate(0, 0, 30+14*n)
	w.super(t, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date, status, language)
		values ($1, $2, 'Nadia', 'nadia@example.com', '+212661234567', $3, $4, $5, 'fr')`,
		id, w.carA, start.Format(time.DateOnly), start.AddDate(0, 0, 3).Format(time.DateOnly), status)
	req := superScalar[string](t, w, `insert into public.booking_change_requests (booking_id, kind, car_id, start_date, end_date, pickup_time, return_time, available)
		values ($1, 'change', $2, $3, $4, '10:00', '10:00', true) returning id::text`,
		id, w.carA, start.AddDate(0, 0, 7).Format(time.DateOnly), start.AddDate(0, 0, 9).Format(time.DateOnly))
	return id, req
}

// Every move from every status to every other, made by the agency: the allowed
// ones happen (closing the booking's pending requests when it is cancelled or
// expires, e-mailing the traveller when it is confirmed), the others are refused
// with BK007 and change nothing.
func TestStateMachineWalksEveryTransition(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	n := 0
	for _, from := range bookingStatuses {
		for _, to := range bookingStatuses {
			if from == to {
				continue
			}
			n++
			id, req := stateMachineBooking(t, w, n, from)
			allowed := slices.Contains(allowedMoves[from], to)
			mailed := superScalar[int64](t, w, `select count(*) from public.notification_outbox where subject_id = $1 and kind = 'booking_confirmed'`, id)
			_, err := w.run(admin, `update public.bookings set status = $2 where id = $1`, id, to)
			got := superScalar[string](t, w, `select status from public.bookings where id = $1`, id)
			switch {
			case allowed && (err != nil || got != to):
				t.Errorf("%s → %s: refused (%v), status %s; want allowed", from, to, err, got)
				continue
			case !allowed && (customCode(err) != "BK007" || got != from):
				t.Errorf("%s → %s: %v, status %s; want BK007 and the booking as it was", from, to, err, got)
				continue
			case !allowed:
				continue
			}
			wantState := "pending"
			if to == "cancelled" || to == "expired" {
				wantState = "closed"
			}
			if s := superScalar[string](t, w, `select state from public.booking_change_requests where id = $1`, req); s != wantState {
				t.Errorf("%s → %s: the pending request became %s, want %s", from, to, s, wantState)
			}
			wantMails := 0
			if to == "confirmed" && from != "in_progress" {
				wantMails = 1 // a correction back from "in progress" is not news to the traveller
			}
			if m := superScalar[int64](t, w, `select count(*) from public.notification_outbox where subject_id = $1 and kind = 'booking_confirmed'`, id) - mailed; m != int64(wantMails) {
				t.Errorf("%s → %s: %d confirmation e-mails, want %d", from, to, m, wantMails)
			}
		}
	}
	// The rule is readable, so the back office offers only the moves it allows.
	for _, from := range bookingStatuses {
		got := readRows(t, w, admin, pgx.RowTo[string], `select to_status from public.booking_transitions
			where from_status = $1 and to_status <> from_status order by to_status`, from)
		want := slices.Sorted(slices.Values(allowedMoves[from]))
		if !slices.Equal(got, want) {
			t.Errorf("booking_transitions from %s: %v, want %v", from, got, want)
		}
	}
}

// Accepting a change reads the booking at that moment: only a pending or
// confirmed booking not refunded in full takes it; otherwise BK008 says why and
// nothing moves, nothing is e-mailed.
func TestStateMachineDecidesAChangeOnTheBookingAsItIs(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	type decision struct {
		name, status, paymentStatus string
		accepted                    bool
	}
	var cases []decision
	for _, s := range bookingStatuses {
		cases = append(cases, decision{s, s, "none", slices.Contains(changeableStatuses, s)})
	}
	cases = append(cases,
		decision{"confirmed, refunded in full", "confirmed", "refunded", false},
		decision{"confirmed, partly refunded", "confirmed", "partially_refunded", true})
	for i, c := range cases {
		id, req := stateMachineBooking(t, w, 100+i, c.status)
		w.super(t, `update public.bookings set payment_status = $2 where id = $1`, id, c.paymentStatus)
		// The requests of bookings closed before this rule existed are still pending.
		w.super(t, `update public.booking_change_requests set state = 'pending', decided_at = null where id = $1`, req)
		before := superScalar[string](t, w, `select start_date::text from public.bookings where id = $1`, id)
		_, err := w.run(admin, `select public.decide_change_request($1, true)`, req)
		after := superScalar[string](t, w, `select start_date::text from public.bookings where id = $1`, id)
		mails := superScalar[int64](t, w, `select count(*) from public.notification_outbox where subject_id = $1 and kind = 'change_request_decided'`, id)
		if c.accepted {
			if err != nil || after == before || mails != 1 {
				t.Errorf("%s: %v, start %s → %s, %d e-mails; want the change made and told", c.name, err, before, after, mails)
			}
			continue
		}
		if customCode(err) != "BK008" || after != before || mails != 0 {
			t.Errorf("%s: %v, start %s → %s, %d e-mails; want BK008, the booking as it was, no e-mail", c.name, err, before, after, mails)
		}
		// Refusing it still answers the traveller.
		if _, err := w.run(admin, `select public.decide_change_request($1, false)`, req); err != nil {
			t.Errorf("%s: refusing: %v", c.name, err)
		}
	}
}

// A traveller paid online, asked for other dates, then cancelled and was refused
// nothing: everything was refunded. The agency, seeing the request still in its
// list, accepted it; the booking was rewritten to the new dates and price while
// cancelled, the traveller was told the change was accepted, and the list said
// what was "left to pay". Now the cancellation closes the request and an accept
// is refused.
func TestStateMachineNoChangeOnACancelledRefundedBooking(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, token := openedBooking(t, w, "e5000000-0000-4000-8000-000000000900", w.carA, true)
	start := time.Now().UTC().AddDate(0, 0, 20).Format(time.DateOnly)
	end := time.Now().UTC().AddDate(0, 0, 24).Format(time.DateOnly)
	if _, err := w.callJSON(w.traveller(), `select public.my_booking_change_request($1, $2, $3, $4)`, token, w.carB, start, end); err != nil {
		t.Fatal(err)
	}
	req := superScalar[string](t, w, `select id::text from public.booking_change_requests where booking_id = $1 and kind = 'change'`, id)
	b, err := w.callJSON(w.traveller(), `select public.my_booking_cancel($1)`, token)
	if err != nil || b["status"] != "cancelled" {
		t.Fatalf("cancel: %v %v", b, err)
	}
	// The refund goes through, as the refund path records it.
	w.super(t, `update public.payments set status = 'completed', settled_at = now() where booking_id = $1 and kind = 'refund'`, id)
	w.super(t, `update public.bookings set payment_status = 'refunded' where id = $1`, id)
	was := superScalar[string](t, w, `select status || ' ' || car_id || ' ' || start_date || ' ' || total_price from public.bookings where id = $1`, id)

	if s := superScalar[string](t, w, `select state from public.booking_change_requests where id = $1`, req); s != "closed" {
		t.Errorf("after the cancellation the change request is %s, want closed", s)
	}
	_, err = w.run(admin, `select public.decide_change_request($1, true)`, req)
	if customCode(err) != "BK008" {
		t.Errorf("accepting the change on the cancelled, refunded booking: %v, want BK008", err)
	}
	if now := superScalar[string](t, w, `select status || ' ' || car_id || ' ' || start_date || ' ' || total_price from public.bookings where id = $1`, id); now != was {
		t.Errorf("the cancelled booking was rewritten: %q, was %q", now, was)
	}
	if n := superScalar[int64](t, w, `select count(*) from public.notification_outbox where kind = 'change_request_decided' and subject_id = $1`, id); n != 0 {
		t.Errorf("the traveller was told %d times about a decision on the cancelled booking", n)
	}
	// And the traveller's page shows it closed, not waiting for the agency.
	b, err = w.callJSON(w.traveller(), `select public.my_booking($1)`, token)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range b["requests"].([]any) {
		if m := r.(map[string]any); m["kind"] == "change" && m["state"] == "pending" {
			t.Errorf("the traveller's page still shows the change as pending: %v", m)
		}
	}
}

// "My booking" asks the same table: the traveller may cancel or ask a change of a
// pending or confirmed booking, but asks no change once all was refunded, and
// neither once the car is out.
func TestStateMachineTellsWhatTheTravellerMayDo(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, token := openedBooking(t, w, "e5000000-0000-4000-8000-000000000901", w.carA, true)
	start := time.Now().UTC().AddDate(0, 0, 20).Format(time.DateOnly)
	end := time.Now().UTC().AddDate(0, 0, 22).Format(time.DateOnly)
	ask := func() error {
		_, err := w.callJSON(w.traveller(), `select public.my_booking_change_request($1, $2, $3, $4)`, token, w.carA, start, end)
		return err
	}
	possible := func() any {
		b, err := w.callJSON(w.traveller(), `select public.my_booking($1)`, token)
		if err != nil {
			t.Fatal(err)
		}
		return b["cancellation"].(map[string]any)["possible"]
	}
	if err := ask(); err != nil || possible() != true {
		t.Fatalf("confirmed, paid: asking a change %v, cancelling possible %v; want both", err, possible())
	}
	w.super(t, `update public.bookings set payment_status = 'refunded' where id = $1`, id)
	if err := ask(); customCode(err) != "MB003" {
		t.Errorf("refunded in full: asking a change %v, want MB003", err)
	}
	w.super(t, `update public.bookings set status = 'in_progress', payment_status = 'paid' where id = $1`, id)
	if err := ask(); customCode(err) != "MB003" || possible() != false {
		t.Errorf("car out: asking a change %v, cancelling possible %v; want MB003 and false", err, possible())
	}
	if _, err := w.callJSON(w.traveller(), `select public.my_booking_cancel($1)`, token); customCode(err) != "MB003" {
		t.Errorf("car out: cancelling %v, want MB003", err)
	}
}

// The traveller cancels while the agency accepts the change: whichever comes
// second sees the first. Either the change was made and then the booking
// cancelled, or the booking was cancelled, its request closed and the accept
// refused; never a change accepted on the cancelled booking, never a deadlock.
func TestStateMachineCancellationAndDecisionRace(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for round := range 4 { // the link fixture's e-mail takes 5 links per 15 minutes
		id, token := openedBooking(t, w, fmt.Sprintf("e5000000-0000-4000-8000-%012d", 950+round), w.carA, false)
		start := time.Now().UTC().AddDate(0, 0, 40+10*round).Format(time.DateOnly)
		end := time.Now().UTC().AddDate(0, 0, 42+10*round).Format(time.DateOnly)
		if _, err := w.callJSON(w.traveller(), `select public.my_booking_change_request($1, $2, $3, $4)`, token, w.carA, start, end); err != nil {
			t.Fatal(err)
		}
		req := superScalar[string](t, w, `select id::text from public.booking_change_requests where booking_id = $1 and state = 'pending'`, id)
		var cancelErr, decideErr error
		var wg sync.WaitGroup
		ready := make(chan struct{})
		wg.Go(func() {
			<-ready
			_, cancelErr = w.callJSON(w.traveller(), `select public.my_booking_cancel($1)`, token)
		})
		wg.Go(func() {
			<-ready
			_, decideErr = w.run(admin, `select public.decide_change_request($1, true)`, req)
		})
		close(ready)
		wg.Wait()
		if cancelErr != nil {
			t.Fatalf("round %d: cancel: %v", round, cancelErr)
		}
		got := superScalar[string](t, w, `select b.status || ' ' || b.start_date || ' ' || r.state
			from public.bookings b join public.booking_change_requests r on r.booking_id = b.id where r.id = $1`, req)
		switch {
		case decideErr == nil && got != "cancelled "+start+" accepted":
			t.Errorf("round %d: accepted first, then %q; want the change made, then cancelled", round, got)
		case decideErr == nil:
			if was := superScalar[string](t, w, `select payload ->> 'status' from public.notification_outbox
				where kind = 'change_request_decided' and subject_id = $1`, id); was == "cancelled" {
				t.Errorf("round %d: the change was accepted on the booking already cancelled", round)
			}
		case decideErr != nil && (customCode(decideErr) != "BK008" || strings.HasSuffix(got, "accepted") || !strings.HasSuffix(got, " closed")):
			t.Errorf("round %d: accept %v, then %q; want BK008 and the request closed", round, decideErr, got)
		}
	}
}
