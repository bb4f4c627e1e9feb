// Command realtime benchmarks /realtime/v1's postgres_changes on one box:
// many websocket subscribers (default 1,000, over -users distinct
// signed-in users, so row-level security is evaluated for -users audiences per
// change), inserts committed as fast as -writers connections manage, and it prints
//
//   - the inserts per second PostgreSQL sustains alone on the same table (measured
//     first, in the same run, with no subscriber);
//   - the same inserts with the subscribers: events delivered per second (all
//     subscribers together) and its ratio to the baseline insert rate;
//   - p50 / p99 / max from commit (the event's commit_timestamp) to delivery.
//
// Usage: DATABASE_URL=<superuser url, wal_level=logical> go run ./bench/realtime [-subs 1000] [-users 10] [-n 2000] [-writers 8]
// It creates a throw-away database, migrates it, and drops it at the end.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/golang-jwt/jwt/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/bench/benchdb"
	"casarent/bench/benchkit"
	"casarent/realtime"
	"casarent/server/jwtauth"
)

func main() {
	subs := flag.Int("subs", 1000, "websocket subscribers")
	users := flag.Int("users", 10, "distinct users among the subscribers (RLS audiences per change)")
	n := flag.Int("n", 2000, "inserts per phase")
	writers := flag.Int("writers", 8, "concurrent inserting connections")
	flag.Parse()
	if err := run(*subs, *users, *n, *writers); err != nil {
		fmt.Fprintln(os.Stderr, "bench/realtime:", err)
		os.Exit(1)
	}
}

func run(subs, users, n, writers int) error {
	ctx := context.Background()
	db, err := benchdb.Fresh(ctx, benchdb.Options{Prefix: "bench_rt", Conns: writers + 16})
	if err != nil {
		return err
	}
	defer db.Close()
	pool, url := db.Pool, db.URL
	if _, err := pool.Exec(ctx, `
		create table public.bench_rt (id bigint generated always as identity primary key, owner uuid not null, body text not null);
		alter table public.bench_rt enable row level security;
		grant select on public.bench_rt to authenticated;
		create policy signed_in on public.bench_rt for select to authenticated using ((select auth.uid()) is not null);
		alter publication supabase_realtime add table public.bench_rt;`); err != nil {
		return err
	}

	// Phase 1: PostgreSQL alone.
	base, err := insert(ctx, pool, n, writers)
	if err != nil {
		return err
	}
	baseRate := float64(n) / base.Seconds()
	fmt.Printf("PostgreSQL alone: %d inserts in %v = %.0f inserts/s (%d writers)\n", n, base.Round(time.Millisecond), baseRate, writers)

	// Phase 2: the same with realtime and its subscribers.
	keys := jwtauth.Keys{Anon: mustSign(jwt.MapClaims{"role": "anon", "iss": "supabase", "exp": time.Now().Add(time.Hour).Unix()})}
	verifier := jwtauth.NewVerifier(benchdb.JWTSecret, keys)
	rt := realtime.New(realtime.Options{Pool: pool, ReplicationURL: url, Verifier: verifier,
		Logger: benchkit.Quiet()})
	rctx, stop := context.WithCancel(ctx)
	defer stop()
	go rt.Run(rctx)
	go rt.RunFanout(rctx)
	srv := httptest.NewServer(verifier.Middleware(rt))
	defer srv.Close()
	wsURL := "ws" + strings.TrimPrefix(srv.URL, "http") + "/websocket?vsn=2.0.0&apikey=" + keys.Anon
	for !ready(srv.URL) {
		time.Sleep(50 * time.Millisecond)
	}

	d := &deliveries{}
	conns := make([]*websocket.Conn, 0, subs)
	defer func() {
		for _, c := range conns {
			_ = c.CloseNow()
		}
	}()
	for i := range subs {
		c, err := subscribe(ctx, wsURL, i, users)
		if err != nil {
			return err
		}
		conns = append(conns, c)
		go d.read(c)
	}
	time.Sleep(time.Second) // the joins are answered
	start := time.Now()
	took, err := insert(ctx, pool, n, writers)
	if err != nil {
		return err
	}
	want := int64(n) * int64(subs)
	deadline := time.Now().Add(5 * time.Minute)
	for d.delivered.Load() < want && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	fmt.Printf("with %d subscribers (%d users): %d inserts in %v = %.0f inserts/s\n", subs, users, n, took.Round(time.Millisecond), float64(n)/took.Seconds())
	return d.report(start, want, subs, baseRate)
}

