// Package config is the one Config of the server: loaded from the environment
// (Supabase self-hosting names where one exists), defaulted, validated. Nothing
// else reads the environment but the product's own settings (rental/config),
// through this package's Reader; each surface receives its own section.
package config

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"casarent/server/jwtauth"
)

// defaultSiteURL is SITE_URL's default: the server's own address, where it
// serves the site.
const defaultSiteURL = "http://localhost:54321"

// Getenv is os.Getenv's shape, so tests can pass a map.
type Getenv func(string) string

// Config is every setting of the server.
type Config struct {
	Environment string // "development" (default) or "production"
	ListenAddr  string // LISTEN_ADDR, default ":54321"
	DataDir     string // DATA_DIR, default ".data" (paths.go): generated secrets, local storage; absolute once loaded
	// ProjectDir is the project served: a folder in the Supabase CLI's layout
	// (supabase/config.toml, supabase/migrations, supabase/functions,
	// supabase/seed.sql). PROJECT_DIR, default the working folder; absolute once loaded.
	ProjectDir string

	// DatabaseURL is a role that owns the schema: migrations run with it, then the
	// server talks to PostgreSQL as "authenticator" with AuthenticatorPassword.
	DatabaseURL           string // DATABASE_URL
	AuthenticatorPassword string // AUTHENTICATOR_PASSWORD
	AuthenticatorURL      string // AUTHENTICATOR_URL: overrides the derived connection
	// FunctionsDBPassword is the password of functions_db, the role the TypeScript
	// functions' SUPABASE_DB_URL logs in as (set by the server at start, like
	// authenticator's).
	FunctionsDBPassword string // FUNCTIONS_DB_PASSWORD
	DBMaxConns          int    // DB_MAX_CONNS, default 20
	// ReplicaURLs are PostgreSQL standbys serving /rest/v1's reads
	// (DATABASE_REPLICA_URLS, comma-separated; server/replicas/replicas.go).
	// Each says where; the server logs in there as it does on the primary.
	ReplicaURLs []string
	// ReplicaMaxLag is how far behind the primary a standby may be and still
	// serve reads (DATABASE_REPLICA_MAX_LAG, default 5s).
	ReplicaMaxLag time.Duration

	JWTSecret      string // JWT_SECRET (at least 32 characters)
	AnonKey        string // ANON_KEY, derived from JWT_SECRET when empty
	ServiceRoleKey string // SERVICE_ROLE_KEY, derived from JWT_SECRET when empty
	PublishableKey string // SUPABASE_PUBLISHABLE_KEY (optional sb_publishable_...)
	SecretKey      string // SUPABASE_SECRET_KEY (optional sb_secret_...)
	// JWTKeys are the asymmetric signing keys of JWT_KEYS (or GOTRUE_JWT_KEYS): a
	// JSON array of private JWKs, ES256, RS256 or HS256 (oct). nil: access tokens are HS256 with JWT_SECRET.
	JWTKeys *jwtauth.KeySet

	SiteURL        string // SITE_URL, default http://localhost:54321
	APIExternalURL string // API_EXTERNAL_URL, default SITE_URL

	MaxBodyBytes   int64         // MAX_BODY_BYTES for JSON APIs, default 1 MiB
	ShutdownGrace  time.Duration // SHUTDOWN_GRACE, default 30s
	FrontendDist   string        // FRONTEND_DIST: serve the site from this folder instead of the embedded build
	MigrateOnStart bool          // MIGRATE_ON_START, default true

	// The administrator `server seed` makes sure exists (generated when empty).
	AdminEmail    string // ADMIN_EMAIL
	AdminPassword string // ADMIN_PASSWORD

	HTTP      HTTP
	Rest      Rest
	Auth      Auth
	Storage   Storage
	Functions Functions
	Realtime  Realtime
	Studio    Studio

	// ProjectConfigIgnored are the keys of $PROJECT_DIR/supabase/config.toml no
	// setting reads (services of the CLI's local stack we do not have, features
	// we lack), in the file's order: the server logs them once at start.
	ProjectConfigIgnored []string
	// ProjectID is config.toml's project_id.
	ProjectID string

	// Env is the environment these settings were read from: the command reads
	// the product's own settings (rental/config) from it too, so both come from
	// one source.
	Env Getenv
}

// Production reports whether the server runs for real users.
func (c *Config) Production() bool { return c.Environment == "production" }

