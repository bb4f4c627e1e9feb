package auth

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"

	"casarent/server/httpx"
	"casarent/server/jwtauth"
)

// withKey lets a public endpoint run unless the apikey itself was refused. A bad
// or expired bearer does not matter here (auth-js sends the key as the bearer).
func (a *api) withKey(next httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if _, err := jwtauth.FromContext(r.Context()); errors.Is(err, jwtauth.ErrInvalidAPIKey) {
			return &apiError{Status: http.StatusUnauthorized, Code: "no_authorization", Msg: "Invalid API key"}
		}
		return next(w, r)
	}
}

// withAdmin requires a JWT whose role is one of JWT_ADMIN_ROLES (service_role and
// supabase_admin by default, as GoTrue): the service key, or a signed token with
// such a role. jwtauth refuses roles no request may run as (supabase_admin) for
// every surface; here only, such a verified token passes when the list names it.
func (a *api) withAdmin(next httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		id, err := jwtauth.FromContext(r.Context())
		var roleErr *jwtauth.RoleError
		if errors.As(err, &roleErr) {
			id, err = roleErr.Identity, nil
		}
		if err != nil {
			return credentialError(r, err)
		}
		if id == nil || !slices.Contains(a.cfg.JWTAdminRoles, id.Role) {
			return forbidden("not_admin", "User not allowed")
		}
		return next(w, r)
	}
}

func credentialError(r *http.Request, err error) *apiError {
	switch {
	case errors.Is(err, jwtauth.ErrInvalidAPIKey):
		return &apiError{Status: http.StatusUnauthorized, Code: "no_authorization", Msg: "Invalid API key"}
	case errors.Is(err, jwtauth.ErrExpiredToken):
		return forbidden("bad_jwt", "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired")
	default:
		return forbidden("bad_jwt", "invalid JWT: unable to parse or verify signature, "+err.Error())
	}
}

// caller is the signed-in user behind a request's bearer token.
type caller struct {
	UserID    string
	SessionID string
	Claims    map[string]any
}

// requireCaller checks the bearer is a user's access token. The user and the
// session are checked against the database by loadCaller.
func (a *api) requireCaller(r *http.Request) (*caller, error) {
	if jwtauth.BearerToken(r) == "" {
		return nil, &apiError{Status: http.StatusUnauthorized, Code: "no_authorization", Msg: "This endpoint requires a Bearer token"}
	}
	id, err := jwtauth.FromContext(r.Context())
	if err != nil {
		return nil, credentialError(r, err)
	}
	if id == nil || !id.IsUser() {
		return nil, forbidden("bad_jwt", "invalid claim: missing sub claim")
	}
	claims := map[string]any{}
	if err := json.Unmarshal(id.ClaimsJSON, &claims); err != nil {
		return nil, forbidden("bad_jwt", "invalid JWT claims")
	}
	if !validUUID(id.Subject) {
		return nil, forbidden("bad_jwt", "invalid claim: sub claim must be a UUID")
	}
	c := &caller{UserID: id.Subject, Claims: claims}
	if s, ok := claims["session_id"].(string); ok && s != "" {
		if !validUUID(s) {
			return nil, forbidden("bad_jwt", "invalid claim: session_id claim must be a UUID")
		}
		c.SessionID = s
	}
	return c, nil
}
