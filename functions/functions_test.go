package functions_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"casarent/functions"
	"casarent/functions/fnkit"
	"casarent/functions/fnkit/fntest"
	"casarent/server/jwtauth"
)

const secret = "functions-test-secret-0123456789abcdef0123"

type env struct {
	srv  *httptest.Server
	anon string
	user string
}

// newEnv serves the runtime the way the server mounts it: jwtauth middleware, then
// the /functions/v1 prefix stripped.
func newEnv(t *testing.T, fns ...functions.Function) *env {
	t.Helper()
	now := time.Now()
	anon, err := jwtauth.Sign(secret, jwtauth.KeyClaims(jwtauth.RoleAnon, now))
	if err != nil {
		t.Fatal(err)
	}
	user, err := jwtauth.Sign(secret, jwtMap{"role": "authenticated", "sub": "11111111-1111-1111-1111-111111111111", "exp": now.Add(time.Hour).Unix()})
	if err != nil {
		t.Fatal(err)
	}
	v := jwtauth.NewVerifier(secret, jwtauth.Keys{Anon: anon})
	h := v.Middleware(http.StripPrefix("/functions/v1", functions.New(functions.Options{Functions: fns})))
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return &env{srv: srv, anon: anon, user: user}
}

func (e *env) do(t *testing.T, method, name, auth, ctype string, body io.Reader) (*http.Response, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, e.srv.URL+"/functions/v1/"+name, body)
	if err != nil {
		t.Fatal(err)
	}
	if auth != "" {
		req.Header.Set("Authorization", "Bearer "+auth)
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var m map[string]any
	if strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatalf("%s %s: body %q is not JSON: %v", method, name, raw, err)
		}
	} else {
		m = map[string]any{"_text": string(raw)}
	}
	return res, m
}

// echo reports what the function saw.
func echo(_ bool) http.Handler {
	return fnkit.Handler(nil, func(w http.ResponseWriter, r *http.Request) error {
		id, err := fnkit.Caller(r)
		if err != nil {
			return err
		}
		body, _ := io.ReadAll(r.Body)
		out := map[string]any{"method": r.Method, "path": r.URL.Path, "role": id.Role, "sub": id.Subject,
			"contentType": r.Header.Get("Content-Type"), "body": string(body)}
		if strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") {
			vals, _ := url.ParseQuery(string(body))
			out["form"] = vals.Get("a")
		}
		return fnkit.JSON(w, http.StatusOK, out)
	})
}

func TestPreflightAndCORS(t *testing.T) {
	e := newEnv(t, functions.Function{Name: "echo", VerifyJWT: true, Handler: echo(false)})
	res := fntest.Call(t, http.MethodOptions, e.srv.URL+"/functions/v1/echo", nil, map[string]string{
		"Origin":                         "http://localhost:5173",
		"Access-Control-Request-Method":  "POST",
		"Access-Control-Request-Headers": "authorization, x-client-info, apikey, content-type",
	})
	if res.Status != 200 || string(res.Raw) != "ok" {
		t.Fatalf("preflight: %d %q", res.Status, res.Raw)
	}
	if got := res.Header.Get("Access-Control-Allow-Origin"); got != "*" {
		t.Fatalf("allow-origin %q", got)
	}
	if got := res.Header.Get("Access-Control-Allow-Headers"); !strings.Contains(got, "x-client-info") {
		t.Fatalf("allow-headers %q", got)
	}
	if !strings.Contains(res.Header.Get("Access-Control-Allow-Methods"), "POST") {
		t.Fatalf("allow-methods %q", res.Header.Get("Access-Control-Allow-Methods"))
	}
	// The server's CORS middleware lets function preflights through to here: a
	// browser may still cache the answer as long as the server's other preflights.
	if got := res.Header.Get("Access-Control-Max-Age"); got != "86400" {
		t.Fatalf("max-age %q", got)
	}
	// Errors carry CORS headers too.
	res2, _ := e.do(t, "POST", "nope", e.anon, "", nil)
	if res2.Header.Get("Access-Control-Allow-Origin") == "" {
		t.Fatal("404 without CORS header")
	}
}

