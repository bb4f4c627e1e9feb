package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/big"
	"time"
)

// emailToken is what one email carries: a 6-digit code and the token of its link.
// The link token is HMAC(key, email + code), so the code typed by hand and the
// link lead to the same stored value; only SHA-256(link token) is stored, so a
// copy of the database gives neither a working link nor a brute-forceable code.
type emailToken struct {
	OTP    string // typed by hand: POST /verify {email, token}
	Link   string // in the link: GET /verify?token=, POST /verify {token_hash}
	Stored string // what auth.users keeps
}

func (a *api) newEmailToken(email string) emailToken {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		panic(err)
	}
	otp := fmt.Sprintf("%06d", n.Int64())
	link := a.linkToken(email, otp)
	return emailToken{OTP: otp, Link: link, Stored: hashToken(link)}
}

func (a *api) linkToken(email, otp string) string {
	m := hmac.New(sha256.New, a.tokenKey)
	m.Write([]byte("email:" + normalizeEmail(email) + ":" + otp))
	return hex.EncodeToString(m.Sum(nil))
}

// tooSoon enforces SMTP_MAX_FREQUENCY between two emails of one kind to a user.
func (a *api) tooSoon(sentAt *time.Time, now time.Time) error {
	if sentAt == nil || a.cfg.RateLimit.MaxFrequency <= 0 {
		return nil
	}
	next := sentAt.Add(a.cfg.RateLimit.MaxFrequency)
	if now.Before(next) {
		secs := int(next.Sub(now).Seconds() + 0.999)
		return tooManyRequests("over_email_send_rate_limit", fmt.Sprintf("For security purposes, you can only request this after %d seconds.", secs)).
			retryAfter(next.Sub(now))
	}
	return nil
}
