// Package httpx holds the HTTP plumbing every surface shares: handlers that
// return errors, one error renderer per surface, JSON helpers, request ids,
// panic recovery, body limits and CORS.
package httpx

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"runtime/debug"
	"strings"
	"time"
)

// HandlerFunc is an http handler that returns its error instead of writing it.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Renderer writes an error in a surface's wire shape (PostgREST, GoTrue, Storage...).
type Renderer func(w http.ResponseWriter, r *http.Request, err error)

// Adapt turns h into an http.Handler whose errors render goes through render.
func Adapt(render Renderer, h HandlerFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			if ww, ok := w.(*statusWriter); ok && ww.wrote {
				slog.ErrorContext(r.Context(), "error after response started", "err", err)
				return
			}
			render(w, r, err)
		}
	})
}

// WriteJSON writes v as JSON with status.
func WriteJSON(w http.ResponseWriter, status int, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("httpx: encode: %w", err)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, err = w.Write(b)
	return err
}

// DecodeJSON reads a JSON body into v.
func DecodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) || errors.Is(err, ErrSlowBody) {
			return err
		}
		return fmt.Errorf("%w: %v", ErrBadJSON, err)
	}
	return nil
}

// ErrBadJSON wraps a body that is not the JSON expected.
var ErrBadJSON = errors.New("invalid JSON body")

type ctxKey int

const requestIDKey ctxKey = 0

// RequestIDFrom returns the request id set by RequestID.
func RequestIDFrom(ctx context.Context) string {
	s, _ := ctx.Value(requestIDKey).(string)
	return s
}

// RequestID gives every request an id (kept from X-Request-Id when sane) and echoes it.
func RequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 64 || strings.ContainsAny(id, " \t\r\n") {
			var b [8]byte
			_, _ = rand.Read(b[:])
			id = hex.EncodeToString(b[:])
		}
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey, id)))
	})
}

// statusWriter remembers the status and whether anything was written.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
	wrote  bool
}

func (s *statusWriter) WriteHeader(code int) {
	if !s.wrote {
		s.status, s.wrote = code, true
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if !s.wrote {
		s.status, s.wrote = http.StatusOK, true
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// Status returns the status written so far through w (0 when nothing was), when w
// comes from Log.
func Status(w http.ResponseWriter) int {
	if s, ok := w.(*statusWriter); ok {
		return s.status
	}
	return 0
}

// Log writes one structured line per request and recovers from panics with a 500.
func Log(logger *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			sw := &statusWriter{ResponseWriter: w}
			defer func() {
				if p := recover(); p != nil {
					if p == http.ErrAbortHandler {
						panic(p)
					}
					logger.ErrorContext(r.Context(), "panic", "panic", fmt.Sprint(p), "stack", string(debug.Stack()), "request_id", RequestIDFrom(r.Context()))
					if !sw.wrote {
						_ = WriteJSON(sw, http.StatusInternalServerError, map[string]any{"code": 500, "message": "internal server error"})
					}
				}
				logger.LogAttrs(r.Context(), slog.LevelInfo, "request",
					slog.String("method", r.Method),
					slog.String("path", r.URL.Path),
					slog.Int("status", sw.status),
					slog.Int("bytes", sw.bytes),
					slog.Duration("duration", time.Since(start)),
					slog.String("request_id", RequestIDFrom(r.Context())),
				)
			}()
			next.ServeHTTP(sw, r)
		})
	}
}

// BodyLimit caps request bodies at n bytes; reading past it fails with *http.MaxBytesError.
func BodyLimit(n int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body != nil && n > 0 {
				r.Body = http.MaxBytesReader(w, r.Body, n)
			}
			next.ServeHTTP(w, r)
		})
	}
}

// CORSHeaders are the request headers supabase-js sends.
const CORSHeaders = "apikey, authorization, x-client-info, content-type, prefer, range, accept-profile, content-profile, x-upsert, x-supabase-api-version, cache-control, x-retry-count, if-none-match, accept"