func TestUnknownAndMissingName(t *testing.T) {
	e := newEnv(t, functions.Function{Name: "echo", Handler: echo(false)})
	res, body := e.do(t, "POST", "does-not-exist", e.anon, "", nil)
	if res.StatusCode != 404 || body["code"] != "NOT_FOUND" || body["message"] == nil {
		t.Fatalf("unknown: %d %v", res.StatusCode, body)
	}
	if res.Header.Get("x-relay-error") != "" {
		t.Fatal("x-relay-error must be reserved for relay failures")
	}
	res, body = e.do(t, "POST", "", e.anon, "", nil)
	if res.StatusCode != 400 || body["msg"] != "missing function name in request" {
		t.Fatalf("missing name: %d %v", res.StatusCode, body)
	}
}

// Invoking never reaches the deploy API: it is its own handler, which the server
// mounts apart (and which does not exist without file functions and a database).
func TestInvocationDoesNotServeTheDeployAPI(t *testing.T) {
	e := newEnv(t, functions.Function{Name: "echo", Handler: echo(false)})
	for _, p := range functions.AdminPaths {
		res, body := e.do(t, "GET", strings.TrimPrefix(p, "/"), e.anon, "", nil)
		if res.StatusCode != 404 || body["message"] != "Requested function was not found" {
			t.Fatalf("%s through invocation: %d %v", p, res.StatusCode, body)
		}
	}
	rt, err := functions.Build(functions.Options{Functions: []functions.Function{{Name: "echo", Handler: echo(false)}}})
	if err != nil {
		t.Fatal(err)
	}
	if rt.Admin() != nil {
		t.Fatal("a runtime without file functions has no deploy API")
	}
}

func TestVerifyJWT(t *testing.T) {
	e := newEnv(t,
		functions.Function{Name: "secure", VerifyJWT: true, Handler: echo(false)},
		functions.Function{Name: "open", VerifyJWT: false, Handler: echo(false)},
		functions.Function{Name: "plain", VerifyJWT: true, Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
			w.WriteHeader(http.StatusNoContent)
		})},
	)
	res, body := e.do(t, "POST", "secure", "", "", nil)
	if res.StatusCode != 401 || body["code"] != "UNAUTHORIZED_NO_AUTH_HEADER" || res.Header.Get("sb-error-code") != "UNAUTHORIZED_NO_AUTH_HEADER" {
		t.Fatalf("no header: %d %v", res.StatusCode, body)
	}
	res, body = e.do(t, "POST", "secure", "not.a.jwt", "", nil)
	if res.StatusCode != 401 || body["code"] != "UNAUTHORIZED_INVALID_JWT_FORMAT" {
		t.Fatalf("bad jwt: %d %v", res.StatusCode, body)
	}
	forged, _ := jwtauth.Sign("another-secret-another-secret-another-secret", jwtMap{"role": "service_role"})
	res, _ = e.do(t, "POST", "secure", forged, "", nil)
	if res.StatusCode != 401 {
		t.Fatalf("forged token accepted: %d", res.StatusCode)
	}
	res, body = e.do(t, "POST", "secure", e.anon, "", nil)
	if res.StatusCode != 200 || body["role"] != "anon" {
		t.Fatalf("anon key: %d %v", res.StatusCode, body)
	}
	// The edge runtime checks the signature only: a signed token without a role passes.
	roleless, _ := jwtauth.Sign(secret, jwtMap{"sub": "someone", "exp": time.Now().Add(time.Hour).Unix()})
	if res, body = e.do(t, "POST", "plain", roleless, "", nil); res.StatusCode != http.StatusNoContent {
		t.Fatalf("a signed token without a role: %d %v", res.StatusCode, body)
	}
	unknown, _ := jwtauth.Sign("another-secret-another-secret-another-secret", jwtMap{"exp": time.Now().Add(time.Hour).Unix()})
	if res, _ = e.do(t, "POST", "plain", unknown, "", nil); res.StatusCode != 401 {
		t.Fatalf("a token without a role, signed with another secret: %d", res.StatusCode)
	}
	res, body = e.do(t, "POST", "secure", e.user, "", nil)
	if res.StatusCode != 200 || body["role"] != "authenticated" || body["sub"] != "11111111-1111-1111-1111-111111111111" {
		t.Fatalf("user: %d %v", res.StatusCode, body)
	}
	res, body = e.do(t, "POST", "open", "", "", nil)
	if res.StatusCode != 200 || body["role"] != "anon" {
		t.Fatalf("open function without auth: %d %v", res.StatusCode, body)
	}
}

