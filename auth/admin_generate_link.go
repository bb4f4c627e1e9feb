package auth

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

type generateLinkParams struct {
	Type       string         `json:"type"`
	Email      string         `json:"email"`
	NewEmail   string         `json:"new_email"`
	Password   string         `json:"password"`
	Data       map[string]any `json:"data"`
	RedirectTo string         `json:"redirect_to"`
}

// handleAdminGenerateLink is POST /admin/generate_link: the link an email of that
// type would carry, without sending anything. The answer is the user's fields
// plus action_link, email_otp, hashed_token, verification_type, redirect_to.
func (a *api) handleAdminGenerateLink(w http.ResponseWriter, r *http.Request, p generateLinkParams) error {
	email, err := checkEmail(p.Email)
	if err != nil {
		return err
	}
	redirect := a.redirectTo(r, p.RedirectTo)
	var hash string
	if p.Type == "signup" {
		if hash, err = a.checkedHash(p.Password); err != nil {
			return err
		}
	}
	now := a.now()
	link, err := txResult(a, r, func(ctx context.Context, c pgrole.Conn) (generatedLink, error) {
		link, err := a.generateLink(ctx, c, p, email, hash, now)
		if err != nil {
			return link, err
		}
		link.u, err = a.store.UserByID(ctx, c, link.u.ID, false)
		return link, err
	})
	if errors.Is(err, errNoUser) {
		return errUserNotFound()
	}
	if err != nil {
		return err
	}
	body, err := userFields(link.u)
	if err != nil {
		return err
	}
	body["action_link"] = a.linkURL(outgoing{Kind: link.kind, VerifyType: link.linkType, Token: link.tok, RedirectTo: redirect})
	body["email_otp"] = link.tok.OTP
	body["hashed_token"] = link.tok.Link
	body["verification_type"] = link.linkType
	body["redirect_to"] = redirect
	return httpx.WriteJSON(w, http.StatusOK, body)
}

// generateLink prepares the link of p.Type for the user of email.
func (a *api) generateLink(ctx context.Context, c pgrole.Conn, p generateLinkParams, email, hash string, now time.Time) (generatedLink, error) {
	switch p.Type {
	case "signup":
		return a.generateSignupLink(ctx, c, email, hash, p.Data, now)
	case "invite":
		link := generatedLink{kind: kindInvite, linkType: p.Type}
		var err error
		link.u, link.tok, err = a.prepareInvite(ctx, c, email, p.Data, now)
		return link, err
	case "magiclink", "recovery":
		return a.generateRecoveryLink(ctx, c, email, p.Type, now)
	case "email_change_current", "email_change_new":
		return a.generateEmailChangeLink(ctx, c, email, normalizeEmail(p.NewEmail), p.Type == "email_change_new", now)
	}
	return generatedLink{}, validationFailed("Invalid email action link type requested: " + p.Type)
}

// generatedLink is the user a link is for, its token, the email kind and the
// verification type the link carries.
type generatedLink struct {
	u        *user
	tok      emailToken
	kind     string
	linkType string
}

// generateSignupLink creates the user when new (a confirmed one is refused)
// and sets a confirmation token.
func (a *api) generateSignupLink(ctx context.Context, c pgrole.Conn, email, hash string, data map[string]any, now time.Time) (generatedLink, error) {
	link := generatedLink{kind: kindConfirmation, linkType: "signup"}
	u, err := a.store.UserByEmail(ctx, c, email, true)
	switch {
	case errors.Is(err, errNoUser):
		if u, err = a.store.CreateUser(ctx, c, newUser{Email: email, PasswordHash: hash, UserMeta: data, AdminCreated: true}, now); err != nil {
			return link, err
		}
	case err != nil:
		return link, err
	case u.emailConfirmed():
		return link, unprocessable("email_exists", "A user with this email address has already been registered")
	}
	link.u, link.tok = u, a.newEmailToken(email)
	err = a.store.SetConfirmationToken(ctx, c, u.ID, link.tok.Stored, now)
	return link, err
}

// generateRecoveryLink sets a recovery token (magic links share it).
func (a *api) generateRecoveryLink(ctx context.Context, c pgrole.Conn, email, typ string, now time.Time) (generatedLink, error) {
	link := generatedLink{kind: map[bool]string{true: kindRecovery, false: kindMagicLink}[typ == "recovery"], linkType: typ}
	u, err := a.store.UserByEmail(ctx, c, email, true)
	if err != nil {
		return link, err
	}
	link.u, link.tok = u, a.newEmailToken(email)
	err = a.store.SetRecoveryToken(ctx, c, u.ID, link.tok.Stored, now)
	return link, err
}

// generateEmailChangeLink records the pending change to newEmail and sets the
// token of the requested side only (the new address's when isNew): confirming
// that one link applies the change.
func (a *api) generateEmailChangeLink(ctx context.Context, c pgrole.Conn, email, newEmail string, isNew bool, now time.Time) (generatedLink, error) {
	link := generatedLink{kind: kindEmailChange, linkType: "email_change"}
	if !validEmail(newEmail) {
		return link, validationFailed("The new email address provided is invalid")
	}
	u, err := a.store.UserByEmail(ctx, c, email, true)
	if err != nil {
		return link, err
	}
	taken, err := a.store.EmailHeldByOther(ctx, c, newEmail, u.ID)
	if err != nil {
		return link, err
	}
	if taken {
		return link, unprocessable("email_exists", "A user with this email address has already been registered")
	}
	addr := newEmail
	if !isNew {
		addr = email
	}
	link.u, link.tok = u, a.newEmailToken(addr)
	err = a.store.SetEmailChangeLink(ctx, c, u.ID, newEmail, link.tok.Stored, isNew, now)
	return link, err
}

// userFields is the user's JSON as a map, for answers that add fields to it.
func userFields(u *user) (map[string]any, error) {
	b, err := json.Marshal(u)
	if err != nil {
		return nil, err
	}
	body := map[string]any{}
	if err := json.Unmarshal(b, &body); err != nil {
		return nil, err
	}
	return body, nil
}
