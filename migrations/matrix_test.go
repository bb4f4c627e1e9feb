package migrations_test

import (
	"fmt"
	"testing"
)

// outcome of one statement for one audience: either it succeeds and affects (or,
// for a select, returns) exactly rows rows, or it fails with SQLSTATE code.
type outcome struct {
	rows int64
	code string
}

func rows(n int64) outcome { return outcome{rows: n} }

// denied: no privilege on the table/column, or a row refused by a WITH CHECK policy.
var denied = outcome{code: "42501"}

// check is one statement of the matrix with its expected outcome per audience.
type check struct {
	table, op, what string
	sql             string
	args            []any
	want            map[string]outcome
}

// matrix is the permission matrix of docs/schema.md, every cell covered
// (TestPermissionMatrix fails if a table x audience x operation has no check):
//
//	table                 anon               user                      admin                    service_role
//	cars, car_images      select             select                    all                      all
//	blog_posts            select published   select published          all                      all
//	bookings              insert (pending)   insert (pending)          select, update status/notes, delete  all
//	deleted_bookings      none               none                      select                   all
//	whatsapp_clicks       insert             insert                    select                   all
//	contacts              insert (new)       insert (new)              select, update status, delete        all
//	profiles              none               select own, update own names  all                  all
//	storage.objects (site buckets)  read     read                      insert, update, delete   all
//	car_blocks            none               none                      all                      all
//	reservation_settings  none               none                      select, update           select, update
//	booking_options, payment_options  select  select                   select, update           all
//	booking_transitions   select             select                    select                   select
func matrix(w *world) []check {
	all := func(o outcome) map[string]outcome {
		return map[string]outcome{anon: o, user: o, admin: o, service: o}
	}
	return []check{
		// cars
		{"cars", "select", "all cars", `select * from public.cars`, nil, all(rows(2))},
		{"cars", "insert", "a car", `insert into public.cars (slug, name, brand, category, price, image, seats, transmission, fuel, rating)
			values ('audi-a3-new', 'A3', 'Audi', 'Compact', 500, '/c.jpg', 5, 'manual', 'diesel', 4.0)`, nil,
			map[string]outcome{anon: denied, user: denied, admin: rows(1), service: rows(1)}},
		{"cars", "update", "a price", `update public.cars set price = price + 10 where id = $1`, []any{w.carA},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"cars", "delete", "a car", `delete from public.cars where id = $1`, []any{w.carB},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},

		// car_images
		{"car_images", "select", "all images", `select * from public.car_images`, nil, all(rows(3))},
		{"car_images", "insert", "an image", `insert into public.car_images (car_id, image_url, display_order) values ($1, '/a3.jpg', 2)`, []any{w.carA},
			map[string]outcome{anon: denied, user: denied, admin: rows(1), service: rows(1)}},
		{"car_images", "update", "alt texts of a car", `update public.car_images set alt_text = 'Vue' where car_id = $1`, []any{w.carA},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(2), service: rows(2)}},
		{"car_images", "delete", "images of a car", `delete from public.car_images where car_id = $1`, []any{w.carA},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(2), service: rows(2)}},

		// blog_posts
		{"blog_posts", "select", "every post", `select * from public.blog_posts`, nil,
			map[string]outcome{anon: rows(2), user: rows(2), admin: rows(3), service: rows(3)}},
		{"blog_posts", "select", "the draft", `select * from public.blog_posts where id = $1`, []any{w.draftPost},
			map[string]outcome{anon: rows(0), user: rows(0), admin: rows(1), service: rows(1)}},
		{"blog_posts", "insert", "a post", `insert into public.blog_posts (title, slug, status) values ('Nouveau', 'nouveau', 'draft')`, nil,
			map[string]outcome{anon: denied, user: denied, admin: rows(1), service: rows(1)}},
		{"blog_posts", "update", "a published post", `update public.blog_posts set title = 'Modifié' where id = $1`, []any{w.publishedPost},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"blog_posts", "delete", "a published post", `delete from public.blog_posts where id = $1`, []any{w.publishedPost},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},

		// bookings
		{"bookings", "select", "every booking", `select * from public.bookings`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(2), service: rows(2)}},
		// PostgREST appends RETURNING 1 to a plain insert: it must work without a select policy.
		{"bookings", "insert", "a pending booking (as PostgREST sends it)", `insert into public.bookings
			(car_id, customer_name, customer_email, customer_phone, start_date, end_date, payment_method, payment_status, status, total_price, days)
			values ($1, 'Nadia', 'nadia@example.com', '+212611111111', '2026-09-01', '2026-09-03', 'whatsapp', 'pending', 'pending', 1, 1) returning 1`, []any{w.carA},
			all(rows(1))},
		{"bookings", "insert", "an unpaid booking, status left to its default", `insert into public.bookings
			(car_id, customer_name, customer_email, customer_phone, start_date, end_date, payment_status)
			values ($1, 'Nadia', 'nadia@example.com', '+212611111111', '2026-09-01', '2026-09-03', 'unpaid')`, []any{w.carA},
			all(rows(1))},
		{"bookings", "insert", "a confirmed booking", `insert into public.bookings
			(car_id, customer_name, customer_email, customer_phone, start_date, end_date, status)
			values ($1, 'Nadia', 'nadia@example.com', '+212611111111', '2026-09-01', '2026-09-03', 'confirmed')`, []any{w.carA},
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"bookings", "insert", "a booking claiming to be paid", `insert into public.bookings
			(car_id, customer_name, customer_email, customer_phone, start_date, end_date, payment_status)
			values ($1, 'Nadia', 'nadia@example.com', '+212611111111', '2026-09-01', '2026-09-03', 'paid')`, []any{w.carA},
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"bookings", "insert", "a booking with notes", `insert into public.bookings
			(car_id, customer_name, customer_email, customer_phone, start_date, end_date, notes)
			values ($1, 'Nadia', 'nadia@example.com', '+212611111111', '2026-09-01', '2026-09-03', 'VIP')`, []any{w.carA},
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"bookings", "update", "status and notes", `update public.bookings set status = 'confirmed', notes = 'Appelé', updated_at = now() where id = $1`, []any{w.booking1},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"bookings", "update", "the customer's name", `update public.bookings set customer_name = 'Autre' where id = $1`, []any{w.booking1},
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"bookings", "update", "the dates", `update public.bookings set end_date = '2026-07-10' where id = $1`, []any{w.booking1},
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"bookings", "delete", "a booking", `delete from public.bookings where id = $1`, []any{w.booking1},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},

		// car_blocks: maintenance blocks, administrators only (docs/reservations.md)
		{"car_blocks", "select", "every block", `select * from public.car_blocks`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"car_blocks", "insert", "a block", `insert into public.car_blocks (car_id, start_date, end_date, reason) values ($1, '2026-11-01', '2026-11-02', 'Pneus')`, []any{w.carA},
			map[string]outcome{anon: denied, user: denied, admin: rows(1), service: rows(1)}},
		{"car_blocks", "update", "a reason", `update public.car_blocks set reason = 'Vidange'`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"car_blocks", "delete", "every block", `delete from public.car_blocks`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},

		// reservation_settings: one row, read and tuned by administrators
		{"reservation_settings", "select", "the settings", `select * from public.reservation_settings`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"reservation_settings", "insert", "a second row", `insert into public.reservation_settings (id) values (true)`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: denied}},
		{"reservation_settings", "update", "the turnaround", `update public.reservation_settings set turnaround = interval '3 hours'`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"reservation_settings", "delete", "the settings", `delete from public.reservation_settings`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: denied}},

		// booking_options, payment_options: the price list, public; administrators change prices
		{"booking_options", "select", "the price list", `select * from public.booking_options`, nil, all(rows(10))},
		{"booking_options", "insert", "an option", `insert into public.booking_options (key, kind, price, per_day) values ('snowChains', 'extra', 40, true)`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"booking_options", "update", "a price", `update public.booking_options set price = 60 where key = 'gps'`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"booking_options", "delete", "an option", `delete from public.booking_options where key = 'gps'`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"payment_options", "select", "the payment options", `select * from public.payment_options`, nil, all(rows(3))},
		{"payment_options", "insert", "an option", `insert into public.payment_options (key, discount_percent, due_now_percent) values ('later', 0, 1)`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"payment_options", "update", "a discount", `update public.payment_options set discount_percent = 12 where key = 'full'`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"payment_options", "delete", "an option", `delete from public.payment_options where key = 'reserve'`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},

		// payments: the ledger (docs/booking-record.md); administrators read it and record counter payments
		{"payments", "select", "the ledger", `select * from public.payments`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"payments", "insert", "a counter payment", `insert into public.payments (booking_id, kind, status, amount, currency, method)
			values ($1, 'counter', 'completed', 300, 'MAD', 'cash')`, []any{w.booking1},
			map[string]outcome{anon: denied, user: denied, admin: rows(1), service: rows(1)}},
		{"payments", "update", "an amount", `update public.payments set amount_mad = 1`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"payments", "delete", "the ledger", `delete from public.payments`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		// category_deposits: public; administrators change the amounts
		{"category_deposits", "select", "the deposits", `select * from public.category_deposits`, nil, all(rows(6))},
		{"category_deposits", "insert", "a deposit", `insert into public.category_deposits (category, amount) values ('SUV', 1) on conflict (category) do update set amount = 1`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"category_deposits", "update", "a deposit", `update public.category_deposits set amount = 5000 where category = 'SUV'`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"category_deposits", "delete", "a deposit", `delete from public.category_deposits where category = 'SUV'`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},

		// booking_transitions: the booking state machine, read by all, written by migrations only
		{"booking_transitions", "select", "the moves", `select * from public.booking_transitions`, nil, all(rows(16))},
		{"booking_transitions", "insert", "a move", `insert into public.booking_transitions (from_status, to_status) values ('completed', 'pending')`, nil, all(denied)},
		{"booking_transitions", "update", "a move", `update public.booking_transitions set closes_requests = false`, nil, all(denied)},
		{"booking_transitions", "delete", "the moves", `delete from public.booking_transitions`, nil, all(denied)},

		// The reservation RPCs: availability for everyone, expiry for the server's worker only.
		{"rpc", "execute", "car_availability", `select * from public.car_availability('2026-09-10T10:00', '2026-09-12T10:00')`, nil, all(rows(2))},
		{"rpc", "execute", "car_calendar", `select * from public.car_calendar($1, '2026-07-01', 5)`, []any{w.carA}, all(rows(5))},
		{"rpc", "execute", "expire_booking_holds", `select public.expire_booking_holds()`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},

		// deleted_bookings
		{"deleted_bookings", "select", "the archive", `select * from public.deleted_bookings`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"deleted_bookings", "insert", "a forged archive entry", `insert into public.deleted_bookings (original_booking_id, data) values (gen_random_uuid(), '{}')`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"deleted_bookings", "update", "an archive entry", `update public.deleted_bookings set customer_name = 'x'`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"deleted_bookings", "delete", "the archive", `delete from public.deleted_bookings`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},

		// whatsapp_clicks
		{"whatsapp_clicks", "select", "every click", `select * from public.whatsapp_clicks`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(2), service: rows(2)}},
		{"whatsapp_clicks", "insert", "a click", `insert into public.whatsapp_clicks (car_id, user_agent, ip_address) values ($1, 'Mozilla/5.0', null) returning 1`, []any{w.carA},
			all(rows(1))},
		{"whatsapp_clicks", "insert", "a click with a forged date", `insert into public.whatsapp_clicks (car_id, created_at) values ($1, '2000-01-01')`, []any{w.carA},
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"whatsapp_clicks", "update", "a click", `update public.whatsapp_clicks set user_agent = 'x'`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(2)}},
		{"whatsapp_clicks", "delete", "every click", `delete from public.whatsapp_clicks`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(2)}},

		// contacts
		{"contacts", "select", "every message", `select * from public.contacts`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(2), service: rows(2)}},
		{"contacts", "insert", "a message (as the contact form sends it)", `insert into public.contacts (name, email, phone, subject, message, status)
			values ('Karim', 'karim@example.com', null, 'Tarifs', 'Bonjour', 'new') returning 1`, nil,
			all(rows(1))},
		{"contacts", "insert", "a message with the id the form chose", `insert into public.contacts (id, name, email, subject, message)
			values (gen_random_uuid(), 'Karim', 'karim@example.com', 'Tarifs', 'Bonjour') returning 1`, nil,
			all(rows(1))},
		{"contacts", "insert", "a message already marked read", `insert into public.contacts (name, email, subject, message, status)
			values ('Karim', 'karim@example.com', 'Tarifs', 'Bonjour', 'read')`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"contacts", "update", "the status", `update public.contacts set status = 'read', updated_at = now() where id = $1`, []any{w.contact1},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"contacts", "update", "the message text", `update public.contacts set message = 'changé' where id = $1`, []any{w.contact1},
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"contacts", "delete", "a message", `delete from public.contacts where id = $1`, []any{w.contact1},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},

		// profiles (admin, user, other; the orphan's was removed)
		{"profiles", "select", "every profile", `select * from public.profiles`, nil,
			map[string]outcome{anon: denied, user: rows(1), admin: rows(3), service: rows(3)}},
		{"profiles", "select", "one's own profile", `select * from public.profiles where id = auth.uid()`, nil,
			map[string]outcome{anon: denied, user: rows(1), admin: rows(1), service: rows(0)}},
		{"profiles", "select", "another user's profile", `select * from public.profiles where id = $1`, []any{w.other},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"profiles", "insert", "a profile", `insert into public.profiles (id, email, role) values ($1, 'orphan@example.com', 'user')`, []any{w.orphan},
			map[string]outcome{anon: denied, user: denied, admin: rows(1), service: rows(1)}},
		{"profiles", "update", "one's own names", `update public.profiles set first_name = 'Nouveau', last_name = 'Nom' where id = auth.uid()`, nil,
			map[string]outcome{anon: denied, user: rows(1), admin: rows(1), service: rows(0)}},
		{"profiles", "update", "another user's names", `update public.profiles set first_name = 'Nouveau' where id = $1`, []any{w.other},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"profiles", "update", "one's own email", `update public.profiles set email = 'x@example.com' where id = auth.uid()`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(0)}},
		{"profiles", "update", "another user's role", `update public.profiles set role = 'admin' where id = $1`, []any{w.other},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"profiles", "delete", "another user's profile", `delete from public.profiles where id = $1`, []any{w.other},
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(1)}},
		{"profiles", "delete", "one's own profile", `delete from public.profiles where id = auth.uid()`, nil,
			map[string]outcome{anon: denied, user: rows(0), admin: rows(1), service: rows(0)}},

		// storage: the two site buckets are public to read and admin-written; other buckets are not opened.
		{"storage.objects", "select", "objects of the site buckets", `select * from storage.objects where bucket_id in ('car-images', 'blog-images')`, nil,
			all(rows(2))},
		{"storage.objects", "select", "objects of another bucket", `select * from storage.objects where bucket_id = 'private-docs'`, nil,
			map[string]outcome{anon: rows(0), user: rows(0), admin: rows(0), service: rows(1)}},
		{"storage.objects", "insert", "an object in car-images", `insert into storage.objects (bucket_id, name, metadata) values ('car-images', 'upload/new.jpg', '{}')`, nil,
			map[string]outcome{anon: denied, user: denied, admin: rows(1), service: rows(1)}},
		{"storage.objects", "insert", "an object in blog-images", `insert into storage.objects (bucket_id, name, metadata) values ('blog-images', 'upload/new.jpg', '{}')`, nil,
			map[string]outcome{anon: denied, user: denied, admin: rows(1), service: rows(1)}},
		{"storage.objects", "insert", "an object in another bucket", `insert into storage.objects (bucket_id, name, metadata) values ('private-docs', 'upload/new.txt', '{}')`, nil,
			map[string]outcome{anon: denied, user: denied, admin: denied, service: rows(1)}},
		{"storage.objects", "update", "an object's metadata", `update storage.objects set metadata = '{"mimetype":"image/png"}' where bucket_id = 'car-images'`, nil,
			map[string]outcome{anon: rows(0), user: rows(0), admin: rows(1), service: rows(1)}},
		{"storage.objects", "delete", "objects of the site buckets", `delete from storage.objects where bucket_id in ('car-images', 'blog-images')`, nil,
			map[string]outcome{anon: rows(0), user: rows(0), admin: rows(2), service: rows(2)}},
		{"storage.objects", "delete", "an object of another bucket", `delete from storage.objects where bucket_id = 'private-docs'`, nil,
			map[string]outcome{anon: rows(0), user: rows(0), admin: rows(0), service: rows(1)}},
		{"storage.buckets", "select", "the buckets", `select * from storage.buckets where id in ('car-images', 'blog-images')`, nil,
			all(rows(2))},
		// A private bucket's row is hidden from anon and users.
		{"storage.buckets", "select", "a private bucket", `select * from storage.buckets where id = 'private-docs'`, nil,
			map[string]outcome{anon: rows(0), user: rows(0), admin: rows(1), service: rows(1)}},
	}
}

