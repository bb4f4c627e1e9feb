// Package functions serves /functions/v1/{name}, invoked the way supabase-js's
// functions.invoke and Supabase's edge gateway expect: the project's TypeScript
// functions, run by Deno workers (files_runtime.go, worker.go), and built-in Go
// handlers registered by name (the product's). Admin is the service role's API
// that deploys functions and their secrets, mounted apart (admin.go). See README.md.
package functions

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"

	"github.com/go-chi/chi/v5"
	"github.com/prometheus/client_golang/prometheus"

	"casarent/server/httpx"
	"casarent/server/jwtauth"
)

// Function is one named function.
type Function struct {
	Name      string       // URL name: /functions/v1/<Name>
	VerifyJWT bool         // like Supabase's verify_jwt: a valid Bearer JWT is required
	Handler   http.Handler // any method; reads jwtauth.FromContext for the caller
}

// Options configure the runtime.
type Options struct {
	Functions []Function
	Logger    *slog.Logger
	// Files adds the TypeScript functions of a folder, run by Deno; nil = none.
	Files *FileOptions
}

var validName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,128}$`)

// Runtime dispatches to the registered functions and to the file functions.
type Runtime struct {
	router http.Handler
	fns    map[string]Function
	files  *fileRuntime
	logger *slog.Logger
}

// New returns the handler of /functions/v1. Paths are relative to that prefix
// ("/create-paypal-order", "/name/sub/path"); the function receives the request
// unchanged. It panics on an invalid or duplicate name: that is a programming error
// caught at start.
func New(opts Options) http.Handler {
	rt, err := Build(opts)
	if err != nil {
		panic(err)
	}
	return rt
}

// Build is New returning an error for what the files folder can get wrong (a
// function with a built-in's name, an unreadable config.toml). Call Run for hot
// reload, idle recycling and stopping the workers.
func Build(opts Options) (*Runtime, error) {
	rt := &Runtime{fns: map[string]Function{}, logger: opts.Logger}
	if rt.logger == nil {
		rt.logger = slog.Default()
	}
	for _, f := range opts.Functions {
		if !validName.MatchString(f.Name) {
			panic(fmt.Sprintf("functions: invalid function name %q", f.Name))
		}
		if _, dup := rt.fns[f.Name]; dup {
			panic(fmt.Sprintf("functions: duplicate function %q", f.Name))
		}
		if f.Handler == nil {
			panic(fmt.Sprintf("functions: function %q has no handler", f.Name))
		}
		rt.fns[f.Name] = f
	}
	if opts.Files != nil {
		files, err := newFileRuntime(*opts.Files, rt.fns, rt.logger)
		if err != nil {
			return nil, err
		}
		rt.files = files
	}
	r := chi.NewRouter()
	r.HandleFunc("/", rt.invoke)
	r.HandleFunc("/{name}", rt.invoke)
	r.HandleFunc("/{name}/*", rt.invoke)
	rt.router = r
	return rt, nil
}

// Run supervises the file functions until ctx ends (then their workers stop).
func (rt *Runtime) Run(ctx context.Context) {
	if rt.files != nil {
		rt.files.Run(ctx)
	}
}

// Collectors are the file functions' metrics (none without them).
func (rt *Runtime) Collectors() []prometheus.Collector {
	if rt.files == nil {
		return nil
	}
	f := rt.files
	return []prometheus.Collector{f.invocations, f.durations, f.coldStarts, f.limitHits}
}

// ServeHTTP invokes the function a path relative to /functions/v1 names.
func (rt *Runtime) ServeHTTP(w http.ResponseWriter, r *http.Request) { rt.router.ServeHTTP(w, r) }

// invoke runs /{name}[/…]: a file function, else a built-in, else 404.
func (rt *Runtime) invoke(w http.ResponseWriter, r *http.Request) {
	name := chi.URLParam(r, "name")
	if _, builtin := rt.fns[name]; !builtin && rt.files != nil && name != "" {
		if s := rt.files.lookup(name); s != nil {
			rt.serveFile(w, r, s)
			return
		}
	}
	setCORS(w, r)
	// Preflight: answered before any credential check, as the edge runtime does.
	if r.Method == http.MethodOptions {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte("ok"))
		return
	}
	if name == "" {
		writeGateway(w, http.StatusBadRequest, "", "missing function name in request")
		return
	}
	f, ok := rt.fns[name]
	if !ok {
		writeGateway(w, http.StatusNotFound, "NOT_FOUND", "Requested function was not found")
		return
	}
	if f.VerifyJWT {
		if code, msg := verify(r); code != "" {
			writeGateway(w, http.StatusUnauthorized, code, msg)
			return
		}
	}
	tw := &trackWriter{ResponseWriter: w}
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			rt.logger.ErrorContext(r.Context(), "function panicked", "function", name, "panic", fmt.Sprint(p), "request_id", httpx.RequestIDFrom(r.Context()))
			if !tw.wrote {
				_ = httpx.WriteJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal error", "msg": "function failed"})
			}
		}
	}()
	f.Handler.ServeHTTP(tw, r)
}

// serveFile hands the request to a file function: OPTIONS as is (the function
// answers CORS itself, as on Supabase), anything else after the verify_jwt check.
func (rt *Runtime) serveFile(w http.ResponseWriter, r *http.Request, s *supervisor) {
	if r.Method != http.MethodOptions && s.fn.Load().VerifyJWT {
		if code, msg := verify(r); code != "" {
			setCORS(w, r)
			writeGateway(w, http.StatusUnauthorized, code, msg)
			return
		}
	}
	rt.files.serve(w, r, s)
}

// trackWriter remembers whether the function started its response, so a panic
// after that is not followed by a second header.
type trackWriter struct {
	http.ResponseWriter
	wrote bool
}

func (t *trackWriter) WriteHeader(code int) { t.wrote = true; t.ResponseWriter.WriteHeader(code) }

func (t *trackWriter) Write(b []byte) (int, error) {
	t.wrote = true
	return t.ResponseWriter.Write(b)
}

// Flush supports streamed responses (text/event-stream).
func (t *trackWriter) Flush() {
	if f, ok := t.ResponseWriter.(http.Flusher); ok {
		t.wrote = true
		f.Flush()
	}
}

func (t *trackWriter) Unwrap() http.ResponseWriter { return t.ResponseWriter }

// verify applies verify_jwt: a Bearer token must be present and valid (the project
// keys are JWTs and pass, as on Supabase; the function does its own authorization).
// As the edge runtime, it checks the token's signature and times, not its role: a
// token without one passes (what the function then may do is the API's business).
func verify(r *http.Request) (code, msg string) {
	if jwtauth.BearerToken(r) == "" {
		return "UNAUTHORIZED_NO_AUTH_HEADER", "Missing authorization header"
	}
	var roleErr *jwtauth.RoleError
	if _, err := jwtauth.FromContext(r.Context()); err != nil && !(errors.As(err, &roleErr) && roleErr.Identity.Role == "") {
		return "UNAUTHORIZED_INVALID_JWT_FORMAT", "Invalid JWT"
	}
	return "", ""
}

// writeGateway writes a gateway-level error in the edge runtime's shape
// ({code, message, msg} and the sb-error-code header).
func writeGateway(w http.ResponseWriter, status int, code, msg string) {
	body := map[string]string{"msg": msg, "message": msg, "error": msg}
	if code != "" {
		body["code"] = code
		w.Header().Set("Sb-Error-Code", code)
	}
	_ = httpx.WriteJSON(w, status, body)
}

// setCORS makes every response readable by a browser on another origin, errors
// included (otherwise supabase-js reports a fetch error instead of the HTTP error).
// The server-wide CORS middleware may already have set them.
func setCORS(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	if h.Get("Access-Control-Allow-Origin") == "" {
		h.Set("Access-Control-Allow-Origin", "*")
	}
	if r.Method == http.MethodOptions {
		if h.Get("Access-Control-Allow-Methods") == "" {
			h.Set("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS")
		}
		if h.Get("Access-Control-Allow-Headers") == "" {
			allow := r.Header.Get("Access-Control-Request-Headers")
			if allow == "" {
				allow = "authorization, x-client-info, apikey, content-type, x-region, x-retry-count, traceparent, tracestate, baggage"
			}
			h.Set("Access-Control-Allow-Headers", allow)
		}
		if h.Get("Access-Control-Max-Age") == "" {
			h.Set("Access-Control-Max-Age", "86400") // as the server's own preflights
		}
	}
	if h.Get("Access-Control-Expose-Headers") == "" {
		h.Set("Access-Control-Expose-Headers", httpx.CORSExpose)
	}
}
