package pgrole_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/pgrole"
	"casarent/server/pgtest"
)

func TestSessionSettingsAreVisible(t *testing.T) {
	db := pgtest.New(t)
	ctx := context.Background()
	sess := pgtest.As("authenticated", "6f0c1b5e-2d7a-4a53-9f7e-0b1f6a1c2d3e")
	sess.Method, sess.Path, sess.HeadersJSON = "GET", "/cars", []byte(`{"x-test":"1"}`)
	sess.ReadOnly = true
	var role, uid, method, path, header string
	err := pgrole.Query(ctx, db.Pool, sess, false,
		`select current_user, auth.uid()::text, current_setting('request.method'), current_setting('request.path'),
		        current_setting('request.headers')::json->>'x-test'`, nil,
		func(rows pgx.Rows) error {
			if !rows.Next() {
				return errors.New("no row")
			}
			return rows.Scan(&role, &uid, &method, &path, &header)
		})
	if err != nil {
		t.Fatal(err)
	}
	if role != "authenticated" || uid != "6f0c1b5e-2d7a-4a53-9f7e-0b1f6a1c2d3e" || method != "GET" || path != "/cars" || header != "1" {
		t.Fatalf("got role=%s uid=%s method=%s path=%s header=%s", role, uid, method, path, header)
	}
}

func TestReadOnlyRefusesWrites(t *testing.T) {
	db := pgtest.New(t)
	sess := pgtest.As("service_role", "")
	sess.ReadOnly = true
	err := pgrole.Do(context.Background(), db.Pool, sess, func(c pgrole.Conn) error {
		_, err := c.Exec(context.Background(), "create temp table x (a int)")
		return err
	})
	if err == nil {
		t.Fatal("a read-only transaction accepted a write")
	}
}

func TestRoleAllowList(t *testing.T) {
	db := pgtest.New(t)
	err := pgrole.Do(context.Background(), db.Pool, pgrole.Session{Role: "postgres"}, func(pgrole.Conn) error { return nil })
	if !errors.Is(err, pgrole.ErrRole) {
		t.Fatalf("want ErrRole, got %v", err)
	}
}

func TestFailedStatementRollsBackAndConnectionIsReusable(t *testing.T) {
	db := pgtest.New(t)
	ctx := context.Background()
	db.Pool.Config().MaxConns = 1
	sess := pgtest.As("service_role", "")
	if _, err := db.Admin.Exec(ctx, "create table public.pgrole_t (a int primary key); grant all on public.pgrole_t to service_role"); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		err := pgrole.Query(ctx, db.Pool, sess, false, "insert into public.pgrole_t values (1), (1)", nil, func(pgx.Rows) error { return nil })
		if err == nil {
			t.Fatal("duplicate insert succeeded")
		}
	}
	var n int
	err := pgrole.Query(ctx, db.Pool, sess, false, "select count(*) from public.pgrole_t", nil, func(rows pgx.Rows) error {
		rows.Next()
		return rows.Scan(&n)
	})
	if err != nil || n != 0 {
		t.Fatalf("n=%d err=%v", n, err)
	}
	// tx=rollback: the write is undone.
	err = pgrole.Query(ctx, db.Pool, sess, true, "insert into public.pgrole_t values (2)", nil, func(pgx.Rows) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Admin.QueryRow(ctx, "select count(*) from public.pgrole_t").Scan(&n); err != nil || n != 0 {
		t.Fatalf("after rollback n=%d err=%v", n, err)
	}
}

// Each API role runs under its own statement_timeout (a role setting of the platform's baseline):
// a visitor's query is stopped after 3 s, the service role's is not limited, and
// the setting does not outlive the transaction on the pooled connection.
func TestRoleStatementTimeouts(t *testing.T) {
	db := pgtest.New(t)
	ctx := context.Background()
	timeout := func(s pgrole.Session) string {
		var v string
		if err := pgrole.Query(ctx, db.Pool, s, false, `select current_setting('statement_timeout')`, nil,
			func(rows pgx.Rows) error { rows.Next(); return rows.Scan(&v) }); err != nil {
			t.Fatal(err)
		}
		return v
	}
	for _, c := range []struct{ role, want string }{{"anon", "3s"}, {"authenticated", "8s"}, {"service_role", "0"}, {"anon", "3s"}} {
		if got := timeout(pgtest.As(c.role, "")); got != c.want {
			t.Errorf("%s: statement_timeout %q, want %q", c.role, got, c.want)
		}
	}
	err := pgrole.Query(ctx, db.Pool, pgtest.As("anon", ""), false, `select pg_sleep(3.5)`, nil, func(rows pgx.Rows) error {
		for rows.Next() {
		}
		return rows.Err()
	})
	var pe *pgconn.PgError
	if !errors.As(err, &pe) || pe.Code != "57014" {
		t.Fatalf("a 3.5 s query as anon: %v, want 57014 (statement timeout)", err)
	}
}
