package functions_test

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"casarent/functions"
	"casarent/server/pgtest"
)

// listenInRange listens on a free loopback port of the range these tests may use.
func listenInRange(t *testing.T) (*net.TCPListener, int) {
	t.Helper()
	for port := 26100; port < 26200; port++ {
		ln, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			t.Cleanup(func() { ln.Close() })
			return ln.(*net.TCPListener), port
		}
	}
	t.Fatal("no free port in 26100-26199")
	return nil, 0
}

// A function reaches no local address, however it names it (a name, a decimal
// IPv4, 0.0.0.0, IPv4-mapped IPv6) or connects (fetch, Deno.connect, node:net),
// and cannot listen on a port: a listener of the test's sees no connection. The
// server's API stays reachable at SUPABASE_URL, itself on 127.0.0.1.
func TestFileFunctionReachesNoLocalAddress(t *testing.T) {
	e := newFileEnv(t, nil, nil)
	ln, port := listenInRange(t)
	free, freePort := listenInRange(t)
	free.Close() // the port the function tries to listen on
	q := url.Values{"port": {fmt.Sprint(port)}, "listen": {fmt.Sprint(freePort)},
		"host": {"127.0.0.1", "localhost", "0.0.0.0", "[::1]", "[::ffff:127.0.0.1]", "2130706433"}}
	a := e.call(t, "GET", "netprobe?"+q.Encode(), e.anon, "")
	if a.status != 200 {
		t.Fatalf("%d %s", a.status, a.body)
	}
	for what, outcome := range a.json(t) {
		if outcome != "refused" {
			t.Errorf("%s: %v, want refused", what, outcome)
		}
	}
	if err := ln.SetDeadline(time.Now()); err != nil {
		t.Fatal(err)
	}
	if c, err := ln.Accept(); err == nil {
		c.Close()
		t.Error("a connection reached the test's listener")
	} else if ne := (net.Error)(nil); !errors.As(err, &ne) || !ne.Timeout() {
		t.Fatal(err)
	}

	// SUPABASE_URL (this test's server, on 127.0.0.1) answers through the worker's socket.
	a = e.call(t, "GET", "netprobe?api=/functions/v1/public", e.anon, "")
	if a.status != 200 || a.json(t)["api"] != `200 {"public":true}` {
		t.Errorf("fetch(SUPABASE_URL…): %d %s", a.status, a.body)
	}
}

// FUNCTIONS_NET_ALLOW opens an address the sandbox denies otherwise.
func TestFileFunctionNetAllow(t *testing.T) {
	ln, port := listenInRange(t)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	e := newFileEnv(t, func(o *functions.FileOptions) { o.NetAllow = mustPrefixes("127.0.0.1/32") }, nil)
	q := url.Values{"port": {fmt.Sprint(port)}, "host": {"127.0.0.1", "127.0.0.2"}}
	a := e.call(t, "GET", "netprobe?"+q.Encode(), e.anon, "")
	m := a.json(t)
	if m["connect 127.0.0.1"] != "connected" || m["connect 127.0.0.2"] != "refused" {
		t.Errorf("with 127.0.0.1 opened: %s", a.body)
	}
}

// SUPABASE_DB_URL logs in as functions_db, through the worker's database socket
// (the database's loopback address is denied to the function): not a superuser,
// no BYPASSRLS, not a member of pg_execute_server_program or service_role; COPY …
// TO PROGRAM and CREATE ROLE are refused. npm:postgres and npm:pg both connect.
func TestFileFunctionDatabaseRole(t *testing.T) {
	db := pgtest.New(t)
	u, err := url.Parse(db.AdminURL)
	if err != nil {
		t.Fatal(err)
	}
	dbURL := fmt.Sprintf("postgresql://functions_db:%s@%s/%s?sslmode=disable", pgtest.FunctionsDBPassword, u.Host, db.Name)
	e := newFileEnv(t, func(o *functions.FileOptions) {
		o.Env["SUPABASE_DB_URL"] = dbURL
		o.DBAddr = u.Host
	}, nil)
	a := e.call(t, "GET", "dbrole", e.anon, "")
	if a.status != 200 {
		t.Fatalf("%d %s\n%s", a.status, a.body, e.log.String())
	}
	m := a.json(t)
	for k, want := range map[string]any{"user": "functions_db", "pgUser": "functions_db", "super": false, "bypassrls": false,
		"createrole": false, "serverProgram": false, "serviceRole": false, "authenticated": true} {
		if m[k] != want {
			t.Errorf("%s: %v, want %v (%s)", k, m[k], want, a.body)
		}
	}
	if c, _ := m["copy"].(string); !strings.Contains(c, "permission denied") && !strings.Contains(c, "must be superuser") {
		t.Errorf("COPY TO PROGRAM: %q, want refused", c)
	}
	if c, _ := m["createRole"].(string); !strings.Contains(c, "permission denied") {
		t.Errorf("CREATE ROLE: %q, want refused", c)
	}
}

func mustPrefixes(s ...string) []netip.Prefix {
	var out []netip.Prefix
	for _, p := range s {
		out = append(out, netip.MustParsePrefix(p))
	}
	return out
}
