package pgrole

import (
	"context"
	"errors"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Unavailable reports whether err means the database could not be reached or
// is going away (connection refused, server shutting down or starting up,
// connection failure, the connection dying under a statement), rather than
// anything wrong with the request. Surfaces answer 503 for it: clients retry a
// 503 (auth-js keeps its session through one) where a 500 looks final.
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
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err) {
		return false // the caller left or its time ran out: not the database's state
	}
	var lost *connLostError
	// pgx answers "conn closed" for any use of a connection that already died,
	// e.g. "failed to deallocate cached statement(s): conn closed" on the next
	// statement after a crash.
	return errors.As(err, &lost) || errors.Is(err, pgconn.ErrConnClosed)
}

// connLostError marks an error after which the request's connection was found
// closed without the server saying why (a crash or kill mid-statement shows up
// in the driver as EOF, "connection reset" or "broken pipe", errors that by
// themselves could come from anything).
type connLostError struct{ err error }

func (e *connLostError) Error() string { return e.err.Error() }
func (e *connLostError) Unwrap() error { return e.err }

// markLost wraps err as connLostError when conn died under it and neither the
// caller's context nor a server message explains it and the error is the
// socket's.
func markLost(ctx context.Context, conn *pgx.Conn, err error) error {
	if err == nil || ctx.Err() != nil || !conn.IsClosed() {
		return err
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) || pgconn.Timeout(err) {
		return err
	}
	// pgx also closes a connection after errors of its own making (e.g. a
	// statement whose parameters do not match): only a failing socket is an outage.
	var ne net.Error
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, pgconn.ErrConnClosed) || errors.As(err, &ne) {
		return &connLostError{err}
	}
	return err
}
