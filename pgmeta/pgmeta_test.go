package pgmeta_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"casarent/pgmeta"
	"casarent/server/denotest"
	"casarent/server/jwtauth"
	"casarent/server/pgtest"
)

// The published postgres-meta, run by Node exactly as its own server.js runs it,
// is the reference: it and /pg (the same package under Deno, behind the service
// key) log in as the same role on the same database, so every answer must be the
// same but for statistics. (Logged in as a superuser, postgres-meta would also list
// what studio_admin may not use: the supabase_functions and pgrst schemas and their
// objects, the triggers of tables it may only read (auth.users), and column
// privileges granted by roles it is not a member of. That is the role's choice,
// pgmeta/README.md, not a difference of implementation, so the reference shares it.)

const studioPassword = "pgtest-studio"

type side struct {
	name string
	base string
	hdr  http.Header
}

func (s side) call(t *testing.T, method, path string, body any) (int, []byte) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, s.base+path, rd)
	for k, v := range s.hdr {
		req.Header[k] = v
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s %s: %v", s.name, method, path, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

func TestStudioAPIAnswersAsPostgresMeta(t *testing.T) {
	pkgDir := packageDir(t)
	node := nodePath(t)
	deno := denotest.Path(t)
	db := pgtest.New(t)
	grant(t, db)
	db.Exec(t, `create materialized view public.studio_mv as select 1 as n;
		create index studio_mv_n on public.studio_mv (n);
		create type public.studio_mood as enum ('calm', 'busy')`)
	roleURL := pgtest.WithDatabase(db.AdminURL, db.Name, pgmeta.Role, studioPassword)

	ref := side{name: "reference", base: startReference(t, node, pkgDir, roleURL)}
	anonKey, _ := jwtauth.Sign(pgtest.JWTSecret, jwtauth.KeyClaims("anon", time.Now()))
	serviceKey, _ := jwtauth.Sign(pgtest.JWTSecret, jwtauth.KeyClaims("service_role", time.Now()))
	h := pgmeta.New(pgmeta.Options{
		PackageDir: pkgDir, DenoPath: deno, DenoDir: t.TempDir(), DBURL: roleURL,
		Verifier:    jwtauth.NewVerifier(pgtest.JWTSecret, jwtauth.Keys{Anon: anonKey, Service: serviceKey}),
		IdleTimeout: time.Minute, StartTimeout: 2 * time.Minute,
	})
	t.Cleanup(h.Stop)
	srv := httptest.NewServer(http.StripPrefix("/pg", h))
	t.Cleanup(srv.Close)
	ours := side{name: "/pg", base: srv.URL + "/pg", hdr: http.Header{"Apikey": {serviceKey}}}

	t.Run("only the service role", func(t *testing.T) {
		user := pgtest.Token(t, "authenticated", "00000000-0000-0000-0000-000000000001", nil)
		for _, c := range []struct {
			name string
			hdr  http.Header
			msg  string
		}{
			{"no key", nil, "No API key found in request"},
			{"anon key", http.Header{"Apikey": {anonKey}}, "Invalid authentication credentials"},
			{"anon bearer", http.Header{"Authorization": {"Bearer " + anonKey}}, "Invalid authentication credentials"},
			{"user's token", http.Header{"Apikey": {anonKey}, "Authorization": {"Bearer " + user}}, "Invalid authentication credentials"},
			{"forged service key", http.Header{"Apikey": {pgtest.TamperSignature(serviceKey)}}, "Invalid authentication credentials"},
		} {
			code, body := side{name: c.name, base: ours.base, hdr: c.hdr}.call(t, "GET", "/tables", nil)
			if code != http.StatusUnauthorized || !strings.Contains(string(body), c.msg) {
				t.Errorf("%s: %d %s, want 401 %q", c.name, code, body, c.msg)
			}
		}
		if code, body := (side{name: "bearer", base: ours.base, hdr: http.Header{"Authorization": {"Bearer " + serviceKey}}}).call(t, "GET", "/schemas", nil); code != 200 {
			t.Errorf("service key as bearer: %d %s", code, body)
		}
	})

	t.Run("reads", func(t *testing.T) {
		for _, path := range readPaths {
			compare(t, ref, ours, "GET", path, nil)
		}
	})

	t.Run("query", func(t *testing.T) {
		for _, q := range []map[string]any{
			{"query": "select 1 as n, 'x'::text as s, array[1,2] as a, '{\"k\": 1}'::jsonb as j, null::date as d"},
			{"query": "select $1::int + 1 as n, $2::text as s", "parameters": []any{41, "hi"}},
			{"query": "select id, name from public.studio_mv_missing"},
			{"query": "select 1 +"},
			{"query": "create table public.studio_q (id int); insert into public.studio_q values (1); select * from public.studio_q; drop table public.studio_q"},
		} {
			compare(t, ref, ours, "POST", "/query", q)
		}
		compare(t, ref, ours, "POST", "/query/format", map[string]any{"query": "select a,b from t where x=1"})
	})

	t.Run("generated types", func(t *testing.T) {
		for _, path := range []string{"/generators/typescript", "/generators/typescript?included_schemas=public", "/generators/typescript?included_schemas=public,storage&detect_one_to_one_relationships=true"} {
			rc, rb := ref.call(t, "GET", path, nil)
			oc, ob := ours.call(t, "GET", path, nil)
			if rc != 200 || oc != 200 || !bytes.Equal(rb, ob) || !strings.Contains(string(ob), "export type Database") {
				t.Errorf("%s: reference %d, /pg %d; same text: %v\n%.400s", path, rc, oc, bytes.Equal(rb, ob), ob)
			}
		}
	})

	t.Run("a table made, a column added, the table dropped", func(t *testing.T) {
		a := tableLifecycle(t, ref)
		b := tableLifecycle(t, ours)
		for i := range a {
			if a[i] != b[i] {
				t.Errorf("step %d:\nreference %s\n/pg       %s", i, a[i], b[i])
			}
		}
	})

	t.Run("the platform's tables are read-only", func(t *testing.T) {
		for _, q := range []string{"delete from auth.users", "alter table storage.objects add column x int", "set role postgres",
			"set role service_role", "select * from supabase_functions.function_secrets"} {
			code, body := ours.call(t, "POST", "/query", map[string]any{"query": q})
			if code != 400 || !strings.Contains(string(body), `"code":"42501"`) {
				t.Errorf("%s: %d %.200s, want 400 with 42501", q, code, body)
			}
		}
		if code, body := ours.call(t, "POST", "/query", map[string]any{"query": "select count(*) from auth.users"}); code != 200 {
			t.Errorf("reading auth.users: %d %s", code, body)
		}
	})
}

// readPaths: every list Studio reads, with the variants it sends.
var readPaths = []string{
	"/schemas", "/schemas?include_system_schemas=true",
	"/tables", "/tables?included_schemas=public", "/tables?included_schemas=public&include_columns=false", "/tables?excluded_schemas=auth,storage",
	"/columns?included_schemas=public", "/columns?included_schemas=auth",
	"/policies", "/policies?included_schemas=storage",
	"/roles", "/extensions",
	"/functions", "/functions?included_schemas=public", "/triggers", "/triggers?included_schemas=public",
	"/views", "/views?included_schemas=public&include_columns=true", "/materialized-views?include_columns=true",
	"/foreign-tables", "/types", "/types?included_schemas=public", "/publications", "/config/version",
	"/table-privileges?included_schemas=public", "/column-privileges?included_schemas=public",
	"/indexes?included_schemas=public", "/tables/404404", "/nothing-here",
}

// referenceFails are the lists postgres-meta 0.99.0 itself cannot give here (the
// same 500 through /pg): table privileges name PostgreSQL 17's MAINTAIN privilege,
// unknown to older servers; column privileges read pg_authid, which only a
// superuser may read (password hashes: not granted).
var referenceFails = map[string]bool{
	"/table-privileges?included_schemas=public":  true,
	"/column-privileges?included_schemas=public": true,
}

// statistics differ between two calls whatever answers them.
var statistics = map[string]bool{"live_rows_estimate": true, "dead_rows_estimate": true, "bytes": true, "size": true, "active_connections": true}

func compare(t *testing.T, ref, ours side, method, path string, body any) {
	t.Helper()
	rc, rb := ref.call(t, method, path, body)
	oc, ob := ours.call(t, method, path, body)
	r, o := canonical(t, rb, nil), canonical(t, ob, nil)
	if rc != oc || r != o {
		t.Errorf("%s %s:\nreference %d %.600s\n/pg       %d %.600s", method, path, rc, r, oc, o)
	}
	if rc >= 500 && !referenceFails[path] {
		t.Errorf("%s %s: the reference failed (%d %.300s)", method, path, rc, rb)
	}
}

// canonical is an answer as JSON without statistics (nor the keys in drop), every
// array of objects in one order: postgres-meta's queries do not all order.
func canonical(t *testing.T, b []byte, drop map[string]bool) string {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return string(b) // text answers (formatted SQL) compare as they are
	}
	out, _ := json.Marshal(strip(v, drop))
	return string(out)
}

