package auth

import (
	"context"
	"net/http"

	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// loadCaller checks the bearer and loads its user; the session named by the
// token must still exist (signed-out tokens are refused, as GoTrue does).
func (a *api) loadCaller(ctx context.Context, c pgrole.Conn, r *http.Request, lock bool) (*caller, *user, error) {
	cl, err := a.requireCaller(r)
	if err != nil {
		return nil, nil, err
	}
	q := `select ` + userColumns + `, ($2::uuid is null or exists (select 1 from auth.sessions s where s.id = $2::uuid and s.user_id = u.id))
		from auth.users u where u.id = $1 and u.deleted_at is null`
	if lock {
		q += ` for update of u`
	}
	var sid *string
	if cl.SessionID != "" {
		sid = &cl.SessionID
	}
	var u *user
	var hasSession bool
	rows, err := c.Query(ctx, q, cl.UserID, sid)
	if err != nil {
		return nil, nil, err
	}
	if rows.Next() {
		u, err = scanUserWith(rows, &hasSession)
	}
	rows.Close()
	if err == nil {
		err = rows.Err()
	}
	if err != nil {
		return nil, nil, err
	}
	switch {
	case u == nil:
		return nil, nil, forbidden("user_not_found", "User from sub claim in JWT does not exist")
	case !hasSession:
		return nil, nil, forbidden("session_not_found", "Session from session_id claim in JWT does not exist")
	case u.banned(a.now()):
		return nil, nil, forbidden("user_banned", "User is banned")
	}
	return cl, u, nil
}

// handleUserGet is GET /user: the bare user of the access token.
func (a *api) handleUserGet(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var u *user
	err := pgrole.Do(ctx, a.pool, readOnly(r), func(c pgrole.Conn) error {
		var err error
		_, u, err = a.loadCaller(ctx, c, r, false)
		return err
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, u)
}

func readOnly(r *http.Request) pgrole.Session {
	s := session(r)
	s.ReadOnly = true
	return s
}

// scanUserWith scans userColumns followed by extra columns.
func scanUserWith(rows pgx.Rows, extra ...any) (*user, error) {
	return scanUser(rowWithExtra{rows, extra})
}

type rowWithExtra struct {
	rows  pgx.Rows
	extra []any
}

func (r rowWithExtra) Scan(dest ...any) error {
	return r.rows.Scan(append(dest, r.extra...)...)
}
