package auth_test

import (
	"net/http"
	"strings"
	"testing"
)

// A NUL (or \u0000 in user_metadata) is the client's mistake: 400, not a 500
// that fills the error log, on the public endpoints and on PUT /user.
func TestNulInInputIsAClientError(t *testing.T) {
	e := newEnv(t, nil)
	for _, c := range []struct {
		path string
		body map[string]any
	}{
		{"/token?grant_type=password", map[string]any{"email": "a\x00@b.test", "password": "whatever1"}},
		{"/recover", map[string]any{"email": "a\x00@b.test"}},
		{"/otp", map[string]any{"email": "a\x00@b.test"}},
		{"/signup", map[string]any{"email": "nul@b.test", "password": "Passw0rd!", "data": map[string]any{"n": "a\x00"}}},
	} {
		r := e.call(http.MethodPost, c.path, c.body, "")
		if r.Status >= 500 {
			t.Errorf("POST %s: %d %s", c.path, r.Status, r.Raw)
		}
	}
	r := e.admin(http.MethodPost, "/admin/users", map[string]any{"email": "meta@b.test", "password": "Passw0rd!", "email_confirm": true})
	if r.Status != http.StatusOK {
		t.Fatalf("create user: %d %s", r.Status, r.Raw)
	}
	tok := e.call(http.MethodPost, "/token?grant_type=password", map[string]any{"email": "meta@b.test", "password": "Passw0rd!"}, "").str("access_token")
	if tok == "" {
		t.Fatal("no session")
	}
	r = e.call(http.MethodPut, "/user", map[string]any{"data": map[string]any{"x": "a\x00"}}, tok)
	if r.Status != http.StatusBadRequest || strings.Contains(r.Raw, "SQLSTATE") {
		t.Errorf("PUT /user with a NUL: %d %s", r.Status, r.Raw)
	}
}
