package auth

import (
	"context"
	"errors"
	"net/http"
	"time"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// The endpoints that take an email address and send mail (/otp, /magiclink,
// /recover, /resend) answer the same for an address with an account and one
// without, in words and in time, so they cannot be used to learn who has an
// account. GoTrue itself answers "otp_disabled" for an unknown address with
// create_user false and 429 for a second recovery within a minute of an existing
// one; we answer 200 {} in both cases and simply send nothing.

// mailStep is what a step that may send an email works with.
type mailStep struct {
	ctx      context.Context
	c        pgrole.Conn
	redirect string
	now      time.Time
}

// mailQuietly runs send in one transaction and answers 200 {} whether it sent
// anything or not, an email refused as too soon included (enumeration.go).
func (a *api) mailQuietly(w http.ResponseWriter, r *http.Request, send func(mailStep) error) error {
	m := mailStep{ctx: r.Context(), redirect: a.redirectTo(r, ""), now: a.now()}
	err := a.tx(m.ctx, r, func(c pgrole.Conn) error {
		m.c = c
		return send(m)
	})
	if err = quietIfTooSoon(err); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{})
}

// evenly makes h take at least EmailReplyFloor, whatever it did.
func (a *api) evenly(h httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		start := time.Now()
		err := h(w, r)
		if rest := a.cfg.EmailReplyFloor - time.Since(start); rest > 0 {
			t := time.NewTimer(rest)
			select {
			case <-t.C:
			case <-r.Context().Done():
				t.Stop()
			}
		}
		return err
	}
}

// quietIfTooSoon turns "an email went to this address less than a minute ago"
// into nothing sent: telling it would say that the address has an account.
func quietIfTooSoon(err error) error {
	var ae *apiError
	if errors.As(err, &ae) && ae.Code == "over_email_send_rate_limit" {
		return nil
	}
	return err
}
