package migrations_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"casarent/server/pgrole"
)

// visitorBooking is a request as the site sends it, from a client address.
type visitorBooking struct {
	ip, email, phone string
	car              int64
	in, days         int    // pickup in this many days (Casablanca), rental length
	method           string // whatsapp when empty
}

// insertFrom stores b as the audience with b's client address and reports the
// new booking's id (chosen here, as the site does: visitors cannot read rows back).
func (w *world) insertFrom(audience string, b visitorBooking) (string, error) {
	if b.method == "" {
		b.method = "whatsapp"
	}
	id := uuid.NewString()
	err := pgrole.Do(context.Background(), w.db.Pool, w.from(audience, b.ip), func(c pgrole.Conn) error {
		_, err := c.Exec(context.Background(), `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone,
				start_date, end_date, payment_method, terms_version, driver_requirements_confirmed)
			values ($1, $2, 'Visiteur', $3, $4, (now() at time zone 'Africa/Casablanca')::date + $5::int,
				(now() at time zone 'Africa/Casablanca')::date + $5::int + $6::int, $7, (select r.terms_version from public.rental_rules r), true)`,
			id, b.car, b.email, b.phone, b.in, b.days, b.method)
		return err
	})
	return id, err
}

// refusedWith reports whether err is the reservation refusal with this code
// (and, when by is not empty, for this reason).
func refusedWith(err error, code, by string) bool {
	r, ok := refusalOf(err)
	return ok && r.Code == code && (by == "" || r.Details["by"] == by)
}

// moreCars adds n available cars (ids 2001..) so that a fleet share means something.
func (w *world) moreCars(t *testing.T, n int) []int64 {
	t.Helper()
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = int64(2001 + i)
		w.super(t, `insert into public.cars (id, slug, name, brand, category, price, image, seats, transmission, fuel, rating)
			values ($1::bigint, 'extra-'||$1::text, 'Extra', 'Dacia', 'Économique', 250, '/x.jpg', 5, 'manual', 'diesel', 4.0)`, ids[i])
	}
	return ids
}

// One address gets at most the allowed number of active unpaid holds (3 by
// default), whatever e-mail and phone it gives; other addresses still book; the
// back office sees the address among the suspicious holds and its release frees
// the dates, after which the address may book again.
func TestOneAddressCannotHoardHolds(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cars := w.moreCars(t, 4)
	const hoarder = "203.0.113.66"
	var held []string
	for i, car := range cars[:3] {
		id, err := w.insertFrom(anon, visitorBooking{ip: hoarder, email: fmt.Sprintf("h%d@example.com", i),
			phone: fmt.Sprintf("+21261000000%d", i), car: car, in: 20, days: 3})
		if err != nil {
			t.Fatalf("hold %d: %v", i+1, err)
		}
		held = append(held, id)
	}
	_, err := w.insertFrom(anon, visitorBooking{ip: hoarder, email: "h9@example.com", phone: "+212610000009", car: cars[3], in: 20, days: 3})
	if !refusedWith(err, "BK005", "address") {
		t.Fatalf("4th hold from one address: %v, want BK005 by address", err)
	}
	if _, err := w.insertFrom(user, visitorBooking{ip: hoarder, email: "h8@example.com", phone: "+212610000008", car: cars[3], in: 40, days: 3}); !refusedWith(err, "BK005", "address") {
		t.Fatalf("signed in, same address: %v, want BK005", err)
	}
	// Another address books the very car the hoarder was refused.
	if _, err := w.insertFrom(anon, visitorBooking{ip: "198.51.100.7", email: "honest@example.com", phone: "+212620000000", car: cars[3], in: 20, days: 3}); err != nil {
		t.Fatalf("another address: %v", err)
	}
	// The agency is not limited, even from the same address.
	if _, err := w.insertFrom(admin, visitorBooking{ip: hoarder, email: "agence@example.com", phone: "+212630000000", car: w.carA, in: 20, days: 3}); err != nil {
		t.Fatalf("administrator from the same address: %v", err)
	}

	// The back office's list: the address with its three holds. Nobody else may read it.
	var kind, key string
	var holds int
	var ids []string
	err = pgrole.Do(context.Background(), w.db.Pool, w.as(admin), func(c pgrole.Conn) error {
		return c.QueryRow(context.Background(), `select kind, key, holds, booking_ids::text[] from public.suspicious_holds() where kind = 'address'`).
			Scan(&kind, &key, &holds, &ids)
	})
	if err != nil || key != hoarder || holds != 3 || len(ids) != 3 {
		t.Fatalf("suspicious holds: %q %q %d %v (%v), want the address with 3 holds", kind, key, holds, ids, err)
	}
	for _, a := range []string{anon, user} {
		if _, err := w.try(a, `select * from public.suspicious_holds()`); err == nil {
			t.Fatalf("%s read the suspicious holds", a)
		}
		if n, err := w.try(a, `select public.release_holds($1::uuid[])`, ids); err == nil {
			t.Fatalf("%s released holds (%d)", a, n)
		}
	}
	// One action releases them: cancelled, noted, dates free.
	var released int
	err = pgrole.Do(context.Background(), w.db.Pool, w.as(admin), func(c pgrole.Conn) error {
		return c.QueryRow(context.Background(), `select public.release_holds($1::uuid[])`, ids).Scan(&released)
	})
	if err != nil || released != 3 {
		t.Fatalf("release: %d, %v; want 3", released, err)
	}
	if n := superScalar[int64](t, w, `select count(*) from public.bookings where id = any($1::uuid[]) and status = 'cancelled' and notes like 'Blocage libéré%'`, held); n != 3 {
		t.Fatalf("%d of the 3 holds cancelled with a note", n)
	}
	if _, err := w.insertFrom(anon, visitorBooking{ip: "192.0.2.1", email: "next@example.com", phone: "+212640000000", car: cars[0], in: 20, days: 3}); err != nil {
		t.Fatalf("the released car for another visitor: %v", err)
	}
	if _, err := w.insertFrom(anon, visitorBooking{ip: hoarder, email: "h7@example.com", phone: "+212610000007", car: cars[1], in: 20, days: 3}); err != nil {
		t.Fatalf("the address after the release: %v", err)
	}
}

