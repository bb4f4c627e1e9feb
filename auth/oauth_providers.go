package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"casarent/server/config"
)

// providerTokens are what a provider's token endpoint answers.
type providerTokens struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	IDToken      string `json:"id_token"`
	TokenType    string `json:"token_type"`
}

// providerUser is who the provider says signed in: its id for the user
// (identities.provider_id), the address and whether the provider verified it,
// and the claims GoTrue keeps in identity_data (and copies to user_metadata).
type providerUser struct {
	ID            string
	Email         string
	EmailVerified bool
	Data          map[string]any
}

// oauthProvider is one enabled provider.
type oauthProvider struct {
	name          string
	cfg           config.ExternalProvider
	authURL       string // "" for OpenID Connect: from discovery
	tokenURL      string
	defaultScopes []string
	oidc          *oidcIssuer      // oidc and keycloak
	idIssuers     *providerIssuers // azure and apple: who may sign their ID tokens
	client        *http.Client
	user          func(ctx context.Context, p *oauthProvider, t *providerTokens, now time.Time) (*providerUser, error)
}

// newProviders builds the enabled providers of EXTERNAL_<NAME>_*; their public
// addresses are the providers' own unless EXTERNAL_<NAME>_URL says otherwise.
func newProviders(ext map[string]config.ExternalProvider) map[string]*oauthProvider {
	client := &http.Client{Timeout: 10 * time.Second}
	out := map[string]*oauthProvider{}
	for name, c := range ext {
		if !c.Enabled {
			continue
		}
		base := func(def string) string {
			if c.URL != "" {
				return c.URL
			}
			return def
		}
		p := &oauthProvider{name: name, cfg: c, client: client}
		switch name {
		case "oidc", "keycloak":
			p.oidc = &oidcIssuer{url: c.URL, client: client}
			p.defaultScopes = []string{"openid", "profile", "email"}
			p.user = oidcUser
		case "github":
			// GitHub Enterprise (and a stand-in) answer the API under /api/v3.
			authHost, api := "https://github.com", "https://api.github.com"
			if c.URL != "" {
				authHost, api = c.URL, c.URL+"/api/v3"
			}
			p.authURL, p.tokenURL = authHost+"/login/oauth/authorize", authHost+"/login/oauth/access_token"
			p.defaultScopes = []string{"user:email"}
			p.user = func(ctx context.Context, p *oauthProvider, t *providerTokens, _ time.Time) (*providerUser, error) {
				return githubUser(ctx, p, api, t)
			}
		case "gitlab":
			host := base("https://gitlab.com")
			p.authURL, p.tokenURL = host+"/oauth/authorize", host+"/oauth/token"
			p.defaultScopes = []string{"read_user"}
			p.user = func(ctx context.Context, p *oauthProvider, t *providerTokens, _ time.Time) (*providerUser, error) {
				return gitlabUser(ctx, p, host, t)
			}
		case "google":
			authHost, tokenHost, api := "https://accounts.google.com", "https://oauth2.googleapis.com", "https://www.googleapis.com"
			if c.URL != "" {
				authHost, tokenHost, api = c.URL, c.URL, c.URL
			}
			p.authURL, p.tokenURL = authHost+"/o/oauth2/auth", tokenHost+"/token"
			p.defaultScopes = []string{"email", "profile"}
			p.user = func(ctx context.Context, p *oauthProvider, t *providerTokens, _ time.Time) (*providerUser, error) {
				return googleUser(ctx, p, api, t)
			}
		case "azure":
			host := base("https://login.microsoftonline.com/common")
			p.authURL, p.tokenURL = host+"/oauth2/v2.0/authorize", host+"/oauth2/v2.0/token"
			p.defaultScopes = []string{"openid"}
			p.idIssuers = azureIssuers(host, client)
			p.user = idTokenUser(false)
		case "apple":
			host := base("https://appleid.apple.com")
			p.authURL, p.tokenURL = host+"/auth/authorize", host+"/auth/token"
			p.defaultScopes = []string{"email", "name"}
			// Apple's address is its issuer; its discovery document names its JWKS.
			p.idIssuers = &providerIssuers{fixed: host, client: client}
			p.user = idTokenUser(true)
		default:
			continue
		}
		out[name] = p
	}
	return out
}

// endpoints are the provider's authorization and token URLs.
func (p *oauthProvider) endpoints(ctx context.Context) (string, string, error) {
	if p.oidc == nil {
		return p.authURL, p.tokenURL, nil
	}
	d, err := p.oidc.discovery(ctx)
	if err != nil {
		return "", "", err
	}
	return d.AuthorizationEndpoint, d.TokenEndpoint, nil
}

