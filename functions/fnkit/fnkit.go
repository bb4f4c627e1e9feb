// Package fnkit holds what every function of /functions/v1 shares: JSON errors in
// the shape supabase-js callers read ({"error": ..., "code": ..., "details": ...}),
// body decoding, the caller's identity, and an in-process HTTP transport for calling
// another surface's handler (the auth admin API) without importing it.
package fnkit

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net/http"
	"regexp"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/httpx"
	"casarent/server/jwtauth"
	"casarent/server/pgrole"
)

// Error is a failure a client should see: HTTP status, a readable message and an
// optional machine code and details.
type Error struct {
	Status  int
	Message string
	Code    string
	Details any
	Err     error // the cause, logged, never sent
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %v", e.Message, e.Err)
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// Errorf builds an Error with status and a formatted message.
func Errorf(status int, format string, args ...any) *Error {
	return &Error{Status: status, Message: fmt.Sprintf(format, args...)}
}

// WithCode returns e with a machine-readable code.
func (e *Error) WithCode(code string) *Error { e.Code = code; return e }

// WithDetails returns e with details.
func (e *Error) WithDetails(d any) *Error { e.Details = d; return e }

// Wrap returns e with the underlying cause (logged only).
func (e *Error) Wrap(err error) *Error { e.Err = err; return e }

// Handler adapts a function returning an error into an http.Handler that renders
// the error as JSON. Errors that are not *Error become 500 "internal error" (the
// cause is logged, not sent).
func Handler(logger *slog.Logger, h httpx.HandlerFunc) http.Handler {
	if logger == nil {
		logger = slog.Default()
	}
	return httpx.Adapt(Renderer(logger), h)
}

// Renderer writes errors as {"error", "code"?, "details"?}.
func Renderer(logger *slog.Logger) httpx.Renderer {
	return func(w http.ResponseWriter, r *http.Request, err error) {
		var fe *Error
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &fe):
			if fe.Status >= 500 {
				logger.ErrorContext(r.Context(), "function error", "path", r.URL.Path, "err", err, "request_id", httpx.RequestIDFrom(r.Context()))
			}
		case errors.As(err, &mbe):
			fe = Errorf(http.StatusRequestEntityTooLarge, "request body too large")
		case errors.Is(err, httpx.ErrSlowBody):
			fe = Errorf(http.StatusRequestTimeout, "request body sent too slowly").WithCode("request_timeout")
		case errors.Is(err, httpx.ErrBadJSON):
			fe = Errorf(http.StatusBadRequest, "request body is not valid JSON").WithCode("invalid_json")
		case pgrole.Unavailable(err):
			logger.WarnContext(r.Context(), "function: database unavailable", "path", r.URL.Path, "err", err, "request_id", httpx.RequestIDFrom(r.Context()))
			fe = Errorf(http.StatusServiceUnavailable, "the database is unavailable; please try again shortly").WithCode("database_unavailable")
		default:
			logger.ErrorContext(r.Context(), "function error", "path", r.URL.Path, "err", err, "request_id", httpx.RequestIDFrom(r.Context()))
			fe = Errorf(http.StatusInternalServerError, "internal error")
		}
		body := map[string]any{"error": fe.Message}
		if fe.Code != "" {
			body["code"] = fe.Code
		}
		if fe.Details != nil {
			body["details"] = fe.Details
		}
		switch fe.Status {
		case http.StatusTooManyRequests:
			w.Header().Set("Retry-After", "60") // every 429 says when to come back
		case http.StatusServiceUnavailable:
			if w.Header().Get("Retry-After") == "" {
				w.Header().Set("Retry-After", httpx.RetryAfterUnavailable) // and every 503
			}
		}
		_ = httpx.WriteJSON(w, fe.Status, body)
	}
}

// DecodeJSON reads a JSON object body into v. It accepts a missing Content-Type
// and text/plain (supabase-js sends strings as text/plain) but refuses other types.
func DecodeJSON(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" {
		mt, _, _ := mime.ParseMediaType(ct)
		if mt != "application/json" && mt != "text/plain" {
			return Errorf(http.StatusUnsupportedMediaType, "expected a JSON body, got %s", mt).WithCode("unsupported_media_type")
		}
	}
	if r.Body == nil || r.Body == http.NoBody {
		return Errorf(http.StatusBadRequest, "request body is required").WithCode("invalid_json")
	}
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) || errors.Is(err, httpx.ErrSlowBody) {
			return err
		}
		return Errorf(http.StatusBadRequest, "request body is not valid JSON").WithCode("invalid_json").Wrap(err)
	}
	return nil
}

// ReadPost refuses any method but POST, then reads the JSON body into v.
func ReadPost(r *http.Request, v any) error {
	if r.Method != http.MethodPost {
		return Errorf(http.StatusMethodNotAllowed, "use POST")
	}
	return DecodeJSON(r, v)
}

// Caller returns the request's identity as established by the jwtauth middleware.
// A refused credential is a 401.
func Caller(r *http.Request) (*jwtauth.Identity, error) {
	id, err := jwtauth.FromContext(r.Context())
	if err != nil {
		return nil, Errorf(http.StatusUnauthorized, "invalid credentials").WithCode("invalid_jwt").Wrap(err)
	}
	// A user's token names the user by uuid (auth.uid() casts it); a validly signed
	// token with another sub cannot be anybody here.
	if id.IsUser() && !uuidPattern.MatchString(id.Subject) {
		return nil, Errorf(http.StatusUnauthorized, "the token's subject is not a user id").WithCode("invalid_jwt")
	}
	return id, nil
}

var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// JSON writes v with status 200 and Content-Type application/json.
func JSON(w http.ResponseWriter, status int, v any) error { return httpx.WriteJSON(w, status, v) }

// RequireAdmin asks the database, as the caller, whether the caller is an
// administrator (public.is_admin(); the service_role key also qualifies: it is the
// project's master key). path names the function in the request settings.
func RequireAdmin(r *http.Request, pool *pgxpool.Pool, path string) (*jwtauth.Identity, error) {
	id, err := Caller(r)
	if err != nil {
		return nil, err
	}
	if id.Role != jwtauth.RoleService && !id.IsUser() {
		return nil, Errorf(http.StatusUnauthorized, "sign in as an administrator").WithCode("not_signed_in")
	}
	var ok bool
	err = pgrole.Query(r.Context(), pool, pgrole.Session{Role: id.Role, ClaimsJSON: id.ClaimsJSON, Method: r.Method, Path: path, ReadOnly: true},
		false, `select public.is_admin() or auth.role() = 'service_role'`, nil, func(rows pgx.Rows) error {
			if !rows.Next() {
				return fmt.Errorf("is_admin: no row")
			}
			return rows.Scan(&ok)
		})
	if err != nil {
		return nil, fmt.Errorf("check administrator: %w", err)
	}
	if !ok {
		return nil, Errorf(http.StatusForbidden, "Accès refusé : droits administrateur requis").WithCode("not_admin")
	}
	return id, nil
}
