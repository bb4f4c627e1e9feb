package migrations_test

import (
	"sort"
	"testing"

	"github.com/jackc/pgx/v5"
)

// searchIDs runs admin_search_bookings as the audience and returns the ids found, sorted.
func searchIDs(t *testing.T, w *world, audience, query string) []string {
	t.Helper()
	ids := readRows(t, w, audience, pgx.RowTo[string], `select found::text from public.admin_search_bookings($1) as found`, query)
	sort.Strings(ids)
	return ids
}

// A phone number typed in any of the ways a customer or a WhatsApp message
// shows it finds the same booking; so do the e-mail, the name and the reference;
// nobody but an administrator gets an answer.
func TestAdminSearchBookingsFindsAPhoneInAnyForm(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	target := "e3000000-0000-4000-8000-000000000001"
	w.super(t, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date)
		values ($1, $2, 'Khadija Bennani', 'K.Bennani@Example.com', '+212661234567', '2027-06-01', '2027-06-03')`, target, w.carA)
	// Same last digits, another number: a full number must not find it.
	w.super(t, `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date)
		values ($1, 'Autre', 'autre@example.com', '+212761234567', '2027-06-10', '2027-06-12')`, w.carA)
	ref := superScalar[string](t, w, `select reference from public.bookings where id = $1`, target)

	for _, q := range []string{"+212 6 61 23 45 67", "0661234567", "212661234567", "00212661234567", "06-61-23-45-67", "06.61.23.45.67", "661 234 567"} {
		if got := searchIDs(t, w, admin, q); len(got) != 1 || got[0] != target {
			t.Errorf("phone %q found %v, want only %s", q, got, target)
		}
	}
	for _, q := range []string{"k.bennani@example.com", "bennani", "KHADIJA", ref, ref[3:], ref[3:6]} {
		if got := searchIDs(t, w, admin, q); len(got) != 1 || got[0] != target {
			t.Errorf("%q found %v, want only %s", q, got, target)
		}
	}
	if got := searchIDs(t, w, admin, "45 67"); len(got) != 2 {
		t.Errorf("the last digits shared by both numbers found %v, want both bookings", got)
	}
	for _, q := range []string{"", "   ", "%", "0599999999"} {
		if got := searchIDs(t, w, admin, q); len(got) != 0 {
			t.Errorf("%q found %v, want nothing", q, got)
		}
	}
	for _, who := range []string{user} {
		if got := searchIDs(t, w, who, "0661234567"); len(got) != 0 {
			t.Errorf("%s found %v", who, got)
		}
	}
	if _, err := w.try(anon, `select * from public.admin_search_bookings('0661234567')`); sqlState(err) != "42501" {
		t.Errorf("anon: %v, want 42501", err)
	}
}

type customerRow struct {
	Email, Phone, Name string
	Count              int
	Bookings           []map[string]any
	TotalPaid          float64
	LastVisit          *string
}

func readCustomers(t *testing.T, w *world, audience string) []customerRow {
	t.Helper()
	return readRows(t, w, audience, pgx.RowToStructByPos[customerRow],
		`select email, phone, name, booking_count, bookings, total_paid::float8, last_visit::text from public.admin_customers()`)
}

// Two bookings of one customer (e-mail in another case) make one client with
// both bookings and the money received for them: PayPal captured, less
// refunds, plus counter payments; failed attempts count nothing. Only administrators read the list.
func TestAdminCustomersGroupsBookingsAndSumsMoneyReceived(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	first := "e3000000-0000-4000-8000-000000000011"
	second := "e3000000-0000-4000-8000-000000000012"
	w.super(t, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date, status, created_at)
		values ($1, $3, 'Omar Alaoui', 'omar@example.com', '+212661234567', '2020-05-01', '2020-05-03', 'completed', now() - interval '2 days'),
		       ($2, $4, 'Omar A.', 'OMAR@Example.com', '+212661234567', '2027-05-01', '2027-05-03', 'confirmed', now())`,
		first, second, w.carA, w.carB)
	w.super(t, `insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method, settled_at) values
		($1, 'paypal', 'captured', 100, 'EUR', 1080.50, 'paypal', now()),
		($1, 'refund', 'completed', 10, 'EUR', 108, 'paypal', now()),
		($1, 'paypal', 'failed', 100, 'EUR', 1080, 'paypal', null),
		($2, 'counter', 'completed', 500, 'MAD', 500, 'cash', now())`, first, second)

	all := readCustomers(t, w, admin)
	var omar *customerRow
	for i := range all {
		if all[i].Email == "omar@example.com" {
			if omar != nil {
				t.Fatalf("omar is listed twice: %+v", all)
			}
			omar = &all[i]
		}
	}
	if omar == nil {
		t.Fatalf("omar is not listed: %+v", all)
	}
	if omar.Count != 2 || len(omar.Bookings) != 2 || omar.Bookings[0]["id"] != second || omar.Bookings[1]["id"] != first {
		t.Errorf("omar's bookings %+v, want the two, latest first", omar.Bookings)
	}
	if want := 1080.50 - 108 + 500; omar.TotalPaid != want {
		t.Errorf("total paid %v, want %v", omar.TotalPaid, want)
	}
	if omar.Name != "Omar A." || omar.Phone != "+212661234567" {
		t.Errorf("name and phone %q %q, want the latest booking's", omar.Name, omar.Phone)
	}
	if omar.LastVisit == nil || *omar.LastVisit != "2020-05-01" {
		t.Errorf("last visit %v, want the past pickup 2020-05-01 (the confirmed one is to come)", omar.LastVisit)
	}
	// The world's own two customers are there too, each alone.
	if len(all) != 3 {
		t.Errorf("%d customers, want 3: %+v", len(all), all)
	}
	if rows := readCustomers(t, w, user); len(rows) != 0 {
		t.Errorf("a signed-in non-administrator sees customers: %+v", rows)
	}
	if _, err := w.try(anon, `select * from public.admin_customers()`); sqlState(err) != "42501" {
		t.Errorf("anon: %v, want 42501", err)
	}
}
