package main

import (
	"net/http"
	"strings"
	"testing"

	"casarent/server/pgtest"
)

func TestForgedTokenIsRefusedInEachSurfaceShape(t *testing.T) {
	a, h := newTestApp(t, nil)
	forged := pgtest.Token(t, "service_role", "", nil)
	forged = forged[:len(forged)-4] + "AAAA" // signature no longer matches
	hdr := map[string]string{"apikey": a.cfg.AnonKey, "Authorization": "Bearer " + forged}
	if rec := do(h, http.MethodGet, "/rest/v1/cars", hdr); rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Body.String(), `"code"`) {
		t.Errorf("rest: %d %s", rec.Code, rec.Body)
	}
	if rec := do(h, http.MethodGet, "/auth/v1/user", hdr); rec.Code/100 != 4 || !strings.Contains(rec.Body.String(), "msg") {
		t.Errorf("auth: %d %s", rec.Code, rec.Body)
	}
	if rec := do(h, http.MethodGet, "/storage/v1/bucket", hdr); rec.Code/100 != 4 || !strings.Contains(rec.Body.String(), "statusCode") {
		t.Errorf("storage: %d %s", rec.Code, rec.Body)
	}
	// Studio's database API (pgmeta/pgmeta_test.go tests it behind the key).
	if rec := do(h, http.MethodGet, "/pg/tables", hdr); rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Body.String(), "Invalid authentication credentials") {
		t.Errorf("pg: %d %s", rec.Code, rec.Body)
	}
}

func TestRuntimeConfigAndSPAFallback(t *testing.T) {
	dist := siteDist(t, map[string]string{
		"index.html":         "<html><head><title>Site</title></head><body>app</body></html>",
		"assets/app-1234.js": "console.log(1)",
	})
	a, h := newTestApp(t, map[string]string{"FRONTEND_DIST": dist})

	cfgJS := do(h, http.MethodGet, "/app-config.js", nil).Body.String()
	if !strings.Contains(cfgJS, a.cfg.AnonKey) || !strings.Contains(cfgJS, `"mode":"off"`) {
		t.Errorf("app-config.js = %s", cfgJS)
	}
	if rec := do(h, http.MethodGet, "/vehicles", nil); rec.Code != 200 || !strings.Contains(rec.Body.String(), "app") {
		t.Errorf("/vehicles: %d", rec.Code)
	}
	if rec := do(h, http.MethodGet, "/admin/dashboard", nil); rec.Header().Get("X-Frame-Options") != "DENY" ||
		!strings.Contains(rec.Header().Get("Content-Security-Policy"), "frame-ancestors 'none'") {
		t.Errorf("pages can be framed: %v", rec.Header())
	}
	if rec := do(h, http.MethodGet, "/assets/app-1234.js", nil); rec.Code != 200 || !strings.Contains(rec.Header().Get("Cache-Control"), "immutable") {
		t.Errorf("asset: %d %q", rec.Code, rec.Header().Get("Cache-Control"))
	}
	if rec := do(h, http.MethodGet, "/assets/missing.js", nil); rec.Code != http.StatusNotFound {
		t.Errorf("missing asset: %d, want 404", rec.Code)
	}
	if rec := do(h, http.MethodGet, "/%2e%2e/etc/passwd", nil); strings.Contains(rec.Body.String(), "root:") {
		t.Error("path traversal")
	}
}

// The rental's own settings (rental/config) are read from the environment the
// server's come from: a simulated PayPal set there reaches the site's runtime
// config, and a wrong rental setting stops the server from being built.
func TestRentalSettingsComeFromTheServersEnvironment(t *testing.T) {
	dist := siteDist(t, map[string]string{"index.html": "<html><head></head><body>app</body></html>"})
	_, h := newTestApp(t, map[string]string{"FRONTEND_DIST": dist,
		"PAYPAL_CLIENT_ID": "id", "PAYPAL_CLIENT_SECRET": "secret", "PAYPAL_SIMULATED": "true", "PAYPAL_CURRENCY": "usd"})
	if cfgJS := do(h, http.MethodGet, "/app-config.js", nil).Body.String(); !strings.Contains(cfgJS, `"mode":"simulated"`) ||
		!strings.Contains(cfgJS, `"currency":"USD"`) {
		t.Errorf("app-config.js = %s", cfgJS)
	}
	_, err := newApp(testConfig(t, pgtest.New(t), map[string]string{"PAYPAL_CURRENCY": "MAD"}), quietLog())
	if err == nil || !strings.Contains(err.Error(), "PAYPAL_CURRENCY") {
		t.Errorf("newApp with PAYPAL_CURRENCY=MAD: %v, want a refusal naming PAYPAL_CURRENCY", err)
	}
}
