package migrations_test

import (
	"context"
	"testing"
)

// A direct insert (anon or signed in) must not pose as an online payment: only
// the PayPal functions (service_role) make PayPal bookings and record payment
// ids. Otherwise a visitor could store payment_method 'paypal' (the agency is
// then never told about the booking: PayPal bookings are announced only once
// paid) or take a capture id in the unique payment_id column (the real
// capture's confirmation then fails).
func TestDirectBookingsCannotPoseAsPayPal(t *testing.T) {
	w := newWorld(t)
	for _, who := range []string{anon, user, admin} {
		for name, sql := range map[string]string{
			"paypal method": `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date, payment_method)
				values ($1, 'Eve', 'eve@example.com', '+212600000000', '2027-03-01', '2027-03-03', 'paypal')`,
			"PayPal method, other case": `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date, payment_method)
				values ($1, 'Eve', 'eve@example.com', '+212600000000', '2027-03-01', '2027-03-03', ' PayPal')`,
			"payment id": `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date, payment_method, payment_id)
				values ($1, 'Eve', 'eve@example.com', '+212600000000', '2027-03-01', '2027-03-03', 'whatsapp', '8MC585209K746392H')`,
		} {
			if _, err := w.try(who, sql, w.carA); sqlState(err) != "42501" {
				t.Errorf("%s, %s: err = %v, want 42501", who, name, err)
			}
		}
		// What the site sends still works.
		if _, err := w.try(who, `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date, payment_method, payment_id, status, payment_status)
			values ($1, 'Nadia', 'nadia@example.com', '+212600000000', '2027-03-01', '2027-03-03', 'whatsapp', null, 'pending', null)`, w.carA); err != nil {
			t.Errorf("%s: the site's insert: %v", who, err)
		}
	}
	if _, err := w.try(service, `insert into public.bookings (car_id, customer_name, customer_email, customer_phone, start_date, end_date, payment_method, payment_id)
		values ($1, 'Eve', 'eve@example.com', '+212600000000', '2027-03-01', '2027-03-03', 'paypal', 'CAPTURE1')`, w.carA); err != nil {
		t.Errorf("service_role: %v", err)
	}
}

// Every SECURITY DEFINER function pins its search_path (else a caller who can
// create objects in a schema on the path could run code as the owner), and
// none outside the known list may be executed by the API roles.
func TestSecurityDefinerFunctionsArePinnedAndKnown(t *testing.T) {
	w := newWorld(t)
	rows, err := w.db.Admin.Query(context.Background(), `
		select p.oid::regprocedure::text,
		       coalesce(exists (select 1 from unnest(p.proconfig) c where c like 'search_path=%'), false),
		       has_function_privilege('anon', p.oid, 'execute') or has_function_privilege('authenticated', p.oid, 'execute')
		from pg_proc p join pg_namespace n on n.oid = p.pronamespace
		where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	// Callable by the API roles on purpose (the trigger functions cannot be called directly).
	callable := map[string]bool{
		"is_admin()": true, "storage.bucket_has_objects(text)": true,
		"handle_new_user()": true, "sync_profile_email()": true, "archive_deleted_booking()": true,
		"bookings_hold()": true, "bookings_reference()": true,
		// Availability for visitors: free or not, and from when; never who (docs/reservations.md).
		"car_availability(timestamp without time zone,timestamp without time zone,bigint)": true,
		"car_calendar(bigint,date,integer)":                                                true,
		// The visitor reads back the booking they made, by its random id (docs/booking-record.md).
		"booking_receipt(uuid)": true,
		// The back office's list and release of hoarded holds; each checks is_admin() itself.
		"suspicious_holds(integer)": true, "release_holds(uuid[])": true,
		// "My booking": a link asked for with a reference and an e-mail, then the
		// e-mailed token opens one booking (docs/my-booking.md); the agency's answer
		// to a change request checks is_admin() itself.
		"my_booking_request_link(text,text)": true, "my_booking(text)": true, "my_booking_update(text,jsonb)": true,
		"my_booking_cancel(text)": true, "my_booking_cancel_late(text,numeric)": true, "decide_change_request(uuid,boolean)": true,
		"my_booking_change_request(text,bigint,date,date,time without time zone,time without time zone,text)": true,
		// Reviews: the link e-mailed after a completed rental opens that rental and
		// takes its one review (docs/reviews.md).
		"review_invitation(text)": true, "submit_review(text,integer,text)": true,
		// The change form's price before sending: what the request would store, nothing written.
		"my_booking_change_quote(text,bigint,date,date,time without time zone,time without time zone)": true,
	}
	n := 0
	for rows.Next() {
		var fn string
		var pinned, exec bool
		if err := rows.Scan(&fn, &pinned, &exec); err != nil {
			t.Fatal(err)
		}
		n++
		if !pinned {
			t.Errorf("%s is SECURITY DEFINER without set search_path", fn)
		}
		if exec && !callable[fn] {
			t.Errorf("%s is SECURITY DEFINER and executable by anon/authenticated", fn)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if n == 0 {
		t.Fatal("no SECURITY DEFINER function found: the query is wrong")
	}
}
