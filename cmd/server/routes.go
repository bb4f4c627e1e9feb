package main

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"casarent/functions"
	"casarent/server/httpx"
	"casarent/server/jwtauth"
)

// surfaces are the mounted APIs; nil ones answer 503 until they exist.
type surfaces struct {
	rest, auth, storage, functions, realtime, pg http.Handler
	functionsAdmin                               http.Handler // deploys functions and their secrets
}

// routes is THE url map of the server.
func (a *app) routes() http.Handler {
	r := chi.NewRouter()
	// Compress wraps Log: Log's status writer stays what every inner middleware and
	// handler sees (httpx.Status, Adapt read it).
	// BodyDeadline covers every route, /health and pages included: the server
	// drains an unread body after any handler.
	r.Use(httpx.BodyDeadline(a.cfg.HTTP.BodyTimeout), httpx.RequestID,
		httpx.TrustProxies(a.cfg.Auth.RateLimit.Header, a.cfg.HTTP.TrustedProxies),
		httpx.Compress, httpx.Log(a.log), a.metrics.Middleware, httpx.CORSPassingPreflights("/functions/v1/"), a.markWrites)

	r.Get("/health", a.handleHealth)
	r.Head("/health", a.handleHealth)
	r.Handle("/metrics", a.requireServiceKey(a.metrics.Handler()))

	// Bodies must keep coming: at least 1 KiB/s on average after 5 s, never
	// HTTP_BODY_TIMEOUT (10 s) without a byte (storage uploads included: a phone on
	// airport data manages that).
	api := r.With(a.verifier.Middleware, httpx.MinBodyRate(1<<10, 5*time.Second, a.cfg.HTTP.BodyTimeout))
	api.With(httpx.BodyLimit(a.cfg.MaxBodyBytes)).Mount("/rest/v1", http.StripPrefix("/rest/v1", orUnavailable(a.surf.rest)))
	api.With(httpx.BodyLimit(a.cfg.MaxBodyBytes)).Mount("/auth/v1", http.StripPrefix("/auth/v1", orUnavailable(a.surf.auth)))
	api.With(httpx.BodyLimit(a.cfg.Storage.FileSizeLimit+1<<20)).Mount("/storage/v1", http.StripPrefix("/storage/v1", orUnavailable(a.surf.storage)))
	api.With(httpx.BodyLimit(a.cfg.MaxBodyBytes)).Route("/functions/v1", func(fn chi.Router) {
		fn.Mount("/", http.StripPrefix("/functions/v1", orUnavailable(a.surf.functions)))
		// Deploying is not invoking: the service role's API has its own mount.
		admin := http.StripPrefix("/functions/v1", orUnavailable(a.surf.functionsAdmin))
		for _, p := range functions.AdminPaths {
			fn.Handle(p, admin)
			fn.Handle(p+"/*", admin)
		}
	})
	// Supabase Studio's database API; postgres-meta's own body limit (SQL editor scripts).
	r.With(httpx.MinBodyRate(1<<10, 5*time.Second, a.cfg.HTTP.BodyTimeout), httpx.BodyLimit(3<<20)).Mount("/pg", http.StripPrefix("/pg", orUnavailable(a.surf.pg)))
	// Websockets: no body limits (the upgrade has no body; frames are limited by realtime).
	r.With(a.verifier.Middleware).Mount("/realtime/v1", http.StripPrefix("/realtime/v1", orUnavailable(a.surf.realtime)))

	if a.site == nil { // another project than the rental's: the APIs alone
		r.NotFound(func(w http.ResponseWriter, r *http.Request) {
			_ = httpx.WriteJSON(w, http.StatusNotFound, map[string]any{"message": "no route matches " + r.URL.Path})
		})
		return r
	}
	r.Get("/app-config.js", a.site.ServeConfig)
	r.Get("/sitemap.xml", a.site.ServeSitemap)
	r.Get("/robots.txt", a.site.ServeRobots)
	r.NotFound(httpx.CompressPages(a.site).ServeHTTP)
	return r
}

func orUnavailable(h http.Handler) http.Handler {
	if h != nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = httpx.WriteJSON(w, http.StatusServiceUnavailable, map[string]any{"message": "this API is not available in this build"})
	})
}

func (a *app) handleHealth(w http.ResponseWriter, r *http.Request) {
	if err := a.db.Health(r.Context()); err != nil {
		// The driver's error names hosts, users and databases: log it, do not send it.
		a.log.WarnContext(r.Context(), "health check failed", "err", err, "request_id", httpx.RequestIDFrom(r.Context()))
		w.Header().Set("Retry-After", httpx.RetryAfterUnavailable)
		_ = httpx.WriteJSON(w, http.StatusServiceUnavailable, map[string]any{"status": "unhealthy", "database": "down"})
		return
	}
	body := map[string]any{"status": "ok", "database": "up"}
	if a.site == nil {
		_ = httpx.WriteJSON(w, http.StatusOK, body)
		return
	}
	if state, rendered := a.site.PagesState(); rendered {
		// Pages are served before their server render is ready (as the shell); say which.
		body["pages"] = state
	}
	_ = httpx.WriteJSON(w, http.StatusOK, body)
}

// requireServiceKey lets only the service_role key (as apikey or bearer, what a
// Prometheus scrape job's authorization is set to) through: /metrics shares the
// public listener and exposes traffic, pool and process figures.
func (a *app) requireServiceKey(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if id, err := a.verifier.Authenticate(r); err != nil || id == nil || id.Role != jwtauth.RoleService {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			_ = httpx.WriteJSON(w, http.StatusUnauthorized, map[string]any{"message": "the service_role key is required"})
			return
		}
		next.ServeHTTP(w, r)
	})
}
