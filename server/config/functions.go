package config

import (
	"errors"
	"fmt"
	"net/netip"
	"net/url"
	"path/filepath"
	"strings"
	"time"
)

// Functions configures /functions/v1. (The rental's own functions and workers
// are configured by rental/config.)
type Functions struct {
	// Files are the TypeScript functions run by Deno (functions/README.md).
	Files FileFunctions
}

// FileFunctions configures the TypeScript functions of a folder, each run by a
// supervised Deno process. Limits default to Supabase's edge-runtime's.
type FileFunctions struct {
	// Dir holds one folder per function (the Supabase CLI's layout).
	// FUNCTIONS_DIR, default supabase/functions in the project; a missing folder is no functions.
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
	MemoryMB    int           // FUNCTIONS_MEMORY_MB, V8 heap per worker (resident memory: 192 MB more), default 256
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
	// NetAllow are the private addresses the functions may reach after all
	// (FUNCTIONS_NET_ALLOW: comma-separated IP addresses and CIDR ranges). Every
	// loopback, private, link-local and carrier-grade NAT address, and this
	// machine's own, is denied to them otherwise; the API and the database are
	// reached through sockets the server gives each worker.
	NetAllow    []netip.Prefix
	netAllowErr error
}

// parseNetAllow reads FUNCTIONS_NET_ALLOW. Host names and ports are refused:
// Deno denies by the address a name resolves to, and cannot except one port of
// a denied address.
func parseNetAllow(s string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for f := range strings.SplitSeq(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if p, err := netip.ParsePrefix(f); err == nil {
			out = append(out, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(strings.Trim(f, "[]"))
		if err != nil {
			return nil, fmt.Errorf("FUNCTIONS_NET_ALLOW: %q is not an IP address or a CIDR range (host names and ports cannot be opened one by one)", f)
		}
		a = a.Unmap()
		out = append(out, netip.PrefixFrom(a, a.BitLen()))
	}
	return out, nil
}

func loadFunctions(e env, dataDir, projectDir, listenAddr string) Functions {
	dir := e.str("FUNCTIONS_DIR", filepath.Join(projectDir, "supabase", "functions"))
	port := "54321"
	if i := strings.LastIndexByte(listenAddr, ':'); i >= 0 && i < len(listenAddr)-1 {
		port = listenAddr[i+1:]
	}
	allow, allowErr := parseNetAllow(e.str("FUNCTIONS_NET_ALLOW", ""))
	return Functions{
		Files: FileFunctions{
			NetAllow:      allow,
			netAllowErr:   allowErr,
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
	}
}

func (f Functions) validate() error {
	var errs []error
	ff := f.Files
	if ff.MemoryMB < 16 || ff.CPUTime <= 0 || ff.WallClock <= 0 || ff.StartTimeout <= 0 || ff.IdleTimeout <= 0 ||
		ff.MaxConcurrent <= 0 || ff.MaxQueue < 0 || ff.MaxRequests < 0 {
		errs = append(errs, errors.New("FUNCTIONS_MEMORY_MB (at least 16), FUNCTIONS_CPU_TIME, FUNCTIONS_WALL_CLOCK, FUNCTIONS_START_TIMEOUT, FUNCTIONS_IDLE_TIMEOUT and FUNCTIONS_MAX_CONCURRENT must be positive; FUNCTIONS_MAX_QUEUE and FUNCTIONS_MAX_REQUESTS not negative"))
	}
	if ff.netAllowErr != nil {
		errs = append(errs, ff.netAllowErr)
	}
	if u, err := url.Parse(ff.SupabaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("FUNCTIONS_SUPABASE_URL must be an absolute http(s) URL, not %q", ff.SupabaseURL))
	}
	return errors.Join(errs...)
}