func strip(v any, drop map[string]bool) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if statistics[k] || drop[k] {
				delete(x, k)
				continue
			}
			x[k] = strip(e, drop)
		}
	case []any:
		keys := make([]string, len(x))
		for i, e := range x {
			x[i] = strip(e, drop)
			b, _ := json.Marshal(x[i])
			keys[i] = string(b)
		}
		sort.Sort(byKey{x, keys})
	}
	return v
}

type byKey struct {
	v    []any
	keys []string
}

func (s byKey) Len() int           { return len(s.v) }
func (s byKey) Less(i, j int) bool { return s.keys[i] < s.keys[j] }
func (s byKey) Swap(i, j int) {
	s.v[i], s.v[j] = s.v[j], s.v[i]
	s.keys[i], s.keys[j] = s.keys[j], s.keys[i]
}

// tableLifecycle makes a table, adds a column, reads it, drops it; the answers
// without the object ids (oids differ from one table to the next).
func tableLifecycle(t *testing.T, s side) []string {
	t.Helper()
	ids := map[string]bool{"id": true, "table_id": true}
	var out []string
	code, b := s.call(t, "POST", "/tables", map[string]any{"name": "studio_probe", "schema": "public", "comment": "made by Studio"})
	out = append(out, fmt.Sprint(code, canonical(t, b, ids)))
	var tbl struct{ ID int }
	if err := json.Unmarshal(b, &tbl); err != nil || tbl.ID == 0 {
		t.Fatalf("%s: create table: %d %s", s.name, code, b)
	}
	code, b = s.call(t, "POST", "/columns", map[string]any{"table_id": tbl.ID, "name": "title", "type": "text", "is_nullable": false, "default_value": "untitled", "comment": "its title"})
	out = append(out, fmt.Sprint(code, canonical(t, b, ids)))
	code, b = s.call(t, "PATCH", fmt.Sprintf("/tables/%d", tbl.ID), map[string]any{"rls_enabled": true})
	out = append(out, fmt.Sprint(code, canonical(t, b, ids)))
	code, b = s.call(t, "POST", "/policies", map[string]any{"name": "read all", "schema": "public", "table": "studio_probe", "definition": "true", "action": "PERMISSIVE", "command": "SELECT", "roles": []string{"anon"}})
	out = append(out, fmt.Sprint(code, canonical(t, b, ids)))
	code, b = s.call(t, "DELETE", fmt.Sprintf("/tables/%d", tbl.ID), nil)
	out = append(out, fmt.Sprint(code, canonical(t, b, ids)))
	code, b = s.call(t, "GET", fmt.Sprintf("/tables/%d", tbl.ID), nil)
	out = append(out, fmt.Sprint(code, canonical(t, b, ids)))
	for i := range out { // the oid in messages ("Cannot find a table with ID 19782")
		out[i] = strings.ReplaceAll(out[i], strconv.Itoa(tbl.ID), "<id>")
	}
	return out
}

