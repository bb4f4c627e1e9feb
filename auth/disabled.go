package auth

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"casarent/server/httpx"
)

// Features this server does not offer answer the way GoTrue answers when they are
// switched off (its defaults), so clients show the message they know rather than
// a bare 404: auth-js turns error_code into AuthApiError.code. Each case below is
// listed, with its answer, in README.md ("What is not built").

// oauthProviders are the external providers GoTrue knows; every one is disabled
// here. A name not in the list is "could not be found", as in GoTrue.
var oauthProviders = []string{
	"apple", "azure", "bitbucket", "discord", "facebook", "figma", "fly", "github", "gitlab", "google",
	"kakao", "keycloak", "linkedin", "linkedin_oidc", "notion", "slack", "slack_oidc", "snapchat",
	"spotify", "twitch", "twitter", "vercel_marketplace", "workos", "x", "zoom",
}

// disabled answers every request with one GoTrue "feature off" error.
func (a *api) disabled(e func() *apiError) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error { return e() }
}

// signedInThen runs after GoTrue's requireAuthentication: a route that needs a
// user's token refuses a missing or bad one first, then reports the feature off.
func (a *api) signedInThen(e func() *apiError) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if _, err := a.requireCaller(r); err != nil {
			return err
		}
		return e()
	}
}

func errSAMLDisabled() *apiError {
	return &apiError{Status: http.StatusNotFound, Code: "saml_provider_disabled", Msg: "SAML 2.0 is disabled"}
}

func errSSOProviderNotFound() *apiError {
	return &apiError{Status: http.StatusNotFound, Code: "sso_provider_not_found", Msg: "SSO Identity Provider not found"}
}

// handleSSOProvidersList is GET /admin/sso/providers: GoTrue lists them even with
// SAML off; there are none here. Registering one (POST) is refused with SAML's
// "disabled" error rather than stored uselessly, a departure from GoTrue.
func (a *api) handleSSOProvidersList(w http.ResponseWriter, r *http.Request) error {
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{"items": []any{}})
}

func errPasskeysDisabled() *apiError {
	return &apiError{Status: http.StatusNotFound, Code: "passkey_disabled", Msg: "Passkeys are disabled"}
}

func errOAuthServerDisabled() *apiError {
	return &apiError{Status: http.StatusNotFound, Code: "feature_disabled", Msg: "OAuth server is disabled"}
}

func errCustomOAuthDisabled() *apiError {
	return &apiError{Status: http.StatusNotFound, Code: "feature_disabled", Msg: "Custom OAuth providers are disabled"}
}

func errManualLinkingDisabled() *apiError {
	return &apiError{Status: http.StatusNotFound, Code: "manual_linking_disabled", Msg: "Manual linking is disabled"}
}

func errAnonymousDisabled() *apiError {
	return unprocessable("anonymous_provider_disabled", "Anonymous sign-ins are disabled")
}

func errWeb3Disabled() *apiError {
	return unprocessable("web3_provider_disabled", "Web3 provider is disabled")
}

func providerProblem(name string) string {
	if slices.Contains(oauthProviders, strings.ToLower(name)) {
		return "provider is not enabled"
	}
	return fmt.Sprintf("Provider %s could not be found", name)
}

// idTokenIssuers are the issuers GoTrue uses for the providers signInWithIdToken
// names, in the order it tries them (azure, between google and facebook, is
// handled apart); keycloak has none until configured.
var idTokenIssuers = []struct{ provider, issuer string }{
	{"apple", "https://appleid.apple.com"},
	{"google", "https://accounts.google.com"},
	{"facebook", "https://www.facebook.com"},
	{"keycloak", ""},
	{"kakao", "https://kauth.kakao.com"},
	{"vercel_marketplace", "https://marketplace.vercel.com"},
}

// idTokenGrant is POST /token?grant_type=id_token (signInWithIdToken): GoTrue's
// checks of the request, then "not enabled" for every provider.
func (a *api) idTokenGrant(w http.ResponseWriter, r *http.Request) error {
	var p struct {
		IDToken  string `json:"id_token"`
		Provider string `json:"provider"`
		ClientID string `json:"client_id"`
		Issuer   string `json:"issuer"`
	}
	if err := decode(r, &p); err != nil {
		return err
	}
	invalid := func(msg string) *apiError {
		return &apiError{Status: http.StatusBadRequest, Code: "validation_failed", Msg: msg, OAuth: "invalid request"}
	}
	switch {
	case p.IDToken == "":
		return invalid("id_token required")
	case p.Provider == "" && (p.ClientID == "" || p.Issuer == ""):
		return invalid("provider or client_id and issuer required")
	}
	issuer, known := "", false
	for _, k := range idTokenIssuers {
		if p.Provider == k.provider || (k.issuer != "" && p.Issuer == k.issuer) {
			issuer, known = k.issuer, true
			break
		}
	}
	if !known && (p.Provider == "azure" || strings.HasPrefix(p.Issuer, "https://login.microsoftonline.com/")) {
		issuer, known = p.Issuer, true
		if issuer == "" {
			if issuer = unverifiedIssuer(p.IDToken); issuer == "" {
				return validationFailed("Unable to detect issuer in ID token for Azure provider")
			}
		}
	}
	if !known {
		return validationFailed(fmt.Sprintf("Custom OIDC provider %q not allowed", p.Provider))
	}
	return badRequest("provider_disabled", fmt.Sprintf("Provider (issuer %q) is not enabled", issuer))
}

// unverifiedIssuer reads iss from a JWT without checking it: it only picks the
// name in an error message.
func unverifiedIssuer(tok string) string {
	parts := strings.Split(tok, ".")
	if len(parts) != 3 {
		return ""
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return ""
	}
	var c struct {
		Iss string `json:"iss"`
	}
	if json.Unmarshal(raw, &c) != nil {
		return ""
	}
	return c.Iss
}
