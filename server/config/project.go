package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// projectFile is what the server reads of the Supabase CLI's supabase/config.toml
// (README.md, "supabase/config.toml"). Every value is a pointer, so a key left
// out keeps the environment's value or the default. Keys without a field here
// are reported by ignoredKeys.
type projectFile struct {
	// ProjectID names the project (the rental's parts attach to its own, rental.ProjectID).
	ProjectID string `toml:"project_id"`
	API       struct {
		Enabled     *bool     `toml:"enabled"`
		Schemas     *[]string `toml:"schemas"`
		ExtraPath   *[]string `toml:"extra_search_path"`
		MaxRows     *int64    `toml:"max_rows"`
		ExternalURL *string   `toml:"external_url"`
	} `toml:"api"`
	Auth    projectAuth    `toml:"auth"`
	Storage projectStorage `toml:"storage"`
	// Served whatever the file says: enabled = true is read, false reported.
	Realtime    struct{ Enabled *bool } `toml:"realtime"`
	EdgeRuntime struct{ Enabled *bool } `toml:"edge_runtime"`
	// The schema files are for the tools that make migrations from them
	// (migrations.SchemaFiles); the server applies migrations only, as the CLI's
	// db reset does. Decoded so that the key is not reported as ignored.
	DB struct {
		Migrations struct {
			SchemaPaths *[]string `toml:"schema_paths"`
		} `toml:"migrations"`
	} `toml:"db"`
	// The functions package reads these tables itself (FUNCTIONS_CONFIG); they
	// are decoded here so that a malformed one stops the start with its line.
	Functions map[string]struct {
		VerifyJWT  *bool   `toml:"verify_jwt"`
		ImportMap  *string `toml:"import_map"`
		Entrypoint *string `toml:"entrypoint"`
	} `toml:"functions"`
}

type projectAuth struct {
	Enabled                    *bool                 `toml:"enabled"`
	SiteURL                    *string               `toml:"site_url"`
	AdditionalRedirectURLs     *[]string             `toml:"additional_redirect_urls"`
	JWTExpiry                  *int64                `toml:"jwt_expiry"`
	JWTIssuer                  *string               `toml:"jwt_issuer"`
	EnableRefreshTokenRotation *bool                 `toml:"enable_refresh_token_rotation"`
	RefreshTokenReuseInterval  *int64                `toml:"refresh_token_reuse_interval"`
	EnableSignup               *bool                 `toml:"enable_signup"`
	EnableAnonymousSignIns     *bool                 `toml:"enable_anonymous_sign_ins"`
	EnableManualLinking        *bool                 `toml:"enable_manual_linking"`
	MinimumPasswordLength      *int64                `toml:"minimum_password_length"`
	PasswordRequirements       *passwordRequirements `toml:"password_requirements"`
	// Only the limits that count what ours count: email_sent is the project's
	// whole mail per hour in Supabase, ours is per recipient.
	RateLimit struct {
		AnonymousUsers     *int64 `toml:"anonymous_users"`
		TokenRefresh       *int64 `toml:"token_refresh"`
		TokenVerifications *int64 `toml:"token_verifications"`
	} `toml:"rate_limit"`
	Captcha struct {
		Enabled  *bool   `toml:"enabled"`
		Provider *string `toml:"provider"`
		Secret   *string `toml:"secret"`
	} `toml:"captcha"`
	Sessions struct {
		Timebox           *duration `toml:"timebox"`
		InactivityTimeout *duration `toml:"inactivity_timeout"`
	} `toml:"sessions"`
	Email struct {
		EnableSignup         *bool     `toml:"enable_signup"`
		DoubleConfirmChanges *bool     `toml:"double_confirm_changes"`
		EnableConfirmations  *bool     `toml:"enable_confirmations"`
		SecurePasswordChange *bool     `toml:"secure_password_change"`
		MaxFrequency         *duration `toml:"max_frequency"`
		OTPExpiry            *int64    `toml:"otp_expiry"`
		SMTP                 *struct {
			Enabled    *bool   `toml:"enabled"`
			Host       *string `toml:"host"`
			Port       *int64  `toml:"port"`
			User       *string `toml:"user"`
			Pass       *string `toml:"pass"`
			AdminEmail *string `toml:"admin_email"`
			SenderName *string `toml:"sender_name"`
		} `toml:"smtp"`
	} `toml:"email"`
	// Decoded one by one: a provider we do not have stays undecoded, so reported.
	External map[string]toml.Primitive `toml:"external"`
}

