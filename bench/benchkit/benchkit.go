// Package benchkit is what the benchmarks share besides their database
// (benchdb): a quiet logger for the surfaces they measure, an HTTP client for
// many concurrent callers, timed runs of one operation on many workers, and the
// server binary with its resident memory for those that start one.
package benchkit

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"time"
)

// Quiet is the logger of a surface under measure: nobody reads it, and
// writing it out would be measured too.
func Quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// Client keeps a connection open for each of up to `callers` concurrent callers
// of one host, so that a run measures requests rather than connection set-up.
func Client(callers int) *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: callers}}
}

// Get sends a GET with header h (may be nil), reads the body to its end and
// returns its length; an answer other than 200 is an error.
func Get(c *http.Client, url string, h http.Header) (int64, error) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return 0, err
	}
	if h != nil {
		req.Header = h.Clone()
	}
	res, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	n, err := io.Copy(io.Discard, res.Body)
	if err != nil {
		return n, err
	}
	if res.StatusCode != http.StatusOK {
		return n, fmt.Errorf("GET %s: %d", url, res.StatusCode)
	}
	return n, nil
}

// Result is how a timed run went.
type Result struct {
	Ops     int             // operations that succeeded
	Failed  int             // operations that returned an error
	Err     error           // the first of those errors
	Elapsed time.Duration   // from the start until the last worker stopped
	Latency []time.Duration // of each operation that succeeded, sorted
}

// Run calls op over and over on `workers` goroutines, each passing its own
// number (0 to workers-1), until d has passed.
func Run(workers int, d time.Duration, op func(worker int) error) Result {
	var (
		mu  sync.Mutex
		res Result
		wg  sync.WaitGroup
	)
	start := time.Now()
	deadline := start.Add(d)
	for w := range workers {
		wg.Go(func() {
			var mine []time.Duration
			failed, first := 0, error(nil)
			// One clock reading per operation, as a plain deadline check would take.
			for t0 := time.Now(); t0.Before(deadline); {
				err := op(w)
				t1 := time.Now()
				if err != nil {
					failed++
					if first == nil {
						first = err
					}
				} else {
					mine = append(mine, t1.Sub(t0))
				}
				t0 = t1
			}
			mu.Lock()
			defer mu.Unlock()
			res.Latency = append(res.Latency, mine...)
			res.Failed += failed
			if res.Err == nil {
				res.Err = first
			}
		})
	}
	wg.Wait()
	res.Elapsed = time.Since(start)
	res.Ops = len(res.Latency)
	slices.Sort(res.Latency)
	return res
}

// PerSecond is the rate of the operations that succeeded.
func (r Result) PerSecond() float64 { return float64(r.Ops) / r.Elapsed.Seconds() }

// Percentile is the latency p percent of the successful operations stayed
// under (0 when none succeeded).
func (r Result) Percentile(p int) time.Duration {
	if len(r.Latency) == 0 {
		return 0
	}
	return r.Latency[len(r.Latency)*p/100]
}

// Merge adds up runs of one operation (e.g. rounds alternated with another's).
func Merge(rs ...Result) Result {
	var out Result
	for _, r := range rs {
		out.Ops += r.Ops
		out.Failed += r.Failed
		if out.Err == nil {
			out.Err = r.Err
		}
		out.Elapsed += r.Elapsed
		out.Latency = append(out.Latency, r.Latency...)
	}
	slices.Sort(out.Latency)
	return out
}
