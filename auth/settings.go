package auth

import (
	"net/http"

	"casarent/server/httpx"
)

// handleHealth is GET /health.
func (a *api) handleHealth(w http.ResponseWriter, r *http.Request) error {
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"version":     "casarent",
		"name":        "GoTrue",
		"description": "GoTrue-compatible authentication of casarent's server",
	})
}

// handleSettings is GET /settings: GoTrue's fields, plus the redirect and
// password policy this server applies (extra fields; clients ignore them).
func (a *api) handleSettings(w http.ResponseWriter, r *http.Request) error {
	allow := a.cfg.AdditionalRedirectURLs
	if allow == nil {
		allow = []string{}
	}
	external := map[string]bool{
		"anonymous_users": a.cfg.AnonymousUsersEnabled, "apple": false, "azure": false, "bitbucket": false, "discord": false,
		"email": a.cfg.EmailEnabled, "facebook": false, "figma": false, "github": false, "gitlab": false,
		"google": false, "keycloak": false, "linkedin_oidc": false, "notion": false, "phone": false,
		"slack_oidc": false, "spotify": false, "twitch": false, "twitter": false, "workos": false, "zoom": false,
	}
	for name := range a.providers {
		external[name] = true
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"external":                     external,
		"disable_signup":               a.cfg.DisableSignup,
		"mailer_autoconfirm":           a.cfg.MailerAutoconfirm,
		"phone_autoconfirm":            false,
		"sms_provider":                 "",
		"saml_enabled":                 false,
		"site_url":                     a.siteURL,
		"uri_allow_list":               allow,
		"jwt_exp":                      int(a.cfg.JWTExp.Seconds()),
		"password_min_length":          a.cfg.PasswordMinLength,
		"password_required_characters": a.requiredSets(),
		"mailer_secure_email_change":   a.cfg.SecureEmailChange,
		"smtp_configured":              a.mailer.Configured(),
	})
}

// handleJWKS is GET /.well-known/jwks.json: the public half of the JWT_KEYS keys
// that still verify (the current one and retired ones within their grace). HS256
// (JWT_SECRET) is never published, so without JWT_KEYS the set is empty, as GoTrue's.
func (a *api) handleJWKS(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "public, max-age=600")
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"keys": a.keys.JWKS(a.now())})
}
