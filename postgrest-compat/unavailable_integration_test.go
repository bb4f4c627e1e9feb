package postgrest

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/pgtest"
)

// While the database cannot be reached the answer is 503 PGRST000 with
// Retry-After, and the body says nothing of the connection: the driver's error
// names the host, port, user and database, and anonymous callers read it.
func TestDatabaseDownAnswers503WithoutConnectionDetails(t *testing.T) {
	e := newEnv(t, 0)
	// A port nobody listens on: take one, then free it.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	u, err := url.Parse(e.db.URL)
	if err != nil {
		t.Fatal(err)
	}
	u.Host = net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
	down, err := pgxpool.New(context.Background(), u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(down.Close)
	e.h.opts.Pool = down // the schema cache stays loaded, as after an outage began

	r := e.do(t, "GET", "/pc_authors?select=id", "")
	expectStatus(t, r, 503)
	assertCode(t, r, "PGRST000")
	if r.header.Get("Retry-After") == "" {
		t.Errorf("503 without Retry-After: %v", r.header)
	}
	for _, leak := range []string{strconv.Itoa(port), "127.0.0.1", "authenticator", e.db.Name, "user=", "database="} {
		if strings.Contains(r.body, leak) {
			t.Errorf("body names %q: %s", leak, r.body)
		}
	}
}

// The statement after a crash, on the connection that died, fails in the
// driver with "conn closed": a 503 like the outage it is, not a 500.
func TestDeadConnectionErrorIs503(t *testing.T) {
	err := fmt.Errorf("failed to deallocate cached statement(s): %w", pgconn.ErrConnClosed)
	if ae := toAPIError(err, true); ae.Status != 503 || ae.Details != nil {
		t.Errorf("%v → %d %s details %v, want 503 without details", err, ae.Status, ae.Code, ae.Details)
	}
}

// A request in flight when its connection dies (PostgreSQL crashing or its
// backend killed) is a 503 like any outage, not a 500, with Retry-After and
// without the driver's error.
func TestConnectionLostMidRequestAnswers503(t *testing.T) {
	e := newEnv(t, 0)
	ctx := context.Background()
	// One function per case: the backend of an earlier case sleeps on after its
	// client is gone, and must not be mistaken for the next one's.
	for _, fn := range []string{"pc_slow_reset", "pc_slow_end"} {
		e.db.Exec(t, `create function public.`+fn+`() returns int language sql stable as $$ select 1 from pg_sleep(30) $$;
			grant execute on function public.`+fn+`() to service_role`)
	}
	if err := e.h.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	for _, reset := range []bool{true, false} {
		fn := map[bool]string{true: "pc_slow_reset", false: "pc_slow_end"}[reset]
		p := pgtest.NewCutProxy(t, e.db)
		e.h.opts.Pool = p.Pool(t)
		done := make(chan resp, 1)
		go func() { done <- e.do(t, "GET", "/rpc/"+fn, "", e.asService()) }()
		e.db.WaitForStatement(t, fn)
		p.Cut(reset)
		r := <-done
		if r.status != 503 || r.header.Get("Retry-After") == "" {
			t.Fatalf("reset %v: %d %v %s, want 503 with Retry-After", reset, r.status, r.header, r.body)
		}
		expectBody(t, r, `{"code":"PGRST001","details":null,"hint":null,"message":"Database client error. Retrying the connection."}`)
	}
}
