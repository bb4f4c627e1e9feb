package auth

import (
	"errors"
	"net/http"

	"github.com/jackc/pgx/v5"
)

type resendParams struct {
	Type     string       `json:"type"`
	Email    string       `json:"email"`
	Phone    string       `json:"phone"`
	Security metaSecurity `json:"gotrue_meta_security"`
}

// handleResend is POST /resend {type: signup|email_change, email}: sends the
// pending confirmation again. 200 {} even when there is nothing to resend.
func (a *api) handleResend(w http.ResponseWriter, r *http.Request, p resendParams) error {
	if err := a.checkCaptcha(r, p.Security); err != nil {
		return err
	}
	switch p.Type {
	case "signup", "email_change":
	case "sms", "phone_change":
		return unprocessable("phone_provider_disabled", "Phone logins are disabled")
	default:
		return validationFailed("Missing one of these types: signup, email_change, sms, phone_change")
	}
	email, err := checkEmail(p.Email)
	if err != nil {
		return err
	}
	return a.mailQuietly(w, r, func(m mailStep) error {
		if p.Type == "signup" {
			u, err := a.store.UserByEmail(m.ctx, m.c, email, true)
			if err == errNoUser || (err == nil && u.emailConfirmed()) {
				return nil
			}
			if err != nil {
				return err
			}
			_, err = a.confirmAgain(m, r, u)
			return err
		}
		// email_change: the address given is the pending new one (or the current one).
		u, err := a.store.PendingEmailChangeUser(m.ctx, m.c, email)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil // nothing pending: say nothing
		}
		if err != nil {
			return err
		}
		if err := a.tooSoon(u.EmailChangeSentAt, m.now); err != nil {
			return err
		}
		return a.sendEmailChange(m.ctx, m.c, r, u, u.EmailChange, m.redirect, m.now)
	})
}
