package auth

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

const emailChangeHalfMessage = "Confirmation link accepted. Please proceed to confirm link sent to the other email"

func errOTPExpired(link bool) *apiError {
	if link {
		return forbidden("otp_expired", "Email link is invalid or has expired")
	}
	return forbidden("otp_expired", "Token has expired or is invalid")
}

var verifyTypes = map[string]bool{"signup": true, "invite": true, "recovery": true, "magiclink": true, "email_change": true, "email": true}

// phoneVerifyTypes are GoTrue's phone verifications: known types, answered
// "Phone logins are disabled" since phone sign-in is off.
var phoneVerifyTypes = map[string]bool{"sms": true, "phone_change": true}

// verifyResult is the outcome of a verification: a session, or (first half of a
// secure email change) only a message.
type verifyResult struct {
	Session *tokenResponse
	Message string
}

// handleVerifyGet is GET /verify?token=&type=&redirect_to=, the target of email
// links: a 303 to redirect_to with the session (or the error) in the fragment.
func (a *api) handleVerifyGet(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	redirect := a.redirectTo(r, "")
	typ := q.Get("type")
	fail := func(code, desc string) error {
		v := url.Values{"error": {"access_denied"}, "error_code": {code}, "error_description": {desc}}
		if code == "over_request_rate_limit" {
			v.Set("error", "too_many_requests")
		}
		http.Redirect(w, r, withFragment(redirect, v), http.StatusSeeOther)
		return nil
	}
	if err := a.limit(r, "verify", a.cfg.RateLimit.Verify); err != nil {
		return fail("over_request_rate_limit", "Request rate limit reached")
	}
	token := q.Get("token")
	if !verifyTypes[typ] || typ == "email" || token == "" {
		return fail("otp_expired", "Email link is invalid or has expired")
	}
	res, err := a.verify(r.Context(), r, typ, hashToken(token), "", true)
	if err != nil {
		var e *apiError
		if errors.As(err, &e) && e.Status < 500 {
			return fail(e.Code, e.Msg)
		}
		return err
	}
	if res.Session == nil {
		http.Redirect(w, r, withFragment(redirect, url.Values{"message": {res.Message}}), http.StatusSeeOther)
		return nil
	}
	v := res.Session.fragment()
	v.Set("type", typ)
	http.Redirect(w, r, withFragment(redirect, v), http.StatusSeeOther)
	return nil
}

type verifyParams struct {
	Type      string `json:"type"`
	Token     string `json:"token"`
	TokenHash string `json:"token_hash"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
}

// handleVerifyPost is POST /verify (verifyOtp): {type, token, email} or
// {type, token_hash} → a session.
func (a *api) handleVerifyPost(w http.ResponseWriter, r *http.Request, p verifyParams) error {
	switch {
	case !verifyTypes[p.Type] && !phoneVerifyTypes[p.Type]:
		return validationFailed("Verify requires a verification type")
	case p.Token != "" && p.TokenHash != "":
		return validationFailed("Verify requires either a token or a token hash")
	case p.Token == "" && p.TokenHash == "":
		return validationFailed("Verify requires either a token or a token hash")
	case p.TokenHash != "" && (p.Email != "" || p.Phone != ""):
		return validationFailed("Only the token_hash and type should be provided")
	case p.Token != "" && p.Phone != "", phoneVerifyTypes[p.Type]:
		return unprocessable("phone_provider_disabled", "Phone logins are disabled")
	case p.Token != "" && p.Email == "":
		return validationFailed("Verify requires an email or a phone number")
	}
	var res *verifyResult
	var err error
	if p.TokenHash != "" {
		res, err = a.verify(r.Context(), r, p.Type, hashToken(p.TokenHash), "", false)
	} else {
		email := normalizeEmail(p.Email)
		res, err = a.verify(r.Context(), r, p.Type, hashToken(a.linkToken(email, strings.TrimSpace(p.Token))), email, false)
	}
	if err != nil {
		return err
	}
	if res.Session == nil {
		return httpx.WriteJSON(w, http.StatusOK, map[string]any{"msg": res.Message, "message": res.Message, "code": http.StatusOK})
	}
	return httpx.WriteJSON(w, http.StatusOK, res.Session)
}

// tokenColumns maps a verification type to the columns that may hold its token.
func tokenColumns(typ string) []string {
	switch typ {
	case "signup", "invite":
		return []string{"confirmation_token"}
	case "recovery", "magiclink":
		return []string{"recovery_token"}
	case "email":
		return []string{"confirmation_token", "recovery_token"}
	case "email_change":
		return []string{"email_change_token_new", "email_change_token_current"}
	}
	return nil
}

// verify consumes the stored token `stored` of type typ. email, when given
// (a typed code), must be the address the code was sent to.
func (a *api) verify(ctx context.Context, r *http.Request, typ, stored, email string, link bool) (*verifyResult, error) {
	now := a.now()
	var res *verifyResult
	err := a.tx(ctx, r, func(c pgrole.Conn) error {
		u, column, err := a.store.TokenUser(ctx, c, tokenColumns(typ), stored, email)
		if err != nil {
			return err
		}
		if u == nil {
			return errOTPExpired(link)
		}
		sentAt := u.ConfirmationSentAt
		switch column {
		case "recovery_token":
			sentAt = u.RecoverySentAt
		case "email_change_token_new", "email_change_token_current":
			sentAt = u.EmailChangeSentAt
		}
		if sentAt == nil || now.After(sentAt.Add(a.cfg.MailerOTPExp)) {
			return errOTPExpired(link)
		}
		if u.banned(now) {
			return forbidden("user_banned", "User is banned")
		}

		method := "otp"
		switch column {
		case "confirmation_token":
			method = "email/signup"
			if typ == "invite" || (u.InvitedAt != nil && u.EmailConfirmedAt == nil && typ != "signup") {
				method = "invite"
			}
			if err := a.store.ConfirmEmail(ctx, c, u.ID, "confirmation_token = ''", now); err != nil {
				return err
			}
		case "recovery_token":
			method = map[bool]string{true: "recovery", false: "magiclink"}[typ == "recovery"]
			if err := a.store.ConfirmEmail(ctx, c, u.ID, "recovery_token = ''", now); err != nil {
				return err
			}
		default:
			method = "email_change"
			done, err := a.confirmEmailChange(ctx, c, u, column, now)
			if err != nil {
				return err
			}
			if !done {
				res = &verifyResult{Message: emailChangeHalfMessage}
				return nil
			}
		}
		s, err := a.startSession(ctx, c, u.ID, method, a.clientMeta(r), now)
		if err != nil {
			return err
		}
		res = &verifyResult{Session: s}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

// confirmEmailChange records one confirmation of a pending email change and
// applies the change once every required side confirmed. It reports whether the
// change is done.
func (a *api) confirmEmailChange(ctx context.Context, c pgrole.Conn, u *user, column string, now time.Time) (bool, error) {
	other := u.EmailChangeTokenCurrent
	if column == "email_change_token_current" {
		other = u.EmailChangeTokenNew
	}
	if a.cfg.SecureEmailChange && other != "" && u.EmailChangeConfirmStatus == 0 {
		return false, a.store.ConfirmEmailChangeSide(ctx, c, u.ID, column, now)
	}
	return true, a.store.ApplyEmailChange(ctx, c, u.ID, now)
}
