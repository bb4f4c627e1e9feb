package postgrest

import (
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
)

// One SQLSTATE per row of PostgREST's table (Error.hs), the message- and
// role-dependent ones both ways.
func TestPgStatusFollowsPostgRESTsTable(t *testing.T) {
	for _, c := range []struct {
		code, msg string
		anon      bool
		want      int
	}{
		{"08006", "", false, 503}, {"09000", "", false, 500}, {"0L000", "", false, 403}, {"0P000", "", false, 403},
		{"21000", "UPDATE requires a WHERE clause", false, 400}, {"21000", "more than one row", false, 500},
		{"22023", `role "x" does not exist`, false, 401}, {"22023", "invalid parameter", false, 400},
		{"23503", "", false, 409}, {"23505", "", false, 409}, {"23514", "", false, 400},
		{"25006", "", false, 405}, {"25001", "", false, 500}, {"28P01", "", false, 403},
		{"2D000", "", false, 500}, {"38001", "", false, 500}, {"39001", "", false, 500},
		{"3B001", "", false, 500}, {"40001", "", false, 500},
		{"42883", "function xmlagg(x) does not exist", false, 406}, {"42883", "function f() does not exist", false, 404},
		{"42P01", "", false, 404}, {"42P17", "", false, 500}, {"42501", "", true, 401}, {"42501", "", false, 403},
		{"42703", "", false, 400}, {"53400", "", false, 500}, {"53100", "", false, 503}, {"57P01", "", false, 503},
		{"57014", "", false, 500}, {"54000", "", false, 500}, {"55P03", "", false, 500}, {"58030", "", false, 500},
		{"F0000", "", false, 500}, {"HV000", "", false, 500}, {"XX000", "", false, 500},
		{"P0001", "", false, 400}, {"P0002", "", false, 500}, {"", "", false, 400},
	} {
		if got := pgStatus(&pgconn.PgError{Code: c.code, Message: c.msg}, c.anon); got != c.want {
			t.Errorf("%s %q anon=%v: %d, want %d", c.code, c.msg, c.anon, got, c.want)
		}
	}
}