func TestMethodsAndBodies(t *testing.T) {
	e := newEnv(t, functions.Function{Name: "echo", VerifyJWT: true, Handler: echo(false)})
	for _, m := range []string{"GET", "POST", "PUT", "PATCH", "DELETE"} {
		res, body := e.do(t, m, "echo/sub/path", e.anon, "", nil)
		if res.StatusCode != 200 || body["method"] != m || body["path"] != "/echo/sub/path" {
			t.Fatalf("%s: %d %v", m, res.StatusCode, body)
		}
	}
	_, body := e.do(t, "POST", "echo", e.anon, "application/json", strings.NewReader(`{"a":1}`))
	if body["body"] != `{"a":1}` || body["contentType"] != "application/json" {
		t.Fatalf("json: %v", body)
	}
	_, body = e.do(t, "POST", "echo", e.anon, "text/plain;charset=UTF-8", strings.NewReader("hello"))
	if body["body"] != "hello" {
		t.Fatalf("text: %v", body)
	}
	_, body = e.do(t, "POST", "echo", e.anon, "application/x-www-form-urlencoded", strings.NewReader("a=b+c"))
	if body["form"] != "b c" {
		t.Fatalf("form: %v", body)
	}
}

func TestErrorsAndPanics(t *testing.T) {
	e := newEnv(t,
		functions.Function{Name: "teapot", Handler: fnkit.Handler(nil, func(w http.ResponseWriter, r *http.Request) error {
			return fnkit.Errorf(http.StatusTeapot, "short and stout").WithCode("teapot").WithDetails(map[string]int{"cups": 2})
		})},
		functions.Function{Name: "fails", Handler: fnkit.Handler(nil, func(w http.ResponseWriter, r *http.Request) error {
			return io.ErrUnexpectedEOF
		})},
		functions.Function{Name: "decode", Handler: fnkit.Handler(nil, func(w http.ResponseWriter, r *http.Request) error {
			var v map[string]any
			if err := fnkit.DecodeJSON(r, &v); err != nil {
				return err
			}
			return fnkit.JSON(w, 200, v)
		})},
		functions.Function{Name: "panics", Handler: http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") })},
	)
	res, body := e.do(t, "POST", "teapot", e.anon, "", nil)
	if res.StatusCode != 418 || body["error"] != "short and stout" || body["code"] != "teapot" || body["details"].(map[string]any)["cups"] != 2.0 {
		t.Fatalf("teapot: %d %v", res.StatusCode, body)
	}
	if res.Header.Get("Access-Control-Allow-Origin") == "" {
		t.Fatal("error without CORS header")
	}
	res, body = e.do(t, "POST", "fails", e.anon, "", nil)
	if res.StatusCode != 500 || body["error"] != "internal error" {
		t.Fatalf("plain error: %d %v", res.StatusCode, body)
	}
	res, body = e.do(t, "POST", "decode", e.anon, "application/json", strings.NewReader("{not json"))
	if res.StatusCode != 400 || body["code"] != "invalid_json" {
		t.Fatalf("bad json: %d %v", res.StatusCode, body)
	}
	res, _ = e.do(t, "POST", "decode", e.anon, "image/png", strings.NewReader("{}"))
	if res.StatusCode != 415 {
		t.Fatalf("wrong type: %d", res.StatusCode)
	}
	res, body = e.do(t, "POST", "panics", e.anon, "", nil)
	if res.StatusCode != 500 || body["error"] == nil {
		t.Fatalf("panic: %d %v", res.StatusCode, body)
	}
}

func TestRegistryRejectsBadNames(t *testing.T) {
	for _, fns := range [][]functions.Function{
		{{Name: "a/b", Handler: echo(false)}},
		{{Name: "x", Handler: echo(false)}, {Name: "x", Handler: echo(false)}},
		{{Name: "nohandler"}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("New(%v) did not panic", fns[0].Name)
				}
			}()
			functions.New(functions.Options{Functions: fns})
		}()
	}
}

type jwtMap = jwt.MapClaims
