package postgrest

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// apiError is an error in PostgREST's wire shape.
type apiError struct {
	Status  int
	Code    string
	Message string
	Details any // string, []any or nil
	Hint    any // string or nil
	Headers map[string]string
}

func (e *apiError) Error() string { return e.Code + ": " + e.Message }

func newErr(status int, code, message string) *apiError {
	return &apiError{Status: status, Code: code, Message: message}
}

func (e *apiError) withDetails(d any) *apiError { e.Details = d; return e }
func (e *apiError) withHint(h any) *apiError    { e.Hint = h; return e }

// Errors PostgREST produces itself (Error.hs in PostgREST v14).
func errSchemaNotExposed(schema string, schemas []string) *apiError {
	return newErr(406, "PGRST106", "Invalid schema: "+schema).
		withHint("Only the following schemas are exposed: " + strings.Join(schemas, ", "))
}

func errTableNotFound(schema, name, suggestion string) *apiError {
	e := newErr(404, "PGRST205", fmt.Sprintf("Could not find the table '%s.%s' in the schema cache", schema, name))
	if suggestion != "" {
		e.Hint = fmt.Sprintf("Perhaps you meant the table '%s.%s'", schema, suggestion)
	}
	return e
}

func errColumnNotFound(col, table string) *apiError {
	return newErr(400, "PGRST204", fmt.Sprintf("Could not find the '%s' column of '%s' in the schema cache", col, table))
}

// errUndefinedColumn mirrors PostgreSQL's 42703, which PostgREST passes through
// for a selected or filtered column that does not exist; we check names against
// the schema cache first so an unknown identifier never reaches SQL.
func errUndefinedColumn(table, col string) *apiError {
	return newErr(400, "42703", fmt.Sprintf("column %s.%s does not exist", table, col))
}

// errDuplicateEmbed is PostgreSQL's duplicate_alias as PostgREST lets it through
// when one level embeds the same name twice (details and hint null).
func errDuplicateEmbed(lateral string) *apiError {
	return newErr(400, "42712", fmt.Sprintf("table name \"%s\" specified more than once", lateral))
}

func errSingular(n int64) *apiError {
	return newErr(406, "PGRST116", "Cannot coerce the result to a single JSON object").
		withDetails(fmt.Sprintf("The result contains %d rows", n))
}

func errInvalidBody(msg string) *apiError { return newErr(400, "PGRST102", msg) }

func errNotEmbedded(name string) *apiError {
	return newErr(400, "PGRST108", fmt.Sprintf("'%s' is not an embedded resource in this request", name)).
		withHint(fmt.Sprintf("Verify that '%s' is included in the 'select' query parameter.", name))
}

func errRange(details string) *apiError {
	return newErr(416, "PGRST103", "Requested range not satisfiable").withDetails(details)
}

func errNotImplemented(details string) *apiError {
	return newErr(400, "PGRST127", "Feature not implemented").withDetails(details)
}

// MarshalJSON writes exactly the four keys, in PostgREST's order.
func (e *apiError) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Code    string `json:"code"`
		Details any    `json:"details"`
		Hint    any    `json:"hint"`
		Message string `json:"message"`
	}{e.Code, e.Details, e.Hint, e.Message})
}

// fromPgError maps a PostgreSQL error to PostgREST's response (pgErrorStatus in
// Error.hs); anon decides 42501's 401 versus 403.
func fromPgError(pe *pgconn.PgError, anon bool) *apiError {
	if pe.Code == "PGRST" {
		if e := customPGRST(pe); e != nil {
			return e
		}
		return newErr(500, "PGRST121", `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`).
			withDetails("Invalid JSON value for MESSAGE: '" + pe.Message + "'").
			withHint("MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.")
	}
	e := &apiError{Status: pgStatus(pe, anon), Code: pe.Code, Message: pe.Message}
	if pe.Detail != "" {
		e.Details = pe.Detail
	}
	if pe.Hint != "" {
		e.Hint = pe.Hint
	}
	if e.Status == 401 {
		e.Headers = map[string]string{"WWW-Authenticate": "Bearer"}
	}
	if strings.HasPrefix(pe.Code, "PT") {
		if n, err := strconv.Atoi(pe.Code[2:]); err == nil && n >= 100 && n < 600 {
			e.Status = n
		}
	}
	if e.Status == 429 {
		// A limit the database enforces (e.g. private.take_write_token): say when to
		// come back, as every 429 of this server does.
		if e.Headers == nil {
			e.Headers = map[string]string{}
		}
		e.Headers["Retry-After"] = "60"
	}
	return e
}