// TestPermissionMatrix runs every check of the matrix as every audience through
// pgrole (SET ROLE + request.jwt.claims, as the server does), each in a
// transaction that is rolled back, so the checks do not disturb one another.
func TestPermissionMatrix(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	checks := matrix(w)

	covered := map[string]bool{}
	for _, c := range checks {
		for _, a := range audiences {
			want, ok := c.want[a]
			if !ok {
				continue
			}
			covered[c.table+"/"+c.op+"/"+a] = true
			t.Run(fmt.Sprintf("%s/%s/%s/%s", c.table, c.op, c.what, a), func(t *testing.T) {
				n, err := w.try(a, c.sql, c.args...)
				switch {
				case want.code != "":
					if sqlState(err) != want.code {
						t.Fatalf("want SQLSTATE %s, got rows=%d err=%v", want.code, n, err)
					}
				case err != nil:
					t.Fatalf("want %d rows, got error %v", want.rows, err)
				case n != want.rows:
					t.Fatalf("want %d rows, got %d", want.rows, n)
				}
			})
		}
	}
	for _, table := range []string{"cars", "car_images", "blog_posts", "bookings", "deleted_bookings", "whatsapp_clicks", "contacts", "profiles", "storage.objects",
		"car_blocks", "reservation_settings", "booking_options", "payment_options", "payments", "category_deposits", "booking_transitions"} {
		for _, op := range []string{"select", "insert", "update", "delete"} {
			for _, a := range audiences {
				if !covered[table+"/"+op+"/"+a] {
					t.Errorf("matrix cell %s/%s/%s has no check", table, op, a)
				}
			}
		}
	}
}
