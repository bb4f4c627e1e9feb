package migrations_test

import (
	"testing"
	"time"

	"casarent/server/pgtest"
)

func TestNewAuthUserGetsUserProfile(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	id := "a0000000-0000-4000-8000-0000000000aa"
	// Sign-up metadata is chosen by the visitor: a "role" in it must not count.
	w.super(t, `insert into auth.users (id, email, raw_user_meta_data) values ($1, 'new@example.com',
		'{"first_name":"Leila","last_name":"Benali","role":"admin"}')`, id)
	role := superScalar[string](t, w, `select role from public.profiles where id = $1`, id)
	first := superScalar[string](t, w, `select first_name || ' ' || last_name || ' ' || email from public.profiles where id = $1`, id)
	if role != "user" || first != "Leila Benali new@example.com" {
		t.Fatalf("profile role=%q names/email=%q", role, first)
	}
	// The new user sees exactly their own profile.
	n, err := w.trySession(pgtest.As("authenticated", id), `select 1 from public.profiles where role = 'user'`)
	if err != nil || n != 1 {
		t.Fatalf("own profile: rows=%d err=%v", n, err)
	}
	// An email change of the account follows into the profile.
	w.super(t, `update auth.users set email = 'renamed@example.com' where id = $1`, id)
	if got := superScalar[string](t, w, `select email from public.profiles where id = $1`, id); got != "renamed@example.com" {
		t.Fatalf("profile email %q after the account's changed", got)
	}
}

func TestNonAdminCannotBecomeAdmin(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	attempts := []struct{ name, sql string }{
		{"update own role", `update public.profiles set role = 'admin' where id = auth.uid()`},
		{"update own role with names", `update public.profiles set first_name = 'X', role = 'admin' where id = auth.uid()`},
		{"insert a second admin profile", `insert into public.profiles (id, email, role) values (auth.uid(), 'user@example.com', 'admin')`},
		{"upsert own profile as admin", `insert into public.profiles (id, email, role) values (auth.uid(), 'user@example.com', 'admin')
			on conflict (id) do update set role = 'admin'`},
	}
	for _, a := range attempts {
		t.Run(a.name, func(t *testing.T) {
			_, err := w.run(user, a.sql)
			if sqlState(err) != "42501" {
				t.Fatalf("want 42501, got %v", err)
			}
			if role := superScalar[string](t, w, `select role from public.profiles where id = $1`, w.user); role != "user" {
				t.Fatalf("role is now %q", role)
			}
			if n, err := w.try(user, `select 1 where public.is_admin()`); err != nil || n != 0 {
				t.Fatalf("is_admin() for the user: rows=%d err=%v", n, err)
			}
		})
	}
	// An administrator can grant and revoke; so can service_role (the server's
	// admin-management function).
	if _, err := w.run(admin, `update public.profiles set role = 'admin' where id = $1`, w.user); err != nil {
		t.Fatal(err)
	}
	if n, _ := w.try(user, `select 1 where public.is_admin()`); n != 1 {
		t.Fatal("promoted user is not admin")
	}
	if _, err := w.run(service, `update public.profiles set role = 'user' where id = $1`, w.user); err != nil {
		t.Fatal(err)
	}
	if role := superScalar[string](t, w, `select role from public.profiles where id = $1`, w.user); role != "user" {
		t.Fatalf("after revoke role %q", role)
	}
}

func TestDeletedBookingIsArchived(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// A rolled-back delete leaves no archive entry: both happen in one transaction.
	if n, err := w.try(admin, `delete from public.bookings where id = $1`, w.booking1); err != nil || n != 1 {
		t.Fatalf("delete (rolled back): rows=%d err=%v", n, err)
	}
	if got := superScalar[int](t, w, `select count(*) from public.deleted_bookings where original_booking_id = $1`, w.booking1); got != 0 {
		t.Fatalf("archive has %d entries after a rolled-back delete", got)
	}

	if n, err := w.run(admin, `delete from public.bookings where id = $1`, w.booking1); err != nil || n != 1 {
		t.Fatalf("delete: rows=%d err=%v", n, err)
	}
	if got := superScalar[int](t, w, `select count(*) from public.bookings where id = $1`, w.booking1); got != 0 {
		t.Fatal("booking still there")
	}
	// The administrator sees it in the archive, with the whole row and who deleted it.
	n, err := w.try(admin, `select 1 from public.deleted_bookings
		where original_booking_id = $1 and car_id = $2 and customer_name = 'Client Un'
		  and customer_email = 'un@example.com' and total_price = 900 and status = 'pending'
		  and start_date = '2026-07-01' and end_date = '2026-07-04'
		  and pickup_location = 'Aéroport Mohammed V'
		  and data ->> 'customer_phone' = '+212600000001' and (data ->> 'days')::int = 3
		  and deleted_by = $3 and deleted_at > now() - interval '1 minute'`, w.booking1, w.carA, w.admin)
	if err != nil || n != 1 {
		t.Fatalf("archive entry as admin: rows=%d err=%v", n, err)
	}
}

