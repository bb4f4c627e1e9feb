package config

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/BurntSushi/toml"
)

// fileValues turns config.toml's values into the settings (environment
// variable names) they stand for, so that the environment can win over each.
type fileValues struct {
	get Getenv
	m   map[string]string
}

// envRef is the Supabase CLI's env(NAME): the value of the variable NAME.
var envRef = regexp.MustCompile(`^env\((.*)\)$`)

// resolve reads env(NAME) from the environment. Unlike the CLI, which keeps the
// text "env(NAME)" when NAME is unset, an unset variable reads as empty (unset):
// the text would otherwise become a client secret or a password.
func (f fileValues) resolve(s string) string {
	if m := envRef.FindStringSubmatch(s); m != nil {
		return strings.TrimSpace(f.get(strings.TrimSpace(m[1])))
	}
	return s
}

func (f fileValues) str(name string, v *string) {
	if v != nil {
		f.m[name] = f.resolve(*v)
	}
}

func (f fileValues) list(name string, v *[]string) {
	if v != nil {
		out := make([]string, 0, len(*v))
		for _, s := range *v {
			out = append(out, f.resolve(s))
		}
		f.m[name] = strings.Join(out, ",")
	}
}

func (f fileValues) bool(name string, v *bool) {
	if v != nil {
		f.m[name] = strconv.FormatBool(*v)
	}
}

// not is a setting that says the opposite of the file's key.
func (f fileValues) not(name string, v *bool) {
	if v != nil {
		f.m[name] = strconv.FormatBool(!*v)
	}
}

func (f fileValues) int(name string, v *int64) {
	if v != nil {
		f.m[name] = strconv.FormatInt(*v, 10)
	}
}

func (f fileValues) dur(name string, v *duration) {
	if v != nil {
		f.m[name] = time.Duration(*v).String()
	}
}

// rate is a Supabase rate limit: n per period.
func (f fileValues) rate(name string, n *int64, period time.Duration) {
	if n != nil {
		f.m[name] = fmt.Sprintf("%d/%s", *n, period)
	}
}

func (f fileValues) api(p *projectFile) {
	f.list("PGRST_DB_SCHEMAS", p.API.Schemas)
	f.list("PGRST_DB_EXTRA_SEARCH_PATH", p.API.ExtraPath)
	f.int("PGRST_DB_MAX_ROWS", p.API.MaxRows)
	f.str("API_EXTERNAL_URL", p.API.ExternalURL)
}

func (f fileValues) auth(a *projectAuth) {
	f.str("SITE_URL", a.SiteURL)
	f.list("ADDITIONAL_REDIRECT_URLS", a.AdditionalRedirectURLs)
	f.int("JWT_EXP", a.JWTExpiry)
	f.str("JWT_ISSUER", a.JWTIssuer)
	f.bool("SECURITY_REFRESH_TOKEN_ROTATION_ENABLED", a.EnableRefreshTokenRotation)
	f.int("SECURITY_REFRESH_TOKEN_REUSE_INTERVAL", a.RefreshTokenReuseInterval)
	f.not("DISABLE_SIGNUP", a.EnableSignup)
	f.bool("EXTERNAL_ANONYMOUS_USERS_ENABLED", a.EnableAnonymousSignIns)
	f.bool("SECURITY_MANUAL_LINKING_ENABLED", a.EnableManualLinking)
	f.int("PASSWORD_MIN_LENGTH", a.MinimumPasswordLength)
	if a.PasswordRequirements != nil {
		f.m["PASSWORD_REQUIRED_CHARACTERS"] = string(*a.PasswordRequirements)
	}
	f.rate("RATE_LIMIT_ANONYMOUS_USERS", a.RateLimit.AnonymousUsers, time.Hour)
	f.rate("RATE_LIMIT_TOKEN_REFRESH", a.RateLimit.TokenRefresh, 5*time.Minute)
	f.rate("RATE_LIMIT_VERIFY", a.RateLimit.TokenVerifications, 5*time.Minute)
	f.bool("SECURITY_CAPTCHA_ENABLED", a.Captcha.Enabled)
	f.str("SECURITY_CAPTCHA_PROVIDER", a.Captcha.Provider)
	f.str("SECURITY_CAPTCHA_SECRET", a.Captcha.Secret)
	f.dur("SESSIONS_TIMEBOX", a.Sessions.Timebox)
	f.dur("SESSIONS_INACTIVITY_TIMEOUT", a.Sessions.InactivityTimeout)
	e := &a.Email
	f.bool("ENABLE_EMAIL_SIGNUP", e.EnableSignup)
	f.bool("MAILER_SECURE_EMAIL_CHANGE_ENABLED", e.DoubleConfirmChanges)
	f.not("ENABLE_EMAIL_AUTOCONFIRM", e.EnableConfirmations)
	f.bool("SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION", e.SecurePasswordChange)
	f.dur("SMTP_MAX_FREQUENCY", e.MaxFrequency)
	f.int("MAILER_OTP_EXP", e.OTPExpiry)
	// As the CLI: a [auth.email.smtp] table is on unless it says enabled = false.
	if s := e.SMTP; s != nil && (s.Enabled == nil || *s.Enabled) {
		f.str("SMTP_HOST", s.Host)
		f.int("SMTP_PORT", s.Port)
		f.str("SMTP_USER", s.User)
		f.str("SMTP_PASS", s.Pass)
		f.str("SMTP_ADMIN_EMAIL", s.AdminEmail)
		f.str("SMTP_SENDER_NAME", s.SenderName)
	}
}