// The same person from several addresses: at most 2 active holds per e-mail
// (case and +tags ignored) and per phone.
func TestOneContactCannotHoardHolds(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cars := w.moreCars(t, 3)
	for i, email := range []string{"Sami@Example.com", "SAMI+2@example.com"} {
		if _, err := w.insertFrom(anon, visitorBooking{ip: fmt.Sprintf("203.0.113.%d", i+1), email: email, phone: fmt.Sprintf("+21265000000%d", i), car: cars[i], in: 10, days: 2}); err != nil {
			t.Fatalf("booking %d for the e-mail: %v", i+1, err)
		}
	}
	if _, err := w.insertFrom(anon, visitorBooking{ip: "203.0.113.3", email: "sami+3@EXAMPLE.com", phone: "+212650000009", car: cars[2], in: 10, days: 2}); !refusedWith(err, "BK005", "email") {
		t.Fatalf("3rd hold for one e-mail: %v, want BK005 by email", err)
	}
	for i, phone := range []string{"+212661234567", "+212661234567"} {
		if _, err := w.insertFrom(anon, visitorBooking{ip: fmt.Sprintf("203.0.113.%d", i+11), email: fmt.Sprintf("p%d@example.com", i), phone: phone, car: cars[i], in: 30, days: 2}); err != nil {
			t.Fatalf("booking %d for the phone: %v", i+1, err)
		}
	}
	if _, err := w.insertFrom(anon, visitorBooking{ip: "203.0.113.13", email: "p9@example.com", phone: "+212661234567", car: cars[2], in: 30, days: 2}); !refusedWith(err, "BK005", "phone") {
		t.Fatalf("3rd hold for one phone: %v, want BK005 by phone", err)
	}
	// A lapsed hold no longer counts.
	w.super(t, `update public.bookings set hold_expires_at = now() - interval '1 minute' where customer_email = 'Sami@Example.com'`)
	if _, err := w.insertFrom(anon, visitorBooking{ip: "203.0.113.4", email: "sami@example.com", phone: "+212650000008", car: cars[2], in: 10, days: 2}); err != nil {
		t.Fatalf("after one hold lapsed: %v", err)
	}
}

