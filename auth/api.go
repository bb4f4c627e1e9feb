package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"log/slog"
	"net/http"
	"regexp"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/config"
	"casarent/server/httpx"
	"casarent/server/jwtauth"
	"casarent/server/mail"
)

// Options are the dependencies of the auth surface.
type Options struct {
	Pool           *pgxpool.Pool // connects as "authenticator"; every statement runs as supabase_auth_admin
	Config         config.Auth
	JWTSecret      string
	SigningKeys    *jwtauth.KeySet // JWT_KEYS: access tokens are signed with its current key; nil: HS256 with JWTSecret
	SiteURL        string          // SITE_URL: default redirect and allow-list anchor
	APIExternalURL string          // links in emails: <API_EXTERNAL_URL>/auth/v1/verify?...
	Mailer         mail.Sender
	Now            func() time.Time
	Logger         *slog.Logger
}

// api is the surface: one value shared by every handler.
type api struct {
	pool      *pgxpool.Pool
	store     store // every statement the handlers run (db.go)
	cfg       config.Auth
	secret    string
	keys      *jwtauth.KeySet
	tokenKey  []byte // HMAC key of refresh and email-link tokens, derived from the JWT secret
	siteURL   string
	extURL    string
	issuer    string
	mailer    mail.Sender
	now       func() time.Time
	log       *slog.Logger
	templates *templates
	allowList []*regexp.Regexp          // ADDITIONAL_REDIRECT_URLS, compiled
	providers map[string]*oauthProvider // the enabled EXTERNAL_<NAME>_* providers
	dummyHash []byte                    // compared against when the user does not exist, so timing does not tell
}

// New returns the handler of /auth/v1 (paths relative to it: "/token", "/signup"...).
// The server strips the prefix and installs jwtauth's middleware before it.
func New(opts Options) http.Handler {
	a := &api{
		pool:    opts.Pool,
		store:   store{pool: opts.Pool},
		cfg:     opts.Config,
		secret:  opts.JWTSecret,
		keys:    opts.SigningKeys,
		siteURL: trimSlash(opts.SiteURL),
		extURL:  trimSlash(opts.APIExternalURL),
		mailer:  opts.Mailer,
		now:     opts.Now,
		log:     opts.Logger,
	}
	if a.now == nil {
		a.now = time.Now
	}
	if a.log == nil {
		a.log = slog.Default()
	}
	if a.mailer == nil {
		a.mailer = mail.NewLog(a.log)
	}
	// The settings' defaults are server/config's (config.Load); they are not
	// applied a second time here.
	a.issuer = a.cfg.JWTIssuer
	mac := hmac.New(sha256.New, []byte(a.secret))
	mac.Write([]byte("casarent auth token key v1"))
	a.tokenKey = mac.Sum(nil)
	for _, p := range a.cfg.AdditionalRedirectURLs {
		a.allowList = append(a.allowList, compileGlob(p))
	}
	a.providers = newProviders(a.cfg.External)
	a.templates = mustLoadTemplates()
	a.dummyHash = mustDummyHash(a.cfg.BcryptCost)
	return a.routes()
}

