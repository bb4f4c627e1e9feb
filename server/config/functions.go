package config

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// Functions configures /functions/v1 and the functions' own services.
type Functions struct {
	PayPal PayPal
	// AgencyEmail receives the agency notifications (new booking, new contact
	// message). AGENCY_EMAIL; empty = those notifications are kept unsent and logged.
	AgencyEmail string
	Outbox      Outbox
	// HoldExpiryEvery is how often lapsed booking holds are expired (unpaid PayPal
	// attempts, unconfirmed WhatsApp requests; their durations are database
	// settings, docs/reservations.md). HOLD_EXPIRY_INTERVAL, default 1m; 0 turns it off.
	HoldExpiryEvery time.Duration
	// Files are the TypeScript functions run by Deno (functions/README.md).
	Files FileFunctions
}

// FileFunctions configures the TypeScript functions of a folder, each run by a
// supervised Deno process. Limits default to Supabase's edge-runtime's.
type FileFunctions struct {
	// Dir holds one folder per function (the Supabase CLI's layout).
	// FUNCTIONS_DIR, default supabase/functions; a missing folder is no functions.
	Dir string
	// ConfigPath is the Supabase CLI's config.toml ([functions.<name>] verify_jwt,
	// import_map, entrypoint). FUNCTIONS_CONFIG, default config.toml in Dir's parent
	// (supabase/config.toml).
	ConfigPath string
	// DenoPath is the deno executable. DENO_PATH; empty: .tools/deno (where `make run`
	// installs it), then PATH. Without one, a file function answers 503.
	DenoPath string
	// DenoDir is Deno's dependency cache (npm: and https: imports).
	// FUNCTIONS_DENO_DIR, default DATA_DIR/deno.
	DenoDir string
	// DeployDir is where this replica writes the bundles deployed over HTTP
	// (`server functions deploy`) it serves. FUNCTIONS_DEPLOY_DIR, default DATA_DIR/functions-deployed.
	DeployDir string
	// SupabaseURL is SUPABASE_URL as functions see it: how they reach this server.
	// FUNCTIONS_SUPABASE_URL, default http://127.0.0.1:<LISTEN_ADDR's port>.
	SupabaseURL string
	MemoryMB    int           // FUNCTIONS_MEMORY_MB, V8 heap per worker, default 256
	CPUTime     time.Duration // FUNCTIONS_CPU_TIME: CPU spent with the event loop blocked, default 2s
	WallClock   time.Duration // FUNCTIONS_WALL_CLOCK per request, default 150s
	// StartTimeout bounds a worker's start, fetching its imports included.
	// FUNCTIONS_START_TIMEOUT, default 60s.
	StartTimeout  time.Duration
	IdleTimeout   time.Duration // FUNCTIONS_IDLE_TIMEOUT: an unused worker stops, default 2m
	MaxRequests   int           // FUNCTIONS_MAX_REQUESTS: a worker is replaced after, default 10000 (0 = never)
	MaxConcurrent int           // FUNCTIONS_MAX_CONCURRENT requests per function at once, default 32
	MaxQueue      int           // FUNCTIONS_MAX_QUEUE requests waiting per function (more: 503), default 64
	// HotReload serves a changed function folder within 2 s. FUNCTIONS_HOT_RELOAD,
	// default on outside production, off in production.
	HotReload bool
}

// PayPal configures the online payment (PayPal Orders v2).
type PayPal struct {
	ClientID     string // PAYPAL_CLIENT_ID
	ClientSecret string // PAYPAL_CLIENT_SECRET
	// BaseURL is the REST API: https://api-m.sandbox.paypal.com (default),
	// https://api-m.paypal.com (live), or the local emulator. PAYPAL_BASE_URL
	BaseURL string
	// Currency PayPal charges in (it has no MAD). PAYPAL_CURRENCY, default EUR.
	Currency string
	// MADPerUnit converts dirhams to Currency: amount = MAD / MADPerUnit, 2 decimals.
	// PAYPAL_MAD_PER_UNIT as a decimal string, default "10.8".
	MADPerUnit string
	// Simulated marks the emulator: the site labels payments as simulated.
	// PAYPAL_SIMULATED; refused in production.
	Simulated bool
	// Timeout bounds one HTTP attempt to PayPal. PAYPAL_TIMEOUT, default 15s.
	Timeout time.Duration
	// Production mirrors ENVIRONMENT=production (the emulator refuses it).
	Production bool
	// ReconcileEvery is how often pending PayPal bookings are checked with PayPal
	// (payments approved but never captured, captures never recorded, orders never
	// approved). PAYPAL_RECONCILE_INTERVAL, default 5m; 0 turns it off.
	ReconcileEvery time.Duration
	// AbandonAfter is how long after its creation a booking whose PayPal order was
	// not paid is cancelled: PayPal lets a buyer approve an order for 3 hours.
	// PAYPAL_ABANDON_AFTER, default 3h.
	AbandonAfter time.Duration
}

