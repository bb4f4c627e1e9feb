package postgrest

import (
	"context"
	"net/http"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
)

// readLog is a Reader that runs every read on the pool it is given and notes
// whether the caller asked for the primary.
type readLog struct {
	pool    *pgxpool.Pool
	mu      sync.Mutex
	reads   int
	primary int
}

func (l *readLog) Read(ctx context.Context, caller string, primary bool, run func(*pgxpool.Pool) error) error {
	l.mu.Lock()
	l.reads++
	if primary {
		l.primary++
	}
	l.mu.Unlock()
	return run(l.pool)
}

func (l *readLog) counts() (int, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.reads, l.primary
}

// Reads gets GET and HEAD in read-only transactions, GET RPC included; writes
// and POST RPC, even to a function that only reads, run on the primary's pool.
func TestReadsGoThroughReader(t *testing.T) {
	e := newEnv(t, 0)
	l := &readLog{pool: e.h.opts.Pool}
	e.h.opts.Reads = l
	cases := []struct {
		method, path, body string
		headers            []string
		read, primary      bool
	}{
		{method: http.MethodGet, path: "/pc_authors?select=id", read: true},
		{method: http.MethodHead, path: "/pc_authors", read: true},
		{method: http.MethodGet, path: "/rpc/pc_add?a=1&b=2", read: true},
		{method: http.MethodGet, path: "/pc_authors", headers: []string{ReadPrimaryHeader + ": true"}, read: true, primary: true},
		{method: http.MethodGet, path: "/pc_authors", headers: []string{ReadPrimaryHeader + ": false"}, read: true},
		{method: http.MethodPost, path: "/rpc/pc_add", body: `{"a":1,"b":2}`},
		{method: http.MethodPost, path: "/pc_authors", body: `{"name":"Read Replica"}`, headers: []string{e.asService()}},
		{method: http.MethodPatch, path: "/pc_authors?name=eq.Read%20Replica", body: `{"country":"MA"}`, headers: []string{e.asService()}},
	}
	for _, c := range cases {
		reads, primary := l.counts()
		if res := e.do(t, c.method, c.path, c.body, c.headers...); res.status >= 300 {
			t.Fatalf("%s %s: %d %s", c.method, c.path, res.status, res.body)
		}
		r, p := l.counts()
		if got := r > reads; got != c.read {
			t.Errorf("%s %s: through Reads %v, want %v", c.method, c.path, got, c.read)
		}
		if got := p > primary; got != c.primary {
			t.Errorf("%s %s %v: asked for the primary %v, want %v", c.method, c.path, c.headers, got, c.primary)
		}
	}
}
