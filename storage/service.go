package storage

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/config"
	"casarent/server/httpx"
)

// Options are the dependencies of the storage surface.
type Options struct {
	Pool      *pgxpool.Pool // connects as "authenticator"; metadata work runs as the caller through pgrole
	Backend   Backend
	Config    config.Storage
	JWTSecret string // signs signed URLs (a JWT carrying the object path, as Supabase does)
	Logger    *slog.Logger
	Now       func() time.Time
	// RenderLimiter counts image renders per client address; nil means the
	// in-process token buckets of Config.RenderBurst / RenderPerMinute.
	RenderLimiter RenderLimiter
}

// Service is the /storage/v1 handler.
type Service struct {
	pool    *pgxpool.Pool
	backend Backend
	cfg     config.Storage
	secret  []byte
	log     *slog.Logger
	now     func() time.Time
	mux     http.Handler

	lastSweep atomic.Int64 // unix nanos of the last orphan sweep start
	sweeping  atomic.Bool
	sweeps    sync.WaitGroup // the background sweep in flight, if any (Idle)

	renders *renderCache
	sniffed sniffMemo // media type of stored bytes, per ETag (renders)
	limiter RenderLimiter
	slots   *renderSlots
}

// New returns the handler of paths relative to /storage/v1 ("/bucket",
// "/object/public/b/p", "/render/image/..."). The caller's identity comes from
// the jwtauth middleware the server installs.
func New(opts Options) http.Handler {
	s := &Service{
		pool: opts.Pool, backend: opts.Backend, cfg: opts.Config,
		secret: []byte(opts.JWTSecret), log: opts.Logger, now: opts.Now,
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.now == nil {
		s.now = time.Now
	}
	// The settings' defaults are server/config's (config.Load, or
	// config.StorageDefaults where a test or benchmark builds the surface).
	s.renders = newRenderCache(s.backend, s.cfg.RenderCacheBytes, s.log)
	s.limiter = opts.RenderLimiter
	if s.limiter == nil {
		s.limiter = newMemoryLimiter(s.cfg.RenderBurst, s.cfg.RenderPerMinute, s.now)
	}
	s.slots = newRenderSlots(s.cfg.RenderConcurrency, s.cfg.RenderQueueTimeout)
	s.mux = s.routes()
	return s
}

func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.maybeSweep()
	s.mux.ServeHTTP(w, r)
}

func (s *Service) h(fn httpx.HandlerFunc) http.HandlerFunc {
	return httpx.Adapt(s.render, fn).ServeHTTP
}

func (s *Service) routes() http.Handler {
	r := chi.NewRouter()
	r.NotFound(s.h(func(w http.ResponseWriter, r *http.Request) error {
		return &apiError{status: 404, code: "NotFound", errText: "Not Found", message: "Route " + r.Method + ":" + r.URL.Path + " not found", http: 404}
	}))

	r.Get("/bucket", s.h(s.listBuckets))
	r.Post("/bucket", s.h(s.createBucket))
	r.Get("/bucket/{bucket}", s.h(s.getBucket))
	r.Put("/bucket/{bucket}", s.h(s.updateBucket))
	r.Delete("/bucket/{bucket}", s.h(s.deleteBucket))
	r.Post("/bucket/{bucket}/empty", s.h(s.emptyBucket))

	r.Post("/object/list/{bucket}", s.h(s.listObjects))
	// Before "/object/{bucket}/*" in spirit: chi prefers the static segment, so
	// list-v2 is never read as an upload to a bucket named "list-v2".
	r.Post("/object/list-v2/{bucket}", s.h(s.listObjectsV2))
	r.Post("/object/move", s.h(s.moveObject))
	r.Post("/object/copy", s.h(s.copyObject))

	r.Post("/object/sign/{bucket}", s.h(s.signURLs))
	r.Post("/object/sign/{bucket}/*", s.h(s.signURL))
	r.Get("/object/sign/{bucket}/*", s.h(s.getSigned))
	r.Head("/object/sign/{bucket}/*", s.h(s.getSigned))
	r.Post("/object/upload/sign/{bucket}/*", s.h(s.signUploadURL))
	r.Put("/object/upload/sign/{bucket}/*", s.h(s.uploadSigned))

	r.Get("/object/public/{bucket}/*", s.h(s.getPublic))
	r.Head("/object/public/{bucket}/*", s.h(s.getPublic))
	r.Get("/object/authenticated/{bucket}/*", s.h(s.getAuthenticated))
	r.Head("/object/authenticated/{bucket}/*", s.h(s.getAuthenticated))
	r.Get("/object/info/public/{bucket}/*", s.h(s.infoPublic))
	r.Get("/object/info/authenticated/{bucket}/*", s.h(s.infoAuthenticated))
	r.Get("/object/info/{bucket}/*", s.h(s.infoAuthenticated))

	r.Delete("/object/{bucket}", s.h(s.deleteObjects))
	r.Post("/object/{bucket}/*", s.h(s.uploadPost))
	r.Put("/object/{bucket}/*", s.h(s.uploadPut))
	r.Get("/object/{bucket}/*", s.h(s.getAuthenticated))
	r.Head("/object/{bucket}/*", s.h(s.getAuthenticated))
	r.Delete("/object/{bucket}/*", s.h(s.deleteObject))

	r.Get("/render/image/public/{bucket}/*", s.h(s.renderPublic))
	r.Get("/render/image/authenticated/{bucket}/*", s.h(s.renderAuthenticated))
	r.Get("/render/image/sign/{bucket}/*", s.h(s.renderSigned))
	return r
}

// detached is ctx without its cancellation, for clean-up that must finish
// after the client has gone.
func detached(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
}
