package functions_test

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"casarent/functions"
	"casarent/server/denotest"
	"casarent/server/pgtest"
)

// Two replicas on one database: a bundle deployed through one is served by both,
// a new version replaces it on both, a rollback brings the old one back on both,
// and only the service role may deploy.
func TestDeployedFunctionServedByEveryReplica(t *testing.T) {
	db := pgtest.New(t)
	replica := func(o *functions.FileOptions) {
		o.Pool, o.DeployDir, o.SecretsKey = db.Pool, t.TempDir(), functions.SecretsKey(secret)
	}
	a := newFileEnv(t, replica, nil)
	b := newFileEnv(t, replica, nil)

	src := t.TempDir()
	fn := filepath.Join(src, "functions", "greeter")
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(fn, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(fn, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index.ts", `import { v } from "./version.ts";
Deno.serve(() => Response.json({ v }));`)
	ctx := context.Background()
	deploy := func(version string, key string) error {
		t.Helper()
		write("version.ts", "export const v = "+version+";")
		bundles, err := functions.BundleFunctions(ctx, denotest.Path(t), denoCache(t), filepath.Join(src, "functions"), "", nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = functions.DeployClient{URL: a.srv.URL, ServiceKey: key}.Deploy(ctx, bundles[0])
		return err
	}
	servedByBoth := func(want string) {
		t.Helper()
		for i, e := range []*fileEnv{a, b} {
			eventually(t, "replica "+string(rune('A'+i))+" serves "+want, func() bool {
				r := e.call(t, "GET", "greeter", e.anon, "")
				return r.status == 200 && r.body == want
			})
		}
	}

	if err := deploy("1", a.anon); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("deploy with the anon key: %v, want 401", err)
	}
	if err := deploy("1", a.service); err != nil {
		t.Fatal(err)
	}
	// The replica that took the deployment serves it from its answer on: a call
	// right after `server functions deploy` reaches it.
	if r := a.call(t, "GET", "greeter", a.anon, ""); r.status != 200 || r.body != `{"v":1}` {
		t.Fatalf("called right after its deployment: %d %s", r.status, r.body)
	}
	servedByBoth(`{"v":1}`)
	if err := deploy("2", a.service); err != nil {
		t.Fatal(err)
	}
	if r := a.call(t, "GET", "greeter", a.anon, ""); r.status != 200 || r.body != `{"v":2}` {
		t.Fatalf("called right after its new version: %d %s", r.status, r.body)
	}
	servedByBoth(`{"v":2}`)
	v, err := functions.DeployClient{URL: b.srv.URL, ServiceKey: b.service}.Rollback(ctx, "greeter")
	if err != nil || v != 1 {
		t.Fatalf("rollback: %d, %v", v, err)
	}
	servedByBoth(`{"v":1}`)
	list, err := functions.DeployClient{URL: a.srv.URL, ServiceKey: a.service}.List(ctx)
	if err != nil || len(list) != 2 || !list[0].Active || list[1].Active {
		t.Fatalf("list: %+v, %v", list, err)
	}
	if _, err := (functions.DeployClient{URL: a.srv.URL, ServiceKey: a.service}).Rollback(ctx, "greeter"); err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("rollback past the first version: %v, want 404", err)
	}
}

// A secret set over HTTP is stored sealed and seen by functions from their next
// start, over the folder's .env; only the service role may set one.
func TestSecretsSetOverHTTP(t *testing.T) {
	db := pgtest.New(t)
	e := newFileEnv(t, func(o *functions.FileOptions) {
		o.Pool, o.DeployDir, o.SecretsKey = db.Pool, t.TempDir(), functions.SecretsKey(secret)
		o.MaxRequests = 1 // every call starts a worker: the next start comes at once
	}, nil)
	ctx := context.Background()
	if err := (functions.DeployClient{URL: e.srv.URL, ServiceKey: e.anon}).SetSecrets(ctx, map[string]string{"GREETING": "x"}); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("anon sets a secret: %v, want 401", err)
	}
	admin := functions.DeployClient{URL: e.srv.URL, ServiceKey: e.service}
	if err := admin.SetSecrets(ctx, map[string]string{"SUPABASE_URL": "x"}); err == nil || !strings.Contains(err.Error(), "400") {
		t.Fatalf("SUPABASE_ secret: %v, want 400", err)
	}
	if err := admin.SetSecrets(ctx, map[string]string{"GREETING": "from the database"}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the function sees the stored secret", func() bool {
		a := e.call(t, "GET", "hello", e.anon, "")
		return a.status == 200 && a.json(t)["greeting"] == "from the database"
	})
	var sealed []byte
	if err := db.Admin.QueryRow(ctx, `select sealed from supabase_functions.function_secrets where name = 'GREETING'`).Scan(&sealed); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(sealed), "from the database") {
		t.Error("the secret is stored in clear")
	}
	if names, err := admin.SecretNames(ctx); err != nil || len(names) != 1 || names[0] != "GREETING" {
		t.Errorf("names: %v, %v", names, err)
	}
	// The invocation handler alone knows no deploy API: it is mounted apart.
	for _, p := range functions.AdminPaths {
		rec := httptest.NewRecorder()
		e.rt.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		if rec.Code != 404 || !strings.Contains(rec.Body.String(), "Requested function was not found") {
			t.Errorf("%s through invocation: %d %s", p, rec.Code, rec.Body)
		}
	}
}
