package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/pgtest"
)

// ownProject writes a developer's own project: one table with row-level
// security and no GRANT, and a seed.
func ownProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	mig := filepath.Join(dir, "supabase", "migrations")
	if err := os.MkdirAll(mig, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		filepath.Join(mig, "20270101000000_todos.sql"): `create table public.todos (
			id bigint generated always as identity primary key,
			user_id uuid not null default auth.uid() references auth.users on delete cascade,
			task text not null);
		alter table public.todos enable row level security;
		create policy "own todos" on public.todos for all to authenticated
			using (user_id = auth.uid()) with check (user_id = auth.uid());`,
		filepath.Join(dir, "supabase", "seed.sql"): `insert into auth.users (id, email) values ('00000000-0000-0000-0000-00000000000a', 'seed@example.com');
		insert into public.todos (user_id, task) values ('00000000-0000-0000-0000-00000000000a', 'seeded');`,
	}
	for path, body := range files {
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A project that is not the rental's: `server db reset` makes its database from
// the platform and its own migrations, then its seed; the rental is nowhere in it;
// a new table is granted to the API roles as on Supabase; `server gen types`
// lists its own tables only.
func TestAProjectOfItsOwn(t *testing.T) {
	cluster := pgtest.ClusterURL(t)
	ctx := context.Background()
	name := fmt.Sprintf("own_%d", time.Now().UnixNano())
	t.Cleanup(func() {
		if c, err := pgx.Connect(ctx, cluster); err == nil {
			_, _ = c.Exec(ctx, "drop database if exists "+name+" with (force)")
			c.Close(ctx)
		}
	})
	dbURL := pgtest.WithDatabase(cluster, name, "", "")
	env := map[string]string{
		"DATABASE_URL": dbURL, "PROJECT_DIR": ownProject(t), "DATA_DIR": t.TempDir(), "JWT_SECRET": pgtest.JWTSecret,
		"AUTHENTICATOR_PASSWORD": pgtest.AuthenticatorPassword, "FUNCTIONS_DB_PASSWORD": pgtest.FunctionsDBPassword,
	}
	getenv := func(k string) string { return env[k] }
	var out bytes.Buffer
	if err := run(ctx, []string{"db", "reset"}, getenv, &out); err != nil {
		t.Fatalf("db reset: %v", err)
	}
	if !strings.Contains(out.String(), "seed.sql run") {
		t.Errorf("db reset said %q", out.String())
	}
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatal(err)
	}
	var (
		todos                 int
		rental                *string
		version               string
		anonSelect, authWrite bool
	)
	// Nothing of the rental's, nor a schema a project may want to create itself (Supabase's
	// guides create private for their helpers).
	if _, err := conn.Exec(ctx, `create schema private`); err != nil {
		t.Errorf("a project cannot create its own private schema: %v", err)
	}
	if err := conn.QueryRow(ctx, `select (select count(*) from public.todos), to_regclass('public.cars')::text,
		(select string_agg(version, ',') from supabase_migrations.schema_migrations),
		has_table_privilege('anon', 'public.todos', 'select'), has_table_privilege('authenticated', 'public.todos', 'insert')`).
		Scan(&todos, &rental, &version, &anonSelect, &authWrite); err != nil {
		t.Fatal(err)
	}
	if todos != 1 || rental != nil || version != "20270101000000" || !anonSelect || !authWrite {
		t.Errorf("after reset: %d todos (want the seed's 1), rental table %v (want none), history %q, anon select %v, authenticated insert %v",
			todos, rental, version, anonSelect, authWrite)
	}
	// A row added since is gone after another reset.
	if _, err := conn.Exec(ctx, `insert into public.todos (user_id, task) values ('00000000-0000-0000-0000-00000000000a', 'later')`); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	if err := run(ctx, []string{"db", "reset"}, getenv, &out); err != nil {
		t.Fatalf("second db reset: %v", err)
	}
	if conn, err = pgx.Connect(ctx, dbURL); err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if err := conn.QueryRow(ctx, `select count(*) from public.todos`).Scan(&todos); err != nil || todos != 1 {
		t.Errorf("after a second reset %d todos (err %v), want the seed's 1", todos, err)
	}

	out.Reset()
	if err := run(ctx, []string{"migrate", "--dry-run"}, getenv, &out); err != nil || strings.TrimSpace(out.String()) != "nothing to apply" {
		t.Errorf("migrate --dry-run after a reset: %q (err %v), want nothing to apply", out.String(), err)
	}
	var statement string
	if err := conn.QueryRow(ctx, `select statements[1] from supabase_migrations.schema_migrations`).Scan(&statement); err != nil ||
		!strings.HasPrefix(statement, "create table public.todos") || strings.HasSuffix(statement, ";") {
		t.Errorf("recorded statement %q (err %v), want the file without its last semicolon", statement, err)
	}
	out.Reset()
	if err := run(ctx, []string{"gen", "types"}, getenv, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "todos: {") || strings.Contains(out.String(), "cars: {") || strings.Contains(out.String(), "bookings") {
		t.Errorf("gen types of the project lists other tables than its own:\n%s", out.String())
	}

	// Served, it has the APIs and none of the rental's parts: no site, no rental
	// function, no rental worker (the platform's seven: REST's cache, the read
	// replicas' checks, realtime's two, the functions' runtime, the buckets of
	// config.toml, Studio's API).
	cfg, err := loadConfig(getenv)
	if err != nil {
		t.Fatal(err)
	}
	a, err := newApp(cfg, quietLog())
	if err != nil {
		t.Fatal(err)
	}
	defer a.db.Pool.Close()
	if a.rental != nil || a.site != nil || len(a.workers) != 7 {
		t.Errorf("a project of its own got the rental's parts: settings %v, site %v, %d workers (want 7)", a.rental != nil, a.site != nil, len(a.workers))
	}
	for _, req := range []string{"POST /functions/v1/admin-users", "POST /functions/v1/create-paypal-order", "GET /", "GET /sitemap.xml"} {
		method, path, _ := strings.Cut(req, " ")
		r := httptest.NewRequest(method, path, strings.NewReader("{}"))
		r.Header.Set("Authorization", "Bearer "+cfg.AnonKey)
		r.Header.Set("apikey", cfg.AnonKey)
		rec := httptest.NewRecorder()
		a.routes().ServeHTTP(rec, r)
		if rec.Code != http.StatusNotFound {
			t.Errorf("%s on a project of its own: %d %s, want 404", req, rec.Code, rec.Body)
		}
	}

	env["ENVIRONMENT"] = "production"
	if err := run(ctx, []string{"db", "reset"}, getenv, &out); err == nil || !strings.Contains(err.Error(), "db reset drops the database") {
		t.Errorf("db reset in production: %v, want a refusal", err)
	}
}
