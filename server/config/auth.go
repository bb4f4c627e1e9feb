package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Auth configures /auth/v1. Names are GoTrue's without the GOTRUE_ prefix (the
// Supabase self-hosting .env style); the GOTRUE_-prefixed name is read as a fallback.
type Auth struct {
	JWTExp    time.Duration // JWT_EXP (or JWT_EXPIRY), default 3600s
	JWTIssuer string        // JWT_ISSUER, default <API_EXTERNAL_URL>/auth/v1 (set by Load)
	// JWTAdminRoles are the JWT roles the admin endpoints (/admin/*, /invite) accept
	// (JWT_ADMIN_ROLES, comma-separated; default service_role,supabase_admin as GoTrue).
	JWTAdminRoles          []string
	AdditionalRedirectURLs []string // ADDITIONAL_REDIRECT_URLS (or URI_ALLOW_LIST): globs
	DisableSignup          bool     // DISABLE_SIGNUP
	EmailEnabled           bool     // ENABLE_EMAIL_SIGNUP (EXTERNAL_EMAIL_ENABLED), default true
	// AnonymousUsersEnabled (EXTERNAL_ANONYMOUS_USERS_ENABLED, default false):
	// POST /signup with neither email nor phone makes a guest user (is_anonymous).
	AnonymousUsersEnabled bool
	MailerAutoconfirm     bool          // MAILER_AUTOCONFIRM (ENABLE_EMAIL_AUTOCONFIRM); forced on when no SMTP_HOST
	MailerOTPExp          time.Duration // MAILER_OTP_EXP, default 86400s: life of email links and codes
	SecureEmailChange     bool          // MAILER_SECURE_EMAIL_CHANGE_ENABLED, default true: confirm old and new address
	URLPaths              URLPaths      // MAILER_URLPATHS_*

	PasswordMinLength          int    // PASSWORD_MIN_LENGTH, default 6 (lower values are raised to 6)
	PasswordRequiredCharacters string // PASSWORD_REQUIRED_CHARACTERS: colon-separated sets, one of each required
	BcryptCost                 int    // BCRYPT_COST, default 10

	RefreshTokenRotation      bool          // SECURITY_REFRESH_TOKEN_ROTATION_ENABLED, default true
	RefreshTokenReuseInterval time.Duration // SECURITY_REFRESH_TOKEN_REUSE_INTERVAL, default 10s
	SessionsTimebox           time.Duration // SESSIONS_TIMEBOX, 0 = none
	SessionsInactivityTimeout time.Duration // SESSIONS_INACTIVITY_TIMEOUT, 0 = none

	// UpdatePasswordRequireReauthentication (SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION,
	// default false): PUT /user with a password from a session older than 24 hours needs the
	// nonce emailed by GET /reauthenticate, as GoTrue.
	UpdatePasswordRequireReauthentication bool

	// EmailReplyFloor is the least time /otp, /magiclink, /recover and /resend take
	// to answer, whether the address has an account (an email is sent) or not, so
	// their timing does not tell (AUTH_EMAIL_REPLY_FLOOR, default 400ms; 0 = off).
	EmailReplyFloor time.Duration

	Captcha Captcha

	// ManualLinking (SECURITY_MANUAL_LINKING_ENABLED, default false, as GoTrue):
	// a signed-in user may link another provider's identity (linkIdentity) and
	// unlink one (unlinkIdentity, never the last).
	ManualLinking bool

	// External are the OAuth / OpenID Connect providers, by GoTrue's names
	// (ExternalProviderNames), each from EXTERNAL_<NAME>_ENABLED, _CLIENT_ID,
	// _SECRET, _REDIRECT_URI and _URL.
	External map[string]ExternalProvider

	RateLimit RateLimits
	SMTP      SMTP
}

// Captcha is GoTrue's SECURITY_CAPTCHA_*: when enabled, POST /signup (e-mail
// sign-ups and anonymous sign-ins) needs gotrue_meta_security.captcha_token,
// checked with the provider's siteverify endpoint.
type Captcha struct {
	Enabled  bool   // SECURITY_CAPTCHA_ENABLED, default false
	Provider string // SECURITY_CAPTCHA_PROVIDER: hcaptcha (default) or turnstile
	Secret   string // SECURITY_CAPTCHA_SECRET
	// VerifyURL (SECURITY_CAPTCHA_VERIFY_URL, not GoTrue's) replaces the
	// provider's siteverify address: a local stand-in in tests.
	VerifyURL string
}

