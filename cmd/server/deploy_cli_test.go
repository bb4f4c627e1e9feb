package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"casarent/server/denotest"
)

// `server functions deploy` on a machine without Deno: DENO_PATH names no file and
// no deno is on PATH. The server bundles the sources sent (the function, the
// _shared module it imports) and serves the function at once, with config.toml's
// verify_jwt.
func TestDeployCommandNeedsNoLocalDeno(t *testing.T) {
	a, h := newTestApp(t, map[string]string{
		"DENO_PATH": denotest.Path(t), "FUNCTIONS_DENO_DIR": t.TempDir(),
		"FUNCTIONS_DIR": t.TempDir(), "FUNCTIONS_CONFIG": filepath.Join(t.TempDir(), "none.toml"),
	})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)

	project := t.TempDir()
	write(t, filepath.Join(project, "config.toml"), []byte("[functions.hello]\nverify_jwt = false\n"))
	write(t, filepath.Join(project, "functions", "hello", "index.ts"), []byte(`import { greeting } from "../_shared/greeting.ts";
Deno.serve(async (req) => Response.json({ greeting, body: await req.text() }));`))
	write(t, filepath.Join(project, "functions", "_shared", "greeting.ts"), []byte(`export const greeting = "bundled by the server";`))

	t.Setenv("PATH", t.TempDir())
	if p, err := exec.LookPath("deno"); err == nil {
		t.Fatalf("deno is still on PATH: %s", p)
	}
	env := map[string]string{"DENO_PATH": filepath.Join(t.TempDir(), "no-deno"), "SERVICE_ROLE_KEY": a.cfg.ServiceRoleKey}
	var out bytes.Buffer
	err := functionsCommand(context.Background(), []string{"functions", "deploy", filepath.Join(project, "functions"), "hello", "--url", srv.URL},
		func(k string) string { return env[k] }, &out)
	if err != nil || !strings.Contains(out.String(), "hello: version 1 deployed (2 files sent)") {
		t.Fatalf("deploy: %v\n%s", err, out.String())
	}
	res, err := http.Post(srv.URL+"/functions/v1/hello", "text/plain", strings.NewReader("no token"))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || string(body) != `{"greeting":"bundled by the server","body":"no token"}` {
		t.Fatalf("the deployed function: %d %s", res.StatusCode, body)
	}

	// Code that does not compile: the bundler's message, nothing deployed.
	write(t, filepath.Join(project, "functions", "hello", "index.ts"), []byte("Deno.serve(() => new Response('x');"))
	err = functionsCommand(context.Background(), []string{"functions", "deploy", filepath.Join(project, "functions"), "--url", srv.URL},
		func(k string) string { return env[k] }, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "BUNDLE_FAILED") || !strings.Contains(err.Error(), "hello/index.ts:1:") {
		t.Fatalf("deploying a syntax error: %v", err)
	}
}
