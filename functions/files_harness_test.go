package functions_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"casarent/functions"
	"casarent/server/denotest"
	"casarent/server/httpx"
	"casarent/server/jwtauth"
)

// denoCache is the dependency cache the tests share (npm: imports are fetched once).
// It is filled before any test uses it: tests run in parallel, and a worker booting
// from a cache that `deno bundle` is filling at the same moment (the deploy tests
// bundle every test function) failed to boot on a cold machine.
func denoCache(t *testing.T) string {
	p := filepath.Join(denotest.RepoDir(t), ".tools", "deno", "cache")
	deno := denotest.Path(t)
	primeOnce.Do(func() {
		cmd := exec.Command(deno, "cache", "--quiet", "--no-lock", "testdata/functions/notes/index.ts", "testdata/functions/dbrole/index.ts")
		cmd.Env = append(os.Environ(), "DENO_DIR="+p, "NO_COLOR=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			primeErr = fmt.Errorf("deno cache: %v\n%s", err, out)
		}
	})
	if primeErr != nil {
		t.Fatal(primeErr)
	}
	return p
}

var (
	primeOnce sync.Once
	primeErr  error
)

// syncBuffer is the server log, read by the tests.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type fileEnv struct {
	srv               *httptest.Server
	rt                *functions.Runtime
	dir               string // the copy of testdata: functions/ and config.toml
	anon, user, other string
	service           string
	log               *syncBuffer
}

// newFileEnv serves a copy of testdata's functions the way the server mounts them:
// CORS (preflights of /functions/v1 passed on), the JWT middleware, the prefix
// stripped. extra, when set, serves the other paths (the REST API of a test).
func newFileEnv(t *testing.T, tune func(*functions.FileOptions), extra http.Handler) *fileEnv {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata")); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	anon, _ := jwtauth.Sign(secret, jwtauth.KeyClaims(jwtauth.RoleAnon, now))
	service, _ := jwtauth.Sign(secret, jwtauth.KeyClaims("service_role", now))
	user, _ := jwtauth.Sign(secret, jwtMap{"role": "authenticated", "sub": aliceID, "exp": now.Add(time.Hour).Unix()})
	other, _ := jwtauth.Sign(secret, jwtMap{"role": "authenticated", "sub": bobID, "exp": now.Add(time.Hour).Unix()})

	var handler http.Handler = http.NotFoundHandler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { handler.ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)

	log := &syncBuffer{}
	opts := functions.FileOptions{
		Dir: filepath.Join(dir, "functions"), ConfigPath: filepath.Join(dir, "config.toml"),
		DenoPath: denotest.Path(t), DenoDir: denoCache(t), HotReload: true, StartTimeout: 2 * time.Minute,
		Env: map[string]string{"SUPABASE_URL": srv.URL, "SUPABASE_ANON_KEY": anon, "SUPABASE_SERVICE_ROLE_KEY": service,
			"SUPABASE_DB_URL": "postgres://unused"},
	}
	if tune != nil {
		tune(&opts)
	}
	rt, err := functions.Build(functions.Options{Files: &opts, Logger: slog.New(slog.NewJSONHandler(log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { rt.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })

	v := jwtauth.NewVerifier(secret, jwtauth.Keys{Anon: anon, Service: service})
	mux := http.NewServeMux()
	mux.Handle("/functions/v1/", http.StripPrefix("/functions/v1", rt))
	for _, p := range functions.AdminPaths {
		admin := http.StripPrefix("/functions/v1", rt.Admin())
		mux.Handle("/functions/v1"+p, admin)
		mux.Handle("/functions/v1"+p+"/", admin)
	}
	if extra != nil {
		mux.Handle("/", extra)
	}
	handler = httpx.CORSPassingPreflights("/functions/v1/")(v.Middleware(mux))
	return &fileEnv{srv: srv, rt: rt, dir: dir, anon: anon, user: user, other: other, service: service, log: log}
}

const (
	aliceID = "11111111-1111-1111-1111-111111111111"
	bobID   = "22222222-2222-2222-2222-222222222222"
)

type answer struct {
	status int
	header http.Header
	body   string
}

func (a answer) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(a.body), &m); err != nil {
		t.Fatalf("body %q is not a JSON object: %v", a.body, err)
	}
	return m
}

// call sends one request; headers are "Name: value" strings.
func (e *fileEnv) call(t *testing.T, method, path, token, body string, headers ...string) answer {
	t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+"/functions/v1/"+path, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ":")
		req.Header.Set(k, strings.TrimSpace(v))
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	return answer{status: res.StatusCode, header: res.Header, body: string(raw)}
}

// openEvents starts the "events" function's server-sent stream and reads its
// first event; the function then waits for a POST to events/release before it
// sends the second. The stream is closed when t ends, or earlier by the caller.
func (e *fileEnv) openEvents(t *testing.T) (*http.Response, *bufio.Reader) {
	t.Helper()
	res, err := http.Get(e.srv.URL + "/functions/v1/events")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	if ct := res.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("content type %q", ct)
	}
	r := bufio.NewReader(res.Body)
	if line, err := r.ReadString('\n'); err != nil || line != "data: first\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	return res, r
}

// eventually retries check until it passes or 15 s have gone by.
func eventually(t *testing.T, what string, check func() bool) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for !check() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: still not so after 15s", what)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