// providers reads [auth.external.<name>] for the providers we have; the others
// are left undecoded, so reported as ignored.
func (f fileValues) providers(md *toml.MetaData, ext map[string]toml.Primitive) error {
	for name, prim := range ext {
		if !slices.Contains(ExternalProviderNames, name) {
			continue
		}
		var p projectProvider
		if err := md.PrimitiveDecode(prim, &p); err != nil {
			return err
		}
		n := "EXTERNAL_" + strings.ToUpper(name) + "_"
		f.bool(n+"ENABLED", p.Enabled)
		f.str(n+"CLIENT_ID", p.ClientID)
		f.str(n+"SECRET", p.Secret)
		f.str(n+"REDIRECT_URI", p.RedirectURI)
		f.str(n+"URL", p.URL)
	}
	return nil
}

func (f fileValues) storage(s *projectStorage) {
	if s.FileSizeLimit != nil {
		f.m["FILE_SIZE_LIMIT"] = strconv.FormatInt(int64(*s.FileSizeLimit), 10)
	}
	f.bool("ENABLE_IMAGE_TRANSFORMATION", s.ImageTransformation.Enabled)
}

// buckets are [storage.buckets.<name>], by name.
func buckets(m map[string]projectBucket) []StorageBucket {
	out := make([]StorageBucket, 0, len(m))
	for name, b := range m {
		sb := StorageBucket{Name: name, AllowedMIMETypes: b.AllowedMIMETypes}
		if b.Public != nil {
			sb.Public = *b.Public
		}
		if b.FileSizeLimit != nil {
			sb.FileSizeLimit = int64(*b.FileSizeLimit)
		}
		out = append(out, sb)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// duration is a Go duration ("1s", "24h"), or seconds as a number.
type duration time.Duration

func (d *duration) UnmarshalText(b []byte) error {
	s := strings.TrimSpace(string(b))
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		*d = duration(time.Duration(n) * time.Second)
		return nil
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("%q is not a duration (such as \"5s\" or \"24h\")", s)
	}
	*d = duration(v)
	return nil
}

// size is a byte count, as the CLI reads it: a number, or one with a unit of
// powers of 1024 ("50MiB", "5MB" and "5M" are all 5×1024×1024).
type size int64

var sizeText = regexp.MustCompile(`^(\d+(?:\.\d+)?) ?([kKmMgGtTpP])?[iI]?[bB]?$`)

func (s *size) UnmarshalText(b []byte) error {
	m := sizeText.FindStringSubmatch(strings.TrimSpace(string(b)))
	if m == nil {
		return fmt.Errorf("%q is not a size (such as \"50MiB\" or \"500KB\")", b)
	}
	n, _ := strconv.ParseFloat(m[1], 64)
	if m[2] != "" {
		n *= math.Pow(1024, float64(strings.IndexByte("kmgtp", strings.ToLower(m[2])[0])+1))
	}
	if n > math.MaxInt64/2 {
		return fmt.Errorf("%q is too large", b)
	}
	*s = size(n)
	return nil
}

// passwordRequirements is auth.password_requirements as GoTrue's required
// characters: colon-separated sets, one character of each required. The
// symbols' set leaves out ":", the separator.
type passwordRequirements string

func (p *passwordRequirements) UnmarshalText(b []byte) error {
	const lower, upper, digits = "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789"
	switch string(b) {
	case "":
		*p = ""
	case "letters_digits":
		*p = passwordRequirements(lower + upper + ":" + digits)
	case "lower_upper_letters_digits":
		*p = passwordRequirements(lower + ":" + upper + ":" + digits)
	case "lower_upper_letters_digits_symbols":
		*p = passwordRequirements(lower + ":" + upper + ":" + digits + ":" + "!@#$%^&*()_+-=[]{};'\\\"|<>?,./`~")
	default:
		return fmt.Errorf("%q is not one of letters_digits, lower_upper_letters_digits, lower_upper_letters_digits_symbols", b)
	}
	return nil
}
