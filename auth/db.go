package auth

import (
	"context"
	"errors"
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/pgrole"
)

// authRole is the role every statement of this package runs as.
const authRole = "supabase_auth_admin"

func session(r *http.Request) pgrole.Session {
	s := pgrole.Session{Role: authRole}
	if r != nil {
		s.Method, s.Path = r.Method, "/auth/v1"+r.URL.Path
	}
	return s
}

// tx runs fn in one transaction as supabase_auth_admin.
func (a *api) tx(ctx context.Context, r *http.Request, fn func(pgrole.Conn) error) error {
	return pgrole.Do(ctx, a.pool, session(r), fn)
}

// one runs a single statement as supabase_auth_admin in one round trip.
func (a *api) one(ctx context.Context, r *http.Request, sql string, args []any, scan func(pgx.Rows) error) error {
	return pgrole.Query(ctx, a.pool, session(r), false, sql, args, scan)
}

func validUUID(s string) bool {
	_, err := uuid.Parse(s)
	return err == nil && len(s) == 36
}

func newID() string { return uuid.NewString() }

// isUniqueViolation reports a unique-constraint error (optionally on one constraint).
func isUniqueViolation(err error, constraint string) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505" && (constraint == "" || pe.ConstraintName == constraint)
}

func isLockTimeout(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "55P03" || pe.Code == "40P01")
}

func nullable(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
