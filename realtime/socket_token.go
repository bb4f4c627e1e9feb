package realtime

// access_token messages and the expiry of the token a channel was joined with.

import (
	"encoding/json"
	"errors"
	"strings"
	"time"

	"casarent/server/jwtauth"
)

func (s *session) accessToken(m Message) {
	s.mu.Lock()
	ch := s.channels[m.Topic]
	s.mu.Unlock()
	if ch == nil {
		return
	}
	var p struct {
		AccessToken string `json:"access_token"`
	}
	_ = json.Unmarshal(m.Payload, &p)
	if p.AccessToken == "" {
		return
	}
	id, err := s.identify(p.AccessToken)
	if err != nil {
		ch.shutdown(tokenReason(err, s.rt.opt.Now()))
		return
	}
	pm := allPerms
	if ch.private { // the new identity's rights replace the old ones
		pm, err = s.rt.authorize(s.ctx, id.Role, id.ClaimsJSON, strings.TrimPrefix(ch.topic, "realtime:"))
		if err != nil || pm&(readBroadcast|readPresence) == 0 {
			ch.shutdown(unauthorizedRead(ch.topic))
			return
		}
	}
	ch.mu.Lock()
	ch.role, ch.claims, ch.perms = id.Role, id.ClaimsJSON, pm
	ch.mu.Unlock()
	ch.armExpiry(id)
}

// armExpiry closes the channel when the token's exp passes, as realtime does.
func (ch *channel) armExpiry(id *jwtauth.Identity) {
	var c struct {
		Exp float64 `json:"exp"`
	}
	_ = json.Unmarshal(id.ClaimsJSON, &c)
	ch.mu.Lock()
	defer ch.mu.Unlock()
	if ch.expiry != nil {
		ch.expiry.Stop()
		ch.expiry = nil
	}
	if c.Exp == 0 || ch.closed {
		return
	}
	d := time.Until(time.Unix(int64(c.Exp), 0))
	ch.expiry = time.AfterFunc(max(d, 0), func() { ch.shutdown("Token has expired 0 seconds ago") })
}

func tokenReason(err error, now time.Time) string {
	if errors.Is(err, jwtauth.ErrExpiredToken) {
		return "Token has expired 0 seconds ago"
	}
	return "Invalid token: " + err.Error()
}