func TestContactStatusNeverReturnsToNew(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// Sent without a status: created as 'new'; an empty phone is stored as null.
	if _, err := w.run(anon, `insert into public.contacts (name, email, phone, subject, message) values ('Hind', 'hind@example.com', '  ', 'Sujet', 'Texte')`); err != nil {
		t.Fatal(err)
	}
	if got := superScalar[string](t, w, `select status || '/' || coalesce(phone, 'null') from public.contacts where name = 'Hind'`); got != "new/null" {
		t.Fatalf("new message %q", got)
	}

	set := func(audience, id, status string) error {
		_, err := w.run(audience, `update public.contacts set status = $2, updated_at = now() where id = $1`, id, status)
		return err
	}
	// Forward moves, as the admin screen offers them.
	for _, s := range []string{"read", "replied", "archived"} {
		if err := set(admin, w.contact1, s); err != nil {
			t.Fatalf("to %s: %v", s, err)
		}
	}
	if err := set(admin, w.contact2, "archived"); err != nil { // new -> archived directly
		t.Fatal(err)
	}
	// Backward moves are refused, for every role.
	for _, c := range []struct{ audience, id, from, to string }{
		{admin, w.contact1, "archived", "new"},
		{service, w.contact1, "archived", "new"},
		{admin, w.contact1, "archived", "read"},
		{service, w.contact2, "archived", "replied"},
	} {
		err := set(c.audience, c.id, c.to)
		if sqlState(err) != "23514" {
			t.Fatalf("%s %s -> %s: want 23514, got %v", c.audience, c.from, c.to, err)
		}
		if got := superScalar[string](t, w, `select status from public.contacts where id = $1`, c.id); got != c.from {
			t.Fatalf("status became %q", got)
		}
	}
	// read -> new is refused too.
	w.super(t, `insert into public.contacts (id, name, email, subject, message) values ('c0000000-0000-4000-8000-000000000009', 'R', 'r@example.com', 's', 'm')`)
	if err := set(admin, "c0000000-0000-4000-8000-000000000009", "read"); err != nil {
		t.Fatal(err)
	}
	if err := set(admin, "c0000000-0000-4000-8000-000000000009", "new"); sqlState(err) != "23514" {
		t.Fatalf("read -> new: want 23514, got %v", err)
	}
}

func TestTimestampsAreTheDatabases(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	before := superScalar[time.Time](t, w, `select updated_at from public.contacts where id = $1`, w.contact1)
	created := superScalar[time.Time](t, w, `select created_at from public.contacts where id = $1`, w.contact1)
	// The admin screen sends its own updated_at; the database's clock wins.
	if _, err := w.run(admin, `update public.contacts set status = 'read', updated_at = '2000-01-01' where id = $1`, w.contact1); err != nil {
		t.Fatal(err)
	}
	after := superScalar[time.Time](t, w, `select updated_at from public.contacts where id = $1`, w.contact1)
	if after.Year() == 2000 || after.Before(before) {
		t.Fatalf("updated_at %v, want the database's clock (at or after %v)", after, before)
	}
	if _, err := w.run(service, `update public.contacts set created_at = '2000-01-01' where id = $1`, w.contact1); err != nil {
		t.Fatal(err)
	}
	if got := superScalar[time.Time](t, w, `select created_at from public.contacts where id = $1`, w.contact1); !got.Equal(created) {
		t.Fatalf("created_at changed to %v", got)
	}
}

func TestSlugsAreNormalisedAndGenerated(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// The admin car form sends no slug.
	for range 2 {
		if _, err := w.run(admin, `insert into public.cars (name, brand, category, price, image, seats, transmission, fuel, rating)
			values ('Série 3', 'BMW', 'Premium', 900, '/x.jpg', 5, 'automatic', 'diesel', 4.8)`); err != nil {
			t.Fatal(err)
		}
	}
	if got := superScalar[string](t, w, `select string_agg(slug, ',' order by id) from public.cars where brand = 'BMW'`); got != "bmw-serie-3,bmw-serie-3-2" {
		t.Fatalf("car slugs %q", got)
	}
	if _, err := w.run(admin, `insert into public.blog_posts (title, slug) values ('Conduire au Maroc : règles', 'Conduire--au-Maroc---règles-')`); err != nil {
		t.Fatal(err)
	}
	if n, _ := w.try(admin, `select 1 from public.blog_posts where slug = 'conduire-au-maroc-regles'`); n != 1 {
		t.Fatal("blog slug not normalised")
	}
}
