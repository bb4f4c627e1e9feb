package auth

import (
	"net/http"
)

type emailParams struct {
	Email    string       `json:"email"`
	Security metaSecurity `json:"gotrue_meta_security"`
}

// handleRecover is POST /recover: 200 {} whether or not the address has an
// account; a recovery email when it does.
func (a *api) handleRecover(w http.ResponseWriter, r *http.Request, p emailParams) error {
	if err := a.checkCaptcha(r, p.Security); err != nil {
		return err
	}
	if normalizeEmail(p.Email) == "" {
		return validationFailed("Password recovery requires an email")
	}
	email, err := checkEmail(p.Email)
	if err != nil {
		return err
	}
	return a.mailQuietly(w, r, func(m mailStep) error {
		u, err := a.store.UserByEmail(m.ctx, m.c, email, true)
		if err == errNoUser {
			return nil
		}
		if err != nil {
			return err
		}
		return a.sendRecovery(m.ctx, m.c, r, u, kindRecovery, "recovery", m.redirect, m.now)
	})
}
