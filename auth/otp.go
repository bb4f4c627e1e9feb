package auth

import (
	"net/http"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

type otpParams struct {
	Email      string         `json:"email"`
	Phone      string         `json:"phone"`
	Data       map[string]any `json:"data"`
	CreateUser *bool          `json:"create_user"`
}

// handleOTP is POST /otp (signInWithOtp by email): a magic link (with its code)
// to an existing user, a confirmation email to a new or unconfirmed one.
// 200 {} either way.
func (a *api) handleOTP(w http.ResponseWriter, r *http.Request) error {
	var p otpParams
	if err := decode(r, &p); err != nil {
		return err
	}
	return a.magicLink(w, r, p)
}

// handleMagicLink is the older POST /magiclink: /otp that always creates users.
func (a *api) handleMagicLink(w http.ResponseWriter, r *http.Request) error {
	var p otpParams
	if err := decode(r, &p); err != nil {
		return err
	}
	p.CreateUser = nil
	return a.magicLink(w, r, p)
}

func (a *api) magicLink(w http.ResponseWriter, r *http.Request, p otpParams) error {
	if err := a.limit(r, "otp", a.cfg.RateLimit.OTP); err != nil {
		return err
	}
	if p.Phone != "" && p.Email == "" {
		// GoTrue's SMS OTP with the phone provider off (400, its own wording).
		return badRequest("phone_provider_disabled", "Unsupported phone provider")
	}
	if !a.cfg.EmailEnabled {
		return unprocessable("email_provider_disabled", "Email logins are disabled")
	}
	email := normalizeEmail(p.Email)
	if !validEmail(email) {
		return validationFailed("Unable to validate email address: invalid format")
	}
	create := p.CreateUser == nil || *p.CreateUser
	redirect := a.redirectTo(r, "")
	ctx := r.Context()
	now := a.now()
	err := a.tx(ctx, r, func(c pgrole.Conn) error {
		u, err := userByEmail(ctx, c, email, true)
		if err == errNoUser {
			if !create || a.cfg.DisableSignup {
				return nil // nothing to send, and nothing said (enumeration.go)
			}
			if u, err = insertUser(ctx, c, newUser{Email: email, UserMeta: p.Data}, now); err != nil {
				return err
			}
			_, err = a.sendConfirmation(ctx, c, r, u, redirect, now)
			return err
		}
		if err != nil {
			return err
		}
		if !u.emailConfirmed() {
			if err := a.tooSoon(u.ConfirmationSentAt, now); err != nil {
				return err
			}
			_, err = a.sendConfirmation(ctx, c, r, u, redirect, now)
			return err
		}
		return a.sendRecovery(ctx, c, r, u, kindMagicLink, "magiclink", redirect, now)
	})
	if err = quietIfTooSoon(err); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{})
}