// CORSExpose are the response headers clients must be able to read.
const CORSExpose = "Content-Range, Content-Location, Location, Range-Unit, Preference-Applied, X-Total-Count, X-Supabase-Api-Version, X-Request-Id, ETag, Content-Length, Content-Type, Content-Disposition, Last-Modified, Cache-Control, X-Sb-Error-Code"

// CORS answers preflights and lets any origin call the API with the Supabase headers,
// as Supabase's gateway does (authorization is by token, not by origin). It never
// sends Access-Control-Allow-Credentials: credentials here are headers the caller
// sets itself, never cookies or HTTP auth, and a reflected origin together with
// credentials would let any site ride whatever ambient credentials a browser may
// one day hold for this (shared API and site) origin.
func CORS(next http.Handler) http.Handler { return CORSPassingPreflights("")(next) }

// CORSPassingPreflights is CORS, except that preflights under prefix reach the
// handler (with the headers above already set): Supabase's functions answer
// their own preflight. "" = none pass.
func CORSPassingPreflights(prefix string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler { return cors(prefix, next) }
}

func cors(passPrefix string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		origin := r.Header.Get("Origin")
		if origin == "" {
			origin = "*"
		} else {
			h.Add("Vary", "Origin")
		}
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Access-Control-Expose-Headers", CORSExpose)
		preflight := r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""
		if preflight && (passPrefix == "" || !strings.HasPrefix(r.URL.Path, passPrefix)) {
			h.Set("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
			allow := r.Header.Get("Access-Control-Request-Headers")
			if allow == "" {
				allow = CORSHeaders
			}
			h.Set("Access-Control-Allow-Headers", allow)
			h.Set("Access-Control-Max-Age", "86400")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// ErrSlowBody is the read error of a request body that arrives too slowly.
var ErrSlowBody = errors.New("request body arrives too slowly")

// MinBodyRate cuts request bodies that trickle: every read must make progress
// within idle, and after grace the body must average at least bytesPerSec. A
// client sending 10 bytes every 2 s would otherwise hold a connection (and, for
// a JSON body, a handler) for as long as it likes. Reads past the cut fail with
// ErrSlowBody and the connection is closed after the answer.
func MinBodyRate(bytesPerSec int64, grace, idle time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body != nil && r.Body != http.NoBody {
				r.Body = &rateReader{ReadCloser: r.Body, rc: http.NewResponseController(w), w: w,
					start: time.Now(), rate: bytesPerSec, grace: grace, idle: idle}
			}
			next.ServeHTTP(w, r)
		})
	}
}

type rateReader struct {
	io.ReadCloser
	rc          *http.ResponseController
	w           http.ResponseWriter
	start       time.Time
	n, rate     int64
	grace, idle time.Duration
	failed      bool
}

func (b *rateReader) Read(p []byte) (int, error) {
	if b.failed {
		return 0, ErrSlowBody
	}
	_ = b.rc.SetReadDeadline(time.Now().Add(b.idle)) // a stalled body ends at the deadline
	n, err := b.ReadCloser.Read(p)
	b.n += int64(n)
	if errors.Is(err, io.EOF) {
		// The body is all here: lift the deadline, or the server's background read
		// after the body would cancel a handler still working past it.
		_ = b.rc.SetReadDeadline(time.Time{})
		return n, err
	}
	if err != nil && !errors.Is(err, io.EOF) && errors.Is(err, os.ErrDeadlineExceeded) {
		return n, b.fail()
	}
	if elapsed := time.Since(b.start); err == nil && elapsed > b.grace && float64(b.n) < float64(b.rate)*elapsed.Seconds() {
		return n, b.fail()
	}
	return n, err
}

func (b *rateReader) fail() error {
	b.failed = true
	b.w.Header().Set("Connection", "close")
	return ErrSlowBody
}
