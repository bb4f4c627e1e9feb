package auth

import (
	"context"
	"net/http"

	"casarent/server/pgrole"
)

// handleSignupRoute is POST /signup. A body with neither email nor phone is
// GoTrue's anonymous sign-in (signInAnonymously), which has its own per-hour
// bucket (RATE_LIMIT_ANONYMOUS_USERS) instead of the sign-up one. Both pass
// the captcha check (captcha.go) when SECURITY_CAPTCHA_ENABLED.
func (a *api) handleSignupRoute(w http.ResponseWriter, r *http.Request, p signupParams) error {
	if p.Email == "" && p.Phone == "" {
		if !a.cfg.AnonymousUsersEnabled {
			return errAnonymousDisabled()
		}
		if err := a.limit(r, "anonymous", a.cfg.RateLimit.Anonymous); err != nil {
			return err
		}
		if err := a.checkCaptcha(r, p.Security); err != nil {
			return err
		}
		return a.handleAnonymousSignup(w, r, p)
	}
	if err := a.limit(r, "signup", a.cfg.RateLimit.OTP); err != nil {
		return err
	}
	if err := a.checkCaptcha(r, p.Security); err != nil {
		return err
	}
	return a.handleSignup(w, r, p)
}

// handleAnonymousSignup makes a guest: no email, no password, no identity,
// is_anonymous set (and so in its access tokens), app_metadata provider
// "anonymous", user_metadata the data sent; the answer is a session, as GoTrue.
// The guest becomes a permanent user when it confirms an address (PUT /user
// {email}, applyEmailChange); its id, and so every row it owns, stays.
func (a *api) handleAnonymousSignup(w http.ResponseWriter, r *http.Request, p signupParams) error {
	if a.cfg.DisableSignup {
		return unprocessable("signup_disabled", "Signups not allowed for this instance")
	}
	data := p.Data
	if data == nil {
		data = map[string]any{}
	}
	now := a.now()
	return txAnswer(a, w, r, func(ctx context.Context, c pgrole.Conn) (*tokenResponse, error) {
		id := newID()
		if err := a.store.CreateAnonymousUser(ctx, c, id, data, now); err != nil {
			return nil, err
		}
		return a.startSession(ctx, c, id, "anonymous", a.clientMeta(r), now)
	})
}
