package main

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"casarent/server/pgtest"
)

// Inputs that answered 500 answer a clear 4xx.
func TestOddInputsGetA4xx(t *testing.T) {
	dist := siteDist(t, map[string]string{"index.html": "<!doctype html><title>site</title>"})
	a, h := newTestApp(t, map[string]string{"FRONTEND_DIST": dist})
	key := map[string]string{"apikey": a.cfg.AnonKey}
	for _, c := range []struct {
		path string
		hdr  map[string]string
		want int
	}{
		{"/" + strings.Repeat("a", 300), nil, http.StatusOK}, // a page the site's router answers (its 404)
		{"/cars/" + strings.Repeat("x", 300) + ".jpg", nil, http.StatusNotFound},
		{"/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd", nil, http.StatusNotFound},
		{"/rest/v1/cars?select=" + strings.Repeat("id,", 50_000) + "id", key, http.StatusBadRequest},
	} {
		rec := do(h, http.MethodGet, c.path, c.hdr)
		if rec.Code != c.want {
			t.Errorf("GET %.60s…: %d %.200s, want %d", c.path, rec.Code, rec.Body, c.want)
		}
	}
	// A validly signed token whose subject is not a user id.
	tok := pgtest.Token(t, "authenticated", "not-a-uuid", nil)
	rec := send(h, http.MethodPost, "/functions/v1/admin-users", `{"action":"list"}`,
		map[string]string{"Authorization": "Bearer " + tok, "apikey": a.cfg.AnonKey, "Content-Type": "application/json"})
	if rec.Code != http.StatusUnauthorized {
		t.Errorf("admin-users with sub 'not-a-uuid': %d %s, want 401", rec.Code, rec.Body)
	}
	// A booking returning in year 9999.
	rec = send(h, http.MethodPost, "/rest/v1/bookings", `{"car_id": 1, "customer_name": "A",
		"customer_email": "a@example.com", "customer_phone": "+212600000000", "start_date": "2027-01-01", "end_date": "9999-12-31"}`,
		map[string]string{"apikey": a.cfg.ServiceRoleKey, "Authorization": "Bearer " + a.cfg.ServiceRoleKey, "Content-Type": "application/json"})
	if rec.Code/100 != 4 {
		t.Errorf("a booking until 9999-12-31: %d %s, want a 4xx", rec.Code, rec.Body)
	}
}

// A body that trickles (10 bytes every 2 s) is cut after a few
// seconds with 408, instead of holding the connection for as long as it lasts.
func TestTricklingBodiesAreCut(t *testing.T) {
	a, h := newTestApp(t, nil)
	srv := httptest.NewServer(h)
	defer srv.Close()
	for _, path := range []string{"/rest/v1/contacts", "/auth/v1/token?grant_type=password", "/storage/v1/object/car-images/slow.jpg"} {
		conn, err := net.Dial("tcp", srv.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: x\r\napikey: %s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n",
			path, a.cfg.ServiceRoleKey, a.cfg.ServiceRoleKey)
		answered := make(chan string, 1)
		go func() {
			line, _ := bufio.NewReader(conn).ReadString('\n')
			answered <- line
		}()
		var status string
	feed:
		for range 30 {
			select {
			case status = <-answered:
				break feed
			case <-time.After(2 * time.Second):
				if _, err := conn.Write([]byte("          ")); err != nil {
					status = <-answered
					break feed
				}
			}
		}
		conn.Close()
		took := time.Since(start)
		if !strings.Contains(status, " 408 ") || took > 20*time.Second {
			t.Errorf("POST %s trickling: answered %q after %s, want 408 within seconds", path, strings.TrimSpace(status), took.Round(time.Second))
		}
	}
}