// Configured reports whether online payment can be offered.
func (p PayPal) Configured() bool { return p.ClientID != "" && p.ClientSecret != "" }

// Outbox tunes the notification worker.
type Outbox struct {
	PollInterval time.Duration // OUTBOX_POLL_INTERVAL, default 2s
	BatchSize    int           // OUTBOX_BATCH_SIZE, default 20
	MaxBackoff   time.Duration // OUTBOX_MAX_BACKOFF, default 30m: retry delay cap
	Lease        time.Duration // OUTBOX_LEASE, default 2m: a claimed row returns to the queue after this
}

// PayPal's public REST hosts.
const (
	PayPalSandboxURL = "https://api-m.sandbox.paypal.com"
	PayPalLiveURL    = "https://api-m.paypal.com"
)

func loadFunctions(e env, dataDir, listenAddr string) Functions {
	dir := e.str("FUNCTIONS_DIR", "supabase/functions")
	port := "54321"
	if i := strings.LastIndexByte(listenAddr, ':'); i >= 0 && i < len(listenAddr)-1 {
		port = listenAddr[i+1:]
	}
	return Functions{
		Files: FileFunctions{
			Dir:           dir,
			ConfigPath:    e.str("FUNCTIONS_CONFIG", filepath.Join(filepath.Dir(filepath.Clean(dir)), "config.toml")),
			DenoPath:      e.str("DENO_PATH", ""),
			DenoDir:       e.str("FUNCTIONS_DENO_DIR", filepath.Join(dataDir, "deno")),
			DeployDir:     e.str("FUNCTIONS_DEPLOY_DIR", filepath.Join(dataDir, "functions-deployed")),
			SupabaseURL:   strings.TrimRight(e.str("FUNCTIONS_SUPABASE_URL", "http://127.0.0.1:"+port), "/"),
			MemoryMB:      e.int("FUNCTIONS_MEMORY_MB", 256),
			CPUTime:       e.dur("FUNCTIONS_CPU_TIME", 2*time.Second),
			WallClock:     e.dur("FUNCTIONS_WALL_CLOCK", 150*time.Second),
			StartTimeout:  e.dur("FUNCTIONS_START_TIMEOUT", 60*time.Second),
			IdleTimeout:   e.dur("FUNCTIONS_IDLE_TIMEOUT", 2*time.Minute),
			MaxRequests:   e.int("FUNCTIONS_MAX_REQUESTS", 10000),
			MaxConcurrent: e.int("FUNCTIONS_MAX_CONCURRENT", 32),
			MaxQueue:      e.int("FUNCTIONS_MAX_QUEUE", 64),
			HotReload:     e.bool("FUNCTIONS_HOT_RELOAD", e.str("ENVIRONMENT", "development") != "production"),
		},
		PayPal: PayPal{
			ClientID:     e.str("PAYPAL_CLIENT_ID", ""),
			ClientSecret: e.str("PAYPAL_CLIENT_SECRET", ""),
			BaseURL:      strings.TrimRight(e.str("PAYPAL_BASE_URL", PayPalSandboxURL), "/"),
			Currency:     strings.ToUpper(e.str("PAYPAL_CURRENCY", "EUR")),
			MADPerUnit:   e.str("PAYPAL_MAD_PER_UNIT", "10.8"),
			Simulated:    e.bool("PAYPAL_SIMULATED", false),
			Timeout:      e.dur("PAYPAL_TIMEOUT", 15*time.Second),
			Production:   e.str("ENVIRONMENT", "development") == "production",

			ReconcileEvery: e.dur("PAYPAL_RECONCILE_INTERVAL", 5*time.Minute),
			AbandonAfter:   e.dur("PAYPAL_ABANDON_AFTER", 3*time.Hour),
		},
		AgencyEmail:     e.str("AGENCY_EMAIL", ""),
		HoldExpiryEvery: e.dur("HOLD_EXPIRY_INTERVAL", time.Minute),
		Outbox: Outbox{
			PollInterval: e.dur("OUTBOX_POLL_INTERVAL", 2*time.Second),
			BatchSize:    e.int("OUTBOX_BATCH_SIZE", 20),
			MaxBackoff:   e.dur("OUTBOX_MAX_BACKOFF", 30*time.Minute),
			Lease:        e.dur("OUTBOX_LEASE", 2*time.Minute),
		},
	}
}

