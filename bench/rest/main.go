// Command rest measures /rest/v1 against hand-written handlers that run the same
// SQL in the same transaction shape (pgrole.Query: BEGIN, role and claims,
// statement, COMMIT in one round trip), side by side in one run, and prints our
// throughput divided by the hand-written one for each read.
//
//	DATABASE_URL=<superuser URL of a cluster> go run ./bench/rest [-duration 5s] [-conns 32]
//
// It creates a throw-away database with the project's migrations plus a small
// rental-like dataset of its own (bench_* tables), and drops it at the end.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime/pprof"
	"strings"
	"time"

	jwtlib "github.com/golang-jwt/jwt/v5"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/bench/benchdb"
	"casarent/bench/benchkit"
	postgrest "casarent/postgrest-compat"
	"casarent/server/config"
	"casarent/server/jwtauth"
	"casarent/server/pgrole"
	"casarent/server/pgtest"
)

const adminID = "6f0c1b5e-2d7a-4a53-9f7e-0b1f6a1c2d3e"

// read is one of the site's typical reads.
type read struct {
	name   string
	path   string // our URL
	accept string
	admin  bool
	sql    string // what the hand-written handler runs
	single bool
}

var reads = []read{
	{name: "cars ordered by id", path: "/bench_cars?select=*&order=id.asc",
		sql: `SELECT coalesce(json_agg(t), '[]')::text FROM (SELECT c.* FROM public.bench_cars c ORDER BY c.id) t`},
	{name: "one car by slug (object)", path: "/bench_cars?select=*&slug=eq.car-7", accept: "application/vnd.pgrst.object+json", single: true,
		sql: `SELECT count(t), coalesce(json_agg(t)->0, 'null')::text FROM (SELECT c.* FROM public.bench_cars c WHERE c.slug = $1) t`},
	{name: "latest 3 published posts", path: "/bench_posts?select=id,title,slug,excerpt,featured_image,created_at&status=eq.published&order=created_at.desc&limit=3",
		sql: `SELECT coalesce(json_agg(t), '[]')::text FROM (SELECT p.id, p.title, p.slug, p.excerpt, p.featured_image, p.created_at
		      FROM public.bench_posts p WHERE p.status = $1 ORDER BY p.created_at DESC LIMIT 3) t`},
	{name: "admin bookings with car", path: "/bench_bookings?select=*,bench_cars(name,brand,image)&order=created_at.desc", admin: true,
		sql: `SELECT coalesce(json_agg(t), '[]')::text FROM (SELECT b.*, (SELECT row_to_json(c)::jsonb FROM (SELECT cc.name, cc.brand, cc.image
		      FROM public.bench_cars cc WHERE cc.id = b.car_id) c) AS bench_cars FROM public.bench_bookings b ORDER BY b.created_at DESC) t`},
	// The site's date search: every car of the fleet for a 60-day window (docs/reservations.md),
	// over the real schema's cars and bookings (the dataset fills them).
	{name: "availability, 60 days", path: "/rpc/car_availability?p_pickup=2027-03-01T10:00:00&p_return=2027-04-30T10:00:00",
		sql: `SELECT coalesce(json_agg(t), '[]')::text FROM (SELECT * FROM public.car_availability($1::timestamp, $2::timestamp)) t`},
}

func main() {
	duration := flag.Duration("duration", time.Second, "measuring time per handler and round")
	conns := flag.Int("conns", 32, "concurrent client connections")
	rounds := flag.Int("rounds", 6, "alternating rounds per read (ours, hand-written, ...): short slices keep the noise of a shared machine even")
	cpuprofile := flag.String("cpuprofile", "", "write a CPU profile of the whole run here")
	flag.Parse()
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			log.Fatal(err)
		}
		_ = pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	ctx := context.Background()
	db, err := benchdb.Fresh(ctx, benchdb.Options{Prefix: "bench_rest", Conns: *conns,
		User: "authenticator", Pass: pgtest.AuthenticatorPassword, Setup: func(c *pgx.Conn) error { return seed(ctx, c) }})
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	pool := db.Pool

	rest := newRest(pool, benchkit.Quiet())
	if err := rest.Reload(ctx); err != nil {
		log.Fatal(err)
	}
	anonKey, _ := jwtauth.Sign(benchdb.JWTSecret, jwtauth.KeyClaims("anon", time.Now()))
	verifier := jwtauth.NewVerifier(benchdb.JWTSecret, jwtauth.Keys{Anon: anonKey})
	adminToken, _ := jwtauth.Sign(benchdb.JWTSecret, jwtauthClaims())

	ours := httptest.NewServer(verifier.Middleware(rest))
	defer ours.Close()
	hand := httptest.NewServer(verifier.Middleware(handWritten(pool)))
	defer hand.Close()

	client := benchkit.Client(*conns * 2)
	fmt.Printf("bench/rest: %d connections, %s x %d rounds per handler and read\n\n", *conns, *duration, *rounds)
	fmt.Printf("%-28s %12s %9s %9s   %12s %9s %9s   %6s\n", "read", "ours req/s", "p50", "p99", "hand req/s", "p50", "p99", "ratio")
	for i, rd := range reads {
		headers := http.Header{"Apikey": {anonKey}}
		if rd.admin {
			headers.Set("Authorization", "Bearer "+adminToken)
		}
		if rd.accept != "" {
			headers.Set("Accept", rd.accept)
		}
		// Both must answer the same body before they are compared.
		a := fetch(client, ours.URL+rd.path, headers)
		b := fetch(client, hand.URL+fmt.Sprintf("/%d", i), headers)
		if a != b {
			log.Fatalf("%s: bodies differ\nours: %.300s\nhand: %.300s", rd.name, a, b)
		}
		var ro, rh []benchkit.Result
		for r := 0; r < *rounds; r++ {
			ro = append(ro, load(client, ours.URL+rd.path, headers, *conns, *duration))
			rh = append(rh, load(client, hand.URL+fmt.Sprintf("/%d", i), headers, *conns, *duration))
		}
		o, h := benchkit.Merge(ro...), benchkit.Merge(rh...)
		fmt.Printf("%-28s %12.0f %9s %9s   %12.0f %9s %9s   %6.2f\n", rd.name, o.PerSecond(), p(o, 50), p(o, 99), h.PerSecond(), p(h, 50), p(h, 99), o.PerSecond()/h.PerSecond())
	}
}

