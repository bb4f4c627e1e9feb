package auth

import (
	"context"
	"crypto/subtle"
	"net/http"
	"time"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// reauthWindow is how long after its sign-in a session may change the password
// without a nonce when SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION is on
// (GoTrue's fixed 24 hours).
const reauthWindow = 24 * time.Hour

// handleReauthenticate is GET /reauthenticate (auth-js reauthenticate()): emails
// the signed-in user a 6-digit nonce that PUT /user {password, nonce} accepts.
// The code is stored as the email codes are (SHA-256 of its HMAC with the
// address), lives MAILER_OTP_EXP and is used once.
func (a *api) handleReauthenticate(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	now := a.now()
	err := a.tx(ctx, r, func(c pgrole.Conn) error {
		_, u, err := a.loadCaller(ctx, c, r, true)
		if err != nil {
			return err
		}
		if u.Email == "" {
			return validationFailed("Reauthentication requires the user to have an email or a phone number")
		}
		if !u.emailConfirmed() {
			return unprocessable("email_not_confirmed", "Please verify your email first.")
		}
		sentAt, err := a.store.ReauthenticationSentAt(ctx, c, u.ID)
		if err != nil {
			return err
		}
		if err := a.tooSoon(sentAt, now); err != nil {
			return err
		}
		tok := a.newEmailToken(u.Email)
		if err := a.store.SetReauthenticationToken(ctx, c, u.ID, tok.Stored, now); err != nil {
			return err
		}
		return a.send(ctx, r, outgoing{Kind: kindReauthentication, To: u.Email, User: u, Token: tok})
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{})
}

// checkReauthentication applies SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION
// to a password change, as GoTrue: a session signed in less than 24 hours ago
// needs nothing; an older one (or a token without a session) needs the nonce of
// GET /reauthenticate, which is then spent.
func (a *api) checkReauthentication(ctx context.Context, c pgrole.Conn, u *user, sessionID, nonce string, now time.Time) error {
	if !a.cfg.UpdatePasswordRequireReauthentication {
		return nil
	}
	var created *time.Time
	if sessionID != "" {
		var err error
		if created, err = a.store.SessionCreatedAt(ctx, c, sessionID); err != nil {
			return err
		}
	}
	if created != nil && !now.After(created.Add(reauthWindow)) {
		return nil
	}
	if nonce == "" {
		return badRequest("reauthentication_needed", "Password update requires reauthentication")
	}
	invalid := unprocessable("reauthentication_not_valid", "Nonce has expired or is invalid")
	stored, sentAt, err := a.store.ReauthenticationToken(ctx, c, u.ID)
	if err != nil {
		return err
	}
	if stored == "" || sentAt == nil || now.After(sentAt.Add(a.cfg.MailerOTPExp)) {
		return invalid
	}
	if subtle.ConstantTimeCompare([]byte(hashToken(a.linkToken(u.Email, nonce))), []byte(stored)) != 1 {
		return invalid
	}
	return a.store.ClearReauthenticationToken(ctx, c, u.ID)
}
