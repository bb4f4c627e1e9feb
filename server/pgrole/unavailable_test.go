package pgrole

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

func TestUnavailable(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{&pgconn.ConnectError{}, true},
		{fmt.Errorf("wrapped: %w", &pgconn.PgError{Code: "57P01"}), true}, // shutting down
		{&pgconn.PgError{Code: "57P03"}, true},                            // starting up
		{&pgconn.PgError{Code: "08006"}, true},                            // connection failure
		{&pgconn.PgError{Code: "42501"}, false},                           // a refusal is the request's
		{&pgconn.PgError{Code: "57014"}, false},                           // statement timeout
		// The next statement on a connection that died under the previous one.
		{fmt.Errorf("failed to deallocate cached statement(s): %w", pgconn.ErrConnClosed), true},
		{fmt.Errorf("query: %w", context.Canceled), false},
		{fmt.Errorf("query: %w", context.DeadlineExceeded), false},
		{errors.New("anything else"), false},
		{nil, false},
	} {
		if got := Unavailable(tc.err); got != tc.want {
			t.Errorf("Unavailable(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}
