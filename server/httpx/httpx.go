// Package httpx holds the HTTP plumbing every surface shares, one file per
// concern: handlers that return errors and one error renderer per surface
// (httpx.go), JSON (json.go), request ids (requestid.go), the request log and
// panic recovery (log.go), body limits (bodylimit.go) and body rates
// (bodyrate.go), CORS (cors.go), client addresses (clientip.go), compression,
// connection limits, deadlines and the languages a request accepts.
package httpx

import (
	"log/slog"
	"net/http"
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
