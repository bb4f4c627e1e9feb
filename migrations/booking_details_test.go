package migrations_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// detailsBookingSQL is a visitor's WhatsApp request for carA in 20 days with
// the given phone, places and details (SQL literals).
func detailsBookingSQL(phone, pickup, ret, hotelName, hotelAddress, flight string) string {
	return fmt.Sprintf(`insert into public.bookings (car_id, customer_name, customer_email, customer_phone,
		start_date, end_date, pickup_time, return_time, pickup_location, return_location,
		hotel_name, hotel_address, flight_number, payment_method, terms_version, driver_requirements_confirmed)
		values ($1, 'Visiteur', 'v@example.com', %s,
		(now() at time zone 'Africa/Casablanca')::date + 20, (now() at time zone 'Africa/Casablanca')::date + 23,
		'10:00', '10:00', %s, %s, %s, %s, %s, 'whatsapp', (select r.terms_version from public.rental_rules r), true)`, phone, pickup, ret, hotelName, hotelAddress, flight)
}

// A phone is stored in E.164 or not at all: whoever writes the booking, a
// number in any other form is refused with 23514 and a message naming the
// field and the form expected.
func TestBookingPhoneMustBeE164(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	visitor := w.from(anon, "203.0.113.21")
	airport := "'Aéroport Mohammed V'"
	for _, phone := range []string{"'12'", "'0612345678'", "'+212 612 345 678'", "'00212612345678'", "'+0612345678'", "'phone'"} {
		for who, try := range map[string]func(string) error{
			"visitor": func(sql string) error { _, err := w.trySession(visitor, sql, w.carA); return err },
			"service": func(sql string) error { _, err := w.try(service, sql, w.carA); return err },
		} {
			err := try(detailsBookingSQL(phone, airport, airport, "null", "null", "null"))
			if sqlState(err) != "23514" || !strings.Contains(err.Error(), "E.164") {
				t.Errorf("%s, phone %s: want 23514 about E.164, got %v", who, phone, err)
			}
		}
	}
	if _, err := w.trySession(visitor, detailsBookingSQL("'+212612345678'", airport, airport, "null", "null", "null"), w.carA); err != nil {
		t.Fatalf("an E.164 phone: %v", err)
	}
	// A stored booking keeps the rule: its phone cannot be changed to another form.
	w.super(t, detailsBookingSQL("'+212612345678'", airport, airport, "null", "null", "null"), w.carA)
	if _, err := w.try(service, `update public.bookings set customer_phone = '06 12 34 56 78' where customer_phone = '+212612345678'`); sqlState(err) != "23514" {
		t.Fatalf("changing a phone to a local form: want 23514, got %v", err)
	}
}

// A delivery to or a collection from a hotel needs the hotel's name and
// address; a flight number, optional, has a flight number's shape.
func TestBookingDetailsForHotelAndFlight(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	visitor := w.from(anon, "203.0.113.22")
	phone := "'+212612345678'"
	airport := "'Aéroport Mohammed V'"
	hotel, collect := "'Hôtel (livraison)'", "'Hôtel (collecte)'"
	refused := []struct {
		name, pickup, ret, hotelName, hotelAddress, flight, field string
	}{
		{"delivery without a hotel", hotel, airport, "null", "null", "null", "hotel_name"},
		{"delivery without an address", hotel, airport, "'Hyatt Regency'", "'  '", "null", "hotel_address"},
		{"collection without a hotel", airport, collect, "null", "'Place des Nations Unies'", "null", "hotel_name"},
		{"a flight number that is not one", airport, airport, "null", "null", "'hello'", "flight_number"},
		{"a flight number with spaces", airport, airport, "null", "null", "'AT 200'", "flight_number"},
	}
	for _, c := range refused {
		_, err := w.trySession(visitor, detailsBookingSQL(phone, c.pickup, c.ret, c.hotelName, c.hotelAddress, c.flight), w.carA)
		if sqlState(err) != "23514" || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: want 23514 naming %s, got %v", c.name, c.field, err)
		}
	}
	if _, err := w.trySession(visitor, detailsBookingSQL(phone, hotel, collect, "'Hyatt Regency'", "'Place des Nations Unies, Casablanca'", "null"), w.carA); err != nil {
		t.Fatalf("a hotel delivery with its hotel: %v", err)
	}
	if _, err := w.trySession(visitor, detailsBookingSQL(phone, airport, airport, "null", "null", "'AT200'"), w.carA); err != nil {
		t.Fatalf("an airport pickup with its flight: %v", err)
	}
	w.super(t, detailsBookingSQL(phone, airport, airport, "null", "null", "'AT200'"), w.carA)
	if got := superScalar[string](t, w, `select flight_number || ' ' || customer_phone from public.bookings where flight_number is not null`); got != "AT200 +212612345678" {
		t.Fatalf("stored: %q", got)
	}
}