func (a *api) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(a.apiVersion)
	h := func(fn httpx.HandlerFunc) http.Handler { return httpx.Adapt(a.renderError, fn) }
	// withBody hands a handler its decoded JSON body; limited takes a rate-limit
	// token first, so a flood costs no parsing.
	rl := a.cfg.RateLimit

	r.Method(http.MethodGet, "/health", h(a.handleHealth))
	r.Method(http.MethodGet, "/settings", h(a.handleSettings))
	r.Method(http.MethodGet, "/.well-known/jwks.json", h(a.handleJWKS))

	r.Method(http.MethodPost, "/signup", h(a.withKey(withBody(a.handleSignupRoute)))) // its rate limits: anonymous.go
	r.Method(http.MethodPost, "/token", h(a.withKey(a.handleToken)))
	r.Method(http.MethodGet, "/user", h(a.handleUserGet))
	r.Method(http.MethodPut, "/user", h(a.limited("user", rl.OTP, withBody(a.handleUserUpdate))))
	r.Method(http.MethodPost, "/logout", h(a.handleLogout))
	r.Method(http.MethodGet, "/reauthenticate", h(a.handleReauthenticate))
	r.Method(http.MethodPost, "/recover", h(a.withKey(a.evenly(a.limited("recover", rl.OTP, withBody(a.handleRecover))))))
	r.Method(http.MethodGet, "/verify", h(a.handleVerifyGet))
	r.Method(http.MethodPost, "/verify", h(a.withKey(a.limited("verify", rl.Verify, withBody(a.handleVerifyPost)))))
	r.Method(http.MethodPost, "/resend", h(a.withKey(a.evenly(a.limited("resend", rl.OTP, withBody(a.handleResend))))))
	r.Method(http.MethodPost, "/otp", h(a.withKey(a.evenly(withBody(a.handleOTP)))))
	r.Method(http.MethodPost, "/magiclink", h(a.withKey(a.evenly(withBody(a.handleMagicLink)))))

	// OAuth / OpenID Connect sign-in (oauth.go) and identity linking (oauth_identities.go, below).
	r.Method(http.MethodGet, "/authorize", h(a.handleAuthorize))
	r.Method(http.MethodGet, "/callback", h(a.handleCallback))
	r.Method(http.MethodPost, "/callback", h(a.handleCallback))

	// TOTP multi-factor (mfa.go).
	r.Method(http.MethodPost, "/factors", h(withBody(a.handleFactorEnroll)))
	r.Method(http.MethodPost, "/factors/{factor_id}/challenge", h(a.handleFactorChallenge))
	r.Method(http.MethodPost, "/factors/{factor_id}/verify", h(withBody(a.handleFactorVerify)))
	r.Method(http.MethodDelete, "/factors/{factor_id}", h(a.handleFactorUnenroll))

	// The admin API (admin_*.go).
	r.Method(http.MethodPost, "/invite", h(a.withAdmin(withBody(a.handleInvite))))
	r.Method(http.MethodGet, "/admin/users", h(a.withAdmin(a.handleAdminUserList)))
	r.Method(http.MethodPost, "/admin/users", h(a.withAdmin(withBody(a.handleAdminUserCreate))))
	r.Method(http.MethodGet, "/admin/users/{id}", h(a.withAdmin(a.handleAdminUserGet)))
	r.Method(http.MethodPut, "/admin/users/{id}", h(a.withAdmin(withUserBody(a.handleAdminUserUpdate))))
	r.Method(http.MethodDelete, "/admin/users/{id}", h(a.withAdmin(withUserBody(a.handleAdminUserDelete))))
	r.Method(http.MethodPost, "/admin/generate_link", h(a.withAdmin(withBody(a.handleAdminGenerateLink))))
	r.Method(http.MethodGet, "/admin/users/{id}/factors", h(a.withAdmin(a.handleAdminFactorList)))
	r.Method(http.MethodDelete, "/admin/users/{id}/factors/{factor_id}", h(a.withAdmin(a.handleAdminFactorDelete)))

	// Features not offered, answered as GoTrue answers with them switched off (disabled.go).
	off := func(e func() *apiError) http.Handler { return h(a.disabled(e)) }
	r.Handle("/sso", off(errSAMLDisabled))
	r.Handle("/sso/*", off(errSAMLDisabled))
	r.Handle("/passkeys", off(errPasskeysDisabled))
	r.Handle("/passkeys/*", off(errPasskeysDisabled))
	r.Handle("/oauth/*", off(errOAuthServerDisabled))
	r.Method(http.MethodGet, "/.well-known/oauth-authorization-server", off(errOAuthServerDisabled))
	r.Handle("/user/oauth/grants", h(a.signedInThen(errOAuthServerDisabled)))
	r.Method(http.MethodGet, "/user/identities/authorize", h(a.handleLinkIdentity))
	r.Method(http.MethodDelete, "/user/identities/{identity_id}", h(a.handleUnlinkIdentity))
	r.Handle("/user/identities/*", h(a.signedInThen(errManualLinkingDisabled)))
	r.Method(http.MethodGet, "/admin/sso/providers", h(a.withAdmin(a.handleSSOProvidersList)))
	r.Method(http.MethodPost, "/admin/sso/providers", h(a.withAdmin(a.disabled(errSAMLDisabled))))
	r.Handle("/admin/sso/providers/*", h(a.withAdmin(a.disabled(errSSOProviderNotFound))))
	r.Handle("/admin/oauth/*", h(a.withAdmin(a.disabled(errOAuthServerDisabled))))
	r.Handle("/admin/custom-providers", h(a.withAdmin(a.disabled(errCustomOAuthDisabled))))
	r.Handle("/admin/custom-providers/*", h(a.withAdmin(a.disabled(errCustomOAuthDisabled))))

	r.NotFound(func(w http.ResponseWriter, r *http.Request) {
		a.renderError(w, r, &apiError{Status: http.StatusNotFound, Code: "not_found", Msg: "Not Found"})
	})
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
		a.renderError(w, r, &apiError{Status: http.StatusMethodNotAllowed, Code: "method_not_allowed", Msg: "Method Not Allowed"})
	})
	return r
}
