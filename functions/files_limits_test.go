package functions_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"casarent/functions"
)

// An endless loop passes the CPU limit, endless allocation the memory limit, a
// request that never ends the wall clock: each is 546 WORKER_LIMIT and the worker
// is replaced. An exception at import is a 500 with the function's name in the
// log. After all of them, a good function still answers.
func TestFileFunctionLimits(t *testing.T) {
	e := newFileEnv(t, func(o *functions.FileOptions) {
		o.CPUTime = time.Second
		o.WallClock = 6 * time.Second // well past the CPU limit on a busy machine
		o.MemoryMB = 64
	}, nil)
	for _, name := range []string{"spin", "hog", "sleepy"} {
		a := e.call(t, "GET", name, e.anon, "")
		if a.status != 546 || a.json(t)["code"] != "WORKER_LIMIT" {
			t.Errorf("%s: %d %s, want 546 WORKER_LIMIT", name, a.status, a.body)
		}
	}
	a := e.call(t, "GET", "broken", e.anon, "")
	if a.status != 500 || a.json(t)["code"] != "BOOT_ERROR" {
		t.Errorf("broken: %d %s, want 500 BOOT_ERROR", a.status, a.body)
	}
	if log := e.log.String(); !strings.Contains(log, `"function":"broken"`) || !strings.Contains(log, "broken at import") {
		t.Errorf("the log does not name the function and its error:\n%s", log)
	}
	for _, limit := range []string{"cpu", "memory", "wall_clock"} {
		if !strings.Contains(e.log.String(), `"limit":"`+limit+`"`) {
			t.Errorf("no %s limit in the log", limit)
		}
	}
	if a := e.call(t, "GET", "hello", e.anon, ""); a.status != 200 {
		t.Errorf("hello after the limits: %d %s", a.status, a.body)
	}
	// The looping function gets a new worker, which fails the same way (no stuck worker).
	if a := e.call(t, "GET", "spin", e.anon, ""); a.status != 546 {
		t.Errorf("spin again: %d %s, want 546", a.status, a.body)
	}
}

// Past the concurrency cap and its queue, callers are told to come back.
func TestFileFunctionConcurrencyCap(t *testing.T) {
	e := newFileEnv(t, func(o *functions.FileOptions) {
		o.MaxConcurrent = 1
		o.MaxQueue = 0
	}, nil)
	res, _ := e.openEvents(t)
	// The stream holds the only slot.
	a := e.call(t, "POST", "events/release", "", "")
	if a.status != 503 || a.header.Get("Retry-After") == "" || a.json(t)["code"] != "WORKER_BUSY" {
		t.Fatalf("second call: %d %v %s, want 503 with Retry-After", a.status, a.header, a.body)
	}
	res.Body.Close() // the caller leaves: the slot is free again
	eventually(t, "the slot freed", func() bool {
		return e.call(t, "POST", "events/release", "", "").status == 200
	})
}

// Outside production an edited function is served without a restart, and a
// deleted one is gone.
func TestFileFunctionHotReload(t *testing.T) {
	e := newFileEnv(t, nil, nil)
	if a := e.call(t, "GET", "public", "", ""); a.status != 200 || !strings.Contains(a.body, `"public":true`) {
		t.Fatalf("before: %d %s", a.status, a.body)
	}
	file := filepath.Join(e.dir, "functions", "public", "index.ts")
	if err := os.WriteFile(file, []byte(`Deno.serve(() => Response.json({ edited: true }));`), 0o644); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the edit served", func() bool {
		return strings.Contains(e.call(t, "GET", "public", "", "").body, `"edited":true`)
	})
	if err := os.RemoveAll(filepath.Dir(file)); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the deleted function gone", func() bool {
		a := e.call(t, "GET", "public", "", "")
		return a.status == 404 && strings.Contains(a.body, `"code":"NOT_FOUND"`) && strings.Contains(a.body, "Requested function was not found")
	})
}

