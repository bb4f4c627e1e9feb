package replicas

import "github.com/prometheus/client_golang/prometheus"

var (
	readsDesc     = prometheus.NewDesc("db_reads_total", "Read-only API requests (/rest/v1 GET and HEAD) by the database that ran them.", []string{"target"}, nil)
	onPrimaryDesc = prometheus.NewDesc("db_reads_on_primary_total", "Reads run on the primary, by why no replica ran them.", []string{"reason"}, nil)
	repReadsDesc  = prometheus.NewDesc("db_replica_reads_total", "Reads run on each read replica.", []string{"replica"}, nil)
	repUpDesc     = prometheus.NewDesc("db_replica_up", "1 while a read replica serves reads (reachable, in recovery, within DATABASE_REPLICA_MAX_LAG).", []string{"replica"}, nil)
	repLagDesc    = prometheus.NewDesc("db_replica_lag_seconds", "Time since the primary's WAL position the replica has replayed (at its last check).", []string{"replica"}, nil)
	repBytesDesc  = prometheus.NewDesc("db_replica_lag_bytes", "WAL bytes the replica had still to replay at its last check.", []string{"replica"}, nil)
)

// Collector exports the reads per target and each replica's state and lag.
func (s *Set) Collector() prometheus.Collector { return collector{s} }

type collector struct{ s *Set }

// Describe lists what Collect sends: one list of the metrics, in Collect.
func (c collector) Describe(ch chan<- *prometheus.Desc) { prometheus.DescribeByCollect(c, ch) }

func (c collector) Collect(ch chan<- prometheus.Metric) {
	s := c.s
	for _, r := range s.reps {
		st := r.state.Load()
		n := r.reads.Load()
		up := 0.0
		if st.fit {
			up = 1
		}
		ch <- prometheus.MustNewConstMetric(repReadsDesc, prometheus.CounterValue, float64(n), r.Name)
		ch <- prometheus.MustNewConstMetric(repUpDesc, prometheus.GaugeValue, up, r.Name)
		ch <- prometheus.MustNewConstMetric(repLagDesc, prometheus.GaugeValue, st.lag.Seconds(), r.Name)
		ch <- prometheus.MustNewConstMetric(repBytesDesc, prometheus.GaugeValue, float64(st.lagBytes), r.Name)
	}
	onPrimary, onReplicas := s.Reads()
	ch <- prometheus.MustNewConstMetric(readsDesc, prometheus.CounterValue, float64(onPrimary), "primary")
	ch <- prometheus.MustNewConstMetric(readsDesc, prometheus.CounterValue, float64(onReplicas), "replica")
	for i, name := range reasonNames {
		ch <- prometheus.MustNewConstMetric(onPrimaryDesc, prometheus.CounterValue, float64(s.onPrimary[i].Load()), name)
	}
}
