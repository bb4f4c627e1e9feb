package postgrest

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"casarent/server/jwtauth"
)

// The same URL answers differently for anon, a signed-in user and the service
// role: row-level security in PostgreSQL decides, not Go code.
func TestRLSVisibleRowsDependOnCaller(t *testing.T) {
	e := newEnv(t, 0)
	const alice = "00000000-0000-4000-8000-000000000001"
	url := "/pc_notes?select=body&order=id"
	runCases(t, e, []httpCase{
		{name: "anon", path: url, status: 200, want: `[{"body":"public note"}]`},
		{name: "alice", path: url, headers: []string{userToken(t, alice)}, status: 200,
			want: `[{"body":"public note"},{"body":"alice private"}]`},
		{name: "service role", path: url, headers: []string{e.asService()}, status: 200,
			want: `[{"body":"public note"},{"body":"alice private"},{"body":"bob private"}]`},
		{name: "counts follow visibility", method: "HEAD", path: url, headers: []string{userToken(t, alice), "Prefer: count=exact"}, status: 200,
			check: header("Content-Range", "0-1/2")},
		{name: "alice inserts her own note, owner from auth.uid()", method: "POST", path: "/pc_notes?select=body,owner",
			body: `{"body":"mine"}`, headers: []string{userToken(t, alice), "Prefer: return=representation"}, status: 201,
			want: `[{"body":"mine","owner":"` + alice + `"}]`},
		{name: "anon may not insert", method: "POST", path: "/pc_notes", body: `{"body":"x"}`, status: 401,
			check: func(t *testing.T, r resp) { assertCode(t, r, "42501") }},
		{name: "alice cannot update bob's note: zero rows, not an error", method: "PATCH", path: "/pc_notes?body=eq.bob%20private",
			body: `{"body":"hacked"}`, headers: []string{userToken(t, alice), "Prefer: return=representation"}, status: 200, want: `[]`},
	})
}

// DDL adds a column; the event trigger notifies pgrst; Run reloads the cache and
// the new column is served without a restart.
func TestSchemaReloadAfterDDL(t *testing.T) {
	e := newEnv(t, 0)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { e.h.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })

	r := e.do(t, "GET", "/pc_tags?select=id,color&id=eq.1", "")
	expectStatus(t, r, 400)
	// Wait until the listener is up (Run reloads after LISTEN): its connection
	// shows in pg_stat_activity (a guessed pause can miss the NOTIFY on a busy machine).
	e.db.WaitForListener(t, "pgrst")
	if _, err := e.db.Admin.Exec(context.Background(), "alter table public.pc_tags add column color text default 'red'"); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		r = e.do(t, "GET", "/pc_tags?select=id,color&id=eq.1", "")
		if r.status == 200 {
			expectBody(t, r, `[{"id":1,"color":"red"}]`)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("column never appeared: %d %s", r.status, r.body)
		}
		time.Sleep(50 * time.Millisecond)
	}
	// A new table is served too, and a dropped one disappears.
	if _, err := e.db.Admin.Exec(context.Background(), "create table public.pc_fresh (id int primary key); grant select on public.pc_fresh to anon; insert into public.pc_fresh values (7)"); err != nil {
		t.Fatal(err)
	}
	for {
		r = e.do(t, "GET", "/pc_fresh", "")
		if r.status == 200 {
			expectBody(t, r, `[{"id":7}]`)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("table never appeared: %d %s", r.status, r.body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Run keeps retrying while the database cannot be reached and becomes Ready once it can.
func TestReadyAfterRun(t *testing.T) {
	e := newEnv(t, 0)
	h := New(testOptions(e.db.Pool, nil, 0))
	if h.Ready() {
		t.Fatal("ready before loading")
	}
	// Before the cache is loaded requests get 503 PGRST002 (pjs retries GETs on 503).
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/pc_tags", nil)
	req = req.WithContext(jwtauth.WithIdentity(req.Context(), &jwtauth.Identity{Role: "anon"}))
	h.ServeHTTP(rec, req)
	if rec.Code != 503 || !strings.Contains(rec.Body.String(), "PGRST002") || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("%d %s", rec.Code, rec.Body.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { h.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	deadline := time.Now().Add(5 * time.Second)
	for !h.Ready() {
		if time.Now().After(deadline) {
			t.Fatal("never ready")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// db-max-rows caps every read level (root and embeds) but not what a write returns.
func TestMaxRows(t *testing.T) {
	e := newEnv(t, 2)
	runCases(t, e, []httpCase{
		{name: "root", path: "/pc_books?select=id&order=id", headers: []string{"Prefer: count=exact"}, status: 206,
			want: `[{"id":1},{"id":2}]`, check: header("Content-Range", "0-1/6")},
		{name: "smaller limit kept", path: "/pc_books?select=id&order=id&limit=1", status: 200, want: `[{"id":1}]`},
		{name: "embed", path: "/pc_authors?select=id,pc_books(id)&id=eq.1&pc_books.order=id", status: 200,
			want: `[{"id":1,"pc_books":[{"id":1},{"id":2}]}]`},
		{name: "writes return every row", method: "POST", path: "/pc_tags?select=id", body: `[{"id":7,"name":"a"},{"id":8,"name":"b"},{"id":9,"name":"c"}]`,
			headers: []string{`Prefer: return=representation`}, status: 201, want: `[{"id":7},{"id":8},{"id":9}]`},
	})
}
