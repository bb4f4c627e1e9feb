package main

import (
	"net/http"
	"strings"
	"testing"
)

func TestMetricsCountRequestsPerSurface(t *testing.T) {
	a, h := newTestApp(t, nil)
	if rec := do(h, http.MethodGet, "/rest/v1/cars?select=id", map[string]string{"apikey": a.cfg.AnonKey}); rec.Code != http.StatusOK {
		t.Fatalf("rest: %d %s", rec.Code, rec.Body)
	}
	if rec := do(h, http.MethodGet, "/auth/v1/health", map[string]string{"apikey": a.cfg.AnonKey}); rec.Code != http.StatusOK {
		t.Fatalf("auth health: %d %s", rec.Code, rec.Body)
	}
	body := do(h, http.MethodGet, "/metrics", map[string]string{"Authorization": "Bearer " + a.cfg.ServiceRoleKey}).Body.String()
	for _, want := range []string{
		`http_requests_total{code="200",method="GET",surface="rest"} 1`,
		`http_requests_total{code="200",method="GET",surface="auth"} 1`,
		`http_request_duration_seconds_count{surface="rest"} 1`,
		`db_pool_connections{state="max"}`,
		// Without read replicas, every read on the primary.
		`db_reads_total{target="primary"} 1`,
		`db_reads_total{target="replica"} 0`,
		`db_reads_on_primary_total{reason="no_replica"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}

// /metrics shares the public listener: it must not be readable with no key or
// with the anon key (it exposes traffic, pool and process figures), only with
// the service_role key, which is what a Prometheus scrape job is given.
func TestMetricsNeedTheServiceKey(t *testing.T) {
	a, h := newTestApp(t, nil)
	for name, hdr := range map[string]map[string]string{
		"no key":    nil,
		"anon key":  {"apikey": a.cfg.AnonKey},
		"anon bear": {"Authorization": "Bearer " + a.cfg.AnonKey},
		"bad key":   {"Authorization": "Bearer nope"},
	} {
		rec := do(h, http.MethodGet, "/metrics", hdr)
		if rec.Code != http.StatusUnauthorized || strings.Contains(rec.Body.String(), "db_pool") {
			t.Errorf("%s: %d %.80s", name, rec.Code, rec.Body)
		}
	}
	for name, hdr := range map[string]map[string]string{
		"bearer": {"Authorization": "Bearer " + a.cfg.ServiceRoleKey},
		"apikey": {"apikey": a.cfg.ServiceRoleKey},
	} {
		rec := do(h, http.MethodGet, "/metrics", hdr)
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), "db_pool_connections") {
			t.Errorf("%s: %d %.80s", name, rec.Code, rec.Body)
		}
	}
}
