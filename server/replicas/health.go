package replicas

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// Lag is measured by WAL position, not by the time of the last replayed
// transaction (now() - pg_last_xact_replay_timestamp() grows on a standby of
// an idle primary, which is not behind at all). Each check samples the
// primary's flushed WAL position; a standby whose replayed position has reached
// the sample taken at time T holds everything the primary had by T, and its lag
// is the time since T.

// sample is the primary's flushed WAL position at a moment.
type sample struct {
	at  time.Time
	lsn int64
}

const (
	primaryLSNSQL = "select (pg_catalog.pg_current_wal_flush_lsn() - '0/0'::pg_lsn)::bigint"
	replicaLSNSQL = "select pg_catalog.pg_is_in_recovery(), coalesce((pg_catalog.pg_last_wal_replay_lsn() - '0/0'::pg_lsn)::bigint, -1)"
)

// Run checks the standbys until ctx ends, then closes their pools.
func (s *Set) Run(ctx context.Context) {
	if len(s.reps) == 0 {
		return
	}
	defer func() {
		for _, r := range s.reps {
			r.Pool.Close()
		}
	}()
	t := time.NewTicker(s.interval)
	defer t.Stop()
	for {
		s.check(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// check samples the primary, then every standby at once (one that hangs must not
// hold back the others' verdicts).
func (s *Set) check(ctx context.Context) {
	cctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	// The time before the question: the position read is at least the one of
	// every write that had ended by then.
	at := time.Now()
	var lsn int64
	if err := s.primary.QueryRow(cctx, primaryLSNSQL).Scan(&lsn); err == nil {
		s.addSample(sample{at, lsn})
	} // else the samples age, and so the standbys' lag grows until they are unfit
	var wg sync.WaitGroup
	for _, r := range s.reps {
		wg.Go(func() { s.checkOne(cctx, r) })
	}
	wg.Wait()
	s.forgetWrites()
}

func (s *Set) checkOne(ctx context.Context, r *replica) {
	var inRecovery bool
	var replay int64
	err := r.Pool.QueryRow(ctx, replicaLSNSQL).Scan(&inRecovery, &replay)
	st := &state{}
	switch {
	case err != nil:
		st.why = "unreachable: " + err.Error()
	case !inRecovery:
		// Promoted, or the URL names a primary: it no longer follows ours.
		st.why = "not in recovery (not a standby)"
	default:
		s.measure(st, replay, time.Now())
	}
	r.state.Store(st)
	if r.checkedFit != st.fit { // the verdict of the last check, not a read's setDown
		r.checkedFit = st.fit
		if st.fit {
			s.log.Info("read replica in use", "replica", r.Name, "lag", st.lag.String())
		} else {
			s.log.Warn("read replica skipped; its reads go to the primary", "replica", r.Name, "why", st.why)
		}
	}
}

// measure fills st's lag from the standby's replayed position, as of now.
func (s *Set) measure(st *state, replay int64, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.samples) == 0 {
		st.why = "the primary's position is unknown"
		return
	}
	st.lagBytes = max(s.samples[len(s.samples)-1].lsn-replay, 0)
	for i := len(s.samples) - 1; i >= 0; i-- {
		if s.samples[i].lsn <= replay {
			st.caughtUpAt = s.samples[i].at
			break
		}
	}
	if st.caughtUpAt.IsZero() { // behind every sample kept: at least this far, maybe much more
		st.lag = now.Sub(s.samples[0].at)
		st.why = fmt.Sprintf("behind the primary's position of %s ago", st.lag.Round(time.Millisecond))
		return
	}
	st.lag = now.Sub(st.caughtUpAt)
	if st.lag > s.maxLag {
		st.why = fmt.Sprintf("lag %s over %s", st.lag.Round(time.Millisecond), s.maxLag)
		return
	}
	st.fit = true
}

// addSample keeps the samples of the last MaxLag (and at least one).
func (s *Set) addSample(x sample) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.samples = append(s.samples, x)
	cut := 0
	for cut < len(s.samples)-1 && x.at.Sub(s.samples[cut].at) > s.maxLag+s.interval {
		cut++
	}
	s.samples = s.samples[cut:]
}

// forgetWrites drops writes older than MaxLag: every fit standby has replayed them.
func (s *Set) forgetWrites() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, at := range s.writes {
		if time.Since(at) > s.maxLag+time.Second {
			delete(s.writes, k)
		}
	}
}
