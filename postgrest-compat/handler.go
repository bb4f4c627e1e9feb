package postgrest

import (
	"casarent/server/config"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/jwtauth"
)

// Options configure the surface.
type Options struct {
	Pool *pgxpool.Pool // connects as "authenticator"; every request runs through server/pgrole
	// Reads, when set, runs the reads (GET and HEAD in a read-only transaction),
	// possibly on a read replica (server/replicas); nil runs them on Pool, as
	// everything else, the schema cache included.
	Reads  Reader
	Logger *slog.Logger
	// ClientIPHeader is the trusted header holding the caller's address (see
	// httpx.ClientIP), passed to SQL as request.client_ip; empty = the peer.
	ClientIPHeader string
	// Rest is the surface's section of the server's settings, whole: exposed
	// schemas (the first is the default profile), max rows, the extra search path,
	// explain(), and the request budget, which keeps one URL from tying up the
	// database (budget.go). config.RestDefaults() for code that builds the
	// surface without config.Load.
	config.Rest
}

// Reader runs a read-only transaction through run on a pool of its choice.
// caller is the client's address (read-your-writes); primary asks for the
// primary (ReadPrimaryHeader).
type Reader interface {
	Read(ctx context.Context, caller string, primary bool, run func(*pgxpool.Pool) error) error
}

// Handler serves paths relative to /rest/v1.
type Handler struct {
	opts     Options
	cache    atomic.Pointer[Cache]
	reloadMu sync.Mutex
}

// New returns the handler; call Run (or Reload) to load the schema cache. The
// settings' defaults are server/config's (config.Load); New applies none.
func New(opts Options) *Handler {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	return &Handler{opts: opts}
}

// Ready reports whether the schema cache is loaded.
func (h *Handler) Ready() bool { return h.cache.Load() != nil }

// ServeHTTP routes /, /<relation> and /rpc/<function>.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id, err := jwtauth.FromContext(r.Context())
	if err != nil {
		writeError(w, credentialsError(err))
		return
	}
	if id == nil {
		id = &jwtauth.Identity{Role: jwtauth.RoleAnon, ClaimsJSON: []byte(`{"role":"anon"}`)}
	}
	anon := id.Role == jwtauth.RoleAnon
	if err := h.serve(w, r, id); err != nil {
		ae := toAPIError(err, anon)
		if ae.Status >= 500 {
			h.opts.Logger.ErrorContext(r.Context(), "postgrest: request failed", "err", err, "path", r.URL.Path)
		}
		writeError(w, ae)
	}
}

func credentialsError(err error) *apiError {
	var e *apiError
	switch {
	case errors.Is(err, jwtauth.ErrInvalidAPIKey):
		e = newErr(401, "PGRST301", "Invalid API key").
			withHint("Double check your Supabase `anon` or `service_role` API key.")
	case errors.Is(err, jwtauth.ErrExpiredToken):
		e = newErr(401, "PGRST303", "JWT expired")
	case errors.Is(err, jwtauth.ErrUnknownRole):
		e = newErr(401, "PGRST301", "JWT role is not allowed")
	case strings.Contains(err.Error(), "malformed"):
		e = newErr(401, "PGRST301", "JWT couldn't be decoded")
	default:
		e = newErr(401, "PGRST301", "JWT cryptographic operation failed")
	}
	e.Headers = map[string]string{"WWW-Authenticate": `Bearer error="invalid_token", error_description="` + e.Message + `"`}
	return e
}

func (h *Handler) serve(w http.ResponseWriter, r *http.Request, id *jwtauth.Identity) error {
	cache := h.cache.Load()
	if cache == nil {
		w.Header().Set("Retry-After", "1")
		return newErr(503, "PGRST002", "Could not query the database for the schema cache. Retrying.")
	}
	path := strings.TrimPrefix(r.URL.Path, "/")
	segs := strings.Split(path, "/")
	if path != "" && strings.HasSuffix(path, "/") {
		segs = segs[:len(segs)-1]
	}
	schema, profileGiven, err := h.profile(r)
	if err != nil {
		return err
	}
	rc := &reqCtx{h: h, w: w, r: r, id: id, cache: cache, schema: schema, profileGiven: profileGiven || len(h.opts.Schemas) > 1}
	switch {
	case path == "":
		return rc.openAPI()
	case len(segs) == 1:
		return rc.relation(segs[0])
	case len(segs) == 2 && segs[0] == "rpc":
		return rc.rpc(segs[1])
	}
	return newErr(404, "PGRST125", "Invalid path specified in request URL")
}

// profile picks the schema from Accept-Profile (reads) or Content-Profile (writes).
func (h *Handler) profile(r *http.Request) (string, bool, error) {
	hdr := "Accept-Profile"
	switch r.Method {
	case http.MethodGet, http.MethodHead:
	default:
		hdr = "Content-Profile"
	}
	s := r.Header.Get(hdr)
	if s == "" {
		return h.opts.Schemas[0], false, nil
	}
	if !slices.Contains(h.opts.Schemas, s) {
		return "", false, errSchemaNotExposed(s, h.opts.Schemas)
	}
	return s, true, nil
}
