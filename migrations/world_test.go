package migrations_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/pgrole"
	"casarent/server/pgtest"
)

// world is a fresh database with known rows in every app table, created as the
// superuser; the checks themselves always run as an API role through pgrole.
type world struct {
	db                       *pgtest.DB
	admin, user, other       string // auth user ids (with profiles)
	orphan                   string // an auth user whose profile was removed
	carA, carB               int64  // daily prices 300 and 450
	booking1, booking2       string
	contact1, contact2       string
	publishedPost, draftPost string
}

// The four audiences of the permission matrix.
const (
	anon    = "anon"
	user    = "user"  // signed in, role 'user'
	admin   = "admin" // signed in, role 'admin'
	service = "service_role"
)

var audiences = []string{anon, user, admin, service}

func (w *world) as(audience string) pgrole.Session {
	switch audience {
	case anon:
		return pgtest.As("anon", "")
	case user:
		return pgtest.As("authenticated", w.user)
	case admin:
		return pgtest.As("authenticated", w.admin)
	case service:
		return pgtest.As("service_role", "")
	}
	panic("unknown audience " + audience)
}

func newWorld(t *testing.T) *world {
	t.Helper()
	w := &world{
		db:            pgtest.New(t),
		admin:         "a0000000-0000-4000-8000-000000000001",
		user:          "a0000000-0000-4000-8000-000000000002",
		other:         "a0000000-0000-4000-8000-000000000003",
		orphan:        "a0000000-0000-4000-8000-000000000004",
		carA:          1001,
		carB:          1002,
		booking1:      "b0000000-0000-4000-8000-000000000001",
		booking2:      "b0000000-0000-4000-8000-000000000002",
		contact1:      "c0000000-0000-4000-8000-000000000001",
		contact2:      "c0000000-0000-4000-8000-000000000002",
		publishedPost: "d0000000-0000-4000-8000-000000000001",
		draftPost:     "d0000000-0000-4000-8000-000000000003",
	}
	w.super(t, `insert into auth.users (id, aud, role, email, raw_user_meta_data) values
		($1, 'authenticated', 'authenticated', 'admin@example.com', '{"first_name":"Amina","last_name":"Admin"}'),
		($2, 'authenticated', 'authenticated', 'user@example.com', '{"first_name":"Youssef","last_name":"User"}'),
		($3, 'authenticated', 'authenticated', 'other@example.com', '{}'),
		($4, 'authenticated', 'authenticated', 'orphan@example.com', '{}')`,
		w.admin, w.user, w.other, w.orphan)
	// Promotion happens as the superuser: the server's admin bootstrap does the same.
	w.super(t, `update public.profiles set role = 'admin' where id = $1`, w.admin)
	w.super(t, `delete from public.profiles where id = $1`, w.orphan)
	w.super(t, `insert into public.cars (id, slug, name, brand, category, price, image, seats, transmission, fuel, rating) values
		(1001, 'renault-clio-test', 'Clio', 'Renault', 'Économique', 300, '/a.jpg', 5, 'manual', 'gasoline', 4.5),
		(1002, 'peugeot-508-test', '508', 'Peugeot', 'Berline', 450, '/b.jpg', 5, 'automatic', 'diesel', 4.7)`)
	w.super(t, `insert into public.car_images (car_id, image_url, display_order) values
		(1001, '/a1.jpg', 0), (1001, '/a2.jpg', 1), (1002, '/b1.jpg', 0)`)
	w.super(t, `insert into public.blog_posts (id, title, slug, status, content) values
		($1, 'Publié', 'publie', 'published', '<p>a</p>'),
		('d0000000-0000-4000-8000-000000000002', 'Publié 2', 'publie-2', 'published', '<p>b</p>'),
		($2, 'Brouillon', 'brouillon', 'draft', '<p>c</p>')`, w.publishedPost, w.draftPost)
	w.super(t, `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date) values
		($1, 1001, 'Client Un', 'un@example.com', '+212600000001', '2026-07-01', '2026-07-04'),
		($2, 1002, 'Client Deux', 'deux@example.com', '+212600000002', '2026-08-01', '2026-08-02')`, w.booking1, w.booking2)
	w.super(t, `insert into public.payments (booking_id, kind, status, amount, currency, amount_mad, method, provider_order_id, settled_at)
		values ($1, 'paypal', 'captured', 75, 'EUR', 810, 'paypal', 'WORLDORDER1', now())`, w.booking2)
	w.super(t, `insert into public.car_blocks (car_id, start_date, end_date, reason) values (1002, '2026-10-01', '2026-10-03', 'Révision')`)
	w.super(t, `insert into public.deleted_bookings (original_booking_id, car_id, customer_name, data)
		values ('b0000000-0000-4000-8000-0000000000ff', 1001, 'Ancien', '{}')`)
	w.super(t, `insert into public.whatsapp_clicks (car_id, user_agent) values (1001, 'ua1'), (1002, 'ua2')`)
	w.super(t, `insert into public.contacts (id, name, email, subject, message) values
		($1, 'Sara', 'sara@example.com', 'Question', 'Bonjour'),
		($2, 'Omar', 'omar@example.com', 'Devis', 'Salam')`, w.contact1, w.contact2)
	w.super(t, `insert into storage.buckets (id, name, public) values ('private-docs', 'private-docs', false)`)
	w.super(t, `insert into storage.objects (bucket_id, name, metadata) values
		('car-images', 'fixture/a.jpg', '{"mimetype":"image/jpeg","size":1}'),
		('blog-images', 'fixture/b.jpg', '{"mimetype":"image/jpeg","size":1}'),
		('private-docs', 'fixture/secret.txt', '{"mimetype":"text/plain","size":1}')`)
	return w
}

