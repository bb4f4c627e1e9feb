package httpx

import (
	"net/http"
	"strings"
)

// CORSHeaders are the request headers supabase-js sends.
const CORSHeaders = "apikey, authorization, x-client-info, content-type, prefer, range, accept-profile, content-profile, x-upsert, x-supabase-api-version, cache-control, x-retry-count, if-none-match, accept"

// CORSExpose are the response headers clients must be able to read.
const CORSExpose = "Content-Range, Content-Location, Location, Range-Unit, Preference-Applied, X-Total-Count, X-Supabase-Api-Version, X-Request-Id, ETag, Content-Length, Content-Type, Content-Disposition, Last-Modified, Cache-Control, X-Sb-Error-Code"

// CORS answers preflights and lets any origin call the API with the Supabase headers,
// as Supabase's gateway does (authorization is by token, not by origin). It never
// sends Access-Control-Allow-Credentials: credentials here are headers the caller
// sets itself, never cookies or HTTP auth, and a reflected origin together with
// credentials would let any site ride whatever ambient credentials a browser may
// one day hold for this (shared API and site) origin.
func CORS(next http.Handler) http.Handler { return CORSPassingPreflights("")(next) }

// CORSPassingPreflights is CORS, except that preflights under prefix reach the
// handler (with the headers above already set): Supabase's functions answer
// their own preflight. "" = none pass.
func CORSPassingPreflights(prefix string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler { return cors(prefix, next) }
}

func cors(passPrefix string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		origin := r.Header.Get("Origin")
		if origin == "" {
			origin = "*"
		} else {
			h.Add("Vary", "Origin")
		}
		h.Set("Access-Control-Allow-Origin", origin)
		h.Set("Access-Control-Expose-Headers", CORSExpose)
		preflight := r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""
		if preflight && (passPrefix == "" || !strings.HasPrefix(r.URL.Path, passPrefix)) {
			h.Set("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS")
			allow := r.Header.Get("Access-Control-Request-Headers")
			if allow == "" {
				allow = CORSHeaders
			}
			h.Set("Access-Control-Allow-Headers", allow)
			h.Set("Access-Control-Max-Age", "86400")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}
