package auth

import (
	"encoding/json"
	"errors"
	"net/http"

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
func (a *api) handleAdminGenerateLink(w http.ResponseWriter, r *http.Request) error {
	var p generateLinkParams
	if err := decode(r, &p); err != nil {
		return err
	}
	email := normalizeEmail(p.Email)
	if !validEmail(email) {
		return validationFailed("Unable to validate email address: invalid format")
	}
	redirect := a.redirectTo(r, p.RedirectTo)
	var hash string
	if p.Type == "signup" {
		if err := a.checkPassword(p.Password); err != nil {
			return err
		}
		var err error
		if hash, err = a.hashPassword(p.Password); err != nil {
			return err
		}
	}
	ctx := r.Context()
	now := a.now()
	var (
		out      *user
		tok      emailToken
		kind     string
		linkType = p.Type
	)
	err := a.tx(ctx, r, func(c pgrole.Conn) error {
		var u *user
		var err error
		switch p.Type {
		case "signup":
			kind = kindConfirmation
			u, err = userByEmail(ctx, c, email, true)
			switch {
			case errors.Is(err, errNoUser):
				if u, err = insertUser(ctx, c, newUser{Email: email, PasswordHash: hash, UserMeta: p.Data, AdminCreated: true}, now); err != nil {
					return err
				}
			case err != nil:
				return err
			case u.emailConfirmed():
				return unprocessable("email_exists", "A user with this email address has already been registered")
			}
			tok = a.newEmailToken(email)
			_, err = c.Exec(ctx, `update auth.users set confirmation_token = $2, confirmation_sent_at = $3, updated_at = $3 where id = $1`, u.ID, tok.Stored, now)
		case "invite":
			kind = kindInvite
			u, tok, err = a.prepareInvite(ctx, c, email, p.Data, now)
		case "magiclink", "recovery":
			kind = map[bool]string{true: kindRecovery, false: kindMagicLink}[p.Type == "recovery"]
			if u, err = userByEmail(ctx, c, email, true); err != nil {
				return err
			}
			tok = a.newEmailToken(email)
			_, err = c.Exec(ctx, `update auth.users set recovery_token = $2, recovery_sent_at = $3, updated_at = $3 where id = $1`, u.ID, tok.Stored, now)
		case "email_change_current", "email_change_new":
			kind, linkType = kindEmailChange, "email_change"
			newEmail := normalizeEmail(p.NewEmail)
			if !validEmail(newEmail) {
				return validationFailed("The new email address provided is invalid")
			}
			if u, err = userByEmail(ctx, c, email, true); err != nil {
				return err
			}
			var taken bool
			if err := c.QueryRow(ctx, `select exists (select 1 from auth.users where lower(email) = $1 and id <> $2)`, newEmail, u.ID).Scan(&taken); err != nil {
				return err
			}
			if taken {
				return unprocessable("email_exists", "A user with this email address has already been registered")
			}
			// Only the requested side's token is set: confirming that one link applies the change.
			addr, isNew := newEmail, p.Type == "email_change_new"
			if !isNew {
				addr = email
			}
			tok = a.newEmailToken(addr)
			_, err = c.Exec(ctx, `update auth.users set email_change = $2,
				email_change_token_new = case when $5 then $3 else '' end,
				email_change_token_current = case when $5 then '' else $3 end,
				email_change_confirm_status = 0, email_change_sent_at = $4, updated_at = $4 where id = $1`, u.ID, newEmail, tok.Stored, now, isNew)
		default:
			return validationFailed("Invalid email action link type requested: " + p.Type)
		}
		if err != nil {
			return err
		}
		out, err = userByID(ctx, c, u.ID, false)
		return err
	})
	if errors.Is(err, errNoUser) {
		return errUserNotFound()
	}
	if err != nil {
		return err
	}
	b, err := json.Marshal(out)
	if err != nil {
		return err
	}
	body := map[string]any{}
	if err := json.Unmarshal(b, &body); err != nil {
		return err
	}
	body["action_link"] = a.linkURL(outgoing{Kind: kind, VerifyType: linkType, Token: tok, RedirectTo: redirect})
	body["email_otp"] = tok.OTP
	body["hashed_token"] = tok.Link
	body["verification_type"] = linkType
	body["redirect_to"] = redirect
	return httpx.WriteJSON(w, http.StatusOK, body)
}
