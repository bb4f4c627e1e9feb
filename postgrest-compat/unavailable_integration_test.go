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
