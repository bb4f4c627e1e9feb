package auth

import (
	"context"
	"net/http"
	"time"

	"casarent/server/pgrole"
)

// The emails the flows send with a link and a code: sign-up confirmation (signup,
// otp, resend, an OAuth sign-up whose address needs confirming), recovery and
// magic link (recover, otp), email change (PUT /user, resend). Each stores the
// token's hash on the user, then sends (mailer.go).

// confirmAgain sends an unconfirmed user a new confirmation, unless the last
// one went less than the resend interval ago.
func (a *api) confirmAgain(m mailStep, r *http.Request, u *user) (*user, error) {
	if err := a.tooSoon(u.ConfirmationSentAt, m.now); err != nil {
		return nil, err
	}
	return a.sendConfirmation(m.ctx, m.c, r, u, m.redirect, m.now)
}

// sendConfirmation stores a new confirmation token, sends the email and returns
// the user as stored.
func (a *api) sendConfirmation(ctx context.Context, c pgrole.Conn, r *http.Request, u *user, redirect string, now time.Time) (*user, error) {
	tok := a.newEmailToken(u.Email)
	if err := a.store.SetConfirmationToken(ctx, c, u.ID, tok.Stored, now); err != nil {
		return nil, err
	}
	if err := a.send(ctx, r, outgoing{Kind: kindConfirmation, VerifyType: "signup", To: u.Email, User: u, Token: tok, RedirectTo: redirect}); err != nil {
		return nil, err
	}
	return a.store.UserByID(ctx, c, u.ID, false)
}

// sendRecovery stores a recovery token (recovery and magic links share it, as in
// GoTrue) and sends the email of kind; since they share the token they also
// share the resend interval, so it refuses while the last one is too recent.
func (a *api) sendRecovery(ctx context.Context, c pgrole.Conn, r *http.Request, u *user, kind, verifyType, redirect string, now time.Time) error {
	if err := a.tooSoon(u.RecoverySentAt, now); err != nil {
		return err
	}
	tok := a.newEmailToken(u.Email)
	if err := a.store.SetRecoveryToken(ctx, c, u.ID, tok.Stored, now); err != nil {
		return err
	}
	return a.send(ctx, r, outgoing{Kind: kind, VerifyType: verifyType, To: u.Email, User: u, Token: tok, RedirectTo: redirect})
}

// sendEmailChange records a pending change to newEmail and mails the link(s):
// to the new address, and under secure email change to the current one too.
func (a *api) sendEmailChange(ctx context.Context, c pgrole.Conn, r *http.Request, u *user, newEmail, redirect string, now time.Time) error {
	tokNew := a.newEmailToken(newEmail)
	var tokCur emailToken
	secure := a.cfg.SecureEmailChange && u.Email != ""
	if secure {
		tokCur = a.newEmailToken(u.Email)
	}
	if err := a.store.SetEmailChangeTokens(ctx, c, u.ID, newEmail, tokNew.Stored, tokCur.Stored, now); err != nil {
		return err
	}
	if secure {
		if err := a.send(ctx, r, outgoing{Kind: kindEmailChange, VerifyType: "email_change", To: u.Email, User: u, NewEmail: newEmail, Token: tokCur, RedirectTo: redirect}); err != nil {
			return err
		}
	}
	return a.send(ctx, r, outgoing{Kind: kindEmailChange, VerifyType: "email_change", To: newEmail, User: u, NewEmail: newEmail, Token: tokNew, RedirectTo: redirect})
}
