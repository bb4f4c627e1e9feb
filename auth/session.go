package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"casarent/server/jwtauth"
	"casarent/server/pgrole"
)

// tokenResponse is GoTrue's AccessTokenResponse (a session).
type tokenResponse struct {
	AccessToken  string         `json:"access_token"`
	TokenType    string         `json:"token_type"`
	ExpiresIn    int            `json:"expires_in"`
	ExpiresAt    int64          `json:"expires_at"`
	RefreshToken string         `json:"refresh_token"`
	User         *user          `json:"user"`
	WeakPassword map[string]any `json:"weak_password,omitempty"`
}

// fragment is the session as GoTrue hands it to the browser in a redirect's
// fragment (the implicit flow).
func (t *tokenResponse) fragment() url.Values {
	return url.Values{
		"access_token":  {t.AccessToken},
		"expires_at":    {strconv.FormatInt(t.ExpiresAt, 10)},
		"expires_in":    {strconv.Itoa(t.ExpiresIn)},
		"refresh_token": {t.RefreshToken},
		"token_type":    {"bearer"},
	}
}

// accessClaims is jwtauth.Claims with "aud" as a plain string, as GoTrue signs it
// (the outer field wins over the embedded RegisteredClaims' array form).
type accessClaims struct {
	jwtauth.Claims
	Audience string `json:"aud"`
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // the system's CSPRNG failing is not recoverable
	}
	return b
}

// refreshToken derives the token of a nonce; only its SHA-256 is stored.
func (a *api) refreshToken(nonce string) string {
	m := hmac.New(sha256.New, a.tokenKey)
	m.Write([]byte("refresh:" + nonce))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

func hashToken(t string) string {
	s := sha256.Sum256([]byte(t))
	return hex.EncodeToString(s[:])
}

// newRefresh returns a fresh (nonce, token, stored hash).
func (a *api) newRefresh() (nonce, token, hash string) {
	nonce = hex.EncodeToString(randomBytes(16))
	token = a.refreshToken(nonce)
	return nonce, token, hashToken(token)
}

// signAccess issues the access JWT of a session.
func (a *api) signAccess(u *user, sessionID string, amr []jwtauth.AMREntry, now time.Time) (string, int64, error) {
	exp := now.Add(a.cfg.JWTExp)
	c := accessClaims{Audience: "authenticated"}
	c.Subject = u.ID
	c.Issuer = a.issuer
	c.IssuedAt = jwt.NewNumericDate(now)
	c.ExpiresAt = jwt.NewNumericDate(exp)
	c.Email = u.Email
	c.Phone = u.Phone
	c.AppMetadata = u.AppMetadata
	c.UserMetadata = u.UserMetadata
	c.Role = u.Role
	if c.Role == "" {
		c.Role = "authenticated"
	}
	c.AAL = aalOf(amr) // aal2 once the session proved a second factor (mfa.go)
	c.AMR = amr
	c.SessionID = sessionID
	c.IsAnonymous = u.IsAnonymous
	var s string
	var err error
	if a.keys != nil {
		s, err = a.keys.Sign(c) // ES256/RS256 with the current key's kid
	} else {
		s, err = jwtauth.Sign(a.secret, c)
	}
	if err != nil {
		return "", 0, internalError("Error signing token", err)
	}
	return s, exp.Unix(), nil
}

func (a *api) response(u *user, sessionID, refresh string, amr []jwtauth.AMREntry, now time.Time) (*tokenResponse, error) {
	at, exp, err := a.signAccess(u, sessionID, amr, now)
	if err != nil {
		return nil, err
	}
	return &tokenResponse{AccessToken: at, TokenType: "bearer", ExpiresIn: int(a.cfg.JWTExp / time.Second),
		ExpiresAt: exp, RefreshToken: refresh, User: u}, nil
}

// clientMeta is what a new session records about the client.
type clientMeta struct {
	UserAgent string
	IP        *string // nil when not an IP
}

func (a *api) clientMeta(r *http.Request) clientMeta {
	m := clientMeta{UserAgent: r.UserAgent()}
	if ip := a.clientIP(r); net.ParseIP(ip) != nil {
		m.IP = &ip
	}
	return m
}

// startSession creates a session, its first refresh token and amr claim, stamps
// last_sign_in_at, and returns the user as it now is: one statement.
func (a *api) startSession(ctx context.Context, c pgrole.Conn, userID, method string, meta clientMeta, now time.Time) (*tokenResponse, error) {
	sessionID := newID()
	nonce, token, hash := a.newRefresh()
	u, err := a.store.CreateSession(ctx, c, newSession{ID: sessionID, UserID: userID, Meta: meta,
		Hash: hash, Nonce: nonce, Method: method, ClaimID: newID(), Now: now})
	if err != nil {
		return nil, err
	}
	amr := []jwtauth.AMREntry{{Method: method, Timestamp: now.Unix()}}
	return a.response(u, sessionID, token, amr, now)
}

// aalOf is the assurance level a session's amr claims give: a verified second
// factor makes aal2. Refreshing keeps it, since the claims live with the session.
func aalOf(amr []jwtauth.AMREntry) string {
	for _, m := range amr {
		if m.Method == amrTOTP {
			return aal2
		}
	}
	return aal1
}