// ExternalProviderNames are the providers /authorize can send a user to. "oidc"
// is any OpenID Connect provider found from its issuer (EXTERNAL_OIDC_URL) by
// discovery, its ID tokens checked against its JWKS; keycloak is found the same
// way from the realm's URL (EXTERNAL_KEYCLOAK_URL, GoTrue's realm address).
var ExternalProviderNames = []string{"apple", "azure", "github", "gitlab", "google", "keycloak", "oidc"}

// ExternalProvider is one provider's settings.
type ExternalProvider struct {
	Enabled     bool   // EXTERNAL_<NAME>_ENABLED, default false
	ClientID    string // EXTERNAL_<NAME>_CLIENT_ID
	Secret      string // EXTERNAL_<NAME>_SECRET
	RedirectURI string // EXTERNAL_<NAME>_REDIRECT_URI, default <API_EXTERNAL_URL>/auth/v1/callback
	// URL (EXTERNAL_<NAME>_URL): the issuer for oidc and keycloak (required), the
	// tenant's address for azure and the instance's for gitlab; for the others
	// it replaces the provider's public address (a local stand-in in tests).
	URL string
}

// URLPaths are the paths (on API_EXTERNAL_URL) the links of each email point to.
type URLPaths struct {
	Confirmation, Invite, Recovery, EmailChange string // default "/auth/v1/verify"
}

// RateLimits are GoTrue's limits. Per-IP limits count per client IP; EmailSent
// counts per recipient address. Each is "N" (per the default period) or "N/duration".
type RateLimits struct {
	Header       string        // RATE_LIMIT_HEADER: the header trusted proxies append the client IP to (see HTTP.TrustedProxies); empty = the peer address
	TokenRefresh Rate          // RATE_LIMIT_TOKEN_REFRESH, default 150 per 5 min: POST /token
	Verify       Rate          // RATE_LIMIT_VERIFY, default 30 per 5 min: /verify
	OTP          Rate          // RATE_LIMIT_OTP, default 30 per 5 min: /signup, /recover, /resend, /otp, /magiclink, PUT /user (each its own bucket)
	EmailSent    Rate          // RATE_LIMIT_EMAIL_SENT, default 30 per hour, per recipient address
	Anonymous    Rate          // RATE_LIMIT_ANONYMOUS_USERS, default 30 per hour: anonymous sign-ins per client IP
	MaxFrequency time.Duration // SMTP_MAX_FREQUENCY, default 60s: minimum gap between two emails of one kind to one user
	// SignInFailures: RATE_LIMIT_SIGNIN_FAILURES, default 10 per 15 min: failed password
	// sign-ins of one account from one client IP (a success empties the count).
	SignInFailures Rate
	// SignInFailuresAccount: RATE_LIMIT_SIGNIN_FAILURES_ACCOUNT, default 60 per hour:
	// failed password sign-ins of one account from all addresses together.
	SignInFailuresAccount Rate
}

// Rate is N events per Period (a token bucket of N that refills over Period).
// N = 0 disables the limit.
type Rate struct {
	N      float64
	Period time.Duration
}

func (r Rate) String() string { return fmt.Sprintf("%g/%s", r.N, r.Period) }

// SMTP is the mail relay (auth emails, notifications).
type SMTP struct {
	Host       string // SMTP_HOST; empty = mail written to the log
	Port       int    // SMTP_PORT, default 587
	User       string // SMTP_USER
	Pass       string // SMTP_PASS
	AdminEmail string // SMTP_ADMIN_EMAIL: the From address
	SenderName string // SMTP_SENDER_NAME
	TLS        string // SMTP_TLS: opportunistic (default), mandatory, none, implicit
}

// Configured reports whether a relay is set.
func (s SMTP) Configured() bool { return s.Host != "" }

