package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"casarent/server/config"
	"casarent/server/mail"
	"casarent/server/pgtest"
)

// An unhealthy answer says what is down, not the driver's error (which names
// the database host, user and database).
func TestHealthDoesNotLeakConnectionDetails(t *testing.T) {
	prepared, _ := newTestApp(t, nil)
	// One server lost its database after preparing it, one never prepared it.
	unprepared, err := newApp(testConfig(t, pgtest.New(t), nil), quietLog())
	if err != nil {
		t.Fatal(err)
	}
	for name, a := range map[string]*app{"prepared": prepared, "unprepared": unprepared} {
		a.db.Pool.Close()
		rec := do(a.routes(), http.MethodGet, "/health", nil)
		if rec.Code != http.StatusServiceUnavailable {
			t.Fatalf("%s: health on a closed pool: %d %s", name, rec.Code, rec.Body)
		}
		body := rec.Body.String()
		for _, leak := range []string{"closed pool", "authenticator", "127.0.0.1", "password", "dial"} {
			if strings.Contains(body, leak) {
				t.Errorf("%s: health body leaks %q: %s", name, leak, body)
			}
		}
	}
}

// Without SMTP the emails go to the log; in production their bodies (sign-in,
// recovery and invitation links) must not: whoever reads the logs could use them.
func TestProductionLogMailerRedactsLinks(t *testing.T) {
	for _, tc := range []struct {
		env    string
		redact bool
	}{{"development", false}, {"production", true}} {
		var buf strings.Builder
		a := &app{cfg: &config.Config{Environment: tc.env}, log: slog.New(slog.NewTextHandler(&buf, nil))}
		m := a.newMailer()
		if err := m.Send(context.Background(), mail.Message{To: "victim@example.com", Subject: "Reset", Text: "http://x/verify?token=SECRET-LINK-TOKEN&type=recovery"}); err != nil {
			t.Fatal(err)
		}
		if leaked := strings.Contains(buf.String(), "SECRET-LINK-TOKEN"); leaked == tc.redact {
			t.Errorf("%s: link in log = %v, want %v: %s", tc.env, leaked, !tc.redact, buf.String())
		}
		if !strings.Contains(buf.String(), "EMAIL NOT SENT") {
			t.Errorf("%s: the log must still say the email was not sent: %s", tc.env, buf.String())
		}
	}
}

// The database's limit on public writes is keyed by the address the server sees:
// forged forwarding headers do not reset it, unless RATE_LIMIT_HEADER names the
// header a trusted proxy writes. Refusals have PostgREST's shape and status.
func TestPublicWritesAreLimitedByTheAddressTheServerSees(t *testing.T) {
	post := func(h http.Handler, key, xff string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, "/rest/v1/contacts",
			strings.NewReader(`{"name":"Flood","email":"f@example.com","subject":"S","message":"M"}`))
		req.RemoteAddr = "198.51.100.9:40000"
		req.Header.Set("apikey", key)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Forwarded-For", xff)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	a, h := newTestApp(t, nil)
	for i := range 5 {
		if rec := post(h, a.cfg.AnonKey, fmt.Sprintf("10.0.0.%d", i)); rec.Code != http.StatusCreated {
			t.Fatalf("message %d: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	rec := post(h, a.cfg.AnonKey, "10.0.0.99")
	var body map[string]any
	_ = json.Unmarshal(rec.Body.Bytes(), &body)
	if rec.Code != http.StatusTooManyRequests || body["code"] != "PT429" || body["message"] == "" || body["hint"] == nil || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("6th message with a new forged X-Forwarded-For: %d %s", rec.Code, rec.Body)
	}

	// Behind a trusted proxy the address it appends to the header is the client's,
	// whatever the client wrote in front of it.
	a, h = newTestApp(t, map[string]string{"RATE_LIMIT_HEADER": "X-Forwarded-For"})
	for i := range 6 {
		if rec := post(h, a.cfg.AnonKey, fmt.Sprintf("198.51.100.9, 10.0.0.%d", i)); rec.Code != http.StatusCreated {
			t.Fatalf("visitor %d behind the proxy: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	for i := range 5 {
		if rec := post(h, a.cfg.AnonKey, fmt.Sprintf("10.1.0.%d, 203.0.113.5", i)); rec.Code != http.StatusCreated {
			t.Fatalf("message %d from one visitor behind the proxy: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	if rec := post(h, a.cfg.AnonKey, "10.1.0.99, 203.0.113.5"); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("6th message from one visitor with a new forged first value: %d %s", rec.Code, rec.Body)
	}

	// Behind two proxies the client is the second value from the right.
	a, h = newTestApp(t, map[string]string{"RATE_LIMIT_HEADER": "X-Forwarded-For", "TRUSTED_PROXIES": "2"})
	for i := range 5 {
		if rec := post(h, a.cfg.AnonKey, fmt.Sprintf("10.2.0.%d, 203.0.113.6, 10.0.0.%d", i, i)); rec.Code != http.StatusCreated {
			t.Fatalf("message %d behind two proxies: %d %s", i+1, rec.Code, rec.Body)
		}
	}
	if rec := post(h, a.cfg.AnonKey, "10.2.0.99, 203.0.113.6, 10.0.0.99"); rec.Code != http.StatusTooManyRequests {
		t.Fatalf("6th message behind two proxies: %d %s", rec.Code, rec.Body)
	}
}
