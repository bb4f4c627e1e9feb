package config

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// loadProject loads a config with toml as $PROJECT_DIR/supabase/config.toml and
// env as the environment.
func loadProject(t *testing.T, toml string, env map[string]string) (*Config, error) {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "supabase"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "supabase", "config.toml"), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	all := map[string]string{"PROJECT_DIR": dir, "DATA_DIR": filepath.Join(dir, "data"),
		"DATABASE_URL": "postgres://x@127.0.0.1/db", "JWT_SECRET": strings.Repeat("s", 40)}
	for k, v := range env {
		all[k] = v
	}
	return load(t, all)
}

// The file `supabase init` (CLI 2.117.0) writes is read, its values land, and
// what it sets for the CLI's local stack is reported, once each.
func TestProjectConfigOfSupabaseInit(t *testing.T) {
	raw, err := os.ReadFile("testdata/supabase-init.toml")
	if err != nil {
		t.Fatal(err)
	}
	c, err := loadProject(t, string(raw), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c.Rest.Schemas, []string{"public", "graphql_public"}) || c.Rest.MaxRows != 1000 {
		t.Errorf("api: %v %d", c.Rest.Schemas, c.Rest.MaxRows)
	}
	a := c.Auth
	if c.SiteURL != "http://127.0.0.1:3000" || c.APIExternalURL != defaultSiteURL || a.JWTIssuer != defaultSiteURL+"/auth/v1" {
		t.Errorf("site %s, API %s, issuer %s", c.SiteURL, c.APIExternalURL, a.JWTIssuer)
	}
	if !reflect.DeepEqual(a.AdditionalRedirectURLs, []string{"https://127.0.0.1:3000"}) || a.JWTExp != time.Hour ||
		a.RateLimit.MaxFrequency != time.Second || a.MailerOTPExp != time.Hour || a.External["apple"].Secret != "" {
		t.Errorf("auth: %+v", a)
	}
	if c.Storage.FileSizeLimit != 50<<20 || len(c.Storage.Buckets) != 0 {
		t.Errorf("storage: %d %v", c.Storage.FileSizeLimit, c.Storage.Buckets)
	}
	ig := c.ProjectConfigIgnored
	if c.ProjectID == "" || slices.Contains(ig, "project_id") {
		t.Errorf("project_id %q not read (ignored: %v)", c.ProjectID, ig)
	}
	if strings.Join(c.Rest.ExtraSearchPath, ",") != "public,extensions" {
		t.Errorf("api.extra_search_path read as %v", c.Rest.ExtraSearchPath)
	}
	for _, k := range []string{"api.port", "api.tls.enabled", "db.port", "db.pooler.enabled",
		"studio.port", "studio.openai_api_key", "local_smtp.port", "analytics.port", "auth.rate_limit.email_sent",
		"auth.email.otp_length", "auth.sms.enable_signup", "auth.mfa.totp.enroll_enabled", "auth.external.apple.skip_nonce_check",
		"auth.third_party.clerk.enabled", "storage.s3_protocol.enabled", "storage.analytics.enabled", "edge_runtime.policy",
		"experimental.pgdelta.enabled"} {
		if !slices.Contains(ig, k) {
			t.Errorf("%s not reported among %v", k, ig)
		}
	}
	for _, k := range []string{"api.enabled", "api.schemas", "api.max_rows", "auth.site_url", "auth.jwt_expiry",
		"auth.email.enable_confirmations", "auth.external.apple.secret", "auth.rate_limit.token_refresh",
		"storage.file_size_limit", "realtime.enabled", "db", "studio"} {
		if slices.Contains(ig, k) {
			t.Errorf("%s reported as ignored", k)
		}
	}
	seen := map[string]bool{}
	for _, k := range ig {
		if seen[k] {
			t.Errorf("%s reported twice", k)
		}
		seen[k] = true
	}
}

