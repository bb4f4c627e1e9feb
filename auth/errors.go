package auth

import (
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// apiVersionLatest is the only dated API version; auth-js sends it on every request.
const apiVersionLatest = "2024-01-01"

// apiError is an error a client sees. Rendered as GoTrue does: {code, error_code,
// msg, message}; on /token also the OAuth pair {error, error_description}.
type apiError struct {
	Status int
	Code   string // GoTrue's error code (error_code), e.g. "invalid_credentials"
	Msg    string
	OAuth  string         // OAuth "error" value (on /token), e.g. "invalid_grant"
	Extra  map[string]any // extra body fields (weak_password)
	Header map[string]string
	Err    error // the cause, for the log
}

// retryAfter sets the Retry-After header of a 429 (whole seconds, at least 1).
func (e *apiError) retryAfter(d time.Duration) *apiError {
	if e.Header == nil {
		e.Header = map[string]string{}
	}
	e.Header["Retry-After"] = httpx.RetryAfter(d)
	return e
}

func (e *apiError) Error() string {
	if e.Err != nil {
		return e.Code + ": " + e.Msg + ": " + e.Err.Error()
	}
	return e.Code + ": " + e.Msg
}

func (e *apiError) Unwrap() error { return e.Err }

func badRequest(code, msg string) *apiError {
	return &apiError{Status: http.StatusBadRequest, Code: code, Msg: msg}
}

func validationFailed(msg string) *apiError { return badRequest("validation_failed", msg) }

func unprocessable(code, msg string) *apiError {
	return &apiError{Status: http.StatusUnprocessableEntity, Code: code, Msg: msg}
}

func forbidden(code, msg string) *apiError {
	return &apiError{Status: http.StatusForbidden, Code: code, Msg: msg}
}

func tooManyRequests(code, msg string) *apiError {
	return &apiError{Status: http.StatusTooManyRequests, Code: code, Msg: msg}
}

func internalError(msg string, err error) *apiError {
	if pgrole.Unavailable(err) {
		// GoTrue has no code of its own for this; the status is what auth-js acts on.
		return &apiError{Status: http.StatusServiceUnavailable, Code: "unexpected_failure", Msg: "The database is unavailable; please try again shortly", Err: err,
			Header: map[string]string{"Retry-After": httpx.RetryAfterUnavailable}}
	}
	return &apiError{Status: http.StatusInternalServerError, Code: "unexpected_failure", Msg: msg, Err: err}
}

var (
	errInvalidCredentials = func() *apiError {
		return &apiError{Status: http.StatusBadRequest, Code: "invalid_credentials", Msg: "Invalid login credentials", OAuth: "invalid_grant"}
	}
	errRateLimited = func() *apiError {
		return tooManyRequests("over_request_rate_limit", "Request rate limit reached")
	}
	errEmailRateLimited = func() *apiError {
		return tooManyRequests("over_email_send_rate_limit", "email rate limit exceeded")
	}
)

// requestVersion reports whether the client asked for the dated (2024-01-01) API.
func requestVersion(r *http.Request) bool {
	v := strings.TrimSpace(r.Header.Get("X-Supabase-Api-Version"))
	return v != "" && v >= apiVersionLatest
}

// apiVersion echoes the API version on every response of a client that sent it,
// which is what makes auth-js read the string error code from "code".
func (a *api) apiVersion(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if requestVersion(r) {
			w.Header().Set("X-Supabase-Api-Version", apiVersionLatest)
		}
		next.ServeHTTP(w, r)
	})
}

// renderError writes err in GoTrue's shape. With the dated API "code" is the
// string code; legacy clients get the HTTP status there, as GoTrue does. Both
// always get error_code, msg and message.
func (a *api) renderError(w http.ResponseWriter, r *http.Request, err error) {
	var e *apiError
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &e):
	case errors.As(err, &mbe):
		e = &apiError{Status: http.StatusRequestEntityTooLarge, Code: "request_entity_too_large", Msg: "Request body too large"}
	case errors.Is(err, httpx.ErrSlowBody):
		e = &apiError{Status: http.StatusRequestTimeout, Code: "request_timeout", Msg: "Request body sent too slowly"}
	case errors.Is(err, httpx.ErrBadJSON):
		e = &apiError{Status: http.StatusBadRequest, Code: "bad_json", Msg: "Could not parse request body as JSON: " + strings.TrimPrefix(err.Error(), httpx.ErrBadJSON.Error()+": ")}
	case isUnstorableText(err):
		e = validationFailed("Text values must be valid UTF-8 without NUL characters")
	default:
		e = internalError("Unexpected failure, please check server logs for more information", err)
	}
	if e.Status >= 500 {
		a.log.ErrorContext(r.Context(), "auth: request failed", "path", r.URL.Path, "code", e.Code, "err", e.Error(), "request_id", httpx.RequestIDFrom(r.Context()))
	}
	body := map[string]any{"error_code": e.Code, "msg": e.Msg, "message": e.Msg}
	if requestVersion(r) {
		body["code"] = e.Code
		w.Header().Set("X-Supabase-Api-Version", apiVersionLatest)
	} else {
		body["code"] = e.Status
	}
	if e.OAuth != "" {
		body["error"] = e.OAuth
		body["error_description"] = e.Msg
	}
	maps.Copy(body, e.Extra)
	for k, v := range e.Header {
		w.Header().Set(k, v)
	}
	if e.Status == http.StatusTooManyRequests && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", "60") // every 429 says when to come back
	}
	w.Header().Set("X-Sb-Error-Code", e.Code)
	_ = httpx.WriteJSON(w, e.Status, body)
}

// decode reads a JSON body leniently: unknown fields and nulls are fine (auth-js
// sends gotrue_meta_security and null code challenges); an empty body is {}.
func decode(r *http.Request, v any) error {
	if r.Body == nil || r.ContentLength == 0 {
		return nil
	}
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return nil
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) || errors.Is(err, httpx.ErrSlowBody) {
			return err
		}
		return &apiError{Status: http.StatusBadRequest, Code: "bad_json", Msg: "Could not parse request body as JSON: " + err.Error()}
	}
	return nil
}

// isUnstorableText reports PostgreSQL refusing a value the client sent (a NUL, in
// text or as \u0000 in jsonb, or bytes that are not UTF-8): a 400, not a 500.
func isUnstorableText(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "22021" || pe.Code == "22P05")
}
