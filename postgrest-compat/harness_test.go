package postgrest

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/config"
	"casarent/server/jwtauth"
	"casarent/server/pgtest"
)

// testEnv is a fresh database with the contract fixture, served by a Handler
// behind the jwtauth middleware, as the server mounts it.
type testEnv struct {
	db         *pgtest.DB
	h          *Handler
	srv        *httptest.Server
	anonKey    string
	serviceKey string
}

func newEnv(t *testing.T, maxRows int) *testEnv {
	t.Helper()
	return newEnvSchemas(t, maxRows, "public")
}

// newEnvSchemas is newEnv exposing the given schemas (the first is the default profile).
func newEnvSchemas(t *testing.T, maxRows int, schemas ...string) *testEnv {
	t.Helper()
	db := pgtest.New(t)
	db.ExecFile(t, "contract/fixture.sql")
	h := New(testOptions(db.Pool, schemas, maxRows))
	if err := h.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	anon, _ := jwtauth.Sign(pgtest.JWTSecret, jwtauth.KeyClaims("anon", now))
	service, _ := jwtauth.Sign(pgtest.JWTSecret, jwtauth.KeyClaims("service_role", now))
	v := jwtauth.NewVerifier(pgtest.JWTSecret, jwtauth.Keys{Anon: anon, Service: service, Publishable: "sb_publishable_test", Secret: "sb_secret_test"})
	srv := httptest.NewServer(v.Middleware(h))
	t.Cleanup(srv.Close)
	return &testEnv{db: db, h: h, srv: srv, anonKey: anon, serviceKey: service}
}

type resp struct {
	status int
	header http.Header
	body   string
}

func (r resp) json(t *testing.T) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(r.body), &v); err != nil {
		t.Fatalf("body is not JSON (%v): %s", err, r.body)
	}
	return v
}

// do sends a request; headers are "Name: value" strings. Without an apikey
// header the request goes as anon with the anon key, like supabase-js.
func (e *testEnv) do(t *testing.T, method, path, body string, headers ...string) resp {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("apikey", e.anonKey)
	if method != http.MethodGet && method != http.MethodHead {
		req.Header.Set("Content-Type", "application/json")
	}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ":")
		req.Header.Set(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return resp{res.StatusCode, res.Header, string(b)}
}

func (e *testEnv) asService() string { return "Authorization: Bearer " + e.serviceKey }

func userToken(t *testing.T, sub string) string {
	return "Authorization: Bearer " + pgtest.Token(t, "authenticated", sub, nil)
}

// expectStatus fails with the body when the status differs.
func expectStatus(t *testing.T, r resp, want int) {
	t.Helper()
	if r.status != want {
		t.Fatalf("status %d, want %d; body: %s", r.status, want, r.body)
	}
}

func expectBody(t *testing.T, r resp, want string) {
	t.Helper()
	var got, exp any
	if err := json.Unmarshal([]byte(r.body), &got); err != nil {
		t.Fatalf("body not JSON: %s", r.body)
	}
	if err := json.Unmarshal([]byte(want), &exp); err != nil {
		t.Fatalf("bad expectation %s", want)
	}
	gb, _ := json.Marshal(got)
	eb, _ := json.Marshal(exp)
	if string(gb) != string(eb) {
		t.Fatalf("body\n got: %s\nwant: %s", r.body, want)
	}
}

func expiredToken(t *testing.T) string {
	return strings.TrimPrefix(pgtest.Token(t, "authenticated", "", map[string]any{"exp": time.Now().Add(-time.Hour).Unix()}), "")
}

// testOptions are the surface's options as the server passes them: the
// settings with server/config's defaults (New applies none of its own).
func testOptions(pool *pgxpool.Pool, schemas []string, maxRows int) Options {
	rc := config.RestDefaults()
	if len(schemas) > 0 {
		rc.Schemas = schemas
	}
	rc.MaxRows = maxRows
	return Options{Pool: pool, Rest: rc}
}