// exchange trades the provider's code for its tokens (client_secret_post).
func (p *oauthProvider) exchange(ctx context.Context, code, redirectURI string) (*providerTokens, error) {
	_, tokenURL, err := p.endpoints(ctx)
	if err != nil {
		return nil, err
	}
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirectURI},
		"client_id": {p.cfg.ClientID}, "client_secret": {p.cfg.Secret}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, tokenURL, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := p.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var t providerTokens
	if err := json.NewDecoder(http.MaxBytesReader(nil, res.Body, 1<<20)).Decode(&t); err != nil || res.StatusCode != http.StatusOK || t.AccessToken == "" {
		return nil, fmt.Errorf("%s token endpoint: status %d (%v)", p.name, res.StatusCode, err)
	}
	return &t, nil
}

// oidcUser reads the verified ID token's claims.
func oidcUser(ctx context.Context, p *oauthProvider, t *providerTokens, now time.Time) (*providerUser, error) {
	if t.IDToken == "" {
		return nil, errors.New(p.name + ": no id_token in the token answer")
	}
	claims, err := p.oidc.verifyIDToken(ctx, t.IDToken, p.cfg.ClientID, now)
	if err != nil {
		return nil, err
	}
	// The userinfo answer, when the issuer has one, adds what the token left
	// out; only the OpenID Connect profile claims are kept (not the token's
	// aud, exp, jti… some issuers repeat there), as GoTrue keeps them.
	all := map[string]any{}
	if d, err := p.oidc.discovery(ctx); err == nil && d.UserinfoEndpoint != "" {
		var info map[string]any
		if getJSON(ctx, p.client, d.UserinfoEndpoint, t.AccessToken, &info) == nil && info["sub"] == claims["sub"] {
			maps.Copy(all, info)
		}
	}
	maps.Copy(all, claims)
	data := map[string]any{}
	for _, k := range []string{"iss", "sub", "name", "family_name", "given_name", "middle_name", "nickname",
		"preferred_username", "profile", "picture", "website", "email", "email_verified", "gender", "birthdate",
		"zoneinfo", "locale", "phone_number"} {
		if v, ok := all[k]; ok {
			data[k] = v
		}
	}
	return standardUser(data), nil
}

// idTokenUser reads the ID token of the provider's token answer (azure, apple)
// once it is verified as an OpenID Connect provider's: signed by a key of its
// issuer's JWKS, that issuer one the provider may use, for our client id, not
// expired. Apple's addresses are verified by Apple.
func idTokenUser(appleVerified bool) func(context.Context, *oauthProvider, *providerTokens, time.Time) (*providerUser, error) {
	return func(ctx context.Context, p *oauthProvider, t *providerTokens, now time.Time) (*providerUser, error) {
		if t.IDToken == "" {
			return nil, errors.New(p.name + ": no id_token in the token answer")
		}
		unverified := jwt.MapClaims{}
		if _, _, err := jwt.NewParser().ParseUnverified(t.IDToken, unverified); err != nil {
			return nil, fmt.Errorf("%s: id_token: %w", p.name, err)
		}
		iss, _ := unverified["iss"].(string)
		o, err := p.idIssuers.issuer(iss)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.name, err)
		}
		claims, err := o.verifyIDToken(ctx, t.IDToken, p.cfg.ClientID, now)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p.name, err)
		}
		data := map[string]any{}
		maps.Copy(data, claims)
		for _, k := range []string{"aud", "exp", "iat", "nbf", "nonce"} {
			delete(data, k)
		}
		if appleVerified {
			data["email_verified"] = data["email_verified"] == true || data["email_verified"] == "true"
		}
		return standardUser(data), nil
	}
}

// azureMultiTenant is the issuer of every Azure tenant (Microsoft identity
// platform v2.0), which the common, organizations and consumers endpoints hand
// out (GoTrue accepts the same).
var azureMultiTenant = regexp.MustCompile(`^https://login\.microsoftonline\.com/[^/]+/v2\.0$`)

// azureIssuers: a tenant's endpoint (EXTERNAL_AZURE_URL ending in its id) has
// one issuer, <tenant>/v2.0; the multi-tenant ones accept any tenant's.
func azureIssuers(host string, client *http.Client) *providerIssuers {
	switch path.Base(host) {
	case "common", "organizations", "consumers":
		return &providerIssuers{accept: azureMultiTenant, client: client}
	}
	return &providerIssuers{fixed: host + "/v2.0", client: client}
}

// providerIssuers are the issuers whose ID tokens a provider accepts, each
// with its discovery document and keys read once (oidcIssuer).
type providerIssuers struct {
	fixed  string         // the one issuer accepted; "" when accept decides
	accept *regexp.Regexp // the issuers accepted when fixed is ""
	client *http.Client

	mu    sync.Mutex
	known map[string]*oidcIssuer
}

