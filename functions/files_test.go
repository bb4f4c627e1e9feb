package functions_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"casarent/functions"
)

// The request reaches the function as sent: method, path below /functions/v1,
// query, headers, body; the answer comes back; console.log reaches the log,
// labelled; each invocation is logged and counted.
func TestFileFunctionGetsTheRequestUntouched(t *testing.T) {
	e := newFileEnv(t, nil, nil)
	a := e.call(t, "POST", "hello/sub/path?a=1&b=two", e.anon, `{"x":1}`, "X-Test: yes", "Content-Type: application/json")
	if a.status != 200 {
		t.Fatalf("status %d: %s", a.status, a.body)
	}
	got := a.json(t)
	want := map[string]any{"method": "POST", "path": "/hello/sub/path", "query": "?a=1&b=two", "body": `{"x":1}`,
		"header": "yes", "greeting": "hello from .env", "hasURL": true, "hasAnonKey": true}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", k, got[k], v)
		}
	}
	eventually(t, "console.log in the server log", func() bool {
		return strings.Contains(e.log.String(), `"function":"hello"`) && strings.Contains(e.log.String(), `"line":"hello was called"`)
	})
	// The invocation is logged and counted once the answer is sent.
	eventually(t, "an invocation line with status and version in the log", func() bool {
		log := e.log.String()
		return strings.Contains(log, `"msg":"function invoked"`) && strings.Contains(log, `"status":200`) && strings.Contains(log, `"version":"`)
	})
	if n := counter(t, e.rt, "functions_invocations_total", "hello"); n != 1 {
		t.Errorf("functions_invocations_total{function=hello} = %v, want 1", n)
	}
	if n := counter(t, e.rt, "functions_cold_starts_total", "hello"); n != 1 {
		t.Errorf("functions_cold_starts_total{function=hello} = %v, want 1", n)
	}
}

// verify_jwt is on by default and off where config.toml says so; folders
// starting with _ or . are not functions.
func TestFileFunctionVerifyJWTAndFolders(t *testing.T) {
	e := newFileEnv(t, nil, nil)
	if a := e.call(t, "GET", "hello", "", ""); a.status != 401 || a.json(t)["code"] != "UNAUTHORIZED_NO_AUTH_HEADER" {
		t.Errorf("no token: %d %s, want 401 UNAUTHORIZED_NO_AUTH_HEADER", a.status, a.body)
	}
	if a := e.call(t, "GET", "hello", "not-a-jwt", ""); a.status != 401 {
		t.Errorf("bad token: %d %s, want 401", a.status, a.body)
	}
	if a := e.call(t, "GET", "public", "", ""); a.status != 200 || a.json(t)["public"] != true {
		t.Errorf("verify_jwt = false: %d %s, want 200", a.status, a.body)
	}
	for _, name := range []string{"_shared", ".hidden"} {
		if a := e.call(t, "GET", name, e.anon, ""); a.status != 404 || a.json(t)["code"] != "NOT_FOUND" {
			t.Errorf("%s: %d %s, want 404 NOT_FOUND", name, a.status, a.body)
		}
	}
}

// Server-sent events stream: the first event is read while the function still
// waits (for a second request) before sending the next.
func TestFileFunctionStreamsEvents(t *testing.T) {
	e := newFileEnv(t, nil, nil)
	_, r := e.openEvents(t)
	if a := e.call(t, "POST", "events/release", "", ""); a.status != 200 {
		t.Fatalf("release: %d %s", a.status, a.body)
	}
	rest, _ := r.ReadString(0)
	if !strings.Contains(rest, "data: second\n") {
		t.Errorf("rest of the stream %q", rest)
	}
}

// OPTIONS reaches the function, which answers CORS itself; its headers are the
// only ones (a browser refuses two Access-Control-Allow-Origin values).
func TestFileFunctionAnswersItsOwnPreflight(t *testing.T) {
	e := newFileEnv(t, nil, nil)
	a := e.call(t, "OPTIONS", "cors", "", "", "Origin: https://app.example", "Access-Control-Request-Method: POST",
		"Access-Control-Request-Headers: x-custom")
	if a.status != 200 || a.body != "cors ok" || a.header.Get("X-Preflight") != "function" {
		t.Fatalf("preflight: %d %q %v", a.status, a.body, a.header)
	}
	if got := a.header.Values("Access-Control-Allow-Origin"); len(got) != 1 || got[0] != "*" {
		t.Errorf("Access-Control-Allow-Origin %q, want the function's only", got)
	}
	if got := a.header.Values("Access-Control-Allow-Methods"); len(got) != 1 || got[0] != "POST, OPTIONS" {
		t.Errorf("Access-Control-Allow-Methods %q, want the function's only", got)
	}
}

