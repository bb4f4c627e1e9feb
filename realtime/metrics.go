package realtime

import (
	"math"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// stats are the figures /metrics exports (Collector).
type stats struct {
	connections atomic.Int64
	channels    atomic.Int64
	msgsIn      atomic.Int64
	msgsOut     atomic.Int64
	changes     atomic.Int64 // changes read from the WAL and dispatched
	lagNanos    atomic.Int64 // commit to dispatch of the last change with subscribers
	fanIn       atomic.Int64 // broadcasts received from other servers
	fanOut      atomic.Int64 // reader: change notifications published
	fanLarge    atomic.Int64 // reader: of which stored in realtime.fanout_changes
	reclaimed   atomic.Int64 // presence entries of dead servers removed
}

var (
	descConnections = prometheus.NewDesc("realtime_connections", "Open realtime websockets.", nil, nil)
	descChannels    = prometheus.NewDesc("realtime_channels", "Joined realtime channels.", nil, nil)
	descMessages    = prometheus.NewDesc("realtime_messages_total", "Realtime websocket messages, received (in) and sent (out).", []string{"direction"}, nil)
	descChanges     = prometheus.NewDesc("realtime_changes_total", "Committed changes read from the replication stream.", nil, nil)
	descUp          = prometheus.NewDesc("realtime_replication_up", "1 while changes reach this server (its listener runs and a reader streams the slot).", nil, nil)
	descFanIn       = prometheus.NewDesc("realtime_fanout_received_total", "Broadcasts received from other servers through PostgreSQL.", nil, nil)
	descLeader      = prometheus.NewDesc("realtime_replication_reader", "1 while this server is the elected replication reader.", nil, nil)
	descSlotLag     = prometheus.NewDesc("realtime_replication_slot_lag_bytes", "WAL the reader's slot holds (current WAL position minus its confirmed position; -1 before the slot exists): it grows while no server reads.", nil, nil)
	descFanOut      = prometheus.NewDesc("realtime_changes_published_total", "Reader: change notifications published to the servers (large ones through a table).", []string{"via"}, nil)
	descReclaimed   = prometheus.NewDesc("realtime_presence_reclaimed_total", "Presence entries of dead servers removed.", nil, nil)
	descLimited     = prometheus.NewDesc("realtime_limited_total", "Client messages refused by a per-client limit (events, joins, channels, bindings, payload, presence).", []string{"limit"}, nil)
	descLag         = prometheus.NewDesc("realtime_replication_lag_seconds", "On this server, from commit to delivery of the last change that had subscribers (through the reader and the fan-out).", nil, nil)
)

// Collector returns the surface's Prometheus collector (the server registers it).
func (rt *Realtime) Collector() prometheus.Collector { return collector{rt} }

type collector struct{ rt *Realtime }

func (c collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descConnections, descChannels, descMessages, descChanges, descUp, descLag, descFanIn, descLeader, descSlotLag, descFanOut, descReclaimed, descLimited} {
		ch <- d
	}
}

func (c collector) Collect(ch chan<- prometheus.Metric) {
	s := &c.rt.stats
	up := 0.0
	if c.rt.ready() {
		up = 1
	}
	leader := 0.0
	if c.rt.leader.Load() {
		leader = 1
	}
	ch <- prometheus.MustNewConstMetric(descConnections, prometheus.GaugeValue, float64(s.connections.Load()))
	ch <- prometheus.MustNewConstMetric(descChannels, prometheus.GaugeValue, float64(s.channels.Load()))
	ch <- prometheus.MustNewConstMetric(descMessages, prometheus.CounterValue, float64(s.msgsIn.Load()), "in")
	ch <- prometheus.MustNewConstMetric(descMessages, prometheus.CounterValue, float64(s.msgsOut.Load()), "out")
	ch <- prometheus.MustNewConstMetric(descChanges, prometheus.CounterValue, float64(s.changes.Load()))
	ch <- prometheus.MustNewConstMetric(descUp, prometheus.GaugeValue, up)
	ch <- prometheus.MustNewConstMetric(descFanIn, prometheus.CounterValue, float64(s.fanIn.Load()))
	ch <- prometheus.MustNewConstMetric(descLeader, prometheus.GaugeValue, leader)
	ch <- prometheus.MustNewConstMetric(descSlotLag, prometheus.GaugeValue, float64(c.rt.slotLag.Load()))
	ch <- prometheus.MustNewConstMetric(descFanOut, prometheus.CounterValue, float64(s.fanOut.Load()-s.fanLarge.Load()), "notify")
	ch <- prometheus.MustNewConstMetric(descFanOut, prometheus.CounterValue, float64(s.fanLarge.Load()), "table")
	ch <- prometheus.MustNewConstMetric(descReclaimed, prometheus.CounterValue, float64(s.reclaimed.Load()))
	l := &c.rt.limited
	for name, n := range map[string]int64{"events": l.events.Load(), "joins": l.joins.Load(), "channels": l.channels.Load(),
		"bindings": l.bindings.Load(), "payload": l.payload.Load(), "presence": l.presence.Load()} {
		ch <- prometheus.MustNewConstMetric(descLimited, prometheus.CounterValue, float64(n), name)
	}
	ch <- prometheus.MustNewConstMetric(descLag, prometheus.GaugeValue, time.Duration(s.lagNanos.Load()).Seconds())
}

func (s *stats) observeLag(commit, now time.Time) {
	d := max(now.Sub(commit), 0) // the clocks of the database and the server differ
	s.lagNanos.Store(int64(math.Min(float64(d), math.MaxInt64)))
}
