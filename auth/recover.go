package auth

import (
	"context"
	"net/http"
	"time"

	"casarent/server/pgrole"
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
		u, err := userByEmail(m.ctx, m.c, email, true)
		if err == errNoUser {
			return nil
		}
		if err != nil {
			return err
		}
		return a.sendRecovery(m.ctx, m.c, r, u, kindRecovery, "recovery", m.redirect, m.now)
	})
}

// sendRecovery stores a recovery token (recovery and magic links share it, as in
// GoTrue) and sends the email of kind; since they share the token they also
// share the resend interval, so it refuses while the last one is too recent.
func (a *api) sendRecovery(ctx context.Context, c pgrole.Conn, r *http.Request, u *user, kind, verifyType, redirect string, now time.Time) error {
	if err := a.tooSoon(u.RecoverySentAt, now); err != nil {
		return err
	}
	tok := a.newEmailToken(u.Email)
	if _, err := c.Exec(ctx, `update auth.users set recovery_token = $2, recovery_sent_at = $3, updated_at = $3 where id = $1`,
		u.ID, tok.Stored, now); err != nil {
		return err
	}
	return a.send(ctx, r, outgoing{Kind: kind, VerifyType: verifyType, To: u.Email, User: u, Token: tok, RedirectTo: redirect})
}
