package auth

import (
	"context"
	"net/http"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// The admin API's view of a user's MFA factors (GET and DELETE
// /admin/users/{id}/factors): the factors themselves are mfa.go's.

// handleAdminFactorList is GET /admin/users/{id}/factors.
func (a *api) handleAdminFactorList(w http.ResponseWriter, r *http.Request) error {
	u, err := a.adminUser(r)
	if err != nil {
		return writeAdminUser(w, err, nil)
	}
	factors := u.Factors
	if factors == nil {
		factors = []factor{}
	}
	return httpx.WriteJSON(w, http.StatusOK, factors)
}

// handleAdminFactorDelete is DELETE /admin/users/{id}/factors/{factor_id}: the
// recovery path when an administrator lost their authenticator. Answers the
// deleted factor, as GoTrue.
func (a *api) handleAdminFactorDelete(w http.ResponseWriter, r *http.Request) error {
	id, err := userParam(r)
	if err != nil {
		return err
	}
	f, err := txResult(a, r, func(ctx context.Context, c pgrole.Conn) (*storedFactor, error) {
		if _, err := a.store.UserByID(ctx, c, id, true); err != nil {
			return nil, err
		}
		f, err := a.ownedFactor(ctx, c, r, id, true)
		if err != nil {
			return nil, err
		}
		return f, a.store.DeleteFactor(ctx, c, f.ID)
	})
	if err != nil {
		return writeAdminUser(w, err, nil)
	}
	return httpx.WriteJSON(w, http.StatusOK, f.factor)
}
