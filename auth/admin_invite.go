package auth

import (
	"context"
	"errors"
	"net/http"
	"time"

	"casarent/server/pgrole"
)

type inviteParams struct {
	Email string         `json:"email"`
	Data  map[string]any `json:"data"`
}

// handleInvite is POST /invite (service role): creates the user (no password,
// invited_at set) or re-invites an unconfirmed one, and sends the invitation.
func (a *api) handleInvite(w http.ResponseWriter, r *http.Request, p inviteParams) error {
	email, err := checkEmail(p.Email)
	if err != nil {
		return err
	}
	redirect := a.redirectTo(r, "")
	now := a.now()
	return txAnswer(a, w, r, func(ctx context.Context, c pgrole.Conn) (*user, error) {
		u, tok, err := a.prepareInvite(ctx, c, email, p.Data, now)
		if err != nil {
			return nil, err
		}
		if err := a.send(ctx, r, outgoing{Kind: kindInvite, VerifyType: "invite", To: email, User: u, Token: tok, RedirectTo: redirect}); err != nil {
			return nil, err
		}
		return a.store.UserByID(ctx, c, u.ID, false)
	})
}

// prepareInvite creates or refreshes an invited user and stores its token.
func (a *api) prepareInvite(ctx context.Context, c pgrole.Conn, email string, data map[string]any, now time.Time) (*user, emailToken, error) {
	u, err := a.store.UserByEmail(ctx, c, email, true)
	switch {
	case errors.Is(err, errNoUser):
		if u, err = a.store.CreateUser(ctx, c, newUser{Email: email, Invited: true, UserMeta: data, AdminCreated: true}, now); err != nil {
			return nil, emailToken{}, err
		}
	case err != nil:
		return nil, emailToken{}, err
	case u.emailConfirmed():
		return nil, emailToken{}, unprocessable("email_exists", "A user with this email address has already been registered")
	}
	tok := a.newEmailToken(email)
	if err := a.store.SetInviteToken(ctx, c, u.ID, tok.Stored, now); err != nil {
		return nil, emailToken{}, err
	}
	return u, tok, nil
}