// super runs setup SQL as the superuser (never used for a permission check).
func (w *world) super(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := w.db.Admin.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("setup %q: %v", sql, err)
	}
}

// elapse lets d go by for the bookings of this world. The rules compare stored
// instants with now(), which PostgreSQL fixes at each transaction's start and
// cannot be set; moving every stored instant back by d is what d elapsing looks
// like to them, with no sleep and no race with a slow machine.
func (w *world) elapse(t *testing.T, d time.Duration) {
	t.Helper()
	w.super(t, `update public.bookings set created_at = created_at - make_interval(secs => $1),
		hold_expires_at = hold_expires_at - make_interval(secs => $1)`, d.Seconds())
}

// superScalar reads one value as the superuser, to look behind RLS after a check.
func superScalar[T any](t *testing.T, w *world, sql string, args ...any) T {
	t.Helper()
	var v T
	if err := w.db.Admin.QueryRow(context.Background(), sql, args...).Scan(&v); err != nil {
		t.Fatalf("%q: %v", sql, err)
	}
	return v
}

// run executes sql as the audience and commits; it reports the rows affected
// (or returned, for a select).
func (w *world) run(audience, sql string, args ...any) (int64, error) {
	var n int64
	err := pgrole.Do(context.Background(), w.db.Pool, w.as(audience), func(c pgrole.Conn) error {
		tag, err := c.Exec(context.Background(), sql, args...)
		n = tag.RowsAffected()
		return err
	})
	return n, err
}

// try is run, rolled back whatever happens: the world stays as newWorld made it.
func (w *world) try(audience, sql string, args ...any) (int64, error) {
	return w.trySession(w.as(audience), sql, args...)
}

// trySession is try for any session.
func (w *world) trySession(s pgrole.Session, sql string, args ...any) (int64, error) {
	var n int64
	err := pgrole.DoRollback(context.Background(), w.db.Pool, s, func(c pgrole.Conn) error {
		tag, err := c.Exec(context.Background(), sql, args...)
		n = tag.RowsAffected()
		return err
	})
	return n, err
}

// readJSON reads the one JSON value sql returns, as session s, into dst (pgx decodes
// json and jsonb with encoding/json). Nothing is committed.
func readJSON(t *testing.T, db *pgtest.DB, s pgrole.Session, dst any, sql string, args ...any) {
	t.Helper()
	err := pgrole.Query(context.Background(), db.Pool, s, false, sql, args, func(r pgx.Rows) error {
		if !r.Next() {
			return fmt.Errorf("no row (%v)", r.Err())
		}
		return r.Scan(dst)
	})
	if err != nil {
		t.Fatalf("%q: %v", sql, err)
	}
}

// readRows reads every row sql returns, as the audience, each made a T by rowTo
// (pgx.RowTo for one column, pgx.RowToStructByPos for a struct). Nothing is committed.
func readRows[T any](t *testing.T, w *world, audience string, rowTo pgx.RowToFunc[T], sql string, args ...any) []T {
	t.Helper()
	var out []T
	err := pgrole.Query(context.Background(), w.db.Pool, w.as(audience), false, sql, args, func(r pgx.Rows) error {
		var err error
		out, err = pgx.CollectRows(r, rowTo)
		return err
	})
	if err != nil {
		t.Fatalf("%s: %q: %v", audience, sql, err)
	}
	return out
}

func sqlState(err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code
	}
	return ""
}