// Each key we read lands in its setting; env(NAME) is read from the environment.
func TestProjectConfigMapsEachKey(t *testing.T) {
	c, err := loadProject(t, projectAll, map[string]string{"GH_ID": "gh-client", "GH_SECRET": " gh-secret "})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	r, a, s := c.Rest, c.Auth, c.Storage
	checks := []struct {
		name      string
		got, want any
	}{
		{"schemas", r.Schemas, []string{"api", "public"}}, {"max_rows", r.MaxRows, 50},
		{"external_url", c.APIExternalURL, "https://api.example.com"}, {"site_url", c.SiteURL, "https://example.com"},
		{"redirects", a.AdditionalRedirectURLs, []string{"https://example.com/**", "gh-client"}},
		{"jwt_expiry", a.JWTExp, 2 * time.Hour}, {"jwt_issuer", a.JWTIssuer, "https://issuer.example.com"},
		{"rotation", a.RefreshTokenRotation, false}, {"reuse", a.RefreshTokenReuseInterval, 20 * time.Second},
		{"enable_signup", a.DisableSignup, true}, {"anonymous", a.AnonymousUsersEnabled, true},
		{"manual_linking", a.ManualLinking, true}, {"min_password", a.PasswordMinLength, 10},
		{"password_requirements", a.PasswordRequiredCharacters, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ:0123456789"},
		{"anonymous_users", a.RateLimit.Anonymous, Rate{7, time.Hour}}, {"token_refresh", a.RateLimit.TokenRefresh, Rate{8, 5 * time.Minute}},
		{"token_verifications", a.RateLimit.Verify, Rate{9, 5 * time.Minute}},
		{"captcha", a.Captcha, Captcha{Enabled: true, Provider: "turnstile", Secret: "cap"}},
		{"timebox", a.SessionsTimebox, 24 * time.Hour}, {"inactivity", a.SessionsInactivityTimeout, 8 * time.Hour},
		{"email.enable_signup", a.EmailEnabled, false}, {"double_confirm", a.SecureEmailChange, false},
		{"enable_confirmations", a.MailerAutoconfirm, false}, {"secure_password_change", a.UpdatePasswordRequireReauthentication, true},
		{"max_frequency", a.RateLimit.MaxFrequency, 90 * time.Second}, {"otp_expiry", a.MailerOTPExp, 30 * time.Minute},
		{"smtp", a.SMTP, SMTP{Host: "smtp.example.com", Port: 2525, User: "u", Pass: "p", AdminEmail: "a@example.com", SenderName: "A"}},
		{"github", a.External["github"], ExternalProvider{Enabled: true, ClientID: "gh-client", Secret: "gh-secret",
			RedirectURI: "https://example.com/cb", URL: "https://gh.example.com"}},
		{"google unset env", a.External["google"].Secret, ""},
		{"file_size_limit", s.FileSizeLimit, int64(5 << 20)}, {"image_transformation", s.ImageTransformation, false},
		{"buckets", s.Buckets, []StorageBucket{
			{Name: "avatars", Public: true, FileSizeLimit: 1 << 20, AllowedMIMETypes: []string{"image/png", "image/jpeg"}},
			{Name: "docs"}}},
	}
	for _, ch := range checks {
		if !reflect.DeepEqual(ch.got, ch.want) {
			t.Errorf("%s = %#v, want %#v", ch.name, ch.got, ch.want)
		}
	}
	want := []string{"auth.external.google.skip_nonce_check", "auth.external.discord.enabled", "auth.external.discord.client_id",
		"storage.buckets.docs.objects_path", "functions.hello.static_files"}
	if !reflect.DeepEqual(c.ProjectConfigIgnored, want) {
		t.Errorf("ignored %v, want %v", c.ProjectConfigIgnored, want)
	}
}

const projectAll = `
[api]
schemas = ["api", "public"]
max_rows = 50
external_url = "https://api.example.com"

[auth]
site_url = "https://example.com"
additional_redirect_urls = ["https://example.com/**", "env(GH_ID)"]
jwt_expiry = 7200
jwt_issuer = "https://issuer.example.com"
enable_refresh_token_rotation = false
refresh_token_reuse_interval = 20
enable_signup = false
enable_anonymous_sign_ins = true
enable_manual_linking = true
minimum_password_length = 10
password_requirements = "letters_digits"

[auth.rate_limit]
anonymous_users = 7
token_refresh = 8
token_verifications = 9

[auth.captcha]
enabled = true
provider = "turnstile"
secret = "cap"

[auth.sessions]
timebox = "24h"
inactivity_timeout = "8h"

[auth.email]
enable_signup = false
double_confirm_changes = false
enable_confirmations = true
secure_password_change = true
max_frequency = "1m30s"
otp_expiry = 1800

[auth.email.smtp]
host = "smtp.example.com"
port = 2525
user = "u"
pass = "p"
admin_email = "a@example.com"
sender_name = "A"

[auth.external.github]
enabled = true
client_id = "env(GH_ID)"
secret = "env(GH_SECRET)"
redirect_uri = "https://example.com/cb"
url = "https://gh.example.com/"

[auth.external.google]
secret = "env(UNSET_IN_THIS_TEST)"
skip_nonce_check = true

[auth.external.discord]
enabled = false
client_id = ""

[storage]
file_size_limit = "5MB"
image_transformation.enabled = false

[storage.buckets.avatars]
public = true
file_size_limit = "1MiB"
allowed_mime_types = ["image/png", "image/jpeg"]

[storage.buckets.docs]
objects_path = "./docs"

[functions.hello]
verify_jwt = false
static_files = ["./functions/hello/*.html"]
`

// A variable that is set wins over the file, under any name its setting is read by.
func TestProjectConfigEnvironmentWins(t *testing.T) {
	c, err := loadProject(t, projectAll, map[string]string{
		"SITE_URL": "https://env.example.com", "PGRST_DB_MAX_ROWS": "7", "GOTRUE_JWT_EXP": "600",
		"EXTERNAL_EMAIL_ENABLED": "true", "MAILER_AUTOCONFIRM": "true", "FILE_SIZE_LIMIT": "1000",
		"EXTERNAL_GITHUB_CLIENT_ID": "from-env", "GOTRUE_SMTP_HOST": "mail.env",
	})
	if err != nil {
		t.Fatal(err)
	}
	a := c.Auth
	if c.SiteURL != "https://env.example.com" || c.Rest.MaxRows != 7 || a.JWTExp != 10*time.Minute || !a.EmailEnabled ||
		!a.MailerAutoconfirm || c.Storage.FileSizeLimit != 1000 || a.External["github"].ClientID != "from-env" ||
		a.SMTP.Host != "mail.env" {
		t.Errorf("site %s, max_rows %d, jwt %s, email %v, autoconfirm %v, size %d, github %q, smtp %q", c.SiteURL, c.Rest.MaxRows,
			a.JWTExp, a.EmailEnabled, a.MailerAutoconfirm, c.Storage.FileSizeLimit, a.External["github"].ClientID, a.SMTP.Host)
	}
	// What the environment leaves unset still comes from the file.
	if c.APIExternalURL != "https://api.example.com" || a.SMTP.Port != 2525 {
		t.Errorf("API %s, SMTP port %d", c.APIExternalURL, a.SMTP.Port)
	}
	// JWT_EXPIRY, the other name of JWT_EXP, wins too.
	c, err = loadProject(t, projectAll, map[string]string{"JWT_EXPIRY": "900"})
	if err != nil || c.Auth.JWTExp != 15*time.Minute {
		t.Errorf("JWT_EXPIRY: %v %v", err, c.Auth.JWTExp)
	}
}

// A malformed file stops the start, naming the file and the line.
func TestProjectConfigMalformed(t *testing.T) {
	for _, tc := range []struct{ toml, line string }{
		{"[api]\nport = 54321\nschemas = [\"public\"\n", "line 3"},
		{"[auth]\nsite_url = \"x\"\njwt_expiry = \"soon\"\n", "line 3"},
		{"[storage]\n\nfile_size_limit = \"lots\"\n", "line 3"},
		{"[auth.sessions]\ntimebox = \"a day\"\n", "line 2"},
		{"[auth]\npassword_requirements = \"strong\"\n", "line 2"},
		{"\n[auth.external.github]\nenabled = \"yes\"\n", "line 3"},
	} {
		_, err := loadProject(t, tc.toml, nil)
		if err == nil || !strings.Contains(err.Error(), filepath.Join("supabase", "config.toml")) || !strings.Contains(err.Error(), tc.line) {
			t.Errorf("%q: %v", tc.toml, err)
		}
	}
}

// Without a config.toml nothing changes, and nothing is reported.
func TestProjectConfigAbsent(t *testing.T) {
	c, err := load(t, map[string]string{"PROJECT_DIR": t.TempDir(), "DATA_DIR": t.TempDir()})
	if err != nil || c.ProjectConfigIgnored != nil || c.Rest.MaxRows != 0 || c.SiteURL != defaultSiteURL {
		t.Fatalf("%v %v %d %s", err, c.ProjectConfigIgnored, c.Rest.MaxRows, c.SiteURL)
	}
}

// [functions.*] tables are read by the functions from FUNCTIONS_CONFIG: when it
// names another file, this one's tables are reported.
func TestProjectConfigFunctionsElsewhere(t *testing.T) {
	c, err := loadProject(t, "[functions.hello]\nverify_jwt = false\n", nil)
	if err != nil || len(c.ProjectConfigIgnored) != 0 {
		t.Fatalf("%v %v", err, c.ProjectConfigIgnored)
	}
	c, err = loadProject(t, "[functions.hello]\nverify_jwt = false\n", map[string]string{"FUNCTIONS_CONFIG": "/elsewhere/config.toml"})
	if err != nil || !reflect.DeepEqual(c.ProjectConfigIgnored, []string{"functions.hello.verify_jwt"}) {
		t.Fatalf("%v %v", err, c.ProjectConfigIgnored)
	}
}

func TestProjectSizes(t *testing.T) {
	for in, want := range map[string]int64{"50MiB": 50 << 20, "5MB": 5 << 20, "500KB": 500 << 10, "1.5G": 3 << 29, "100": 100, "2 kb": 2048} {
		var s size
		if err := s.UnmarshalText([]byte(in)); err != nil || int64(s) != want {
			t.Errorf("%s: %d %v, want %d", in, s, err, want)
		}
	}
	var s size
	if s.UnmarshalText([]byte("5XB")) == nil {
		t.Error("5XB accepted")
	}
}