// customPGRST decodes RAISE SQLSTATE 'PGRST' USING message = '{json}', detail = '{json}'.
func customPGRST(pe *pgconn.PgError) *apiError {
	var body struct {
		Code    string `json:"code"`
		Message string `json:"message"`
		Details any    `json:"details"`
		Hint    any    `json:"hint"`
	}
	if json.Unmarshal([]byte(pe.Message), &body) != nil || body.Code == "" {
		return nil
	}
	var meta struct {
		Status  int               `json:"status"`
		Headers map[string]string `json:"headers"`
	}
	if pe.Detail != "" && json.Unmarshal([]byte(pe.Detail), &meta) != nil {
		return nil
	}
	if meta.Status == 0 {
		meta.Status = 400
	}
	return &apiError{Status: meta.Status, Code: body.Code, Message: body.Message, Details: body.Details, Hint: body.Hint, Headers: meta.Headers}
}

// pgStatus is PostgREST's SQLSTATE → HTTP status table (Error.hs): the codes
// whose status depends on the message or the role, then exact codes, then
// classes (a code's first two characters); anything else is 400.
func pgStatus(pe *pgconn.PgError, anon bool) int {
	msg := pe.Message
	switch pe.Code {
	case "21000":
		if strings.HasSuffix(msg, "requires a WHERE clause") {
			return 400
		}
		return 500
	case "22023":
		if strings.HasPrefix(msg, "role \"") && strings.HasSuffix(msg, "\" does not exist") {
			return 401
		}
		return 400
	case "42883":
		if strings.HasPrefix(msg, "function xmlagg(") {
			return 406
		}
		return 404
	case "42501":
		if anon {
			return 401
		}
		return 403
	}
	if status, ok := sqlStateStatus[pe.Code]; ok {
		return status
	}
	if len(pe.Code) >= 2 {
		if status, ok := sqlClassStatus[pe.Code[:2]]; ok {
			return status
		}
	}
	return 400
}

var sqlStateStatus = map[string]int{
	"23503": 409, "23505": 409, "25006": 405, "42P01": 404, "42P17": 500, "53400": 500, "57P01": 503, "P0001": 400,
}

var sqlClassStatus = map[string]int{
	"08": 503, "09": 500, "0L": 403, "0P": 403, "25": 500, "28": 403, "2D": 500, "38": 500, "39": 500,
	"3B": 500, "40": 500, "53": 503, "54": 500, "55": 500, "57": 500, "58": 500, "F0": 500, "HV": 500,
	"XX": 500, "P0": 500,
}

// toAPIError turns any error from a request into the response to send.
func toAPIError(err error, anon bool) *apiError {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae
	}
	// The driver's errors name hosts, ports, users and databases: they go to the
	// log (ServeHTTP logs every 5xx), never into a body, unlike PostgREST's details.
	var ce *pgconn.ConnectError
	switch {
	case errors.As(err, &ce):
		return newErr(503, "PGRST000", "Database connection error. Retrying the connection.")
	case pgrole.Unavailable(err):
		return newErr(503, "PGRST001", "Database client error. Retrying the connection.")
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return fromPgError(pe, anon)
	}
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return newErr(413, "PGRST102", "Request body too large")
	}
	if errors.Is(err, httpx.ErrSlowBody) {
		return newErr(408, "PGRSTX03", "Request body sent too slowly")
	}
	if pgconn.Timeout(err) {
		return newErr(504, "PGRST003", "Timed out acquiring connection from connection pool.")
	}
	return newErr(500, "PGRSTX00", "Internal server error")
}

// writeError renders e in PostgREST's shape.
func writeError(w http.ResponseWriter, e *apiError) {
	h := w.Header()
	for k, v := range e.Headers {
		h.Set(k, v)
	}
	if e.Status == http.StatusServiceUnavailable && h.Get("Retry-After") == "" {
		h.Set("Retry-After", httpx.RetryAfterUnavailable) // every 503 says when to come back
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Proxy-Status", "PostgREST; error="+e.Code)
	b, _ := json.Marshal(e)
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(e.Status)
	_, _ = w.Write(b)
}