// maxKnownIssuers bounds the issuers remembered for a multi-tenant provider.
const maxKnownIssuers = 256

func (s *providerIssuers) issuer(iss string) (*oidcIssuer, error) {
	if iss == "" || (s.fixed != "" && iss != s.fixed) || (s.fixed == "" && !s.accept.MatchString(iss)) {
		return nil, fmt.Errorf("id_token from issuer %q, not one of this provider's", iss)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.known == nil || len(s.known) >= maxKnownIssuers {
		s.known = map[string]*oidcIssuer{}
	}
	o := s.known[iss]
	if o == nil {
		o = &oidcIssuer{url: iss, client: s.client}
		s.known[iss] = o
	}
	return o, nil
}

// standardUser fills the fields GoTrue adds to every identity's data.
func standardUser(data map[string]any) *providerUser {
	sub := fmt.Sprint(data["sub"])
	email, _ := data["email"].(string)
	verified := data["email_verified"] == true
	data["provider_id"] = sub
	data["email_verified"] = verified
	data["phone_verified"] = false
	if pic, ok := data["picture"]; ok {
		data["avatar_url"] = pic
	}
	if name, ok := data["name"]; ok {
		data["full_name"] = name
	}
	if u, ok := data["preferred_username"]; ok {
		data["user_name"] = u
	}
	return &providerUser{ID: sub, Email: normalizeEmail(email), EmailVerified: verified, Data: data}
}

// githubUser: GET /user, then /user/emails for the primary verified address.
func githubUser(ctx context.Context, p *oauthProvider, api string, t *providerTokens) (*providerUser, error) {
	var u struct {
		ID        int64  `json:"id"`
		Login     string `json:"login"`
		Name      string `json:"name"`
		AvatarURL string `json:"avatar_url"`
	}
	if err := getJSON(ctx, p.client, api+"/user", t.AccessToken, &u); err != nil {
		return nil, err
	}
	var emails []struct {
		Email    string `json:"email"`
		Primary  bool   `json:"primary"`
		Verified bool   `json:"verified"`
	}
	if err := getJSON(ctx, p.client, api+"/user/emails", t.AccessToken, &emails); err != nil {
		return nil, err
	}
	data := map[string]any{"iss": api, "sub": strconv.FormatInt(u.ID, 10), "name": u.Name, "preferred_username": u.Login,
		"picture": u.AvatarURL}
	for _, e := range emails {
		if e.Primary {
			data["email"], data["email_verified"] = e.Email, e.Verified
		}
	}
	return standardUser(dropEmpty(data)), nil
}

// gitlabUser: GET /api/v4/user; the address is verified once confirmed_at is set.
func gitlabUser(ctx context.Context, p *oauthProvider, host string, t *providerTokens) (*providerUser, error) {
	var u struct {
		ID          int64  `json:"id"`
		Username    string `json:"username"`
		Name        string `json:"name"`
		Email       string `json:"email"`
		AvatarURL   string `json:"avatar_url"`
		ConfirmedAt string `json:"confirmed_at"`
	}
	if err := getJSON(ctx, p.client, host+"/api/v4/user", t.AccessToken, &u); err != nil {
		return nil, err
	}
	data := map[string]any{"iss": host, "sub": strconv.FormatInt(u.ID, 10), "name": u.Name, "preferred_username": u.Username,
		"picture": u.AvatarURL, "email": u.Email, "email_verified": u.Email != "" && u.ConfirmedAt != ""}
	return standardUser(dropEmpty(data)), nil
}

// googleUser: GET /userinfo/v2/me (verified_email is Google's flag).
func googleUser(ctx context.Context, p *oauthProvider, api string, t *providerTokens) (*providerUser, error) {
	var u struct {
		ID            string `json:"id"`
		Email         string `json:"email"`
		VerifiedEmail bool   `json:"verified_email"`
		Name          string `json:"name"`
		GivenName     string `json:"given_name"`
		FamilyName    string `json:"family_name"`
		Picture       string `json:"picture"`
		HD            string `json:"hd"`
	}
	if err := getJSON(ctx, p.client, api+"/userinfo/v2/me", t.AccessToken, &u); err != nil {
		return nil, err
	}
	data := map[string]any{"iss": "https://accounts.google.com", "sub": u.ID, "name": u.Name, "given_name": u.GivenName,
		"family_name": u.FamilyName, "picture": u.Picture, "email": u.Email, "email_verified": u.VerifiedEmail}
	if u.HD != "" {
		data["custom_claims"] = map[string]any{"hd": u.HD}
	}
	return standardUser(dropEmpty(data)), nil
}

func dropEmpty(m map[string]any) map[string]any {
	for k, v := range m {
		if v == "" {
			delete(m, k)
		}
	}
	return m
}
