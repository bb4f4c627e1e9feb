package auth

import (
	"net/http"
)

type otpParams struct {
	Email      string         `json:"email"`
	Phone      string         `json:"phone"`
	Data       map[string]any `json:"data"`
	CreateUser *bool          `json:"create_user"`
	Security   metaSecurity   `json:"gotrue_meta_security"`
}

// handleOTP is POST /otp (signInWithOtp by email): a magic link (with its code)
// to an existing user, a confirmation email to a new or unconfirmed one.
// 200 {} either way.
func (a *api) handleOTP(w http.ResponseWriter, r *http.Request, p otpParams) error {
	if err := a.limit(r, "otp", a.cfg.RateLimit.OTP); err != nil {
		return err
	}
	if err := a.checkCaptcha(r, p.Security); err != nil {
		return err
	}
	if p.Phone != "" && p.Email == "" {
		// GoTrue's SMS OTP with the phone provider off (400, its own wording).
		return badRequest("phone_provider_disabled", "Unsupported phone provider")
	}
	if !a.cfg.EmailEnabled {
		return unprocessable("email_provider_disabled", "Email logins are disabled")
	}
	email, err := checkEmail(p.Email)
	if err != nil {
		return err
	}
	create := p.CreateUser == nil || *p.CreateUser
	return a.mailQuietly(w, r, func(m mailStep) error {
		u, err := a.store.UserByEmail(m.ctx, m.c, email, true)
		if err == errNoUser {
			if !create || a.cfg.DisableSignup {
				return nil // nothing to send, and nothing said (enumeration.go)
			}
			if u, err = a.store.CreateUser(m.ctx, m.c, newUser{Email: email, UserMeta: p.Data}, m.now); err != nil {
				return err
			}
			_, err = a.sendConfirmation(m.ctx, m.c, r, u, m.redirect, m.now)
			return err
		}
		if err != nil {
			return err
		}
		if !u.emailConfirmed() {
			_, err = a.confirmAgain(m, r, u)
			return err
		}
		return a.sendRecovery(m.ctx, m.c, r, u, kindMagicLink, "magiclink", m.redirect, m.now)
	})
}

// handleMagicLink is the older POST /magiclink: /otp that always creates users.
func (a *api) handleMagicLink(w http.ResponseWriter, r *http.Request, p otpParams) error {
	p.CreateUser = nil
	return a.handleOTP(w, r, p)
}
