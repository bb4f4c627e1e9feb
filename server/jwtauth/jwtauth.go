// Package jwtauth is the one place that turns request credentials into an
// identity: the apikey header and the Authorization bearer token, verified with
// HS256 and JWT_SECRET, or ES256/RS256 and the public keys of JWT_KEYS (keys.go),
// chosen by the token's kid. Surfaces read the result with FromContext and render a
// failure in their own error shape.
package jwtauth

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Roles a request may run as.
const (
	RoleAnon          = "anon"
	RoleAuthenticated = "authenticated"
	RoleService       = "service_role"
)

var (
	ErrInvalidAPIKey = errors.New("invalid api key")
	ErrInvalidToken  = errors.New("invalid JWT")
	ErrExpiredToken  = errors.New("JWT expired")
	ErrUnknownRole   = errors.New("JWT role is not allowed")
)

// RoleError refuses a correctly signed, unexpired token whose role is none of the
// roles a request may run as (supabase_admin, say). It matches ErrUnknownRole, so
// every surface refuses it; it keeps the verified identity for the one place that
// may accept such a role: GoTrue's admin endpoints (JWT_ADMIN_ROLES).
type RoleError struct{ Identity *Identity }

func (e *RoleError) Error() string        { return ErrUnknownRole.Error() }
func (e *RoleError) Is(target error) bool { return target == ErrUnknownRole }

// Claims is the access-token claim layout GoTrue issues. auth signs it, jwtauth reads it.
type Claims struct {
	jwt.RegisteredClaims
	Email        string         `json:"email,omitempty"`
	Phone        string         `json:"phone"`
	AppMetadata  map[string]any `json:"app_metadata,omitempty"`
	UserMetadata map[string]any `json:"user_metadata,omitempty"`
	Role         string         `json:"role"`
	AAL          string         `json:"aal,omitempty"`
	AMR          []AMREntry     `json:"amr,omitempty"`
	SessionID    string         `json:"session_id,omitempty"`
	IsAnonymous  bool           `json:"is_anonymous"`
}

// AMREntry is one authentication method reference.
type AMREntry struct {
	Method    string `json:"method"`
	Timestamp int64  `json:"timestamp"`
}

// Identity is who a request acts as.
type Identity struct {
	Role    string
	Subject string // the user id; empty for keys
	// ClaimsJSON is what request.jwt.claims is set to: the token's full claims,
	// or {"role": ...} when the caller used a key.
	ClaimsJSON []byte
	// Token is the bearer token as received, when it was a user's JWT.
	Token string
}

// IsUser reports whether the identity is a signed-in user (not a key).
func (id *Identity) IsUser() bool { return id.Subject != "" }

// Verifier checks tokens and project keys.
type Verifier struct {
	secret []byte
	keys   map[string]string // opaque or JWT key -> role
	set    *KeySet           // asymmetric keys (JWT_KEYS); nil: HS256 only
	algs   []string
	leeway time.Duration
	now    func() time.Time
}

// Keys are the project's API keys. Anon and Service are JWTs; Publishable and
// Secret are the newer opaque sb_publishable_/sb_secret_ keys (optional).
type Keys struct {
	Anon, Service, Publishable, Secret string
}

// NewVerifier returns a verifier for HS256 tokens signed with secret.
func NewVerifier(secret string, keys Keys) *Verifier {
	v := &Verifier{secret: []byte(secret), keys: map[string]string{}, leeway: defaultLeeway, now: time.Now, algs: []string{"HS256"}}
	for k, role := range map[string]string{keys.Anon: RoleAnon, keys.Service: RoleService, keys.Publishable: RoleAnon, keys.Secret: RoleService} {
		if k != "" {
			v.keys[k] = role
		}
	}
	return v
}

// defaultLeeway is the clock skew tolerated on exp/nbf/iat and on key retirement.
const defaultLeeway = 30 * time.Second

// WithKeySet also accepts tokens signed by the keys of ks, named by their kid.
// HS256 with the secret stays accepted (the legacy anon/service_role keys, and
// sessions issued before the switch).
func (v *Verifier) WithKeySet(ks *KeySet) *Verifier {
	if ks != nil {
		v.set, v.algs = ks, []string{"HS256", "ES256", "RS256"}
	}
	return v
}

// WithClock replaces the clock (tests).
func (v *Verifier) WithClock(now func() time.Time) *Verifier { v.now = now; return v }

func (v *Verifier) keyRole(k string) (string, bool) {
	for key, role := range v.keys {
		if subtle.ConstantTimeCompare([]byte(key), []byte(k)) == 1 {
			return role, true
		}
	}
	return "", false
}