// Without hot reload (production) the folder is read once.
func TestFileFunctionNoReloadInProduction(t *testing.T) {
	e := newFileEnv(t, func(o *functions.FileOptions) { o.HotReload = false }, nil)
	if a := e.call(t, "GET", "public", "", ""); a.status != 200 {
		t.Fatalf("before: %d %s", a.status, a.body)
	}
	if err := os.RemoveAll(filepath.Join(e.dir, "functions", "public")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(1500 * time.Millisecond) // longer than a rescan period
	if a := e.call(t, "GET", "public", "", ""); a.status != 200 {
		t.Errorf("after the folder went, without hot reload: %d %s, want the running worker", a.status, a.body)
	}
}

// A worker is replaced after FUNCTIONS_MAX_REQUESTS requests and stopped when
// idle. Idleness is measured on the runtime's clock, which the test moves ahead.
func TestFileFunctionWorkersRecycled(t *testing.T) {
	var ahead atomic.Int64
	e := newFileEnv(t, func(o *functions.FileOptions) {
		o.MaxRequests = 2
		o.IdleTimeout = time.Minute
		o.Now = func() time.Time { return time.Now().Add(time.Duration(ahead.Load())) }
	}, nil)
	for range 3 {
		if a := e.call(t, "GET", "public", "", ""); a.status != 200 {
			t.Fatalf("%d %s", a.status, a.body)
		}
	}
	if n := counter(t, e.rt, "functions_cold_starts_total", "public"); n != 2 {
		t.Errorf("cold starts after 3 calls with 2 requests per worker: %v, want 2", n)
	}
	// The clock moves on at every look: the last call's handler may release
	// its worker (stamping it used "now") just after the answer reached us.
	eventually(t, "the idle worker stopped", func() bool {
		ahead.Add(int64(2 * time.Minute))
		for line := range strings.SplitSeq(e.log.String(), "\n") {
			if strings.Contains(line, "idle worker stopped") && strings.Contains(line, `"function":"public"`) {
				return true
			}
		}
		return false
	})
	if a := e.call(t, "GET", "public", "", ""); a.status != 200 {
		t.Fatalf("%d %s", a.status, a.body)
	}
	if n := counter(t, e.rt, "functions_cold_starts_total", "public"); n != 3 {
		t.Errorf("cold starts after an idle pause: %v, want 3", n)
	}
}

// A worker that dies during a request, or a handler that throws, is a 500 with
// the function's name in the log; the next call gets a working worker.
func TestFileFunctionCrashes(t *testing.T) {
	e := newFileEnv(t, nil, nil)
	for _, name := range []string{"crash", "throws"} {
		a := e.call(t, "GET", name, e.anon, "")
		if a.status != 500 || a.json(t)["code"] != "WORKER_ERROR" {
			t.Errorf("%s: %d %s, want 500 WORKER_ERROR", name, a.status, a.body)
		}
	}
	eventually(t, "both named in the log", func() bool {
		log := e.log.String()
		return strings.Contains(log, `"msg":"function crashed","function":"crash"`) && strings.Contains(log, "thrown by the handler")
	})
	if a := e.call(t, "GET", "crash", e.anon, ""); a.status != 500 {
		t.Errorf("crash again: %d %s, want a new worker and 500 again", a.status, a.body)
	}
	if a := e.call(t, "GET", "hello", e.anon, ""); a.status != 200 {
		t.Errorf("hello: %d %s", a.status, a.body)
	}
}

// The CPU limit is about synchronous code blocking the worker: a stream that
// waits is not charged for the CPU the worker's other requests use meanwhile.
func TestFileFunctionCPULimitSparesWaitingRequests(t *testing.T) {
	e := newFileEnv(t, func(o *functions.FileOptions) { o.CPUTime = 500 * time.Millisecond }, nil)
	_, r := e.openEvents(t)
	for i := range 8 { // 1.6 s of CPU in all, 0.2 s at a time, in the stream's worker
		if a := e.call(t, "GET", "events/burn?ms=200", e.anon, ""); a.status != 200 {
			t.Fatalf("burn %d: %d %s", i, a.status, a.body)
		}
	}
	if a := e.call(t, "POST", "events/release", "", ""); a.status != 200 {
		t.Fatalf("release: %d %s", a.status, a.body)
	}
	rest, _ := r.ReadString(0)
	if !strings.Contains(rest, "data: second\n") {
		t.Errorf("the waiting stream was cut: rest %q", rest)
	}
}

// Memory outside the V8 heap counts too: a function holding 8 × 256 MB of typed
// arrays (pages written) passes the memory limit, 546 WORKER_LIMIT, and the next
// call gets a new worker.
func TestFileFunctionMemoryLimitCountsArrayBuffers(t *testing.T) {
	e := newFileEnv(t, nil, nil) // FUNCTIONS_MEMORY_MB's default
	a := e.call(t, "GET", "buffers", e.anon, "")
	if a.status != 546 || a.json(t)["code"] != "WORKER_LIMIT" || !strings.Contains(a.body, "memory limit") {
		t.Fatalf("%d %s, want 546 WORKER_LIMIT memory", a.status, a.body)
	}
	if a := e.call(t, "GET", "hello", e.anon, ""); a.status != 200 {
		t.Errorf("hello after: %d %s", a.status, a.body)
	}
}

// A function still at work when its caller hangs up is stopped at the wall clock:
// its worker's process ends (its CPU time stops growing) rather than working on
// until the idle timeout.
func TestFileFunctionCallerGoneStopsAtWallClock(t *testing.T) {
	e := newFileEnv(t, func(o *functions.FileOptions) {
		o.WallClock = 3 * time.Second
		o.IdleTimeout = time.Hour // what stopped it before
	}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, "GET", e.srv.URL+"/functions/v1/busy", nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+e.anon)
	done := make(chan error, 1)
	go func() {
		res, err := http.DefaultClient.Do(req)
		if err == nil {
			res.Body.Close()
		}
		done <- err
	}()
	var pid int
	eventually(t, "the function at work", func() bool {
		for line := range strings.SplitSeq(e.log.String(), "\n") {
			if i := strings.Index(line, "busy worker "); i >= 0 {
				fmt.Sscanf(line[i+len("busy worker "):], "%d", &pid)
			}
		}
		return pid > 0
	})
	cancel() // the caller hangs up
	<-done
	if _, err := os.Stat(fmt.Sprintf("/proc/%d", pid)); err != nil {
		t.Fatalf("the worker ended with its caller already: %v", err)
	}
	eventually(t, "the worker stopped", func() bool {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		// gone, or a zombie not yet reaped: no more CPU either way
		return err != nil || strings.Contains(string(b), ") Z ")
	})
	if !strings.Contains(e.log.String(), `"limit":"wall_clock","caller":"gone"`) {
		t.Errorf("no wall_clock limit for the abandoned request in the log")
	}
}
