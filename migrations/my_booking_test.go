package migrations_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/pgrole"
)

// visitorIP is the address the traveller's requests come from.
const visitorIP = "203.0.113.40"

// traveller is an anonymous visitor's session, as the server opens it.
func (w *world) traveller() pgrole.Session { return w.from(anon, visitorIP) }

// callJSON runs a function returning jsonb in session s and commits.
func (w *world) callJSON(s pgrole.Session, sql string, args ...any) (map[string]any, error) {
	var raw []byte
	err := pgrole.Do(context.Background(), w.db.Pool, s, func(c pgrole.Conn) error {
		return c.QueryRow(context.Background(), sql, args...).Scan(&raw)
	})
	if err != nil {
		return nil, err
	}
	var out map[string]any
	return out, json.Unmarshal(raw, &out)
}

// customCode is the code of a PostgREST custom error (raise sqlstate 'PGRST').
func customCode(err error) string {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "PGRST" {
		return ""
	}
	var m struct{ Code string }
	_ = json.Unmarshal([]byte(pe.Message), &m)
	return m.Code
}

// myBookingFixture books car A for a traveller in ten days (paid online when
// paid) and returns the booking's id and reference.
func myBookingFixture(t *testing.T, w *world, id string, car int64, paid bool) (string, string) {
	t.Helper()
	start := time.Now().UTC().AddDate(0, 0, 10).Format(time.DateOnly)
	end := time.Now().UTC().AddDate(0, 0, 13).Format(time.DateOnly)
	w.super(t, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date,
			pickup_time, return_time, status, language)
		values ($1, $2, 'Lina', 'Lina@Example.com', '+212661234567', $3, $4, '10:00', '10:00', 'confirmed', 'en')`, id, car, start, end)
	if paid {
		w.super(t, `insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method, provider_order_id,
				provider_capture_id, settled_at)
			values ($1, 'paypal', 'captured', 80.50, 'EUR', 870, 'paypal', $2, $3, now())`, id, "ORDER"+id[len(id)-6:], "CAP"+id[len(id)-6:])
		w.super(t, `update public.bookings set payment_status = 'paid', payment_method = 'paypal' where id = $1`, id)
	}
	return id, superScalar[string](t, w, `select reference from public.bookings where id = $1`, id)
}

// openedBooking is myBookingFixture whose traveller has asked for the link: the
// booking's id and the link's token.
func openedBooking(t *testing.T, w *world, id string, car int64, paid bool) (string, string) {
	t.Helper()
	id, ref := myBookingFixture(t, w, id, car, paid)
	return id, requestLink(t, w, id, ref)
}

// requestLink asks for the link to booking id as its traveller would (reference and
// e-mail) and returns the token the e-mail carries.
func requestLink(t *testing.T, w *world, id, ref string) string {
	t.Helper()
	if _, err := w.callJSON(w.traveller(), `select public.my_booking_request_link($1, 'lina@example.com')`, ref); err != nil {
		t.Fatal(err)
	}
	return linkToken(t, w, id)
}

// linkToken is the token of the latest link e-mailed for the booking.
func linkToken(t *testing.T, w *world, id string) string {
	t.Helper()
	return superScalar[string](t, w, `select payload -> 'link' ->> 'token' from public.notification_outbox
		where kind = 'booking_link' and subject_id = $1 order by id desc limit 1`, id)
}

// Asking for the link answers the same for a match, a wrong reference and a
// wrong e-mail; only the match e-mails a link, and the link opens that booking.
func TestMyBookingLinkAnswersTheSameAndMailsOnlyOnAMatch(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, ref := myBookingFixture(t, w, "e4000000-0000-4000-8000-000000000001", w.carA, false)
	ask := func(ref, email string) string {
		t.Helper()
		out, err := w.callJSON(w.traveller(), `select public.my_booking_request_link($1, $2)`, ref, email)
		if err != nil {
			t.Fatalf("link for %s / %s: %v", ref, email, err)
		}
		b, _ := json.Marshal(out)
		return string(b)
	}
	right := ask(strings.ToLower(ref), " lina@example.COM ")
	if wrongRef, wrongMail := ask("CR-22222", "lina@example.com"), ask(ref, "other@example.com"); right != wrongRef || right != wrongMail {
		t.Fatalf("answers differ: match %s, wrong reference %s, wrong e-mail %s", right, wrongRef, wrongMail)
	}
	if n := superScalar[int64](t, w, `select count(*) from public.notification_outbox where kind = 'booking_link'`); n != 1 {
		t.Fatalf("%d link e-mails, want 1 (the match only)", n)
	}
	if to := superScalar[string](t, w, `select recipient || ' ' || language from public.notification_outbox where kind = 'booking_link'`); to != "Lina@Example.com en" {
		t.Fatalf("link e-mailed to %q", to)
	}
	token := linkToken(t, w, id)
	if len(token) < 40 {
		t.Fatalf("token %q is too short to be unguessable", token)
	}
	if n := superScalar[int64](t, w, `select count(*) from private.booking_links where token_hash = sha256(convert_to($1, 'UTF8'))`, token); n != 1 {
		t.Fatalf("the token's hash is stored %d times", n)
	}
	if n := superScalar[int64](t, w, `select count(*) from private.booking_links where encode(token_hash, 'escape') like '%' || $1 || '%'`, token); n != 0 {
		t.Fatal("the token itself is stored")
	}
	b, err := w.callJSON(w.as(anon), `select public.my_booking($1)`, token)
	if err != nil || b["reference"] != ref || b["customer_name"] != "Lina" || b["car"].(map[string]any)["name"] != "Clio" {
		t.Fatalf("booking through the link: %v %v", b, err)
	}
	if _, hasEmail := b["customer_email"]; hasEmail {
		t.Fatal("the page's view repeats the e-mail address")
	}
	for name, bad := range map[string]string{"a wrong token": strings.Repeat("0", 64), "no token": ""} {
		if _, err := w.callJSON(w.as(anon), `select public.my_booking($1)`, bad); customCode(err) != "MB001" {
			t.Fatalf("%s: %v, want MB001", name, err)
		}
	}
	w.super(t, `update private.booking_links set expires_at = now() - interval '1 second'`)
	if _, err := w.callJSON(w.as(anon), `select public.my_booking($1)`, token); customCode(err) != "MB001" {
		t.Fatalf("an expired link: %v, want MB001", err)
	}
}

// The 11th request for a link in a minute from one address is refused (429
// through /rest/v1), whatever it asks for; another address is not.
func TestMyBookingLinkIsLimitedPerAddress(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for i := range 10 {
		if _, err := w.callJSON(w.traveller(), `select public.my_booking_request_link('CR-23456', $1)`, fmt.Sprintf("x%d@example.com", i)); err != nil {
			t.Fatalf("attempt %d: %v", i+1, err)
		}
	}
	if _, err := w.callJSON(w.traveller(), `select public.my_booking_request_link('CR-23456', 'y@example.com')`); !isLimited(err) {
		t.Fatalf("11th attempt: %v, want PT429", err)
	}
	if _, err := w.callJSON(w.from(anon, "198.51.100.9"), `select public.my_booking_request_link('CR-23456', 'y@example.com')`); err != nil {
		t.Fatalf("another address: %v", err)
	}
}

// Details that do not change the price are the traveller's to change; the
// price, the dates and anything else are not.
func TestMyBookingDetailsChangeWithoutChangingThePrice(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, token := openedBooking(t, w, "e4000000-0000-4000-8000-000000000002", w.carA, false)
	total := superScalar[int32](t, w, `select total_price from public.bookings where id = $1`, id)
	b, err := w.callJSON(w.traveller(), `select public.my_booking_update($1, $2)`, token,
		`{"flight_number": " at 811 ", "hotel_address": "Hôtel Kenzi, Casablanca", "arrival_note": "Landing 22:40", "customer_phone": "06 61 00 00 00"}`)
	// Stored as the wizard stores them: the flight number without spaces, the phone in E.164.
	if err != nil || b["flight_number"] != "AT811" || b["hotel_address"] != "Hôtel Kenzi, Casablanca" || b["customer_phone"] != "+212661000000" {
		t.Fatalf("update: %v %v", b, err)
	}
	if got := superScalar[int32](t, w, `select total_price from public.bookings where id = $1`, id); got != total {
		t.Fatalf("total %d after the details, was %d", got, total)
	}
	for name, details := range map[string]string{
		"the price":           `{"total_price": 1}`,
		"the dates":           `{"start_date": "2027-01-01"}`,
		"a phone that is not": `{"customer_phone": "call me"}`,
		"a long flight":       `{"flight_number": "` + strings.Repeat("A", 30) + `"}`,
		"not a flight number": `{"flight_number": "flight please"}`,
	} {
		if _, err := w.callJSON(w.traveller(), `select public.my_booking_update($1, $2)`, token, details); customCode(err) != "MB004" {
			t.Fatalf("%s: %v, want MB004", name, err)
		}
	}
	if _, err := w.callJSON(w.traveller(), `select public.my_booking_update($1, '{"flight_number": "X1"}')`, "nottoken"); customCode(err) != "MB001" {
		t.Fatalf("without a valid link: %v", err)
	}
}

// Cancelling inside the free window frees the dates at once and reserves one
// refund of what was paid online, however often it is pressed; the traveller
// and the agency are told. After the window nothing changes and the cost is stated.
func TestMyBookingCancelInsideTheFreeWindowRefundsOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, token := openedBooking(t, w, "e4000000-0000-4000-8000-000000000003", w.carA, true)
	for i := range 2 { // two clicks
		b, err := w.callJSON(w.traveller(), `select public.my_booking_cancel($1)`, token)
		if err != nil || b["status"] != "cancelled" {
			t.Fatalf("cancel %d: %v %v", i+1, b, err)
		}
	}
	refund := superScalar[string](t, w, `select string_agg(status || ' ' || amount || ' ' || currency || ' ' || amount_mad || ' ' || refund_key, ';')
		from public.payments where booking_id = $1 and kind = 'refund'`, id)
	if refund != "pending 80.50 EUR 870.00 traveller-cancel-"+id {
		t.Fatalf("refunds: %q, want one pending refund of everything", refund)
	}
	if n := superScalar[int64](t, w, `select count(*) from public.notification_outbox where subject_id = $1 and kind = 'payment_refunded'
		and payload -> 'refund' ->> 'reason' = 'traveller_cancelled' and recipient = 'Lina@Example.com'`, id); n != 1 {
		t.Fatalf("%d refund e-mails to the traveller", n)
	}
	if n := superScalar[int64](t, w, `select count(*) from public.notification_outbox where subject_id = $1 and kind = 'traveller_request_agency'`, id); n != 1 {
		t.Fatalf("%d notices to the agency", n)
	}
	if s := superScalar[string](t, w, `select kind || ' ' || state || ' ' || refund_mad from public.booking_change_requests where booking_id = $1`, id); s != "cancellation done 870.00" {
		t.Fatalf("the agency's list: %q", s)
	}
	// The dates are bookable again at once.
	if _, err := w.run(admin, `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date)
		select car_id, 'Next', 'next@example.com', '+212600000009', start_date, end_date from public.bookings where id = $1`, id); err != nil {
		t.Fatalf("booking the freed dates: %v", err)
	}

	// Outside the window: refused with the cost, nothing changes.
	late, lateRef := myBookingFixture(t, w, "e4000000-0000-4000-8000-000000000004", w.carB, true)
	w.super(t, `update public.rental_rules set free_cancellation_hours = 720`)
	w.super(t, `update public.bookings set quote = quote - 'free_cancellation_until' where id = $1`, late)
	lateToken := requestLink(t, w, late, lateRef)
	b, err := w.callJSON(w.traveller(), `select public.my_booking($1)`, lateToken)
	c, _ := b["cancellation"].(map[string]any)
	if err != nil || c["free_now"] != false || c["cost"] != 450.0 {
		t.Fatalf("late booking's terms: %v %v", c, err)
	}
	var pe *pgconn.PgError
	_, err = w.callJSON(w.traveller(), `select public.my_booking_cancel($1)`, lateToken)
	if customCode(err) != "MB002" || !errors.As(err, &pe) || !strings.Contains(pe.Message, `"cost": 450`) {
		t.Fatalf("late cancel: %v, want MB002 with the cost", err)
	}
	if s := superScalar[string](t, w, `select status from public.bookings where id = $1`, late); s != "confirmed" {
		t.Fatalf("late booking became %s", s)
	}
	if n := superScalar[int64](t, w, `select count(*) from public.payments where booking_id = $1 and kind = 'refund'`, late); n != 0 {
		t.Fatalf("%d refunds for a refused cancellation", n)
	}
}

// Other dates: the request carries the one quote's price and the car's
// availability; the agency accepts it (the booking is re-priced) or refuses it,
// and the traveller is told.
func TestChangeRequestIsQuotedThenDecidedByTheAgency(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, token := openedBooking(t, w, "e4000000-0000-4000-8000-000000000005", w.carA, false)
	start := time.Now().UTC().AddDate(0, 0, 20).Format(time.DateOnly)
	end := time.Now().UTC().AddDate(0, 0, 25).Format(time.DateOnly)
	b, err := w.callJSON(w.traveller(), `select public.my_booking_change_request($1, $2, $3, $4)`, token, w.carB, start, end)
	if err != nil {
		t.Fatal(err)
	}
	reqs, _ := b["requests"].([]any)
	if len(reqs) != 1 {
		t.Fatalf("requests: %v", b["requests"])
	}
	r := reqs[0].(map[string]any)
	want := superScalar[float64](t, w, `select (public.quote_booking($1, $2::date, $3::date, 'basic', '{}', 'full', '10:00', '10:00') ->> 'total')::numeric`, w.carB, start, end)
	if r["state"] != "pending" || r["available"] != true || r["total"] != want {
		t.Fatalf("request %v, want pending, available, total %v", r, want)
	}
	reqID := r["id"].(string)
	for _, a := range []string{anon, user} {
		if _, err := w.try(a, `select public.decide_change_request($1, true)`, reqID); err == nil {
			t.Fatalf("%s decided a change request", a)
		}
	}
	if n, err := w.try(user, `select * from public.booking_change_requests`); err != nil || n != 0 {
		t.Fatalf("a signed-in traveller sees %d requests (%v)", n, err)
	}
	if _, err := w.try(anon, `select * from public.booking_change_requests`); err == nil {
		t.Fatal("anon reads change requests")
	}
	if _, err := w.run(admin, `select public.decide_change_request($1, true)`, reqID); err != nil {
		t.Fatalf("accept: %v", err)
	}
	got := superScalar[string](t, w, `select car_id || ' ' || start_date || ' ' || end_date || ' ' || total_price from public.bookings where id = $1`, id)
	if got != "1002 "+start+" "+end+" "+strings.TrimSuffix(strings.TrimSuffix(jsonNumber(want), ".0"), ".00") {
		t.Fatalf("booking after acceptance: %q (total %v)", got, want)
	}
	if s := superScalar[string](t, w, `select recipient || ' ' || language || ' ' || (payload -> 'request' ->> 'state') from public.notification_outbox
		where kind = 'change_request_decided' and subject_id = $1`, id); s != "Lina@Example.com en accepted" {
		t.Fatalf("traveller told: %q", s)
	}
	if _, err := w.run(admin, `select public.decide_change_request($1, false)`, reqID); customCode(err) != "MB005" {
		t.Fatalf("deciding twice: %v", err)
	}
}

// The change form shows the price before the traveller sends the request: the
// quote is the one the request then stores, says whether the car is free, and
// writes nothing.
func TestChangeQuoteIsWhatTheRequestStores(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, token := openedBooking(t, w, "e4000000-0000-4000-8000-000000000015", w.carA, false)
	start := time.Now().UTC().AddDate(0, 0, 40).Format(time.DateOnly)
	end := time.Now().UTC().AddDate(0, 0, 44).Format(time.DateOnly)
	q, err := w.callJSON(w.traveller(), `select public.my_booking_change_quote($1, $2, $3, $4)`, token, w.carB, start, end)
	if err != nil {
		t.Fatal(err)
	}
	quote, _ := q["quote"].(map[string]any)
	if quote == nil || q["available"] != true || q["current_total"] == nil {
		t.Fatalf("change quote: %v", q)
	}
	if n := superScalar[int64](t, w, `select count(*) from public.booking_change_requests where booking_id = $1`, id); n != 0 {
		t.Fatalf("a quote stored %d requests", n)
	}
	b, err := w.callJSON(w.traveller(), `select public.my_booking_change_request($1, $2, $3, $4)`, token, w.carB, start, end)
	if err != nil {
		t.Fatal(err)
	}
	r := b["requests"].([]any)[0].(map[string]any)
	if r["total"] != quote["total"] {
		t.Fatalf("request stored %v, the form showed %v", r["total"], quote["total"])
	}
	// Another booking on car B for those dates: the quote says it is not free.
	holder, _ := myBookingFixture(t, w, "e4000000-0000-4000-8000-000000000016", w.carB, false)
	w.super(t, `update public.bookings set start_date = $2::date, end_date = $3::date where id = $1`, holder, start, end)
	q, err = w.callJSON(w.traveller(), `select public.my_booking_change_quote($1, $2, $3, $4)`, token, w.carB, start, end)
	if err != nil || q["available"] != false {
		t.Fatalf("taken car: %v (%v)", q, err)
	}
	if _, err := w.callJSON(w.traveller(), `select public.my_booking_change_quote($1, $2, $3, $4)`, "not-a-token", w.carB, start, end); customCode(err) != "MB001" {
		t.Fatalf("a bad link: %v", err)
	}
	// A booking paid online is priced on its channel (the online option's
	// discount): the form shows what the request then stores.
	_, paidToken := openedBooking(t, w, "e4000000-0000-4000-8000-000000000017", w.carB, true)
	later := time.Now().UTC().AddDate(0, 0, 50).Format(time.DateOnly)
	laterEnd := time.Now().UTC().AddDate(0, 0, 54).Format(time.DateOnly)
	q, err = w.callJSON(w.traveller(), `select public.my_booking_change_quote($1, $2, $3, $4)`, paidToken, w.carB, later, laterEnd)
	if err != nil {
		t.Fatal(err)
	}
	quote, _ = q["quote"].(map[string]any)
	if quote == nil || quote["channel"] != "online" {
		t.Fatalf("a PayPal booking's change quote: %v", q)
	}
	b, err = w.callJSON(w.traveller(), `select public.my_booking_change_request($1, $2, $3, $4)`, paidToken, w.carB, later, laterEnd)
	if err != nil {
		t.Fatal(err)
	}
	if r := b["requests"].([]any)[0].(map[string]any); r["total"] != quote["total"] {
		t.Fatalf("PayPal booking: request stored %v, the form showed %v", r["total"], quote["total"])
	}
}

// A booking paid online and re-priced afterwards (the agency accepts a change, or
// edits the booking) still states what was paid: its quote's "due now" is the
// money taken, "due at pickup" what the new total leaves, and "refund_due" what
// the agency owes back when the total fell below it. An unpaid booking re-prices
// as before.
func TestARepricedPaidBookingKeepsWhatWasPaid(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	const paid = 870.0 // myBookingFixture's captured payment, in MAD
	id, token := openedBooking(t, w, "e4000000-0000-4000-8000-000000000011", w.carA, true)
	charged := superScalar[float64](t, w, `select amount_due_now from public.bookings where id = $1`, id)

	type figures struct {
		Total       float64  `json:"total"`
		DueNow      float64  `json:"due_now"`
		DueAtPickup float64  `json:"due_at_pickup"`
		RefundDue   *float64 `json:"refund_due"`
	}
	stated := func(id string) (figures, float64) {
		t.Helper()
		var f figures
		raw := superScalar[string](t, w, `select quote::text from public.bookings where id = $1`, id)
		if err := json.Unmarshal([]byte(raw), &f); err != nil {
			t.Fatal(err)
		}
		return f, superScalar[float64](t, w, `select amount_due_now from public.bookings where id = $1`, id)
	}
	wantPaid := func(when string) {
		t.Helper()
		f, dueNow := stated(id)
		refund := 0.0
		if f.RefundDue != nil {
			refund = *f.RefundDue
		}
		if f.DueNow != paid || f.DueAtPickup != math.Max(0, f.Total-paid) || refund != math.Max(0, paid-f.Total) || dueNow != charged {
			t.Errorf("%s: quote %+v (refund_due %v), amount_due_now %v; want due now %v, the rest at pickup, the excess to refund, %v charged",
				when, f, refund, dueNow, paid, charged)
		}
	}

	// The traveller asks for other dates (and car); the agency accepts.
	change := func(token string, car int64, fromDay, toDay int) {
		t.Helper()
		start := time.Now().UTC().AddDate(0, 0, fromDay).Format(time.DateOnly)
		end := time.Now().UTC().AddDate(0, 0, toDay).Format(time.DateOnly)
		b, err := w.callJSON(w.traveller(), `select public.my_booking_change_request($1, $2, $3, $4)`, token, car, start, end)
		if err != nil {
			t.Fatal(err)
		}
		reqs := b["requests"].([]any)
		reqID := reqs[len(reqs)-1].(map[string]any)["id"].(string)
		if _, err := w.run(admin, `select public.decide_change_request($1, true)`, reqID); err != nil {
			t.Fatalf("accept: %v", err)
		}
	}

	// The dearer car for longer.
	change(token, w.carB, 20, 25)
	if f, _ := stated(id); f.Total <= paid {
		t.Fatalf("the change should cost more than was paid: total %v", f.Total)
	}
	wantPaid("dearer after a change")

	// One day on the cheaper car: less than was paid.
	change(token, w.carA, 20, 21)
	if f, _ := stated(id); f.Total >= paid {
		t.Fatalf("the change should cost less than was paid: total %v", f.Total)
	}
	wantPaid("cheaper after a change")
	// The request was quoted the same way before the agency accepted it, and the
	// traveller's e-mail about it is written from the same figures.
	f, _ := stated(id)
	if asked := superScalar[float64](t, w, `select (quote ->> 'refund_due')::numeric from public.booking_change_requests
		where booking_id = $1 order by created_at desc limit 1`, id); asked != paid-f.Total {
		t.Errorf("the request's quote says %v to refund, want %v", asked, paid-f.Total)
	}
	if told := superScalar[float64](t, w, `select (payload -> 'quote' ->> 'refund_due')::numeric from public.notification_outbox
		where kind = 'change_request_decided' and subject_id = $1 order by id desc limit 1`, id); told != paid-f.Total {
		t.Errorf("the e-mail's payload says %v to refund, want %v", told, paid-f.Total)
	}

	// Money given back counts: what was paid is what was kept.
	w.super(t, `insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method, provider_capture_id, refund_key)
		values ($1, 'refund', 'completed', 10, 'EUR', 100, 'paypal', 'CAP000011', 'test-refund-11')`, id)
	change(token, w.carA, 20, 22)
	if f, _ := stated(id); f.DueNow != paid-100 {
		t.Errorf("after a 100 DH refund the quote says %v paid, want %v", f.DueNow, paid-100)
	}

	// Unpaid, paid at the agency: the new quote as quote_booking gives it, nothing due now.
	other, otherToken := openedBooking(t, w, "e4000000-0000-4000-8000-000000000012", w.carB, false)
	change(otherToken, w.carB, 30, 34)
	if f, dueNow := stated(other); f.DueNow != 0 || dueNow != 0 || f.DueAtPickup != f.Total || f.RefundDue != nil {
		t.Errorf("unpaid booking re-priced: quote %+v, amount_due_now %v; want all at pickup, no refund", f, dueNow)
	}
	if superScalar[bool](t, w, `select quote ? 'refund_due' from public.booking_change_requests where booking_id = $1`, other) {
		t.Error("an unpaid booking's request is quoted with a refund")
	}
}

func jsonNumber(v float64) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// Nothing of this opens a table to anon: the links and the requests stay hidden.
func TestMyBookingOpensNoTable(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, a := range []string{anon, user} {
		if _, err := w.try(a, `select * from private.booking_links`); err == nil {
			t.Fatalf("%s reads the links", a)
		}
		if _, err := w.try(a, `insert into public.booking_change_requests (booking_id, kind) values ($1, 'cancellation')`, w.booking1); err == nil {
			t.Fatalf("%s writes a change request", a)
		}
	}
}

// linkCapOf is the scope (booking, recipient) of a refusal by the caps on links
// ("" for any other answer): PostgREST's 429 with code PT429, as the per-address cap.
func linkCapOf(err error) string {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "PGRST" {
		return ""
	}
	var m struct {
		Code    string
		Details struct{ By string }
	}
	var meta struct{ Status int }
	if json.Unmarshal([]byte(pe.Message), &m) != nil || json.Unmarshal([]byte(pe.Detail), &meta) != nil || m.Code != "PT429" || meta.Status != 429 {
		return ""
	}
	return m.Details.By
}

// One booking gets at most 3 link e-mails in 15 minutes and 10 a day, from any
// number of addresses, and at most 3 live links; a pair that matches no booking is
// answered the same way, so the refusal does not tell a booking's pair from another.
func TestMyBookingLinksAreCappedPerBooking(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, ref := myBookingFixture(t, w, "e4000000-0000-4000-8000-000000000041", w.carA, false)
	ask := func(i int, ref string) error {
		_, err := w.callJSON(w.from(anon, fmt.Sprintf("198.51.100.%d", 1+i%3)), `select public.my_booking_request_link($1, 'lina@example.com')`, ref)
		return err
	}
	// The measured attack: 30 asks at once from three addresses.
	refused := 0
	for i := range 30 {
		switch err := ask(i, ref); {
		case err == nil:
		case linkCapOf(err) == "booking":
			refused++
		default:
			t.Fatalf("ask %d: %v", i+1, err)
		}
	}
	mails := func() int64 {
		return superScalar[int64](t, w, `select count(*) from public.notification_outbox where kind = 'booking_link' and subject_id = $1`, id)
	}
	live := func() int64 {
		return superScalar[int64](t, w, `select count(*) from private.booking_links where booking_id = $1 and expires_at > now()`, id)
	}
	if refused != 27 || mails() != 3 || live() != 3 {
		t.Fatalf("30 asks: %d refused, %d e-mails, %d live links; want 27, 3, 3", refused, mails(), live())
	}
	for i := range 4 { // a pair of no booking: the same answers
		if err := ask(i, "CR-22222"); (i < 3) != (err == nil) || (i == 3 && linkCapOf(err) != "booking") {
			t.Fatalf("ask %d for no booking: %v", i+1, err)
		}
	}
	// The 15 minutes pass (three times): 3 more each, up to 10 in the day; the
	// newest 3 links work, the older ones no longer do.
	first := linkToken(t, w, id)
	for n := mails(); n < 10; n = mails() {
		w.super(t, `update private.my_booking_link_log set at = at - interval '16 minutes'`)
		for i := range min(3, int(10-n)) {
			if err := ask(i, ref); err != nil {
				t.Fatalf("ask after the window, %d e-mails so far: %v", n, err)
			}
		}
	}
	if live() != 3 {
		t.Fatalf("%d live links, want 3", live())
	}
	if err := ask(0, ref); linkCapOf(err) != "booking" {
		t.Fatalf("the 11th in a day: %v, want the booking's cap", err)
	}
	if mails() != 10 {
		t.Fatalf("%d e-mails in the day, want 10", mails())
	}
	if _, err := w.callJSON(w.as(anon), `select public.my_booking($1)`, first); customCode(err) != "MB001" {
		t.Fatalf("a link retired by newer ones: %v, want MB001", err)
	}
	if _, err := w.callJSON(w.as(anon), `select public.my_booking($1)`, linkToken(t, w, id)); err != nil {
		t.Fatalf("the newest link: %v", err)
	}
}

// One recipient gets at most 5 link e-mails in 15 minutes across its bookings;
// an ask with that e-mail is then refused whatever the reference.
func TestMyBookingLinksAreCappedPerRecipient(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var refs []string
	for i, car := range []int64{w.carA, w.carB} {
		_, ref := myBookingFixture(t, w, fmt.Sprintf("e4000000-0000-4000-8000-00000000005%d", i), car, false)
		refs = append(refs, ref)
	}
	for i, ref := range []string{refs[0], refs[0], refs[0], refs[1], refs[1]} {
		if _, err := w.callJSON(w.traveller(), `select public.my_booking_request_link($1, 'lina@example.com')`, ref); err != nil {
			t.Fatalf("ask %d: %v", i+1, err)
		}
	}
	for _, ask := range []struct{ ref, email string }{{refs[1], "lina@example.com"}, {"CR-22222", "LINA+trip@example.com"}} {
		_, err := w.callJSON(w.traveller(), `select public.my_booking_request_link($1, $2)`, ask.ref, ask.email)
		if linkCapOf(err) != "recipient" {
			t.Fatalf("a 6th link to one inbox (%s, %s): %v, want the recipient's cap", ask.ref, ask.email, err)
		}
	}
	if n := superScalar[int64](t, w, `select count(*) from public.notification_outbox where kind = 'booking_link'`); n != 5 {
		t.Fatalf("%d link e-mails, want 5", n)
	}
}

// A change request is checked by the rules a booking's insert meets (rental_rules,
// reservation_settings, the years), with the same error, before anything is stored:
// before, 213 days or dates in 2099 were stored as "available" with a quote.
func TestMyBookingChangeRequestsFollowTheBookingRules(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id, token := openedBooking(t, w, "e4000000-0000-4000-8000-000000000061", w.carA, false)
	today := superScalar[time.Time](t, w, `select (now() at time zone 'Africa/Casablanca')::date`)
	day := func(n int) string { return today.AddDate(0, 0, n).Format(time.DateOnly) }
	w.super(t, `update public.rental_rules set earliest_pickup_days = 2`)
	cases := []struct {
		name, start, end, pickup, ret string
		state                         string
	}{
		{"213 days", day(20), day(233), "10:00", "10:00", "22023"},
		{"dates in 2099", "2099-06-01", "2099-06-05", "10:00", "10:00", "22023"},
		{"a return in 2100", "2099-12-30", "2100-01-02", "10:00", "10:00", "23514"},
		{"before the earliest pickup", day(1), day(4), "10:00", "10:00", "22023"},
		{"a return before the pickup", day(20), day(20), "15:00", "09:00", "22023"},
	}
	for _, c := range cases {
		_, asked := w.callJSON(w.traveller(), `select public.my_booking_change_request($1, $2, $3::date, $4::date, $5::time, $6::time)`,
			token, w.carB, c.start, c.end, c.pickup, c.ret)
		// The same trip booked by the same visitor.
		_, booked := w.trySession(w.traveller(), `insert into public.bookings (car_id, customer_name, customer_email, customer_phone,
				start_date, end_date, pickup_time, return_time, payment_method, terms_version, driver_requirements_confirmed)
			values ($1, 'Lina', 'lina@example.com', '+212661234567', $2::date, $3::date, $4::time, $5::time, 'whatsapp',
				(select r.terms_version from public.rental_rules r), true)`, w.carB, c.start, c.end, c.pickup, c.ret)
		if sqlState(asked) != c.state || sqlState(booked) != c.state || asked.Error() != booked.Error() {
			t.Errorf("%s: change request %v; booking %v; want both SQLSTATE %s, the same error", c.name, asked, booked, c.state)
		}
	}
	if n := superScalar[int64](t, w, `select count(*) from public.booking_change_requests where booking_id = $1`, id); n != 0 {
		t.Fatalf("%d change requests stored", n)
	}
	// Within the rules it is stored and quoted, as before.
	b, err := w.callJSON(w.traveller(), `select public.my_booking_change_request($1, $2, $3::date, $4::date)`, token, w.carB, day(20), day(23))
	if err != nil || len(b["requests"].([]any)) != 1 {
		t.Fatalf("a change within the rules: %v %v", b, err)
	}
}
