package auth

import (
	"context"
	"net/http"

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
	var sid *string
	if cl.SessionID != "" {
		sid = &cl.SessionID
	}
	u, hasSession, err := a.store.CallerUser(ctx, c, cl.UserID, sid, lock)
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