// Verify parses and checks a JWT: HS256 with the secret, or ES256/RS256 with the
// JWT_KEYS key its kid names (of that alg, not retired past its grace); signature,
// exp/nbf/iat with a small leeway, and a role the server knows. "none" and any
// other alg are refused, and an HS256 token is only ever checked with the secret,
// so a public key cannot be used as an HMAC secret.
func (v *Verifier) Verify(token string) (*Identity, error) {
	claims := jwt.MapClaims{}
	_, err := jwt.ParseWithClaims(token, claims, v.keyFor,
		jwt.WithValidMethods(v.algs),
		jwt.WithLeeway(v.leeway),
		jwt.WithTimeFunc(v.now),
	)
	if err != nil {
		if errors.Is(err, jwt.ErrTokenExpired) {
			return nil, ErrExpiredToken
		}
		return nil, fmt.Errorf("%w: %v", ErrInvalidToken, err)
	}
	role, _ := claims["role"].(string)
	sub, _ := claims["sub"].(string)
	raw, err := json.Marshal(claims)
	if err != nil {
		return nil, err
	}
	id := &Identity{Role: role, Subject: sub, ClaimsJSON: raw, Token: token}
	switch role {
	case RoleAnon, RoleAuthenticated, RoleService:
		return id, nil
	}
	return nil, &RoleError{Identity: id}
}

func (v *Verifier) keyFor(t *jwt.Token) (any, error) {
	alg := t.Method.Alg()
	kid, _ := t.Header["kid"].(string)
	if alg == "HS256" && (kid == "" || !v.set.hasSecret(kid)) {
		return v.secret, nil
	}
	if v.set == nil {
		return nil, fmt.Errorf("unexpected alg %s", alg)
	}
	return v.set.verifyKey(kid, alg, v.now(), v.leeway)
}

// FromKey maps a project key (JWT or opaque) to an identity.
func (v *Verifier) FromKey(key string) (*Identity, error) {
	role, ok := v.keyRole(key)
	if !ok {
		return nil, ErrInvalidAPIKey
	}
	if strings.Count(key, ".") == 2 { // a legacy JWT key: keep its claims
		if id, err := v.Verify(key); err == nil {
			return id, nil
		}
	}
	return &Identity{Role: role, ClaimsJSON: []byte(`{"role":"` + role + `"}`)}, nil
}

// Authenticate applies the credential rules of DESIGN.md to a request:
// an apikey, when present, must be a project key; a bearer token, when present,
// replaces it as the identity (a bearer that is itself a project key maps to its
// role); with neither the caller is anon.
func (v *Verifier) Authenticate(r *http.Request) (*Identity, error) {
	apikey := r.Header.Get("apikey")
	if apikey == "" {
		apikey = r.URL.Query().Get("apikey")
	}
	var id *Identity
	if apikey != "" {
		var err error
		if id, err = v.FromKey(apikey); err != nil {
			return nil, err
		}
	}
	if bearer := BearerToken(r); bearer != "" {
		if kid, err := v.FromKey(bearer); err == nil {
			return kid, nil
		}
		return v.Verify(bearer)
	}
	if id == nil {
		id = &Identity{Role: RoleAnon, ClaimsJSON: []byte(`{"role":"anon"}`)}
	}
	return id, nil
}

// BearerToken returns the token of an "Authorization: Bearer" header, or "".
func BearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

type ctxKey struct{}

type result struct {
	id  *Identity
	err error
}

// Middleware authenticates every request and stores the outcome for FromContext.
// It never rejects: each surface decides and renders the error in its own shape.
func (v *Verifier) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := v.Authenticate(r)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), ctxKey{}, result{id, err})))
	})
}

// FromContext returns the request's identity, or the reason its credentials were refused.
func FromContext(ctx context.Context) (*Identity, error) {
	res, ok := ctx.Value(ctxKey{}).(result)
	if !ok {
		return nil, errors.New("jwtauth: middleware not installed")
	}
	return res.id, res.err
}

// WithIdentity stores an identity in ctx (tests and internal calls).
func WithIdentity(ctx context.Context, id *Identity) context.Context {
	return context.WithValue(ctx, ctxKey{}, result{id: id})
}

// Sign returns an HS256 token for claims.
func Sign(secret string, claims jwt.Claims) (string, error) {
	return jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(secret))
}

// KeyClaims are the claims of a long-lived project key (anon or service_role),
// as Supabase's self-hosting keys carry them.
func KeyClaims(role string, issuedAt time.Time) jwt.MapClaims {
	return jwt.MapClaims{
		"role": role,
		"iss":  "supabase",
		"iat":  issuedAt.Unix(),
		"exp":  issuedAt.AddDate(10, 0, 0).Unix(),
	}
}