// Load reads the environment and applies defaults. Call Validate after filling
// generated secrets.
func Load(get Getenv) (*Config, error) {
	// $PROJECT_DIR/supabase/config.toml fills what the environment leaves unset.
	raw := env{get: get}
	proj, err := readProject(filepath.Join(raw.str("PROJECT_DIR", "."), "supabase", "config.toml"), get)
	e := env{get: proj.overlay(get), err: err}
	c := &Config{
		Env:                   get,
		Environment:           e.str("ENVIRONMENT", "development"),
		ListenAddr:            e.str("LISTEN_ADDR", ":54321"),
		DataDir:               dataDir(e),
		ProjectDir:            e.str("PROJECT_DIR", "."),
		DatabaseURL:           e.str("DATABASE_URL", ""),
		AuthenticatorPassword: e.str("AUTHENTICATOR_PASSWORD", ""),
		AuthenticatorURL:      e.str("AUTHENTICATOR_URL", ""),
		FunctionsDBPassword:   e.str("FUNCTIONS_DB_PASSWORD", ""),
		DBMaxConns:            e.int("DB_MAX_CONNS", 20),
		ReplicaURLs:           e.list("DATABASE_REPLICA_URLS"),
		ReplicaMaxLag:         e.dur("DATABASE_REPLICA_MAX_LAG", 5*time.Second),
		JWTSecret:             e.str("JWT_SECRET", ""),
		AnonKey:               e.str("ANON_KEY", ""),
		ServiceRoleKey:        e.str("SERVICE_ROLE_KEY", ""),
		PublishableKey:        e.str("SUPABASE_PUBLISHABLE_KEY", ""),
		SecretKey:             e.str("SUPABASE_SECRET_KEY", ""),
		SiteURL:               strings.TrimRight(e.str("SITE_URL", defaultSiteURL), "/"),
		MaxBodyBytes:          e.int64("MAX_BODY_BYTES", 1<<20),
		ShutdownGrace:         e.dur("SHUTDOWN_GRACE", 30*time.Second),
		FrontendDist:          e.str("FRONTEND_DIST", ""),
		MigrateOnStart:        e.bool("MIGRATE_ON_START", true),
		AdminEmail:            e.str("ADMIN_EMAIL", ""),
		AdminPassword:         e.str("ADMIN_PASSWORD", ""),
	}
	// config.toml's site_url is the front end's address (the CLI's default is
	// :3000), never the API's: only the variable SITE_URL stands for both.
	c.APIExternalURL = strings.TrimRight(e.str("API_EXTERNAL_URL", raw.str("SITE_URL", defaultSiteURL)), "/")
	c.HTTP = loadHTTP(e)
	c.Rest = loadRest(e)
	c.Auth = loadAuth(e)
	if c.Auth.JWTIssuer == "" {
		c.Auth.JWTIssuer = c.APIExternalURL + "/auth/v1"
	}
	if raw := (gotrueEnv{&e}).str("JWT_KEYS", ""); raw != "" {
		ks, err := jwtauth.ParseKeySet(raw, c.Auth.JWTExp)
		if err != nil && e.err == nil {
			e.err = fmt.Errorf("config: %w", err) // never e.fail: the value holds private keys
		}
		c.JWTKeys = ks
	}
	c.Storage = loadStorage(e, c.DataDir)
	c.Functions = loadFunctions(e, c.DataDir, c.ProjectDir, c.ListenAddr)
	c.Realtime = loadRealtime(&e) // by pointer: a malformed value is reported
	c.Studio = loadStudio(e)
	if err := c.resolvePaths(); err != nil && e.err == nil {
		e.err = err
	}
	c.Storage.Buckets = proj.buckets
	c.ProjectConfigIgnored = proj.ignored
	c.ProjectID = proj.id
	// The functions read their tables from FUNCTIONS_CONFIG: when that is another
	// file, this one's are not read by anything.
	if len(proj.fnKeys) > 0 && c.Functions.Files.ConfigPath != c.ProjectFile("config.toml") {
		c.ProjectConfigIgnored = append(c.ProjectConfigIgnored, proj.fnKeys...)
	}
	return c, e.err
}

// Validate checks what defaults cannot fix.
func (c *Config) Validate() error {
	var errs []error
	if c.DatabaseURL == "" && c.AuthenticatorURL == "" {
		errs = append(errs, errors.New("DATABASE_URL is required"))
	}
	for _, u := range c.ReplicaURLs {
		if p, err := url.Parse(u); err != nil || p.Host == "" {
			errs = append(errs, errors.New("DATABASE_REPLICA_URLS: each must be a postgres:// URL with a host"))
		}
	}
	if c.ReplicaMaxLag <= 0 {
		errs = append(errs, errors.New("DATABASE_REPLICA_MAX_LAG must be positive"))
	}
	if len(c.JWTSecret) < 32 {
		errs = append(errs, errors.New("JWT_SECRET must be at least 32 characters"))
	}
	if c.Environment != "development" && c.Environment != "production" {
		errs = append(errs, fmt.Errorf("ENVIRONMENT must be development or production, not %q", c.Environment))
	}
	for name, u := range map[string]string{"SITE_URL": c.SiteURL, "API_EXTERNAL_URL": c.APIExternalURL} {
		if p, err := url.Parse(u); err != nil || p.Scheme == "" || p.Host == "" {
			errs = append(errs, fmt.Errorf("%s must be an absolute URL, not %q", name, u))
		}
	}
	errs = append(errs, c.HTTP.validate(), c.Auth.validate(), c.Storage.validate(), c.Functions.validate(), c.Studio.validate())
	return errors.Join(errs...)
}

// env reads typed values and remembers the first malformed one.
type env struct {
	get Getenv
	err error
}

func (e *env) str(name, def string) string {
	if v := strings.TrimSpace(e.get(name)); v != "" {
		return v
	}
	return def
}

func (e *env) fail(name, v, want string) {
	if e.err == nil {
		e.err = fmt.Errorf("config: %s=%q is not %s", name, v, want)
	}
}

func (e *env) int(name string, def int) int {
	return int(e.int64(name, int64(def)))
}

func (e *env) int64(name string, def int64) int64 {
	v := e.str(name, "")
	if v == "" {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		e.fail(name, v, "an integer")
		return def
	}
	return n
}

func (e *env) bool(name string, def bool) bool {
	v := e.str(name, "")
	if v == "" {
		return def
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		e.fail(name, v, "true or false")
		return def
	}
	return b
}

// dur accepts Go durations ("90s") and plain seconds ("3600"), as GoTrue does.
func (e *env) dur(name string, def time.Duration) time.Duration {
	v := e.str(name, "")
	if v == "" {
		return def
	}
	if n, err := strconv.Atoi(v); err == nil {
		return time.Duration(n) * time.Second
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		e.fail(name, v, "a duration")
		return def
	}
	return d
}

func (e *env) list(name string) []string {
	var out []string
	for s := range strings.SplitSeq(e.str(name, ""), ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
