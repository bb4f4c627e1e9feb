package functions_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"casarent/functions"
	"casarent/server/pgtest"
)

// writeTree writes files (path relative to root → content) under root.
func writeTree(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, text := range files {
		p = filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// deployProject is a supabase/ folder: functions using _shared/ and a deno.json
// import map, and config.toml's verify_jwt and entrypoint.
var deployProject = map[string]string{
	"config.toml": `[functions.greeter]
verify_jwt = false
[functions.entried]
entrypoint = "./functions/entried/main.ts"
`,
	"functions/greeter/index.ts": `import { reply } from "../_shared/reply.ts";
import { who } from "./who.ts";
Deno.serve(() => reply({ hello: who }));`,
	"functions/greeter/who.ts":    `export const who = "deployed";`,
	"functions/_shared/reply.ts":  `export { reply } from "./json.ts";`,
	"functions/_shared/json.ts":   `export const reply = (b: unknown) => Response.json(b);`,
	"functions/_shared/unused.ts": `export const unused = 1;`,
	"functions/mapped/deno.json":  `{ "imports": { "greet": "../_lib/greet.ts" } }`,
	"functions/mapped/index.ts": `import { greet } from "greet";
Deno.serve(() => Response.json({ greeting: greet() }));`,
	"functions/_lib/greet.ts":    `export const greet = () => "mapped and deployed";`,
	"functions/entried/main.ts":  `Deno.serve(() => Response.json({ entry: "main.ts, deployed" }));`,
	"functions/entried/index.ts": `Deno.serve(() => Response.json({ entry: "index.ts" }));`,
}

// The CLI sends a function's folder and the files it imports by relative path,
// no other; the server bundles them with its Deno and serves the result, with
// config.toml's verify_jwt, entrypoint and deno.json's imports applied.
func TestDeploySourcesBundledByTheServer(t *testing.T) {
	db := pgtest.New(t)
	e := newFileEnv(t, func(o *functions.FileOptions) {
		o.Pool, o.DeployDir, o.SecretsKey = db.Pool, t.TempDir(), functions.SecretsKey(secret)
	}, nil)
	project := t.TempDir()
	writeTree(t, project, deployProject)
	dir := filepath.Join(project, "functions")
	sources, err := functions.CollectSources(dir, filepath.Join(project, "config.toml"), []string{"greeter", "mapped", "entried"})
	if err != nil {
		t.Fatal(err)
	}
	sent := func(s functions.Sources) []string {
		var out []string
		for p := range s.Files {
			out = append(out, p)
		}
		sort.Strings(out)
		return out
	}
	if got := sent(sources[0]); !slices.Equal(got, []string{"_shared/json.ts", "_shared/reply.ts", "greeter/index.ts", "greeter/who.ts"}) || sources[0].VerifyJWT {
		t.Errorf("greeter: sent %v, verify_jwt %v", got, sources[0].VerifyJWT)
	}
	if got := sent(sources[1]); !slices.Equal(got, []string{"_lib/greet.ts", "mapped/deno.json", "mapped/index.ts"}) {
		t.Errorf("mapped: sent %v", got)
	}
	if sources[2].Entrypoint != "entried/main.ts" {
		t.Errorf("entried: entrypoint %q", sources[2].Entrypoint)
	}
	ctx := context.Background()
	if _, err := (functions.DeployClient{URL: e.srv.URL, ServiceKey: e.anon}).DeploySources(ctx, sources[0]); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("deploy with the anon key: %v, want 401", err)
	}
	admin := functions.DeployClient{URL: e.srv.URL, ServiceKey: e.service}
	for _, s := range sources {
		if v, err := admin.DeploySources(ctx, s); err != nil || v != 1 {
			t.Fatalf("deploy %s: %d, %v", s.Name, v, err)
		}
	}
	for fn, want := range map[string]string{"greeter": `{"hello":"deployed"}`, "mapped": `{"greeting":"mapped and deployed"}`,
		"entried": `{"entry":"main.ts, deployed"}`} {
		token := e.anon
		if fn == "greeter" {
			token = "" // verify_jwt = false
		}
		if r := e.call(t, "GET", fn, token, ""); r.status != 200 || r.body != want {
			t.Errorf("%s: %d %s, want %s", fn, r.status, r.body, want)
		}
	}
	if r := e.call(t, "GET", "mapped", "", ""); r.status != 401 {
		t.Errorf("mapped without a token: %d, want 401 (verify_jwt by default)", r.status)
	}
}

// The server refuses an upload that leaves its folder (.., absolute paths, a
// module importing a file of the server's), one over the size limit, and code
// that does not compile, with the bundler's message; nothing is stored.
func TestDeploySourcesRefused(t *testing.T) {
	db := pgtest.New(t)
	e := newFileEnv(t, func(o *functions.FileOptions) {
		o.Pool, o.DeployDir, o.SecretsKey = db.Pool, t.TempDir(), functions.SecretsKey(secret)
	}, nil)
	outside := filepath.Join(t.TempDir(), "server-secret.json")
	writeTree(t, filepath.Dir(outside), map[string]string{"server-secret.json": `{"secret":"s3"}`})
	ok := "Deno.serve(() => new Response('ok'));"
	cases := []struct {
		what  string
		files map[string]string
		entry string
		want  string // in the error
	}{
		{"a path with ..", map[string]string{"bad/index.ts": ok, "bad/../../escape.ts": ok}, "", "INVALID_UPLOAD"},
		{"an absolute path", map[string]string{"bad/index.ts": ok, "/tmp/escape.ts": ok}, "", "INVALID_UPLOAD"},
		{"an entrypoint outside", map[string]string{"bad/index.ts": ok}, "../x.ts", "INVALID_UPLOAD"},
		{"an import of a server file", map[string]string{"bad/index.ts": `import s from "` + outside + `" with { type: "json" };
Deno.serve(() => Response.json(s));`}, "", "outside the files sent"},
		{"a syntax error", map[string]string{"bad/index.ts": "Deno.serve(() => new Response('ok');\nconst = ;"}, "", "BUNDLE_FAILED"},
		{"a missing module", map[string]string{"bad/index.ts": `import { x } from "./nowhere.ts";` + ok}, "", "nowhere.ts"},
		{"over 20 MiB", map[string]string{"bad/index.ts": ok, "bad/big.txt": strings.Repeat("x", 21<<20)}, "", "20 MiB"},
	}
	admin := functions.DeployClient{URL: e.srv.URL, ServiceKey: e.service}
	for _, c := range cases {
		s := functions.Sources{Name: "bad", VerifyJWT: true, Entrypoint: c.entry, Files: map[string][]byte{}}
		for p, text := range c.files {
			s.Files[p] = []byte(text)
		}
		_, err := admin.DeploySources(context.Background(), s)
		if err == nil || !strings.Contains(err.Error(), "400") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want 400 with %q", c.what, err, c.want)
		} else if strings.Contains(err.Error(), "functions-deploy") {
			t.Errorf("%s: the message names the server's temporary folder: %v", c.what, err)
		}
	}
	if list, err := admin.List(context.Background()); err != nil || len(list) != 0 {
		t.Errorf("stored: %+v, %v", list, err)
	}
}

