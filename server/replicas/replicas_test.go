package replicas

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

func testSet(n int) *Set {
	reps := make([]Replica, n)
	for i := range reps {
		reps[i].Name = string(rune('a' + i))
	}
	return New(nil, reps, 5*time.Second, slog.New(slog.NewTextHandler(io.Discard, nil)))
}

// A standby of an idle primary has replayed its latest position: no lag, however
// long ago the last transaction was.
func TestLagByWALPosition(t *testing.T) {
	s := testSet(1)
	t0 := time.Now().Add(-time.Minute)
	s.addSample(sample{t0, 100})
	st := &state{}
	s.measure(st, 100, t0.Add(10*time.Millisecond))
	if !st.fit || st.lag != 10*time.Millisecond || st.lagBytes != 0 {
		t.Fatalf("caught up: %+v", st)
	}

	// Behind: it holds what the primary had 2 s ago, not the last second's.
	for i := range 4 {
		s.addSample(sample{t0.Add(time.Duration(i) * time.Second), int64(100 + 10*i)})
	}
	st = &state{}
	s.measure(st, 115, t0.Add(3*time.Second))
	if !st.fit || st.caughtUpAt != t0.Add(time.Second) || st.lag != 2*time.Second || st.lagBytes != 15 {
		t.Fatalf("2 s behind: %+v", st)
	}

	// Behind every sample kept (more than MaxLag): unfit.
	st = &state{}
	s.measure(st, 50, t0.Add(3*time.Second))
	if st.fit || st.why == "" {
		t.Fatalf("far behind: %+v", st)
	}
}

func TestSamplesKeepMaxLag(t *testing.T) {
	s := testSet(1)
	t0 := time.Now()
	for i := range 100 {
		s.addSample(sample{t0.Add(time.Duration(i) * time.Second), int64(i)})
	}
	if n := len(s.samples); n != 6 { // 5 s and the check interval
		t.Fatalf("%d samples kept", n)
	}
}

// Reads share the fit standbys; a caller that wrote is kept off those that have
// not replayed its write; none fit: the primary.
func TestPick(t *testing.T) {
	s := testSet(2)
	now := time.Now()
	s.reps[0].state.Store(&state{fit: true, caughtUpAt: now})
	s.reps[1].state.Store(&state{fit: true, caughtUpAt: now.Add(-time.Second)})
	seen := map[string]int{}
	for range 10 {
		r, _ := s.pick("10.0.0.1")
		seen[r.Name]++
	}
	if seen["a"] != 5 || seen["b"] != 5 {
		t.Fatalf("round robin: %v", seen)
	}

	s.writes["10.0.0.2"] = now.Add(-500 * time.Millisecond)
	for range 4 {
		if r, _ := s.pick("10.0.0.2"); r == nil || r.Name != "a" {
			t.Fatalf("after a write, only the standby that replayed it: %v", r)
		}
	}
	s.writes["10.0.0.2"] = now
	if r, why := s.pick("10.0.0.2"); r != nil || why != callerWrote {
		t.Fatalf("write not replayed anywhere: %v %v", r, why)
	}

	s.reps[0].setDown("lost")
	s.reps[1].state.Store(&state{why: "lag"})
	if r, why := s.pick("10.0.0.1"); r != nil || why != noReplica {
		t.Fatalf("none fit: %v %v", r, why)
	}
}

func TestForgetWrites(t *testing.T) {
	s := testSet(1)
	s.writes["old"] = time.Now().Add(-time.Minute)
	s.writes["new"] = time.Now()
	s.forgetWrites()
	if _, ok := s.writes["old"]; ok || len(s.writes) != 1 {
		t.Fatalf("writes: %v", s.writes)
	}
}

// A read that fails on a standby for the standby's sake runs again on the
// primary; any other failure is the read's own answer.
func TestReadFallsBackToPrimary(t *testing.T) {
	primary, err := pgxpool.New(context.Background(), "postgres://x@127.0.0.1:1/primary") // never dialled
	if err != nil {
		t.Fatal(err)
	}
	standby, _ := pgxpool.New(context.Background(), "postgres://x@127.0.0.1:1/standby")
	s := New(primary, []Replica{{Name: "s", Pool: standby}}, 5*time.Second, slog.New(slog.NewTextHandler(io.Discard, nil)))
	for _, c := range []struct {
		code      string // the standby's error
		onPrimary bool
	}{
		{"57P01", true},  // admin_shutdown: the standby is stopping
		{"42P01", true},  // a table the standby has not replayed yet
		{"40001", true},  // canceled by a conflict with recovery
		{"23505", false}, // the read's own error
		{"", false},
	} {
		s.reps[0].state.Store(&state{fit: true, caughtUpAt: time.Now()})
		var ran []*pgxpool.Pool
		err := s.Read(context.Background(), "10.0.0.1", false, func(p *pgxpool.Pool) error {
			ran = append(ran, p)
			if p == standby && c.code != "" {
				return &pgconn.PgError{Code: c.code}
			}
			return nil
		})
		if c.onPrimary && (err != nil || len(ran) != 2 || ran[1] != primary) {
			t.Errorf("%s: %v, ran on %d pools", c.code, err, len(ran))
		}
		if !c.onPrimary && (len(ran) != 1 || ran[0] != standby || (err != nil) != (c.code != "")) {
			t.Errorf("%s: %v, ran on %d pools", c.code, err, len(ran))
		}
	}
	if s.reps[0].state.Load().fit != true || s.onPrimary[retried].Load() != 3 {
		t.Errorf("retried %d", s.onPrimary[retried].Load())
	}
	s.reps[0].state.Store(&state{fit: true, caughtUpAt: time.Now()})
	_ = s.Read(context.Background(), "", false, func(p *pgxpool.Pool) error { return &pgconn.PgError{Code: "57P01"} })
	if s.reps[0].state.Load().fit {
		t.Error("a standby whose connection failed stays in use")
	}
	var on *pgxpool.Pool
	_ = s.Read(context.Background(), "", true, func(p *pgxpool.Pool) error { on = p; return nil })
	if on != primary || s.onPrimary[asked].Load() != 1 {
		t.Error("asked for the primary, ran elsewhere")
	}
}
