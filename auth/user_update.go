package auth

import (
	"context"
	"encoding/json"
	"net/http"
	"time"

	"casarent/server/pgrole"
)

type userUpdateParams struct {
	Email       string          `json:"email"`
	Password    *string         `json:"password"`
	Data        map[string]any  `json:"data"`
	AppMetadata json.RawMessage `json:"app_metadata"`
	Phone       string          `json:"phone"`
	Nonce       string          `json:"nonce"`
}

// handleUserUpdate is PUT /user: data merges into user_metadata (a null value
// removes the key), a new password ends the user's other sessions, a new email
// is confirmed by mail (both addresses under secure email change) unless
// MAILER_AUTOCONFIRM is on.
func (a *api) handleUserUpdate(w http.ResponseWriter, r *http.Request, p userUpdateParams) error {
	if len(p.AppMetadata) > 0 && string(p.AppMetadata) != "null" {
		return forbidden("not_admin", "Updating app_metadata requires admin privileges")
	}
	if p.Phone != "" {
		return unprocessable("phone_provider_disabled", "Phone logins are disabled")
	}
	var newHash string
	if p.Password != nil {
		var err error
		if newHash, err = a.checkedHash(*p.Password); err != nil { // before the transaction: bcrypt is slow
			return err
		}
	}
	email := normalizeEmail(p.Email)
	if email != "" {
		if _, err := checkEmail(email); err != nil {
			return err
		}
	}
	redirect := a.redirectTo(r, "")
	now := a.now()
	return txAnswer(a, w, r, func(ctx context.Context, c pgrole.Conn) (*user, error) {
		cl, u, err := a.loadCaller(ctx, c, r, true)
		if err != nil {
			return nil, err
		}
		if u.IsAnonymous && p.Password != nil && email == "" {
			// A guest's password would open nothing: it has no address to sign in with.
			return nil, unprocessable("validation_failed", "Updating password of an anonymous user without an email or phone is not allowed")
		}
		if p.Password != nil {
			if err := a.changePassword(ctx, c, cl.SessionID, u, *p.Password, newHash, p.Nonce, now); err != nil {
				return nil, err
			}
		}
		if p.Data != nil {
			if err := a.store.MergeUserMetadata(ctx, c, u.ID, p.Data, now); err != nil {
				return nil, err
			}
		}
		if email != "" && email != normalizeEmail(u.Email) {
			if err := a.changeEmail(ctx, c, r, u, email, redirect, now); err != nil {
				return nil, err
			}
		}
		return a.store.UserByID(ctx, c, u.ID, false)
	})
}

// changePassword sets the new password (hashed before the transaction, the
// reauthentication nonce checked) and ends every other session of the user.
func (a *api) changePassword(ctx context.Context, c pgrole.Conn, sessionID string, u *user, password, newHash, nonce string, now time.Time) error {
	if err := a.checkReauthentication(ctx, c, u, sessionID, nonce, now); err != nil {
		return err
	}
	if u.EncryptedPassword != "" && a.comparePassword(u.EncryptedPassword, password) {
		return unprocessable("same_password", "New password should be different from the old password.")
	}
	if err := a.store.SetPassword(ctx, c, u.ID, newHash, now); err != nil {
		return err
	}
	// A changed password ends every other session (a thief's included).
	err := a.store.DeleteOtherSessions(ctx, c, u.ID, sessionID)
	return err
}

// changeEmail moves the user to a free address: at once under
// MAILER_AUTOCONFIRM, else by mailing the confirmation link(s). A guest's
// address always waits for its link: autoconfirm would hand whoever typed an
// address (and the password sent with it) a confirmed account under it, one
// the owner of the address might later be given rights on.
func (a *api) changeEmail(ctx context.Context, c pgrole.Conn, r *http.Request, u *user, email, redirect string, now time.Time) error {
	taken, err := a.store.EmailHeldByOtherNonSSO(ctx, c, email, u.ID)
	if err != nil {
		return err
	}
	if taken {
		return unprocessable("email_exists", "A user with this email address has already been registered")
	}
	if u.IsAnonymous && !a.mailer.Configured() {
		// The link could never arrive: say so rather than record a change nobody can finish.
		return &apiError{Status: http.StatusInternalServerError, Code: "unexpected_failure",
			Msg: "Error sending email change email: no mail server is configured (SMTP_HOST)"}
	}
	if a.cfg.MailerAutoconfirm && !u.IsAnonymous {
		if err := a.store.SetEmailChange(ctx, c, u.ID, email); err != nil {
			return err
		}
		return a.store.ApplyEmailChange(ctx, c, u.ID, now)
	}
	if err := a.tooSoon(u.EmailChangeSentAt, now); err != nil && u.EmailChange == email {
		return err
	}
	return a.sendEmailChange(ctx, c, r, u, email, redirect, now)
}