// subscribe opens subscriber i's socket (user i mod users) and joins the
// bench channel's INSERTs on public.bench_rt.
func subscribe(ctx context.Context, wsURL string, i, users int) (*websocket.Conn, error) {
	c, _, err := websocket.Dial(ctx, wsURL, nil)
	if err != nil {
		return nil, fmt.Errorf("subscriber %d: %w", i, err)
	}
	c.SetReadLimit(1 << 20)
	token := mustSign(jwt.MapClaims{"role": "authenticated", "sub": fmt.Sprintf("00000000-0000-4000-8000-%012d", i%users), "exp": time.Now().Add(time.Hour).Unix()})
	join, _ := json.Marshal([]any{"1", "1", "realtime:bench", "phx_join", map[string]any{
		"access_token": token,
		"config":       map[string]any{"postgres_changes": []any{map[string]any{"event": "INSERT", "schema": "public", "table": "bench_rt"}}},
	}})
	if err := c.Write(ctx, websocket.MessageText, join); err != nil {
		_ = c.CloseNow()
		return nil, err
	}
	return c, nil
}

// deliveries counts the change events the subscribers receive and their
// latency from commit.
type deliveries struct {
	delivered atomic.Int64
	lastAt    atomic.Int64
	mu        sync.Mutex
	lat       []time.Duration
}

// read reads one subscriber's socket until it closes.
func (d *deliveries) read(c *websocket.Conn) {
	for {
		_, b, err := c.Read(context.Background())
		if err != nil {
			return
		}
		// The client side stays cheap (it shares the box): find the event
		// and its commit timestamp without decoding the whole message.
		if !bytes.Contains(b, []byte(`"postgres_changes",{`)) {
			continue
		}
		now := time.Now()
		const key = `"commit_timestamp":"`
		if i := bytes.Index(b, []byte(key)); i >= 0 && len(b) >= i+len(key)+24 {
			if ts, err := time.Parse(time.RFC3339Nano, string(b[i+len(key):i+len(key)+24])); err == nil {
				d.mu.Lock()
				d.lat = append(d.lat, now.Sub(ts))
				d.mu.Unlock()
			}
		}
		d.delivered.Add(1)
		d.lastAt.Store(now.UnixNano())
	}
}

// report prints the delivery rate (from start) against PostgreSQL's insert
// rate alone and the latency quantiles; missing events are an error.
func (d *deliveries) report(start time.Time, want int64, subs int, baseRate float64) error {
	got := d.delivered.Load()
	span := time.Unix(0, d.lastAt.Load()).Sub(start)
	rate := float64(got) / span.Seconds()
	fmt.Printf("delivered %d of %d events in %v = %.0f events/s (%.0f changes/s); ratio to PostgreSQL's insert rate alone: %.2f\n",
		got, want, span.Round(time.Millisecond), rate, rate/float64(subs), rate/baseRate)
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.lat) > 0 {
		lat := d.lat
		slices.Sort(lat)
		q := func(f float64) time.Duration { return lat[int(f*float64(len(lat)-1))].Round(time.Millisecond) }
		fmt.Printf("commit to delivery: p50 %v, p99 %v, max %v\n", q(0.50), q(0.99), q(1))
	}
	if got != want {
		return fmt.Errorf("%d events missing (subscribers too slow to read are disconnected after %d queued frames)", want-got, 1024)
	}
	return nil
}

func ready(base string) bool {
	resp, err := httptestGet(base + "/api/health")
	return err == nil && strings.Contains(resp, `"ok"`)
}

// insert commits n single-row inserts over writers connections.
func insert(ctx context.Context, pool *pgxpool.Pool, n, writers int) (time.Duration, error) {
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	start := time.Now()
	for range writers {
		wg.Go(func() {
			for next.Add(1) <= int64(n) {
				if _, err := pool.Exec(ctx, "insert into public.bench_rt (owner, body) values (gen_random_uuid(), 'x')"); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	return time.Since(start), <-errs
}

func mustSign(c jwt.MapClaims) string {
	s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString([]byte(benchdb.JWTSecret))
	if err != nil {
		panic(err)
	}
	return s
}

func httptestGet(url string) (string, error) {
	resp, err := httpClient.Get(url)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

var httpClient = &http.Client{Timeout: 5 * time.Second}
