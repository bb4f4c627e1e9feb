// Package pgmeta serves /pg, the database API Supabase Studio manages a project
// through (Kong routes /pg/ to postgres-meta in Supabase's self-hosting): the
// published @supabase/postgres-meta, run by Deno as a child process started on the
// first call and stopped when idle, behind the service role's key. README.md says
// what Studio can do through it and as which database role.
package pgmeta

import (
	"context"
	_ "embed"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/jwtauth"
)

// Version is the postgres-meta this package runs (scripts/lib.sh installs it).
const Version = "0.99.0"

// Role is the database role postgres-meta logs in as
// (migrations/20261207210000_studio_role.sql).
const Role = "studio_admin"

//go:embed entry.mjs
var entryScript []byte

//go:embed grants.sql
var grantsSQL string

// Options are the handler's dependencies.
type Options struct {
	PackageDir string // npm's install folder of @supabase/postgres-meta (PG_META_PATH)
	DenoPath   string // "" when there is no Deno: /pg answers 503
	DenoDir    string // Deno's cache folder
	// DBURL is the database as Role, with its password.
	DBURL string
	// Prepare runs before each start: it sets Role's password and grants (Grant,
	// with the migrating role's connection). nil: nothing to do.
	Prepare      func(ctx context.Context) error
	Verifier     *jwtauth.Verifier
	IdleTimeout  time.Duration
	StartTimeout time.Duration
	Logger       *slog.Logger
}

// Handler is /pg: the service role's calls, proxied to postgres-meta.
type Handler struct {
	o     Options
	mu    sync.Mutex // held while a child starts: the calls meanwhile wait for it
	child *child
}

// New returns the handler; the child starts on the first authorised call.
func New(o Options) *Handler {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return &Handler{o: o}
}

// Grant sets Role's password and grants it what it may use now (grants.sql); conn
// is the migrating role's.
func Grant(ctx context.Context, conn *pgx.Conn, password string) error {
	var stmt string
	if err := conn.QueryRow(ctx, "select format('alter role %I with login password %L', $1::text, $2::text)", Role, password).Scan(&stmt); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, stmt); err != nil {
		return err
	}
	_, err := conn.Exec(ctx, grantsSQL)
	return err
}

// installed reports whether the package and Deno are there, and why not.
func (h *Handler) installed() string {
	if h.o.DenoPath == "" {
		return "Deno is not installed (DENO_PATH)"
	}
	if _, err := os.Stat(filepath.Join(h.o.PackageDir, "node_modules", "@supabase", "postgres-meta", "package.json")); err != nil {
		return "@supabase/postgres-meta@" + Version + " is not installed in " + h.o.PackageDir + " (PG_META_PATH; scripts/lib.sh ensure_pgmeta installs it)"
	}
	return ""
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if status, msg := h.authorize(r); status != 0 {
		_ = httpx.WriteJSON(w, status, map[string]any{"message": msg})
		return
	}
	if why := h.installed(); why != "" {
		w.Header().Set("Retry-After", httpx.RetryAfterUnavailable)
		_ = httpx.WriteJSON(w, http.StatusServiceUnavailable, map[string]any{"message": "Studio's database API is not installed: " + why})
		return
	}
	c, err := h.running(r.Context())
	if err != nil {
		h.o.Logger.ErrorContext(r.Context(), "postgres-meta did not start", "err", err)
		w.Header().Set("Retry-After", httpx.RetryAfterUnavailable)
		_ = httpx.WriteJSON(w, http.StatusServiceUnavailable, map[string]any{"message": "Studio's database API did not start"})
		return
	}
	c.serve(w, r)
}

// authorize lets only the service role through, as Kong's key-auth and ACL do for
// /pg/ (with the status and messages of its key-auth: 401 for every refusal). The
// apikey (header or query) or the bearer may carry it: Studio sends its service
// key as apikey and passes the browser's Authorization along.
func (h *Handler) authorize(r *http.Request) (int, string) {
	apikey := r.Header.Get("apikey")
	if apikey == "" {
		apikey = r.URL.Query().Get("apikey")
	}
	bearer := jwtauth.BearerToken(r)
	if apikey == "" && bearer == "" {
		return http.StatusUnauthorized, "No API key found in request"
	}
	for _, cred := range []string{apikey, bearer} {
		if cred == "" {
			continue
		}
		id, err := h.o.Verifier.FromKey(cred)
		if err != nil {
			id, err = h.o.Verifier.Verify(cred)
		}
		if err == nil && id.Role == jwtauth.RoleService {
			return 0, ""
		}
	}
	return http.StatusUnauthorized, "Invalid authentication credentials"
}

// running returns the live child, starting one when there is none (or it died).
func (h *Handler) running(ctx context.Context) (*child, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.child != nil && !h.child.exited() {
		return h.child, nil
	}
	if h.o.Prepare != nil {
		if err := h.o.Prepare(ctx); err != nil {
			return nil, err
		}
	}
	c, err := start(ctx, &h.o)
	if err != nil {
		return nil, err
	}
	h.child = c
	return c, nil
}

// Run stops the child once idle for IdleTimeout, and when ctx ends.
func (h *Handler) Run(ctx context.Context) {
	every := max(h.o.IdleTimeout/4, 100*time.Millisecond)
	t := time.NewTicker(min(every, 5*time.Second))
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			h.Stop()
			return
		case <-t.C:
		}
		h.mu.Lock()
		if c := h.child; c != nil && c.idleFor() > h.o.IdleTimeout {
			h.o.Logger.Info("postgres-meta idle: stopped", "idle", c.idleFor().Round(time.Second))
			c.stop()
			h.child = nil
		}
		h.mu.Unlock()
	}
}

// Stop stops the child, if one runs.
func (h *Handler) Stop() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.child != nil {
		h.child.stop()
		h.child = nil
	}
}

// Pid is the child's process id, 0 when none runs (tests, measurements).
func (h *Handler) Pid() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.child == nil || h.child.exited() {
		return 0
	}
	return h.child.proc.Pid()
}