func loadAuth(e env) Auth {
	g := gotrueEnv{&e}
	a := Auth{
		JWTExp:                 g.dur("JWT_EXP", e.dur("JWT_EXPIRY", time.Hour)),
		JWTIssuer:              g.str("JWT_ISSUER", ""),
		JWTAdminRoles:          g.list("JWT_ADMIN_ROLES"),
		AdditionalRedirectURLs: e.list("ADDITIONAL_REDIRECT_URLS"),
		DisableSignup:          g.bool("DISABLE_SIGNUP", false),
		EmailEnabled:           e.bool("ENABLE_EMAIL_SIGNUP", g.bool("EXTERNAL_EMAIL_ENABLED", true)),
		AnonymousUsersEnabled:  g.bool("EXTERNAL_ANONYMOUS_USERS_ENABLED", false),
		MailerOTPExp:           g.dur("MAILER_OTP_EXP", 24*time.Hour),
		SecureEmailChange:      g.bool("MAILER_SECURE_EMAIL_CHANGE_ENABLED", true),
		URLPaths: URLPaths{
			Confirmation: g.str("MAILER_URLPATHS_CONFIRMATION", "/auth/v1/verify"),
			Invite:       g.str("MAILER_URLPATHS_INVITE", "/auth/v1/verify"),
			Recovery:     g.str("MAILER_URLPATHS_RECOVERY", "/auth/v1/verify"),
			EmailChange:  g.str("MAILER_URLPATHS_EMAIL_CHANGE", "/auth/v1/verify"),
		},
		PasswordMinLength:                     g.int("PASSWORD_MIN_LENGTH", 6),
		PasswordRequiredCharacters:            g.str("PASSWORD_REQUIRED_CHARACTERS", ""),
		BcryptCost:                            g.int("BCRYPT_COST", 10),
		RefreshTokenRotation:                  g.bool("SECURITY_REFRESH_TOKEN_ROTATION_ENABLED", true),
		RefreshTokenReuseInterval:             g.dur("SECURITY_REFRESH_TOKEN_REUSE_INTERVAL", 10*time.Second),
		SessionsTimebox:                       g.dur("SESSIONS_TIMEBOX", 0),
		SessionsInactivityTimeout:             g.dur("SESSIONS_INACTIVITY_TIMEOUT", 0),
		UpdatePasswordRequireReauthentication: g.bool("SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION", false),
		ManualLinking:                         g.bool("SECURITY_MANUAL_LINKING_ENABLED", false),
		Captcha: Captcha{
			Enabled:   g.bool("SECURITY_CAPTCHA_ENABLED", false),
			Provider:  g.str("SECURITY_CAPTCHA_PROVIDER", "hcaptcha"),
			Secret:    g.str("SECURITY_CAPTCHA_SECRET", ""),
			VerifyURL: g.str("SECURITY_CAPTCHA_VERIFY_URL", ""),
		},
		EmailReplyFloor: g.dur("AUTH_EMAIL_REPLY_FLOOR", 400*time.Millisecond),
		RateLimit:       loadRateLimits(g),
		SMTP: SMTP{
			Host:       g.str("SMTP_HOST", ""),
			Port:       g.int("SMTP_PORT", 587),
			User:       g.str("SMTP_USER", ""),
			Pass:       g.str("SMTP_PASS", ""),
			AdminEmail: g.str("SMTP_ADMIN_EMAIL", "noreply@localhost"),
			SenderName: g.str("SMTP_SENDER_NAME", ""),
			TLS:        e.str("SMTP_TLS", ""),
		},
	}
	a.External = loadExternalProviders(g)
	if a.JWTExp <= 0 {
		a.JWTExp = time.Hour
	}
	if a.PasswordMinLength < 6 {
		a.PasswordMinLength = 6 // GoTrue raises lower values too
	}
	if len(a.JWTAdminRoles) == 0 {
		a.JWTAdminRoles = []string{"service_role", "supabase_admin"}
	}
	a.MailerAutoconfirm = e.bool("ENABLE_EMAIL_AUTOCONFIRM", g.bool("MAILER_AUTOCONFIRM", !a.SMTP.Configured()))
	if !a.SMTP.Configured() {
		// Nothing can reach a user's inbox, so nobody could ever confirm: say so and confirm at once.
		a.MailerAutoconfirm = true
	}
	return a
}

// loadRateLimits reads auth's rate limits (GoTrue's names and defaults; the
// failed sign-in limits are ours).
func loadRateLimits(g gotrueEnv) RateLimits {
	return RateLimits{
		Header:       g.str("RATE_LIMIT_HEADER", ""),
		TokenRefresh: g.rate("RATE_LIMIT_TOKEN_REFRESH", Rate{150, 5 * time.Minute}),
		Verify:       g.rate("RATE_LIMIT_VERIFY", Rate{30, 5 * time.Minute}),
		OTP:          g.rate("RATE_LIMIT_OTP", Rate{30, 5 * time.Minute}),
		EmailSent:    g.rate("RATE_LIMIT_EMAIL_SENT", Rate{30, time.Hour}),
		Anonymous:    g.rate("RATE_LIMIT_ANONYMOUS_USERS", Rate{30, time.Hour}),

		SignInFailures:        g.rate("RATE_LIMIT_SIGNIN_FAILURES", Rate{10, 15 * time.Minute}),
		SignInFailuresAccount: g.rate("RATE_LIMIT_SIGNIN_FAILURES_ACCOUNT", Rate{60, time.Hour}),
		MaxFrequency:          g.dur("SMTP_MAX_FREQUENCY", time.Minute),
	}
}

