package storage_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"casarent/server/config"
	"casarent/server/jwtauth"
	"casarent/server/pgtest"
	"casarent/storage"
	"casarent/storage/blob"
	"casarent/storage/fsbackend"
	"casarent/storage/internal/miniotest"
)

func TestMain(m *testing.M) {
	miniotest.Main(m)
}

// env is one storage surface over a fresh database and backend.
type env struct {
	t        *testing.T
	db       *pgtest.DB
	backend  blob.Backend
	handler  http.Handler
	srv      *httptest.Server
	anonKey  string
	svcKey   string
	inflight *sync.WaitGroup
	served   *atomic.Int64 // requests whose handler has returned
	ahead    *atomic.Int64 // how far (ns) the surface's clock runs ahead of the real one: see advance
	now      time.Time
	cfg      config.Storage
}

type backendKind struct {
	name string
	make func(t *testing.T) blob.Backend
}

func fsKind() backendKind {
	return backendKind{"fs", func(t *testing.T) blob.Backend {
		b, err := fsbackend.New(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		return b
	}}
}

func s3Kind() backendKind {
	return backendKind{"s3", func(t *testing.T) blob.Backend {
		// A prefix per test keeps tests sharing the MinIO bucket apart.
		return miniotest.Backend(t, "t-"+uuid.NewString()[:8])
	}}
}

// bothBackends runs fn against the filesystem and the S3 backend.
func bothBackends(t *testing.T, fn func(t *testing.T, e *env)) {
	for _, k := range []backendKind{fsKind(), s3Kind()} {
		t.Run(k.name, func(t *testing.T) {
			fn(t, newEnv(t, k.make(t), nil))
		})
	}
}

func newEnv(t *testing.T, backend blob.Backend, tweak func(*config.Storage)) *env {
	t.Helper()
	db := pgtest.New(t)
	anon, _ := config.DeriveKey(pgtest.JWTSecret, "anon")
	svc, _ := config.DeriveKey(pgtest.JWTSecret, "service_role")
	e := &env{t: t, db: db, backend: backend, anonKey: anon, svcKey: svc, inflight: &sync.WaitGroup{}, served: &atomic.Int64{}, ahead: &atomic.Int64{}, now: time.Now()}
	e.cfg = config.StorageDefaults(t.TempDir()) // the surface applies no defaults of its own
	if tweak != nil {
		tweak(&e.cfg)
	}
	e.serve()
	return e
}

// advance moves the surface's clock d ahead, so a test sees what a time-based
// rule (a signed URL's expiry) does later without waiting for it.
func (e *env) advance(d time.Duration) { e.ahead.Add(int64(d)) }

// serve starts a storage surface with e's settings over e's database and
// backend, behind the key check the server mounts in front of it.
func (e *env) serve() {
	h := storage.New(storage.Options{
		Pool: e.db.Pool, Backend: e.backend, Config: e.cfg, JWTSecret: pgtest.JWTSecret,
		Logger: testLogger(), Now: func() time.Time { return time.Now().Add(time.Duration(e.ahead.Load())) },
	})
	e.handler = h
	verifier := jwtauth.NewVerifier(pgtest.JWTSecret, jwtauth.Keys{Anon: e.anonKey, Service: e.svcKey})
	// No ServeMux: it would clean "a/../b" before the handler could refuse it.
	root := http.StripPrefix("/storage/v1", verifier.Middleware(h))
	e.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.inflight.Add(1)
		defer e.inflight.Done()
		defer e.served.Add(1)
		root.ServeHTTP(w, r)
	}))
	e.t.Cleanup(e.srv.Close)
}

// testLogger discards the surface's log unless STORAGE_TEST_LOG is set.
func testLogger() *slog.Logger {
	if os.Getenv("STORAGE_TEST_LOG") != "" {
		return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	return slog.New(slog.NewTextHandler(io.Discard, nil))
}

// sql runs statements as the superuser (test setup).
func (e *env) sql(q string, args ...any) {
	e.t.Helper()
	if _, err := e.db.Admin.Exec(context.Background(), q, args...); err != nil {
		e.t.Fatalf("sql %q: %v", q, err)
	}
}

func (e *env) count(q string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.db.Admin.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		e.t.Fatalf("count %q: %v", q, err)
	}
	return n
}