// Numbers stored before the rule in the usual local forms are rewritten in
// E.164 by the migration's function; what cannot be told is left as typed.
func TestPhonesTypedLocallyBecomeE164(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for typed, want := range map[string]string{
		"06 12 34 56 78":       "+212612345678",
		"06.12.34.56.78":       "+212612345678",
		"00212 612-345-678":    "+212612345678",
		"212612345678":         "+212612345678",
		"+33 6 12 34 56 78":    "+33612345678",
		"(+212) 5 22 00 00 00": "+212522000000",
		"12":                   "12",
	} {
		if got := superScalar[string](t, w, `select private.phone_as_e164($1)`, typed); got != want {
			t.Errorf("%q: got %q, want %q", typed, got, want)
		}
	}
}

// The search states every figure of a result card from the quote: the total
// for the dates paid at the agency (a WhatsApp request's price, no discount), the
// total paid online in full and that option's discount, the deposit of the car's
// category and the free-cancellation moment, all from the price list and the
// rules (nothing re-derived by the site).
func TestSearchTotalsHideNoDiscount(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	type figures struct {
		Days, Total, Subtotal, Online, Percent, Deposit int
		Until                                           string
	}
	read := func(sql string, args ...any) figures {
		t.Helper()
		var f figures
		if err := w.db.Admin.QueryRow(context.Background(), sql, args...).Scan(&f.Days, &f.Total, &f.Subtotal, &f.Online, &f.Percent, &f.Deposit, &f.Until); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
		return f
	}
	got := read(`select days, total, subtotal, online_total, online_discount_percent, deposit, to_char(free_cancellation_until, 'YYYY-MM-DD"T"HH24:MI')
		from public.car_availability('2027-03-10T09:00', '2027-03-13T18:00', $1)`, w.carA)
	want := read(`select q.days, q.total, q.days * c.price, q.online, p.discount_percent, coalesce(d.amount, 0)::integer,
		to_char(timestamp '2027-03-10T09:00' - make_interval(hours => r.free_cancellation_hours), 'YYYY-MM-DD"T"HH24:MI')
		from public.cars c
		cross join public.rental_rules r
		join public.payment_options p on p.key = 'full'
		left join public.category_deposits d on d.category = c.category
		cross join lateral (select (x ->> 'days')::int as days, (x ->> 'total')::int as total, (y ->> 'total')::int as online
			from public.quote_booking(c.id, '2027-03-10', '2027-03-13', p_pickup_time => '09:00', p_return_time => '18:00') x,
			     public.quote_booking(c.id, '2027-03-10', '2027-03-13', p_pickup_time => '09:00', p_return_time => '18:00', p_payment_method => 'paypal') y) q
		where c.id = $1`, w.carA)
	if got != want {
		t.Fatalf("car_availability %+v, want %+v", got, want)
	}
	if got.Total != got.Subtotal || (got.Percent > 0 && got.Online >= got.Total) {
		t.Fatalf("the total at the agency (%d) is not the subtotal (%d) above the total paid online (%d)", got.Total, got.Subtotal, got.Online)
	}
}

// The pages that state the free-cancellation hours (the terms, the short-term
// rental page) are rendered with the rental rule, and follow it when it changes.
func TestPagesStateTheFreeCancellationRule(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	hours := func(path string) int {
		t.Helper()
		return superScalar[int](t, w, `select (public.page_data($1) -> 'rentalRules' ->> 'free_cancellation_hours')::int`, path)
	}
	want := superScalar[int](t, w, `select free_cancellation_hours from public.rental_rules`)
	for _, path := range []string{"/conditions-de-location", "/location-courte-duree"} {
		if got := hours(path); got != want {
			t.Fatalf("%s: %d hours, want the rule's %d", path, got, want)
		}
	}
	w.super(t, `update public.rental_rules set free_cancellation_hours = 48`)
	if got := hours("/conditions-de-location"); got != 48 {
		t.Fatalf("after the rule changed: %d hours, want 48", got)
	}
}