// loadExternalProviders reads EXTERNAL_<NAME>_* for every OAuth provider.
func loadExternalProviders(g gotrueEnv) map[string]ExternalProvider {
	out := map[string]ExternalProvider{}
	for _, name := range ExternalProviderNames {
		n := "EXTERNAL_" + strings.ToUpper(name) + "_"
		out[name] = ExternalProvider{
			Enabled:     g.bool(n+"ENABLED", false),
			ClientID:    g.str(n+"CLIENT_ID", ""),
			Secret:      g.str(n+"SECRET", ""),
			RedirectURI: g.str(n+"REDIRECT_URI", ""),
			URL:         strings.TrimRight(g.str(n+"URL", ""), "/"),
		}
	}
	return out
}

func (a Auth) validate() error {
	switch {
	case a.BcryptCost < 4 || a.BcryptCost > 31:
		return fmt.Errorf("BCRYPT_COST must be between 4 and 31, not %d", a.BcryptCost)
	case a.PasswordMinLength > 72:
		return fmt.Errorf("PASSWORD_MIN_LENGTH cannot exceed 72 (bcrypt's limit), not %d", a.PasswordMinLength)
	case a.JWTExp < 2*time.Minute:
		// auth-js refreshes 90 s before expiry; shorter tokens would refresh forever.
		return fmt.Errorf("JWT_EXP must be at least 120 seconds, not %s", a.JWTExp)
	}
	if a.Captcha.Enabled {
		switch {
		case a.Captcha.Provider != "hcaptcha" && a.Captcha.Provider != "turnstile":
			return fmt.Errorf("SECURITY_CAPTCHA_PROVIDER must be hcaptcha or turnstile, not %q", a.Captcha.Provider)
		case a.Captcha.Secret == "":
			return fmt.Errorf("SECURITY_CAPTCHA_SECRET is required when SECURITY_CAPTCHA_ENABLED is true")
		}
	}
	for name, p := range a.External {
		n := "EXTERNAL_" + strings.ToUpper(name) + "_"
		switch {
		case !p.Enabled:
		case p.ClientID == "":
			return fmt.Errorf("%sCLIENT_ID is required when %sENABLED is true", n, n)
		case p.URL == "" && (name == "oidc" || name == "keycloak"):
			return fmt.Errorf("%sURL (the issuer) is required when %sENABLED is true", n, n)
		}
	}
	switch a.SMTP.TLS {
	case "", "opportunistic", "mandatory", "none", "implicit":
	default:
		return fmt.Errorf("SMTP_TLS must be opportunistic, mandatory, none or implicit, not %q", a.SMTP.TLS)
	}
	return nil
}

// gotrueEnv reads NAME, then GOTRUE_NAME.
type gotrueEnv struct{ e *env }

func (g gotrueEnv) name(n string) string {
	if g.e.str(n, "") == "" && g.e.str("GOTRUE_"+n, "") != "" {
		return "GOTRUE_" + n
	}
	return n
}

func (g gotrueEnv) str(n, def string) string  { return g.e.str(g.name(n), def) }
func (g gotrueEnv) int(n string, def int) int { return g.e.int(g.name(n), def) }
func (g gotrueEnv) bool(n string, def bool) bool {
	return g.e.bool(g.name(n), def)
}
func (g gotrueEnv) list(n string) []string { return g.e.list(g.name(n)) }
func (g gotrueEnv) dur(n string, def time.Duration) time.Duration {
	return g.e.dur(g.name(n), def)
}

// rate parses "N" (per def.Period) or "N/duration" ("10/1h", "5/30s").
func (g gotrueEnv) rate(n string, def Rate) Rate {
	name := g.name(n)
	v := g.e.str(name, "")
	if v == "" {
		return def
	}
	num, per, hasPer := strings.Cut(v, "/")
	f, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || f < 0 {
		g.e.fail(name, v, `"N" or "N/duration"`)
		return def
	}
	r := Rate{N: f, Period: def.Period}
	if hasPer {
		d, err := time.ParseDuration(strings.TrimSpace(per))
		if err != nil || d <= 0 {
			g.e.fail(name, v, `"N" or "N/duration"`)
			return def
		}
		r.Period = d
	}
	return r
}
