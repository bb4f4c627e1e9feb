package storage

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"
)

func TestMemoryLimiter(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	l := newMemoryLimiter(3, 30, func() time.Time { return now }) // a render every 2 s
	ctx := context.Background()
	for i := range 3 {
		if ok, _, _ := l.Take(ctx, "a"); !ok {
			t.Fatalf("render %d of the burst refused", i+1)
		}
	}
	ok, wait, _ := l.Take(ctx, "a")
	if ok || wait != 2*time.Second {
		t.Fatalf("over the burst: ok=%v wait=%v, want refused for 2s", ok, wait)
	}
	if ok, _, _ := l.Take(ctx, "b"); !ok {
		t.Fatal("another address shares the first one's allowance")
	}
	now = now.Add(1500 * time.Millisecond)
	if ok, wait, _ := l.Take(ctx, "a"); ok || wait != 500*time.Millisecond {
		t.Fatalf("after 1.5 s: ok=%v wait=%v", ok, wait)
	}
	now = now.Add(500 * time.Millisecond)
	if ok, _, _ := l.Take(ctx, "a"); !ok {
		t.Fatal("after 2 s a render is allowed again")
	}
	// Idle buckets are forgotten once full again.
	now = now.Add(time.Hour)
	l.Take(ctx, "c")
	if len(l.buckets) != 1 {
		t.Fatalf("%d buckets kept, want only the active one", len(l.buckets))
	}
}

func TestRenderClient(t *testing.T) {
	for _, c := range []struct{ remote, header, want string }{
		{"192.0.2.1:5000", "", "192.0.2.1"},
		{"[2001:db8:1:2:3:4:5:6]:443", "", "2001:db8:1:2::/64"},
		{"192.0.2.1:5000", "198.51.100.7", "198.51.100.7"},
		{"192.0.2.1:5000", "10.0.0.1, 198.51.100.7", "198.51.100.7"}, // the client wrote the first value
	} {
		r := httptest.NewRequest("GET", "/render/image/public/b/x.jpg", nil)
		r.RemoteAddr = c.remote
		if c.header != "" {
			r.Header.Set("X-Forwarded-For", c.header)
		}
		if got := renderClient(r, "X-Forwarded-For"); got != c.want {
			t.Errorf("%s / %q: %q, want %q", c.remote, c.header, got, c.want)
		}
	}
}

func TestRenderSlots(t *testing.T) {
	s := newRenderSlots(1, 50*time.Millisecond)
	release, ok := s.acquire(context.Background())
	if !ok {
		t.Fatal("first slot refused")
	}
	start := time.Now()
	if _, ok := s.acquire(context.Background()); ok {
		t.Fatal("a second render ran beside the first with one slot")
	}
	if waited := time.Since(start); waited < 50*time.Millisecond {
		t.Fatalf("gave up after %v, before the queue timeout", waited)
	}
	go func() { time.Sleep(10 * time.Millisecond); release() }()
	s.wait = 5 * time.Second
	r2, ok := s.acquire(context.Background())
	if !ok {
		t.Fatal("a freed slot was not taken")
	}
	r2()
}

// Refusals carry Retry-After in whole seconds, rounded up.
func TestRetryAfter(t *testing.T) {
	s := &Service{log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	for _, c := range []struct {
		err         *apiError
		status      int
		retryAfter  string
		statusField string
	}{
		{errRenderLimited(2500 * time.Millisecond), 429, "3", "429"},
		{errRenderLimited(0), 429, "1", "429"},
		{errRenderBusy(), 503, "1", "503"},
		{&apiError{status: 429, http: 429, code: "SlowDown", message: "x"}, 429, "1", "429"},
	} {
		rec := httptest.NewRecorder()
		s.render(rec, httptest.NewRequest("GET", "/x", nil), c.err)
		var body struct{ StatusCode string }
		_ = json.Unmarshal(rec.Body.Bytes(), &body)
		if rec.Code != c.status || rec.Header().Get("Retry-After") != c.retryAfter || body.StatusCode != c.statusField {
			t.Errorf("%v: %d Retry-After %q %s", c.err, rec.Code, rec.Header().Get("Retry-After"), rec.Body)
		}
	}
}
