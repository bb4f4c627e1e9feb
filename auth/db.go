package auth

import (
	"context"
	"errors"
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

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

// store is the package's data access: every SQL statement of auth is one of its
// methods, in store_users.go (users, identities), store_sessions.go (sessions,
// refresh tokens, flow state, rate limits) and store_factors.go (factors,
// challenges). A method runs on the transaction it is handed (pgrole.Conn), so
// the handlers keep deciding what one transaction holds; a lone read or a rate
// limit runs in one round trip of its own (pgrole.Query with the given session).
type store struct{ pool *pgxpool.Pool }

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
