package main

import (
	"net/http"
	"strings"
	"testing"
)

// A preflight from the site's origin is allowed the headers supabase-js sends,
// on every surface.
func TestCORSPreflightAllowsSupabaseHeaders(t *testing.T) {
	_, h := newTestApp(t, nil)
	for _, path := range []string{"/rest/v1/cars", "/auth/v1/token", "/storage/v1/object/car-images/a.jpg", "/functions/v1/create-paypal-order"} {
		rec := do(h, http.MethodOptions, path, map[string]string{
			"Origin":                         "https://site.example",
			"Access-Control-Request-Method":  "POST",
			"Access-Control-Request-Headers": "apikey, authorization, x-client-info, content-type, prefer, x-upsert",
		})
		if rec.Code/100 != 2 {
			t.Errorf("%s: preflight status %d", path, rec.Code)
		}
		if got := rec.Header().Get("Access-Control-Allow-Origin"); got != "https://site.example" {
			t.Errorf("%s: allow-origin %q", path, got)
		}
		if got := rec.Header().Get("Access-Control-Allow-Headers"); !strings.Contains(got, "apikey") || !strings.Contains(got, "x-upsert") {
			t.Errorf("%s: allow-headers %q", path, got)
		}
	}
}

// The API authenticates by header only (apikey / Authorization), never by
// cookie, so it must never tell browsers to send credentials cross-origin:
// with a reflected Origin that would let any site make credentialed calls.
func TestCORSNeverAllowsCredentials(t *testing.T) {
	_, h := newTestApp(t, nil)
	for _, path := range []string{"/rest/v1/cars", "/auth/v1/settings", "/storage/v1/bucket", "/functions/v1/paypal-config", "/health"} {
		pre := do(h, http.MethodOptions, path, map[string]string{
			"Origin": "https://evil.example", "Access-Control-Request-Method": "GET",
		})
		get := do(h, http.MethodGet, path, map[string]string{"Origin": "https://evil.example"})
		for name, rec := range map[string]interface{ Header() http.Header }{"preflight": pre, "get": get} {
			if got := rec.Header().Get("Access-Control-Allow-Credentials"); got != "" {
				t.Errorf("%s %s: Access-Control-Allow-Credentials = %q", name, path, got)
			}
		}
	}
}
