package storage

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// apiError is a Storage error: rendered as {statusCode, code, error, message}
// with HTTP 400 for every semantic status below 500, as storage-api does
// (storage-js reads statusCode and code from the body).
type apiError struct {
	status  int    // semantic status, sent as a string in statusCode
	code    string // ErrorCode (NoSuchKey, InvalidMimeType, ...)
	errText string // legacy "error" field; code when empty
	message string
	http    int // real HTTP status when it must differ from the 400/500 rule
	cause   error

	retryAfter time.Duration // sent as Retry-After (whole seconds, at least 1); every 429 carries one
}

func (e *apiError) Error() string {
	if e.cause != nil {
		return e.code + ": " + e.message + ": " + e.cause.Error()
	}
	return e.code + ": " + e.message
}

func (e *apiError) Unwrap() error { return e.cause }

func errNoSuchBucket() *apiError {
	return &apiError{status: 404, code: "NoSuchBucket", errText: "Bucket not found", message: "Bucket not found"}
}

func errNoSuchKey() *apiError {
	return &apiError{status: 404, code: "NoSuchKey", errText: "not_found", message: "Object not found"}
}

func errAccessDenied(msg string, cause error) *apiError {
	return &apiError{status: 403, code: "AccessDenied", errText: "Unauthorized", message: msg, cause: cause}
}

func errDuplicate(code string) *apiError {
	return &apiError{status: 409, code: code, errText: "Duplicate", message: "The resource already exists"}
}

func errInvalidKey(key string) *apiError {
	return &apiError{status: 400, code: "InvalidKey", message: "Invalid key: " + key}
}

func errInvalidBucketName() *apiError {
	return &apiError{status: 400, code: "InvalidBucketName", errText: "Invalid Input", message: "Bucket name invalid"}
}

func errInvalidMime(mt string) *apiError {
	return &apiError{status: 415, code: "InvalidMimeType", errText: "invalid_mime_type", message: fmt.Sprintf("mime type %s is not supported", mt)}
}

func errTooLarge() *apiError {
	return &apiError{status: 413, code: "EntityTooLarge", errText: "Payload too large", message: "The object exceeded the maximum allowed size"}
}

func errInvalidRequest(msg string) *apiError {
	return &apiError{status: 400, code: "InvalidRequest", message: msg}
}

func errInvalidJWT(msg string) *apiError {
	return &apiError{status: 400, code: "InvalidJWT", message: msg}
}

func errNotEmpty() *apiError {
	return &apiError{status: 409, code: "ResourceNotEmpty", message: "The bucket you tried to delete is not empty"}
}

func errInternal(cause error) *apiError {
	if pgrole.Unavailable(cause) {
		return &apiError{status: 503, http: 503, code: "DatabaseError", errText: "Service Unavailable", message: "The database is unavailable; please try again shortly", cause: cause,
			retryAfter: time.Second} // as httpx.RetryAfterUnavailable
	}
	return &apiError{status: 500, code: "InternalError", errText: "Internal", message: "Internal Server Error", cause: cause}
}

// fromDB turns a PostgreSQL error into Storage's error: RLS refusals are
// AccessDenied, unique violations Duplicate, anything else internal.
func fromDB(err error, duplicateCode string) error {
	var ae *apiError
	if errors.As(err, &ae) {
		return err
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "42501": // insufficient_privilege, including "new row violates row-level security policy"
			msg := pe.Message
			if len(msg) > 0 {
				// storage-api drops the table name: `... policy for table "objects"`.
				if i := strings.Index(msg, ` for table "`); i > 0 {
					msg = msg[:i]
				}
			}
			return errAccessDenied(msg, err)
		case "23505":
			e := errDuplicate(duplicateCode)
			e.cause = err
			return e
		case "23503":
			e := errNoSuchBucket()
			e.cause = err
			return e
		case "22021", "22P05": // a NUL or non-UTF-8 byte in a name or prefix: the client's, not ours
			return &apiError{status: 400, code: "InvalidKey", message: "Invalid key: names must be valid UTF-8 without NUL", cause: err}
		case "23514", "22P02", "22023":
			return &apiError{status: 400, code: "InvalidRequest", message: pe.Message, cause: err}
		}
	}
	return errInternal(err)
}

// render writes err in Storage's shape.
func (s *Service) render(w http.ResponseWriter, r *http.Request, err error) {
	var ae *apiError
	if !errors.As(err, &ae) {
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			ae = errTooLarge()
		case errors.Is(err, httpx.ErrSlowBody):
			ae = errSlowBody(err)
		case errors.Is(err, httpx.ErrBadJSON):
			ae = errInvalidRequest(err.Error())
		default:
			ae = errInternal(err)
		}
	}
	status := ae.http
	if status == 0 {
		status = http.StatusBadRequest
		if ae.status >= 500 {
			status = http.StatusInternalServerError
		}
	}
	if ae.status >= 500 {
		s.log.ErrorContext(r.Context(), "storage error", "method", r.Method, "path", r.URL.Path, "err", err)
	} else {
		s.log.DebugContext(r.Context(), "storage refused", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	if status == http.StatusTooManyRequests || ae.retryAfter > 0 {
		w.Header().Set("Retry-After", httpx.RetryAfter(ae.retryAfter))
	}
	errText := ae.errText
	if errText == "" {
		errText = ae.code
	}
	_ = httpx.WriteJSON(w, status, map[string]string{
		"statusCode": strconv.Itoa(ae.status),
		"code":       ae.code,
		"error":      errText,
		"message":    ae.message,
	})
}
