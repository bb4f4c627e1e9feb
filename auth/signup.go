package auth

import (
	"context"
	"net/http"
	"time"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

type signupParams struct {
	Email    string         `json:"email"`
	Phone    string         `json:"phone"`
	Password string         `json:"password"`
	Data     map[string]any `json:"data"`
	Security metaSecurity   `json:"gotrue_meta_security"`
}

// handleSignup is POST /signup: a session when MAILER_AUTOCONFIRM is on, else the
// bare user and a confirmation email. A confirmed address gets GoTrue's
// enumeration protection: a fake user with no identities (or 422
// user_already_exists under autoconfirm, where that protection cannot hold).
func (a *api) handleSignup(w http.ResponseWriter, r *http.Request, p signupParams) error {
	switch {
	case a.cfg.DisableSignup:
		return unprocessable("signup_disabled", "Signups not allowed for this instance")
	case p.Phone != "" && p.Email == "":
		return unprocessable("phone_provider_disabled", "Phone signups are disabled")
	case !a.cfg.EmailEnabled:
		return badRequest("email_provider_disabled", "Email signups are disabled")
	case p.Password == "":
		return validationFailed("Signup requires a valid password")
	}
	if err := a.checkPassword(p.Password); err != nil {
		return err
	}
	email, err := checkEmail(p.Email)
	if err != nil {
		return err
	}
	m := mailStep{redirect: a.redirectTo(r, "")}
	hash, err := a.hashPassword(p.Password)
	if err != nil {
		return err
	}
	m.now = a.now()
	resp, err := txResult(a, r, func(ctx context.Context, c pgrole.Conn) (any, error) {
		m.ctx, m.c = ctx, c
		existing, err := a.store.UserByEmail(ctx, c, email, true)
		switch {
		case err == errNoUser:
		case err != nil:
			return nil, err
		case a.cfg.MailerAutoconfirm:
			return nil, unprocessable("user_already_exists", "User already registered")
		case existing.emailConfirmed():
			return fakeUser(email, p.Data, m.now), nil
		default:
			// Unconfirmed: leave the account as it is (nobody proved who they are)
			// and send the confirmation again.
			return a.confirmAgain(m, r, existing)
		}
		u, err := a.store.CreateUser(ctx, c, newUser{Email: email, PasswordHash: hash, Confirmed: a.cfg.MailerAutoconfirm, UserMeta: p.Data}, m.now)
		if err != nil {
			return nil, err
		}
		if a.cfg.MailerAutoconfirm {
			return a.startSession(ctx, c, u.ID, "password", a.clientMeta(r), m.now)
		}
		return a.sendConfirmation(ctx, c, r, u, m.redirect, m.now)
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, resp)
}

// fakeUser is what a sign-up of an already confirmed address returns, so the
// answer does not tell whether the address has an account.
func fakeUser(email string, data map[string]any, now time.Time) *user {
	if data == nil {
		data = map[string]any{}
	}
	return &user{ID: newID(), Aud: "authenticated", Role: "authenticated", Email: email,
		ConfirmationSentAt: &now, AppMetadata: map[string]any{"provider": "email", "providers": []string{"email"}},
		UserMetadata: data, Identities: []identity{}, CreatedAt: now, UpdatedAt: now}
}