func jwtauthClaims() jwtlib.MapClaims {
	return jwtlib.MapClaims{"role": "authenticated", "sub": adminID, "aud": "authenticated", "exp": time.Now().Add(time.Hour).Unix()}
}

// handWritten serves /0../4: the same statements, written by hand.
func handWritten(pool *pgxpool.Pool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := jwtauth.FromContext(r.Context())
		if err != nil {
			http.Error(w, err.Error(), http.StatusUnauthorized)
			return
		}
		var i int
		fmt.Sscanf(r.URL.Path, "/%d", &i)
		rd := reads[i]
		var args []any
		switch i {
		case 1:
			args = []any{"car-7"}
		case 2:
			args = []any{"published"}
		case 4:
			args = []any{"2027-03-01T10:00:00", "2027-04-30T10:00:00"}
		}
		// The same settings PostgREST (and our handler) give the transaction, request.headers included.
		hdr := make(map[string]string, len(r.Header))
		for k, v := range r.Header {
			if lk := strings.ToLower(k); lk != "cookie" {
				hdr[lk] = strings.Join(v, ", ")
			}
		}
		hj, _ := json.Marshal(hdr)
		sess := pgrole.Session{Role: id.Role, ClaimsJSON: id.ClaimsJSON, Method: r.Method, Path: r.URL.Path, ReadOnly: true, HeadersJSON: hj}
		var body string
		var n int64
		err = pgrole.Query(r.Context(), pool, sess, false, rd.sql, args, func(rows pgx.Rows) error {
			rows.Next()
			if rd.single {
				return rows.Scan(&n, &body)
			}
			return rows.Scan(&body)
		})
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		if rd.single && n != 1 {
			http.Error(w, "not one row", http.StatusNotAcceptable)
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		_, _ = io.WriteString(w, body)
	})
}

func fetch(c *http.Client, u string, h http.Header) string {
	req, _ := http.NewRequest("GET", u, nil)
	req.Header = h.Clone()
	res, err := c.Do(req)
	if err != nil {
		log.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		log.Fatalf("%s: %d %s", u, res.StatusCode, b)
	}
	return string(b)
}

// load runs conns workers for d; a failed request ends the benchmark.
func load(c *http.Client, u string, h http.Header, conns int, d time.Duration) benchkit.Result {
	r := benchkit.Run(conns, d, func(int) error {
		_, err := benchkit.Get(c, u, h)
		return err
	})
	if r.Failed > 0 {
		log.Fatalf("%s: %d failed requests (the first: %v)", u, r.Failed, r.Err)
	}
	return r
}

// p is a percentile of the latencies, to 10 µs.
func p(r benchkit.Result, percent int) time.Duration {
	return r.Percentile(percent).Round(10 * time.Microsecond)
}

// seed loads the bench dataset, keeping the authenticator's password the test
// helpers use (roles are cluster-wide).
func seed(ctx context.Context, c *pgx.Conn) error {
	if _, err := c.Exec(ctx, "alter role authenticator with login password '"+pgtest.AuthenticatorPassword+"'"); err != nil {
		return err
	}
	if _, err := c.Exec(ctx, dataset); err != nil {
		return fmt.Errorf("dataset: %w", err)
	}
	return nil
}

// newRest is the /rest/v1 surface with server/config's defaults.
func newRest(pool *pgxpool.Pool, logger *slog.Logger) *postgrest.Handler {
	return postgrest.New(postgrest.Options{Pool: pool, Logger: logger, Rest: config.RestDefaults()})
}