// The CLI sends no file from outside the functions folder: an import of one, or
// a link to one, is an error before anything is sent.
func TestCollectSourcesStaysInTheFolder(t *testing.T) {
	project := t.TempDir()
	writeTree(t, project, map[string]string{
		"lib/x.ts":                  "export const x = 1;",
		"functions/up/index.ts":     `import { x } from "../../lib/x.ts"; Deno.serve(() => Response.json({ x }));`,
		"functions/linked/index.ts": `Deno.serve(() => new Response("ok"));`,
		// A specifier naming no file (a comment) is left to the bundler.
		"functions/ok/index.ts": `// import "./gone.ts";
Deno.serve(() => new Response("ok"));`,
	})
	if err := os.Symlink(filepath.Join(project, "lib", "x.ts"), filepath.Join(project, "functions", "linked", "x.ts")); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(project, "functions")
	for _, name := range []string{"up", "linked"} {
		if _, err := functions.CollectSources(dir, "", []string{name}); err == nil || !strings.Contains(err.Error(), "outside the functions folder") {
			t.Errorf("%s: %v, want an error naming the file outside", name, err)
		}
	}
	if s, err := functions.CollectSources(dir, "", []string{"ok"}); err != nil || len(s[0].Files) != 1 {
		t.Errorf("ok: %v", err)
	}
}
