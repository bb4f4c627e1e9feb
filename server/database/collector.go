package database

import "github.com/prometheus/client_golang/prometheus"

// Collector exports the request pool's statistics, the dial gate's counts and
// the reads per target (primary, replicas) with the replicas' lag.
func (d *DB) Collector() prometheus.Collector { return poolCollector{d} }

// poolCollector exports pgxpool statistics.
type poolCollector struct{ d *DB }

var (
	poolTotal    = prometheus.NewDesc("db_pool_connections", "Connections in the pool by state.", []string{"state"}, nil)
	poolAcquires = prometheus.NewDesc("db_pool_acquires_total", "Connections acquired from the pool.", nil, nil)
	poolWait     = prometheus.NewDesc("db_pool_acquire_wait_seconds_total", "Time spent waiting for a connection.", nil, nil)
	poolDials    = prometheus.NewDesc("db_dials_total", "Connection attempts: sent to PostgreSQL, or refused at once while it is down.", []string{"result"}, nil)
)

// Describe lists what Collect sends: one list of the metrics, in Collect.
func (c poolCollector) Describe(ch chan<- *prometheus.Desc) { prometheus.DescribeByCollect(c, ch) }

func (c poolCollector) Collect(ch chan<- prometheus.Metric) {
	s := c.d.Pool.Stat()
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.IdleConns()), "idle")
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.AcquiredConns()), "acquired")
	ch <- prometheus.MustNewConstMetric(poolTotal, prometheus.GaugeValue, float64(s.MaxConns()), "max")
	ch <- prometheus.MustNewConstMetric(poolAcquires, prometheus.CounterValue, float64(s.AcquireCount()))
	ch <- prometheus.MustNewConstMetric(poolWait, prometheus.CounterValue, s.AcquireDuration().Seconds())
	if g := c.d.dials; g != nil {
		ch <- prometheus.MustNewConstMetric(poolDials, prometheus.CounterValue, float64(g.attempts.Load()), "sent")
		ch <- prometheus.MustNewConstMetric(poolDials, prometheus.CounterValue, float64(g.refused.Load()), "refused")
	}
	if c.d.Reads != nil {
		c.d.Reads.Collector().Collect(ch)
	}
}
