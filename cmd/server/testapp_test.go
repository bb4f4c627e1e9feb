package main

import (
	"context"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"casarent/server/config"
	"casarent/server/pgtest"
)

// The set-up the server's tests share: a configuration on a fresh database, the
// whole server built on it, a site on disk and requests answered in memory.

// testConfig loads the server's configuration for db (DATA_DIR a fresh temporary
// directory, no site unless extra names FRONTEND_DIST), extra overriding.
func testConfig(t *testing.T, db *pgtest.DB, extra map[string]string) *config.Config {
	t.Helper()
	env := map[string]string{
		"DATABASE_URL":      db.AdminURL,
		"AUTHENTICATOR_URL": db.URL,
		// Roles are the cluster's: the password every test package sets (derived from
		// DATABASE_URL, it would lock the other packages' functions out).
		"FUNCTIONS_DB_PASSWORD": pgtest.FunctionsDBPassword,
		"JWT_SECRET":            pgtest.JWTSecret,
		"DATA_DIR":              t.TempDir(),
		"FRONTEND_DIST":         filepath.Join(t.TempDir(), "no-site"),
		// The rental's project (its database is the template's): the rental's parts attached.
		"PROJECT_DIR": rentalProject(),
	}
	maps.Copy(env, extra)
	cfg, err := loadConfig(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// rentalProject is the rental's project folder in this repository.
func rentalProject() string { return filepath.Dir(filepath.Dir(pgtest.RentalMigrations())) }

// quietLog is a logger for tests that do not read the log.
func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// newTestApp builds the whole server (every surface) on a fresh database.
func newTestApp(t *testing.T, extra map[string]string) (*app, http.Handler) {
	t.Helper()
	return appOn(t, testConfig(t, pgtest.New(t), extra))
}

// appOn is a server of cfg's database (several may share one), its routes.
func appOn(t *testing.T, cfg *config.Config) (*app, http.Handler) {
	t.Helper()
	a, err := newApp(cfg, quietLog())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(a.db.Pool.Close)
	if err := a.db.Prepare(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := a.rest.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	return a, a.routes()
}

// siteDist writes a built site (file name → content, e.g. "index.html",
// "assets/app.js") into a fresh directory, for FRONTEND_DIST.
func siteDist(t *testing.T, files map[string]string) string {
	t.Helper()
	dist := t.TempDir()
	for name, body := range files {
		write(t, filepath.Join(dist, name), []byte(body))
	}
	return dist
}

func write(t *testing.T, path string, body []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, body, 0o644); err != nil {
		t.Fatal(err)
	}
}

// do answers a request without a body.
func do(h http.Handler, method, url string, hdr map[string]string) *httptest.ResponseRecorder {
	return send(h, method, url, "", hdr)
}

// send answers a request with body (none when "") and headers hdr.
func send(h http.Handler, method, url, body string, hdr map[string]string) *httptest.ResponseRecorder {
	var r io.Reader // nil, not an empty reader: the handler sees http.NoBody
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, url, r)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}
