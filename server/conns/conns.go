// Package conns bounds the connections the server accepts, so that no number of
// sockets that never finish a request can take the file limit: every phase of a
// request has a deadline (NewHTTPServer, and httpx.BodyDeadline in the routes),
// and the listener caps connections per peer address and in total (Listen).
package conns

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"

	"github.com/prometheus/client_golang/prometheus"

	"casarent/server/config"
	"casarent/server/httpx"
)

// minConns is the least total cap a file limit should leave: below it the
// server could hardly serve a few browsers and API clients at once.
const minConns = 64

// Cap is the total connection cap: CONN_LIMIT_TOTAL when set, else the file
// limit less room for everything else that holds a file: the database pools (the
// request pool, the replication and migration connections), the storage files
// and render cache, outgoing HTTP and SMTP, function workers and the log. The
// room is an eighth of the limit and never less than twice the pool plus 256.
// 0: no cap (the file limit is unlimited or unknown). A file limit too low for
// that room still starts the server, with half the limit and a warning: a
// developer's machine may have one.
func Cap(cfg config.HTTP, dbConns int, nofile uint64) (total int, warning string, err error) {
	if cfg.MaxConns > 0 {
		if nofile > 0 && uint64(cfg.MaxConns) >= nofile {
			return 0, "", fmt.Errorf("CONN_LIMIT_TOTAL=%d is not below the open file limit (%d): raise the limit (ulimit -n) or lower the cap", cfg.MaxConns, nofile)
		}
		return cfg.MaxConns, "", nil
	}
	if nofile == 0 {
		return 0, "", nil
	}
	room := max(nofile/8, uint64(2*dbConns+256))
	if nofile < room+minConns {
		return int(max(nofile/2, 1)), fmt.Sprintf("the open file limit (%d) leaves little room for connections beside the database and files (%d wanted): raise it (ulimit -n)", nofile, room), nil
	}
	return int(nofile - room), "", nil
}

// Listen opens LISTEN_ADDR behind the connection caps.
func Listen(cfg *config.Config, log *slog.Logger) (*httpx.LimitListener, error) {
	nofile, err := fileLimit()
	if err != nil {
		log.Warn("cannot read the open file limit", "err", err)
	}
	total, warning, err := Cap(cfg.HTTP, cfg.DBMaxConns, nofile)
	if err != nil {
		return nil, err
	}
	if warning != "" {
		log.Warn(warning)
	}
	ln, err := net.Listen("tcp", cfg.ListenAddr)
	if err != nil {
		return nil, err
	}
	log.Info("connection limits", "open_files", nofile, "total", total, "per_address", cfg.HTTP.MaxConnsPerAddr)
	return httpx.NewLimitListener(ln, total, cfg.HTTP.MaxConnsPerAddr), nil
}

// NewHTTPServer is the server of handler with the connection deadlines of cfg.
// There is no whole-request ReadTimeout (large uploads may take minutes): the
// body's deadline is httpx.BodyDeadline's, renewed by each read.
func NewHTTPServer(cfg config.HTTP, handler http.Handler) *http.Server {
	return &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: cfg.ReadHeaderTimeout,
		IdleTimeout:       cfg.IdleTimeout,
	}
}

// Collector exports the listener's connection counts.
func Collector(ln *httpx.LimitListener) prometheus.Collector { return connCollector{ln} }

type connCollector struct{ ln *httpx.LimitListener }

var (
	connsOpen    = prometheus.NewDesc("http_connections_open", "Client connections open now.", nil, nil)
	connsRefused = prometheus.NewDesc("http_connections_refused_total", "Client connections closed at once: over the per-address or total cap.", nil, nil)
)

// Describe lists what Collect sends: one list of the metrics, in Collect.
func (c connCollector) Describe(ch chan<- *prometheus.Desc) { prometheus.DescribeByCollect(c, ch) }

func (c connCollector) Collect(ch chan<- prometheus.Metric) {
	ch <- prometheus.MustNewConstMetric(connsOpen, prometheus.GaugeValue, float64(c.ln.Open()))
	ch <- prometheus.MustNewConstMetric(connsRefused, prometheus.CounterValue, float64(c.ln.Dropped.Load()))
}