// grant does what the server does before it starts postgres-meta.
func grant(t *testing.T, db *pgtest.DB) {
	t.Helper()
	conn, err := db.Admin.Acquire(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Release()
	if err := pgmeta.Grant(context.Background(), conn.Conn(), studioPassword); err != nil {
		t.Fatal(err)
	}
}

// packageDir is PG_META_PATH, else .tools/pgmeta (scripts/lib.sh ensure_pgmeta);
// the test skips where it is not installed.
func packageDir(t *testing.T) string {
	dir := os.Getenv("PG_META_PATH")
	if dir == "" {
		dir = filepath.Join(denotest.RepoDir(t), ".tools", "pgmeta")
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "@supabase", "postgres-meta", "package.json")); err != nil {
		t.Skip("postgres-meta is not installed: source scripts/lib.sh && ensure_pgmeta (make test does)")
	}
	return dir
}

func nodePath(t *testing.T) string {
	p, err := exec.LookPath("node")
	if err != nil {
		t.Skip("Node is not installed: the reference postgres-meta runs under it")
	}
	return p
}

// startReference runs postgres-meta's own server.js under Node on a free port (and
// the next one, its metrics) and waits until it answers.
func startReference(t *testing.T, node, pkgDir, dbURL string) string {
	t.Helper()
	port := freePorts(t)
	cmd := exec.Command(node, filepath.Join(pkgDir, "node_modules", "@supabase", "postgres-meta", "dist", "server", "server.js"))
	cmd.Env = append(os.Environ(), "PG_META_DB_URL="+dbURL, "PG_META_HOST=127.0.0.1", fmt.Sprintf("PG_META_PORT=%d", port))
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(100 * time.Millisecond) {
		if res, err := http.Get(base + "/health"); err == nil {
			res.Body.Close()
			return base
		}
		if time.Now().After(deadline) {
			t.Fatalf("the reference postgres-meta did not answer: %s", log.String())
		}
	}
}

// freePorts finds a port whose next one is free too.
func freePorts(t *testing.T) int {
	for range 20 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		port := l.Addr().(*net.TCPAddr).Port
		l2, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port+1))
		l.Close()
		if err == nil {
			l2.Close()
			return port
		}
	}
	t.Fatal("no two free ports in a row")
	return 0
}