// user creates an auth user (profile role user or admin) and returns its token.
func (e *env) user(role string) (id, token string) {
	e.t.Helper()
	id = uuid.NewString()
	e.sql(`insert into auth.users (id, email, aud, role) values ($1, $2, 'authenticated', 'authenticated')`, id, id[:8]+"@example.test")
	if role == "admin" {
		e.sql(`update public.profiles set role = 'admin' where id = $1`, id)
	}
	return id, pgtest.Token(e.t, "authenticated", id, nil)
}

// privateBucket creates a private bucket where signed-in users manage their
// own objects (owner_id = auth.uid()) and anon can do nothing.
func (e *env) privateBucket(id string) {
	e.t.Helper()
	e.sql(`insert into storage.buckets (id, name) values ($1, $1)`, id)
	for _, p := range []string{
		`create policy %[1]s_ins on storage.objects for insert to authenticated with check (bucket_id = '%[2]s' and owner_id = auth.uid()::text)`,
		`create policy %[1]s_sel on storage.objects for select to authenticated using (bucket_id = '%[2]s' and owner_id = auth.uid()::text)`,
		`create policy %[1]s_upd on storage.objects for update to authenticated using (bucket_id = '%[2]s' and owner_id = auth.uid()::text) with check (bucket_id = '%[2]s' and owner_id = auth.uid()::text)`,
		`create policy %[1]s_del on storage.objects for delete to authenticated using (bucket_id = '%[2]s' and owner_id = auth.uid()::text)`,
	} {
		e.sql(fmt.Sprintf(p, strings.ReplaceAll(id, "-", "_"), id))
	}
}

type resp struct {
	status int
	header http.Header
	body   []byte
}

func (r resp) json(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decode %s: %v", r.body, err)
	}
}

// storageError decodes Storage's error body.
func (r resp) storageError(t *testing.T) (statusCode, code, message string) {
	t.Helper()
	var e struct{ StatusCode, Code, Error, Message string }
	r.json(t, &e)
	return e.StatusCode, e.Code, e.Message
}

// wantOK fails t unless the answer is a 200.
func (r resp) wantOK(t *testing.T) {
	t.Helper()
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
}

func (r resp) wantError(t *testing.T, statusCode, code string) {
	t.Helper()
	if r.status < 400 {
		t.Fatalf("want error %s/%s, got %d %s", statusCode, code, r.status, r.body)
	}
	sc, c, _ := r.storageError(t)
	if sc != statusCode || c != code {
		t.Fatalf("want error statusCode=%s code=%s, got %d %s", statusCode, code, r.status, r.body)
	}
}

func (e *env) do(method, path, token string, body io.Reader, headers map[string]string) resp {
	e.t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+"/storage/v1"+path, body)
	if err != nil {
		e.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("apikey", e.anonKey)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return resp{status: res.StatusCode, header: res.Header, body: b}
}

func (e *env) doJSON(method, path, token string, v any) resp {
	e.t.Helper()
	b, _ := json.Marshal(v)
	return e.do(method, path, token, bytes.NewReader(b), map[string]string{"Content-Type": "application/json"})
}

// upload sends raw bytes as storage-js does for a Buffer/ArrayBuffer body.
func (e *env) upload(method, bucket, key, token, contentType string, data []byte, upsert bool) resp {
	e.t.Helper()
	h := map[string]string{"Content-Type": contentType, "Cache-Control": "max-age=3600"}
	if upsert {
		h["x-upsert"] = "true"
	}
	return e.do(method, "/object/"+bucket+"/"+key, token, bytes.NewReader(data), h)
}

// keys lists the backend's keys of bucket.
func (e *env) keys(bucket string) []string {
	e.t.Helper()
	entries, err := e.backend.List(context.Background(), bucket, "")
	if err != nil {
		e.t.Fatal(err)
	}
	var k []string
	for _, en := range entries {
		k = append(k, en.Key)
	}
	return k
}

func (e *env) rows(bucket string) int {
	return e.count(`select count(*) from storage.objects where bucket_id = $1`, bucket)
}