// A function sees its secrets and the platform's variables, nothing else, and
// may not read other files, write, or run processes.
func TestFileFunctionSandbox(t *testing.T) {
	e := newFileEnv(t, nil, nil)
	t.Setenv("JWT_SECRET", "the-server-secret-the-function-must-not-see")
	a := e.call(t, "GET", "sandbox", e.anon, "")
	if a.status != 200 {
		t.Fatalf("status %d: %s", a.status, a.body)
	}
	got := a.json(t)
	for _, k := range []string{"readPasswd", "writeFile", "runProcess", "readJWTSecret", "envObject", "platformOnlyName"} {
		if got[k] != "refused" {
			t.Errorf("%s: %v, want refused", k, got[k])
		}
	}
	if got["ownSecret"] != "hello from .env" {
		t.Errorf("ownSecret %v", got["ownSecret"])
	}
	if _, err := os.Stat("/tmp/casarent-function-wrote-this"); err == nil {
		t.Error("the function wrote a file")
	}
}

// EdgeRuntime.waitUntil: the work goes on after the answer.
func TestFileFunctionWaitUntil(t *testing.T) {
	e := newFileEnv(t, nil, nil)
	if a := e.call(t, "POST", "later", e.anon, ""); a.status != 200 || a.json(t)["done"] != false {
		t.Fatalf("first: %d %s", a.status, a.body)
	}
	eventually(t, "the waitUntil work finished", func() bool {
		a := e.call(t, "GET", "later/status", e.anon, "")
		return a.status == 200 && a.json(t)["done"] == true
	})
}

// Without Deno the server works and a file function says how to install it.
func TestFileFunctionRuntimeMissing(t *testing.T) {
	e := newFileEnv(t, func(o *functions.FileOptions) { o.DenoPath = "" }, nil)
	a := e.call(t, "GET", "hello", e.anon, "")
	if a.status != 503 || a.json(t)["code"] != "FUNCTION_RUNTIME_MISSING" || !strings.Contains(a.body, "ensure_deno") {
		t.Errorf("%d %s, want 503 FUNCTION_RUNTIME_MISSING with how to install", a.status, a.body)
	}
	if a.header.Get("Access-Control-Allow-Origin") == "" {
		t.Error("a gateway error must be readable cross-origin")
	}
}

// A folder with a built-in function's name stops the start, saying so.
func TestFileFunctionNamedLikeABuiltin(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("testdata")); err != nil {
		t.Fatal(err)
	}
	_, err := functions.Build(functions.Options{
		Functions: []functions.Function{{Name: "hello", Handler: http.NotFoundHandler()}},
		Files:     &functions.FileOptions{Dir: filepath.Join(dir, "functions")},
	})
	if err == nil || !strings.Contains(err.Error(), "hello") || !strings.Contains(err.Error(), "built-in") {
		t.Fatalf("err = %v, want a start-up error naming hello", err)
	}
}

// counter sums a metric of the runtime over the series of one function.
func counter(t *testing.T, rt *functions.Runtime, name, function string) float64 {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(rt.Collectors()...)
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var sum float64
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "function" && l.GetValue() == function {
					sum += m.GetCounter().GetValue()
				}
			}
		}
	}
	return sum
}

// A function with no variable to see at all (no secrets, no platform variables)
// still starts.
func TestFileFunctionWithAnEmptyEnvironment(t *testing.T) {
	e := newFileEnv(t, func(o *functions.FileOptions) {
		o.Env = nil
		if err := os.Remove(filepath.Join(o.Dir, ".env")); err != nil {
			t.Fatal(err)
		}
	}, nil)
	if a := e.call(t, "GET", "public", "", ""); a.status != 200 {
		t.Errorf("%d %s", a.status, a.body)
	}
}

// A folder's deno.json import map is honoured, and so is config.toml's entrypoint.
func TestFileFunctionDenoJSONAndEntrypoint(t *testing.T) {
	e := newFileEnv(t, nil, nil)
	if a := e.call(t, "GET", "mapped", e.anon, ""); a.status != 200 || a.json(t)["greeting"] != "hello mapped, from deno.json's imports" {
		t.Errorf("mapped: %d %s", a.status, a.body)
	}
	if a := e.call(t, "GET", "entry", e.anon, ""); a.status != 200 || a.json(t)["entry"] != "main.ts" {
		t.Errorf("entry: %d %s", a.status, a.body)
	}
}