type projectProvider struct {
	Enabled     *bool   `toml:"enabled"`
	ClientID    *string `toml:"client_id"`
	Secret      *string `toml:"secret"`
	RedirectURI *string `toml:"redirect_uri"`
	URL         *string `toml:"url"`
}

type projectStorage struct {
	Enabled             *bool                    `toml:"enabled"`
	FileSizeLimit       *size                    `toml:"file_size_limit"`
	ImageTransformation struct{ Enabled *bool }  `toml:"image_transformation"`
	Buckets             map[string]projectBucket `toml:"buckets"`
}

type projectBucket struct {
	Public           *bool    `toml:"public"`
	FileSizeLimit    *size    `toml:"file_size_limit"`
	AllowedMIMETypes []string `toml:"allowed_mime_types"`
}

// project is a read config.toml: its values as settings (the environment
// variable each stands for), its buckets and the keys it has that we do not read.
type project struct {
	values  map[string]string
	buckets []StorageBucket
	ignored []string
	id      string
	fnKeys  []string // the functions' keys: ignored after all when FUNCTIONS_CONFIG names another file
}

// readProject reads path, if it exists. A malformed file is an error naming the
// file and the line.
func readProject(path string, get Getenv) (*project, error) {
	p := &project{values: map[string]string{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return p, fmt.Errorf("config: %w", err)
	}
	var f projectFile
	md, err := toml.Decode(string(data), &f)
	if err != nil {
		return p, fmt.Errorf("config: %s: %w", path, err)
	}
	v := fileValues{get: get, m: p.values}
	v.api(&f)
	v.auth(&f.Auth)
	if err := v.providers(&md, f.Auth.External); err != nil {
		return p, fmt.Errorf("config: %s: %w", path, err)
	}
	v.storage(&f.Storage)
	p.buckets = buckets(f.Storage.Buckets)
	p.id = f.ProjectID
	p.ignored = ignoredKeys(&md, &f)
	for _, k := range md.Keys() {
		if k[0] == "functions" && md.Type(k...) != "Hash" && !slices.Contains(p.ignored, k.String()) {
			p.fnKeys = append(p.fnKeys, k.String())
		}
	}
	return p, nil
}

// ignoredKeys are the file's keys no setting reads, in the file's order; tables
// are named by their keys, not themselves.
func ignoredKeys(md *toml.MetaData, f *projectFile) []string {
	var out []string
	for _, k := range md.Undecoded() {
		if t := md.Type(k...); t != "Hash" {
			out = append(out, k.String())
		}
	}
	// Each service is served whatever the file says: only turning one off is ignored.
	var off []string
	for key, on := range map[string]*bool{
		"api.enabled": f.API.Enabled, "auth.enabled": f.Auth.Enabled, "storage.enabled": f.Storage.Enabled,
		"realtime.enabled": f.Realtime.Enabled, "edge_runtime.enabled": f.EdgeRuntime.Enabled,
	} {
		if on != nil && !*on {
			off = append(off, key)
		}
	}
	slices.Sort(off) // a map's order is random
	return append(out, off...)
}

// overlay reads the environment, then the file: a variable that is set wins
// over the file, and so does any other name the same setting is read by.
func (p *project) overlay(get Getenv) Getenv {
	set := func(n string) bool { return strings.TrimSpace(get(n)) != "" }
	return func(name string) string {
		if set(name) {
			return get(name)
		}
		v, ok := p.values[name]
		if !ok || set("GOTRUE_"+name) || slices.ContainsFunc(settingAliases[name], set) {
			return ""
		}
		return v
	}
}

// settingAliases are the other names a setting the file fills is read by.
var settingAliases = map[string][]string{
	"JWT_EXP":                  {"JWT_EXPIRY"},
	"ENABLE_EMAIL_SIGNUP":      {"EXTERNAL_EMAIL_ENABLED", "GOTRUE_EXTERNAL_EMAIL_ENABLED"},
	"ENABLE_EMAIL_AUTOCONFIRM": {"MAILER_AUTOCONFIRM", "GOTRUE_MAILER_AUTOCONFIRM"},
}
