package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"

	"casarent/server/conns"
	"casarent/server/httpx"
)

// serveTestApp serves the whole server over TCP as `serve` does (conns.Listen,
// conns.NewHTTPServer, routes) with extra settings; LISTEN_ADDR is a free loopback port.
func serveTestApp(t *testing.T, extra map[string]string) (*app, *httpx.LimitListener) {
	t.Helper()
	env := map[string]string{"LISTEN_ADDR": "127.0.0.1:0"}
	maps.Copy(env, extra)
	a, h := newTestApp(t, env)
	ln, err := conns.Listen(a.cfg, quietLog())
	if err != nil {
		t.Fatal(err)
	}
	srv := conns.NewHTTPServer(a.cfg.HTTP, h)
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return a, ln
}

// dialFrom opens a connection to ln from the loopback address local
// ("127.0.0.1", "127.0.0.2"...: Linux answers all of 127/8).
func dialFrom(t *testing.T, local string, ln net.Listener) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(local)}, Timeout: 10 * time.Second}
	c, err := d.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// getHealth sends GET /health on c and returns the status ("" when no answer).
func getHealth(c net.Conn) string {
	_ = c.SetDeadline(time.Now().Add(30 * time.Second))
	if _, err := io.WriteString(c, "GET /health HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		return ""
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		return ""
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp.Status
}

// closedBefore reports whether the server closes c before deadline, reading
// (and dropping) whatever answer comes first.
func closedBefore(c net.Conn, deadline time.Time) bool {
	_ = c.SetReadDeadline(deadline)
	_, err := io.Copy(io.Discard, c)
	return !errors.Is(err, os.ErrDeadlineExceeded)
}

// Requests that announce a body and never send it are cut at the body deadline,
// whether their handler reads the body or not: /health and pages never do, and
// the server drains an unread body before answering, without any deadline of
// its own. /health keeps answering meanwhile. The header and idle timeouts are
// long here: only the body deadline can close these connections.
func TestBodiesThatNeverComeAreCutAtTheBodyDeadline(t *testing.T) {
	const n = 2000
	_, ln := serveTestApp(t, map[string]string{
		"HTTP_BODY_TIMEOUT": "1s", "HTTP_READ_HEADER_TIMEOUT": "10m", "HTTP_IDLE_TIMEOUT": "10m",
		"CONN_LIMIT_PER_ADDR": "0", // the caps are tested on their own below
	})
	// Well past the 1 s deadline, well before any other timeout: a connection
	// still open then was left open.
	limit := time.Now().Add(45 * time.Second)

	stopHealth := make(chan struct{})
	healthDone := make(chan error, 1)
	go func() { // /health, a new connection each time, all along the attack
		var err error
		for checks := 0; ; checks++ {
			select {
			case <-stopHealth:
				if err == nil && checks == 0 {
					err = errors.New("no health check ran")
				}
				healthDone <- err
				return
			case <-time.After(50 * time.Millisecond):
			}
			c, derr := net.DialTimeout("tcp", ln.Addr().String(), 10*time.Second)
			if derr != nil {
				err = errors.Join(err, derr)
				continue
			}
			if s := getHealth(c); s != "200 OK" && err == nil {
				err = fmt.Errorf("health check %d during the attack: %q", checks+1, s)
			}
			c.Close()
		}
	}()

	// Handlers that never read the body (health, pages) and ones that do.
	targets := []string{"GET /health", "GET /health", "GET /cars", "POST /rest/v1/contacts", "POST /auth/v1/token"}
	var wg sync.WaitGroup
	var failed, open atomic.Int64
	sem := make(chan struct{}, 200) // dials in flight
	for i := range n {
		sem <- struct{}{}
		wg.Go(func() {
			c, err := net.DialTimeout("tcp", ln.Addr().String(), 10*time.Second)
			<-sem
			if err != nil {
				failed.Add(1)
				return
			}
			defer c.Close()
			if _, err := fmt.Fprintf(c, "%s?c=%d HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n", targets[i%len(targets)], i); err != nil {
				failed.Add(1)
				return
			}
			if !closedBefore(c, limit) {
				open.Add(1)
			}
		})
	}
	wg.Wait()
	close(stopHealth)
	if f := failed.Load(); f > 0 {
		t.Fatalf("%d of %d connections could not send their headers", f, n)
	}
	if o := open.Load(); o > 0 {
		t.Fatalf("%d of %d connections waiting for a body were still open long after the body deadline", o, n)
	}
	if err := <-healthDone; err != nil {
		t.Fatal(err)
	}
}

// A keep-alive connection waiting for its next request is closed at
// HTTP_IDLE_TIMEOUT.
func TestIdleConnectionsCloseAtTheIdleTimeout(t *testing.T) {
	_, ln := serveTestApp(t, map[string]string{"HTTP_IDLE_TIMEOUT": "1s", "HTTP_READ_HEADER_TIMEOUT": "10m"})
	c := dialFrom(t, "127.0.0.1", ln)
	defer c.Close()
	if s := getHealth(c); s != "200 OK" {
		t.Fatalf("health: %q", s)
	}
	if !closedBefore(c, time.Now().Add(30*time.Second)) {
		t.Fatal("an idle keep-alive connection was still open long after the idle timeout")
	}
}

// One address holds at most CONN_LIMIT_PER_ADDR connections: the next one is
// closed at once, other addresses are served, and a closed connection frees its place.
func TestConnectionsArePerAddressCapped(t *testing.T) {
	_, ln := serveTestApp(t, map[string]string{"CONN_LIMIT_PER_ADDR": "3"})
	var held []net.Conn
	for range 3 {
		c := dialFrom(t, "127.0.0.2", ln)
		defer c.Close()
		held = append(held, c)
	}
	waitFor(t, 10*time.Second, "three connections open", func() bool { return ln.Open() == 3 })
	over := dialFrom(t, "127.0.0.2", ln)
	defer over.Close()
	if s := getHealth(over); s != "" {
		t.Fatalf("a fourth connection from one address was answered: %q", s)
	}
	other := dialFrom(t, "127.0.0.1", ln)
	defer other.Close()
	if s := getHealth(other); s != "200 OK" {
		t.Fatalf("another address while the first is at its cap: %q", s)
	}
	if s := getHealth(held[0]); s != "200 OK" {
		t.Fatalf("a connection within the cap: %q", s)
	}
	held[1].Close()
	waitFor(t, 10*time.Second, "the closed connection to free its place", func() bool {
		c := dialFrom(t, "127.0.0.2", ln)
		defer c.Close()
		return getHealth(c) == "200 OK"
	})
}

// A websocket lives on a connection of the capped listener: it is served, counts
// against the caps while open and gives its place back when it closes.
func TestWebsocketsWorkBehindTheConnectionCaps(t *testing.T) {
	a, ln := serveTestApp(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws://"+ln.Addr().String()+"/realtime/v1/websocket?vsn=1.0.0&apikey="+a.cfg.AnonKey, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := ws.Write(ctx, websocket.MessageText, []byte(`{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"1"}`)); err != nil {
		t.Fatal(err)
	}
	_, reply, err := ws.Read(ctx)
	if err != nil || !strings.Contains(string(reply), `"phx_reply"`) || !strings.Contains(string(reply), `"ok"`) {
		t.Fatalf("heartbeat: %s %v", reply, err)
	}
	if ln.Open() != 1 {
		t.Fatalf("%d connections open with one websocket", ln.Open())
	}
	_ = ws.Close(websocket.StatusNormalClosure, "")
	waitFor(t, 10*time.Second, "the websocket's connection to be given back", func() bool { return ln.Open() == 0 })
}
