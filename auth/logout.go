package auth

import (
	"net/http"

	"casarent/server/pgrole"
)

// handleLogout is POST /logout?scope=global|local|others: 204. global (the
// default, as auth-js's) ends every session of the user, local only the token's,
// others every session but the token's.
func (a *api) handleLogout(w http.ResponseWriter, r *http.Request) error {
	scope := r.URL.Query().Get("scope")
	if scope == "" {
		scope = "global"
	}
	if scope != "global" && scope != "local" && scope != "others" {
		return validationFailed("Unsupported logout scope " + quote(scope))
	}
	ctx := r.Context()
	err := a.tx(ctx, r, func(c pgrole.Conn) error {
		cl, _, err := a.loadCaller(ctx, c, r, false)
		if err != nil {
			return err
		}
		switch {
		case scope == "local" && cl.SessionID != "":
			err = a.store.DeleteSession(ctx, c, cl.SessionID)
		case scope == "others":
			err = a.store.DeleteOtherSessions(ctx, c, cl.UserID, cl.SessionID)
		default:
			err = a.store.DeleteUserSessions(ctx, c, cl.UserID)
		}
		return err
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func quote(s string) string { return "\"" + s + "\"" }
