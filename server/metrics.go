package main

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"casarent/server/httpx"
)

// metrics holds the Prometheus registry: requests and latency per surface, pool stats.
type metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

func newMetrics(pool *pgxpool.Pool, dials *dialGate) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "http_requests_total", Help: "HTTP requests by surface, method and status.",
		}, []string{"surface", "method", "code"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "http_request_duration_seconds", Help: "HTTP request latency by surface.",
			Buckets: []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10},
		}, []string{"surface"}),
	}
	m.reg.MustRegister(m.requests, m.latency, collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}), poolCollector{pool, dials})
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

func (m *metrics) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		next.ServeHTTP(w, r)
		s := surfaceOf(r.URL.Path)
		m.requests.WithLabelValues(s, r.Method, strconv.Itoa(httpx.Status(w))).Inc()
		m.latency.WithLabelValues(s).Observe(time.Since(start).Seconds())
	})
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// poolCollector exports pgxpool statistics.
type poolCollector struct {
	pool  *pgxpool.Pool
	dials *dialGate
}

var (
	poolTotal    = prometheus.NewDesc("db_pool_connections", "Connections in the pool by state.", []string{"state"}, nil)
	poolAcquires = prometheus.NewDesc("db_pool_acquires_total", "Connections acquired from the pool.", nil, nil)
	poolWait     = prometheus.NewDesc("db_pool_acquire_wait_seconds_total", "Time spent waiting for a connection.", nil, nil)
	poolDials    = prometheus.NewDesc("db_dials_total", "Connection attempts: sent to PostgreSQL, or refused at once while it is down.", []string{"result"}, nil)
)

func (c poolCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- poolTotal
	ch <- poolAcquires
	ch <- poolWait
	ch <- poolDials
}

func (c poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.pool.Stat()
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.IdleConns()), "idle")
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.AcquiredConns()), "acquired")
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.MaxConns()), "max")
	ch <- prometheus.MustNewConstMetric(poolAcquires, prometheus.CounterValue, float64(s.AcquireCount()))
	ch <- prometheus.MustNewConstMetric(poolWait, prometheus.CounterValue, s.AcquireDuration().Seconds())
	if c.dials != nil {
		ch <- prometheus.MustNewConstMetric(poolDials, prometheus.CounterValue, float64(c.dials.attempts.Load()), "sent")
		ch <- prometheus.MustNewConstMetric(poolDials, prometheus.CounterValue, float64(c.dials.refused.Load()), "refused")
	}
}

// connCollector exports the listener's connection counts.
type connCollector struct{ ln *httpx.LimitListener }

var (
	connsOpen    = prometheus.NewDesc("http_connections_open", "Client connections open now.", nil, nil)
	connsRefused = prometheus.NewDesc("http_connections_refused_total", "Client connections closed at once: over the per-address or total cap.", nil, nil)
)

func (c connCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- connsOpen
	ch <- connsRefused
}

func (c connCollector) Collect(ch chan<- prometheus.Metric) {
	ch <- prometheus.MustNewConstMetric(connsOpen, prometheus.GaugeValue, float64(c.ln.Open()))
	ch <- prometheus.MustNewConstMetric(connsRefused, prometheus.CounterValue, float64(c.ln.Dropped.Load()))
}