// Unpaid WhatsApp requests may hold at most ceil(0.6 x bookable cars) cars over
// overlapping dates, whoever sends them; a PayPal attempt and other dates are not
// counted against it.
func TestWhatsappHoldsTakeOnlyAShareOfTheFleet(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cars := append([]int64{w.carA, w.carB}, w.moreCars(t, 3)...) // 5 bookable cars: at most 3 held
	for i, car := range cars[:3] {
		if _, err := w.insertFrom(anon, visitorBooking{ip: fmt.Sprintf("198.51.100.%d", i+1), email: fmt.Sprintf("s%d@example.com", i),
			phone: fmt.Sprintf("+21266000000%d", i), car: car, in: 50 + i, days: 5}); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	_, err := w.insertFrom(anon, visitorBooking{ip: "198.51.100.9", email: "s9@example.com", phone: "+212660000009", car: cars[3], in: 53, days: 2})
	if !refusedWith(err, "BK006", "") {
		t.Fatalf("4th car held over the same dates: %v, want BK006", err)
	}
	if _, err := w.insertFrom(anon, visitorBooking{ip: "198.51.100.9", email: "s9@example.com", phone: "+212660000009", car: cars[3], in: 70, days: 2}); err != nil {
		t.Fatalf("other dates: %v", err)
	}
	if _, err := w.insertFrom(service, visitorBooking{ip: "198.51.100.10", email: "pay@example.com", phone: "+212660000010", car: cars[4], in: 52, days: 2, method: "paypal"}); err != nil {
		t.Fatalf("a PayPal attempt on those dates: %v", err)
	}
}

// A request far ahead or for a long rental holds the car for 6 hours, not 24.
func TestLongUnpaidHoldsAreShortened(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cars := w.moreCars(t, 3)
	cases := []struct {
		name     string
		b        visitorBooking
		min, max time.Duration
	}{
		{"soon and short", visitorBooking{car: cars[0], in: 5, days: 3}, 23 * time.Hour, 25 * time.Hour},
		{"far ahead", visitorBooking{car: cars[1], in: 100, days: 3}, 5 * time.Hour, 7 * time.Hour},
		{"long rental", visitorBooking{car: cars[2], in: 5, days: 30}, 5 * time.Hour, 7 * time.Hour},
	}
	for i, c := range cases {
		c.b.ip, c.b.email, c.b.phone = fmt.Sprintf("192.0.2.%d", i+1), fmt.Sprintf("l%d@example.com", i), fmt.Sprintf("+21267000000%d", i)
		id, err := w.insertFrom(anon, c.b)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		left := time.Duration(superScalar[float64](t, w, `select extract(epoch from hold_expires_at - now()) from public.bookings where id = $1`, id) * float64(time.Second))
		if left < c.min || left > c.max {
			t.Errorf("%s: hold lasts %v, want between %v and %v", c.name, left, c.min, c.max)
		}
	}
}

// A PayPal attempt turned into a WhatsApp request (paypal-to-whatsapp, as
// service_role without an address) stays a hold of the address it came from:
// checked again (here the limit was lowered after the attempts were made),
// refused past the limit, shortened when far off.
func TestPaypalAttemptsTurnedIntoRequestsAreLimitedToo(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cars := w.moreCars(t, 5)
	const ip = "203.0.113.77"
	var attempts []string
	w.super(t, `update public.reservation_settings set holds_per_address = 5`)
	for i, car := range cars[:5] {
		b := visitorBooking{ip: ip, email: fmt.Sprintf("t%d@example.com", i), phone: fmt.Sprintf("+21268000000%d", i), car: car, in: 20, days: 3}
		role := anon
		if i >= 3 {
			b.method, b.in, role = "paypal", 100, service // the PayPal function's session
		}
		id, err := w.insertFrom(role, b)
		if err != nil {
			t.Fatalf("booking %d: %v", i+1, err)
		}
		attempts = append(attempts, id)
	}
	w.super(t, `update public.reservation_settings set holds_per_address = 3`)
	toWhatsapp := func(id string) error {
		_, err := w.run(service, `update public.bookings set payment_method = 'whatsapp', payment_status = 'none', status = 'pending',
			hold_expires_at = now() + (select s.request_hold from public.reservation_settings s) where id = $1`, id)
		return err
	}
	if err := toWhatsapp(attempts[3]); !refusedWith(err, "BK005", "address") {
		t.Fatalf("a 4th request from the address by way of PayPal: %v, want BK005", err)
	}
	w.super(t, `update public.bookings set status = 'cancelled' where id = any($1::uuid[])`, []string{attempts[0], attempts[4]})
	if err := toWhatsapp(attempts[3]); err != nil {
		t.Fatalf("once the address is under its limit: %v", err)
	}
	left := superScalar[float64](t, w, `select extract(epoch from hold_expires_at - now()) / 3600 from public.bookings where id = $1`, attempts[3])
	if left > 7 {
		t.Errorf("a request 100 days ahead by way of PayPal holds for %.1f h, want 6", left)
	}
}

// WhatsApp requests and unpaid PayPal attempts are holds alike: from one address
// they share its limit (3), and a PayPal attempt past it is refused with the same
// BK005; so do an e-mail's. A captured payment is a booking, not a hold, and a
// lapsed or cancelled attempt holds nothing: neither counts.
func TestHoldsAreCountedAcrossChannels(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cars := w.moreCars(t, 7)
	const ip = "203.0.113.88"
	b := func(i int, method string) visitorBooking {
		return visitorBooking{ip: ip, email: fmt.Sprintf("x%d@example.com", i), phone: fmt.Sprintf("+21269000000%d", i),
			car: cars[i], in: 30, days: 4, method: method}
	}
	// The site's requests as anon through RLS, the attempts as create-paypal-order's session.
	var ids []string
	for i, role := range []string{anon, service, anon} {
		method := map[string]string{anon: "whatsapp", service: "paypal"}[role]
		id, err := w.insertFrom(role, b(i, method))
		if err != nil {
			t.Fatalf("hold %d (%s): %v", i+1, method, err)
		}
		ids = append(ids, id)
	}
	if _, err := w.insertFrom(service, b(3, "paypal")); !refusedWith(err, "BK005", "address") {
		t.Fatalf("a PayPal attempt past the address's limit: %v, want BK005 by address", err)
	}
	if _, err := w.insertFrom(anon, b(3, "whatsapp")); !refusedWith(err, "BK005", "address") {
		t.Fatalf("a request past the address's limit: %v, want BK005 by address", err)
	}
	if n := superScalar[int64](t, w, `select count(*) from public.bookings where client_ip = $1 and status = 'pending'`, ip); n != 3 {
		t.Fatalf("the address holds %d cars, want 3", n)
	}

	// The attempt is paid (as record_paypal_capture writes it): no longer a hold.
	w.super(t, `update public.bookings set status = 'confirmed', payment_status = 'paid', payment_id = 'CAPX1' where id = $1`, ids[1])
	id, err := w.insertFrom(service, b(3, "paypal"))
	if err != nil {
		t.Fatalf("once an attempt is paid: %v", err)
	}
	// A lapsed attempt and a cancelled request hold nothing.
	w.super(t, `update public.bookings set hold_expires_at = now() - interval '1 minute' where id = $1`, id)
	if _, err := w.insertFrom(anon, b(4, "whatsapp")); err != nil {
		t.Fatalf("once an attempt lapsed: %v", err)
	}
	w.super(t, `update public.bookings set status = 'cancelled' where id = $1`, ids[0])
	if _, err := w.insertFrom(service, b(5, "paypal")); err != nil {
		t.Fatalf("once a request is cancelled: %v", err)
	}
	if _, err := w.insertFrom(service, b(6, "paypal")); !refusedWith(err, "BK005", "address") {
		t.Fatalf("past the limit again: %v, want BK005 by address", err)
	}

	// One e-mail from other addresses: two requests, then an attempt.
	for i, method := range []string{"whatsapp", "whatsapp", "paypal"} {
		role := anon
		if method == "paypal" {
			role = service
		}
		_, err := w.insertFrom(role, visitorBooking{ip: fmt.Sprintf("198.51.100.%d", 20+i), email: "Same@example.com",
			phone: fmt.Sprintf("+21269100000%d", i), car: cars[i], in: 200, days: 2, method: method})
		if i < 2 && err != nil {
			t.Fatalf("request %d for the e-mail: %v", i+1, err)
		}
		if i == 2 && !refusedWith(err, "BK005", "email") {
			t.Fatalf("an attempt past the e-mail's limit: %v, want BK005 by email", err)
		}
	}
}
