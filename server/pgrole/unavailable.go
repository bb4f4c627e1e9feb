package pgrole

import (
	"errors"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// Unavailable reports whether err means the database could not be reached or
// is going away (connection refused, server shutting down or starting up,
// connection failure), rather than anything wrong with the request. Surfaces
// answer 503 for it: clients retry a 503 (auth-js keeps its session through one)
// where a 500 looks final.
func Unavailable(err error) bool {
	var ce *pgconn.ConnectError
	if errors.As(err, &ce) {
		return true
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "57P01", "57P02", "57P03": // admin_shutdown, crash_shutdown, cannot_connect_now
			return true
		}
		return strings.HasPrefix(pe.Code, "08") // connection_exception
	}
	return false
}
