package httpx

import (
	"fmt"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"
)

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
