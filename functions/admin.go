package functions

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"casarent/server/jwtauth"
)

// AdminPaths are where the deploy API lives under /functions/v1, mounted apart
// from invocation: no function's name starts with "_".
var AdminPaths = []string{"/" + deployPath, "/" + secretsPath}

// Admin is the service role's API for the project's functions, relative to
// /functions/v1 (the server mounts it at AdminPaths):
//
//	GET    /_deploy                  the deployed versions
//	POST   /_deploy/{name}           sources (multipart/form-data) or a bundle
//	POST   /_deploy/{name}/rollback  the version before comes back
//	GET    /_secrets                 the secrets' names
//	PUT    /_secrets                 {"NAME": "value", …} stored, sealed
//	DELETE /_secrets/{name}
//
// It is nil without file functions or a database to keep them in.
func (rt *Runtime) Admin() http.Handler {
	fr := rt.files
	if fr == nil || fr.opts.Pool == nil {
		return nil
	}
	r := chi.NewRouter()
	r.Use(serviceRoleOnly)
	r.Get("/"+deployPath, fr.listDeployed)
	r.Post("/"+deployPath+"/{name}", fr.deploy)
	r.Post("/"+deployPath+"/{name}/rollback", fr.rollback)
	r.Get("/"+secretsPath, fr.listSecrets)
	r.Put("/"+secretsPath, fr.putSecrets)
	r.Delete("/"+secretsPath+"/{name}", fr.deleteSecret)
	r.NotFound(func(w http.ResponseWriter, r *http.Request) {
		writeGateway(w, http.StatusNotFound, "NOT_FOUND", "unknown deploy request")
	})
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
		writeGateway(w, http.StatusNotFound, "NOT_FOUND", "unknown deploy request")
	})
	return r
}

// serviceRoleOnly lets the service role through; anyone else is told why.
func serviceRoleOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		setCORS(w, r)
		if id, err := jwtauth.FromContext(r.Context()); err != nil || id == nil || id.Role != "service_role" {
			writeGateway(w, http.StatusUnauthorized, "UNAUTHORIZED", "deploying functions and their secrets needs the service role key")
			return
		}
		next.ServeHTTP(w, r)
	})
}
