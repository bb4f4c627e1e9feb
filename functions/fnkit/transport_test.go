package fnkit_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"casarent/functions/fnkit"
	"casarent/server/jwtauth"
)

// A function mounted in a chi router calls another chi-routed surface in process,
// as admin-users calls /auth/v1: routing must start afresh and the caller's
// identity must not leak into the other surface.
func TestHandlerTransportInsideRouter(t *testing.T) {
	inner := chi.NewRouter()
	inner.Post("/admin/users", func(w http.ResponseWriter, r *http.Request) {
		_, err := jwtauth.FromContext(r.Context())
		body, _ := io.ReadAll(r.Body)
		_ = fnkit.JSON(w, http.StatusCreated, map[string]any{"path": r.URL.Path, "apikey": r.Header.Get("apikey"),
			"body": string(body), "identityLeaked": err == nil})
	})
	client := &http.Client{Transport: &fnkit.HandlerTransport{Handler: inner}}

	outer := chi.NewRouter()
	outer.Mount("/functions/v1", http.StripPrefix("/functions/v1", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r = r.WithContext(jwtauth.WithIdentity(r.Context(), &jwtauth.Identity{Role: "authenticated", Subject: "caller"}))
		req, _ := http.NewRequestWithContext(r.Context(), http.MethodPost, "http://auth.internal/admin/users", strings.NewReader(`{"a":1}`))
		req.Header.Set("apikey", "k")
		res, err := client.Do(req)
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		defer res.Body.Close()
		w.Header().Set("X-Inner-Status", res.Status)
		_, _ = io.Copy(w, res.Body)
	})))
	srv := httptest.NewServer(outer)
	defer srv.Close()

	res, err := http.Post(srv.URL+"/functions/v1/admin-users", "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		t.Fatalf("inner answer: %v (status %s)", err, res.Header.Get("X-Inner-Status"))
	}
	if out["path"] != "/admin/users" || out["apikey"] != "k" || out["body"] != `{"a":1}` || out["identityLeaked"] != false {
		t.Fatalf("inner request: %v", out)
	}
	if !strings.HasPrefix(res.Header.Get("X-Inner-Status"), "201") {
		t.Fatalf("status %q", res.Header.Get("X-Inner-Status"))
	}
}
