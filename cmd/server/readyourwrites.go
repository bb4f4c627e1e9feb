package main

import (
	"net/http"
	"strings"

	"casarent/server/httpx"
)

// markWrites tells the read router (server/replicas) who has just written, once
// the request has ended: then that caller's /rest/v1 reads run on the primary
// until a read replica has replayed the write. A request may write unless it is
// a GET, HEAD or OPTIONS; under /auth/v1 and /functions/v1 a GET may write too
// (an email link, an OAuth callback, a function).
func (a *app) markWrites(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r)
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			if !strings.HasPrefix(r.URL.Path, "/auth/v1/") && !strings.HasPrefix(r.URL.Path, "/functions/v1/") {
				return
			}
		}
		a.db.Reads.Wrote(httpx.ClientIP(r, a.cfg.Auth.RateLimit.Header))
	})
}
