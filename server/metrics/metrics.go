// Package metrics is the server's Prometheus registry: requests and latency per
// surface, the Go runtime and the process; the other parts of the server add
// their own collectors (the pool, the listener, the page store, the surfaces).
package metrics

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"casarent/server/httpx"
)

// Metrics holds the registry and the request counters.
type Metrics struct {
	Registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

// New is a registry with the request counters, the Go and process collectors
// and extra.
func New(extra ...prometheus.Collector) *Metrics {
	m := &Metrics{
		Registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "http_requests_total", Help: "HTTP requests by surface, method and status.",
		}, []string{"surface", "method", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "http_request_duration_seconds", Help: "HTTP request latency by surface.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10},
		}, []string{"surface"}),
	}
	m.Registry.MustRegister(m.requests, m.latency, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.Registry.MustRegister(extra...)
	return m
}

// surfaceOf names the part of the server a path belongs to (bounded label values).
func surfaceOf(path string) string {
	for _, s := range []string{"rest", "auth", "storage", "functions", "realtime"} {
		if strings.HasPrefix(path, "/"+s+"/v1") {
			return s
		}
	}
	switch path {
	case "/health", "/metrics":
		return strings.TrimPrefix(path, "/")
	}
	return "site"
}

// Middleware counts each request and its latency by surface.
func (m *Metrics) Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		next.ServeHTTP(w, r)
		s := surfaceOf(r.URL.Path)
		m.requests.WithLabelValues(s, r.Method, strconv.Itoa(httpx.Status(w))).Inc()
		m.latency.WithLabelValues(s).Observe(time.Since(start).Seconds())
	})
}

// Handler serves the registry in Prometheus's text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.Registry, promhttp.HandlerOpts{})
}