var (
	currencyRe = regexp.MustCompile(`^[A-Z]{3}$`)
	rateRe     = regexp.MustCompile(`^[0-9]{1,6}(\.[0-9]{1,6})?$`)
)

func (f Functions) validate() error {
	var errs []error
	p := f.PayPal
	if u, err := url.Parse(p.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("PAYPAL_BASE_URL must be an absolute http(s) URL, not %q", p.BaseURL))
	}
	if !currencyRe.MatchString(p.Currency) {
		errs = append(errs, fmt.Errorf("PAYPAL_CURRENCY must be a 3-letter ISO code, not %q", p.Currency))
	}
	if p.Currency == "MAD" {
		errs = append(errs, errors.New("PAYPAL_CURRENCY cannot be MAD: PayPal does not support it"))
	}
	if !rateRe.MatchString(p.MADPerUnit) || strings.Trim(p.MADPerUnit, "0.") == "" {
		errs = append(errs, fmt.Errorf("PAYPAL_MAD_PER_UNIT must be a positive decimal, not %q", p.MADPerUnit))
	}
	if (p.ClientID == "") != (p.ClientSecret == "") {
		errs = append(errs, errors.New("PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together"))
	}
	if p.Simulated && p.Production {
		errs = append(errs, errors.New("PAYPAL_SIMULATED cannot be set in production"))
	}
	if p.Timeout <= 0 {
		errs = append(errs, errors.New("PAYPAL_TIMEOUT must be positive"))
	}
	if p.ReconcileEvery < 0 {
		errs = append(errs, errors.New("PAYPAL_RECONCILE_INTERVAL cannot be negative (0 turns reconciliation off)"))
	}
	if p.AbandonAfter < 10*time.Minute {
		errs = append(errs, errors.New("PAYPAL_ABANDON_AFTER must be at least 10m: a buyer needs time to approve on PayPal"))
	}
	if f.AgencyEmail != "" && !strings.Contains(f.AgencyEmail, "@") {
		errs = append(errs, fmt.Errorf("AGENCY_EMAIL %q is not an email address", f.AgencyEmail))
	}
	if f.HoldExpiryEvery < 0 {
		errs = append(errs, errors.New("HOLD_EXPIRY_INTERVAL cannot be negative (0 turns expiry off)"))
	}
	ff := f.Files
	if ff.MemoryMB < 16 || ff.CPUTime <= 0 || ff.WallClock <= 0 || ff.StartTimeout <= 0 || ff.IdleTimeout <= 0 ||
		ff.MaxConcurrent <= 0 || ff.MaxQueue < 0 || ff.MaxRequests < 0 {
		errs = append(errs, errors.New("FUNCTIONS_MEMORY_MB (at least 16), FUNCTIONS_CPU_TIME, FUNCTIONS_WALL_CLOCK, FUNCTIONS_START_TIMEOUT, FUNCTIONS_IDLE_TIMEOUT and FUNCTIONS_MAX_CONCURRENT must be positive; FUNCTIONS_MAX_QUEUE and FUNCTIONS_MAX_REQUESTS not negative"))
	}
	if u, err := url.Parse(ff.SupabaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("FUNCTIONS_SUPABASE_URL must be an absolute http(s) URL, not %q", ff.SupabaseURL))
	}
	o := f.Outbox
	if o.PollInterval <= 0 || o.BatchSize <= 0 || o.MaxBackoff <= 0 || o.Lease <= 0 {
		errs = append(errs, errors.New("OUTBOX_POLL_INTERVAL, OUTBOX_BATCH_SIZE, OUTBOX_MAX_BACKOFF and OUTBOX_LEASE must be positive"))
	}
	return errors.Join(errs...)
}
