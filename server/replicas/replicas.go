// Package replicas sends reads to PostgreSQL standbys (streaming replication)
// and everything else to the primary. A standby serves reads while it is
// reachable, in recovery and no more than MaxLag behind the primary (health.go);
// otherwise its reads go to the primary, without an error to the client. A
// read that fails on a standby because its connection was lost or refused, or
// with an error the primary would not give (standbyOnly), runs again on the
// primary: a read-only transaction is safe to repeat.
//
// Read-your-writes: a caller (its address) that has just written reads the
// primary until a standby has replayed the primary's WAL as of after that
// write; a caller may also ask for the primary (Read's primary argument, the
// X-Read-Primary header of /rest/v1).
package replicas

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/pgrole"
)

// Replica is one standby: its name (host:port, for logs and metrics) and its
// request pool (logged in as the primary's pool is).
type Replica struct {
	Name string
	Pool *pgxpool.Pool
}

// Set routes reads between the primary and its standbys.
type Set struct {
	primary  *pgxpool.Pool
	reps     []*replica
	maxLag   time.Duration
	interval time.Duration // between health checks
	log      *slog.Logger
	next     atomic.Uint64 // round robin

	mu      sync.Mutex
	samples []sample             // the primary's WAL position over the last MaxLag (health.go)
	writes  map[string]time.Time // caller -> when its last write ended

	primaryReads atomic.Int64
	onPrimary    [numReasons]atomic.Int64 // why a read ran on the primary
}

// reason says why a read ran on the primary.
type reason int

const (
	noReplica   reason = iota // none configured, or none fit
	callerWrote               // no fit standby has replayed the caller's last write yet
	asked                     // the caller asked for the primary
	retried                   // it failed on its standby for the standby's sake (Read)
	numReasons
)

var reasonNames = [numReasons]string{"no_replica", "caller_wrote", "asked", "replica_failed"}

type replica struct {
	Replica
	state      atomic.Pointer[state]
	reads      atomic.Int64
	checkedFit bool // the last check's verdict (only the checks touch it)
}

// state is the outcome of a replica's last health check.
type state struct {
	fit        bool      // serves reads
	caughtUpAt time.Time // it holds all the primary had written by then
	lag        time.Duration
	lagBytes   int64
	why        string // why not fit ("" when fit)
}

// New is a set over primary and reps; with no reps every read runs on the
// primary. Reads reach a standby only once Run has checked it.
func New(primary *pgxpool.Pool, reps []Replica, maxLag time.Duration, log *slog.Logger) *Set {
	s := &Set{primary: primary, maxLag: maxLag, interval: 200 * time.Millisecond, log: log, writes: map[string]time.Time{}}
	for _, r := range reps {
		rr := &replica{Replica: r}
		rr.state.Store(&state{why: "not checked yet"})
		s.reps = append(s.reps, rr)
	}
	return s
}

// Read runs a read-only transaction through run, on a fit standby's pool or on
// the primary's. caller identifies who reads (for read-your-writes); primary
// asks for the primary.
func (s *Set) Read(ctx context.Context, caller string, primary bool, run func(*pgxpool.Pool) error) error {
	if primary {
		return s.onPrimaryRun(asked, run)
	}
	r, why := s.pick(caller)
	if r == nil {
		return s.onPrimaryRun(why, run)
	}
	err := run(r.Pool)
	if err != nil && ctx.Err() == nil && pgrole.Unavailable(err) {
		r.setDown("a read failed: " + err.Error())
		return s.onPrimaryRun(retried, run)
	}
	if standbyOnly(err) {
		return s.onPrimaryRun(retried, run)
	}
	r.reads.Add(1)
	return err
}

func (s *Set) onPrimaryRun(why reason, run func(*pgxpool.Pool) error) error {
	s.primaryReads.Add(1)
	s.onPrimary[why].Add(1)
	return run(s.primary)
}

// pick is the next fit standby (round robin) that has replayed caller's last
// write, or nil and why not.
func (s *Set) pick(caller string) (*replica, reason) {
	n := len(s.reps)
	if n == 0 {
		return nil, noReplica
	}
	wrote := s.lastWrite(caller)
	why := noReplica
	start := s.next.Add(1)
	for i := range n {
		r := s.reps[(start+uint64(i))%uint64(n)]
		st := r.state.Load()
		if !st.fit {
			continue
		}
		if !st.caughtUpAt.After(wrote) {
			why = callerWrote
			continue
		}
		return r, 0
	}
	return nil, why
}

// Wrote records that caller has just written (its request has ended): its reads
// go to the primary until a standby has replayed the primary's WAL from after now.
func (s *Set) Wrote(caller string) {
	if len(s.reps) == 0 {
		return
	}
	s.mu.Lock()
	s.writes[caller] = time.Now()
	s.mu.Unlock()
}

func (s *Set) lastWrite(caller string) time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.writes[caller]
}

// standbyOnly reports an error the primary would not give: a name the primary
// already has (the schema cache is the primary's) unknown to a standby that
// has not replayed it yet, or a query the standby canceled because replaying
// the primary's changes conflicted with it.
func standbyOnly(err error) bool {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return false
	}
	switch pe.Code {
	case "42P01", "42703", "42883", "3F000": // undefined table, column, function; invalid schema name
		return true
	case "40001": // serialization_failure: on a standby, "conflict with recovery"
		return true
	}
	return false
}

// Serving is how many standbys serve reads now.
func (s *Set) Serving() int {
	n := 0
	for _, r := range s.reps {
		if r.state.Load().fit {
			n++
		}
	}
	return n
}

// Reads are the reads run so far on the primary and on the standbys.
func (s *Set) Reads() (onPrimary, onReplicas int64) {
	for _, r := range s.reps {
		onReplicas += r.reads.Load()
	}
	return s.primaryReads.Load(), onReplicas
}

// setDown takes r out of the reads until its next health check.
func (r *replica) setDown(why string) {
	old := r.state.Load()
	if !old.fit {
		return
	}
	st := *old
	st.fit, st.why = false, why
	r.state.CompareAndSwap(old, &st)
}
