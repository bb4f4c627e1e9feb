// Command replicas measures /rest/v1's reads with and without a read replica,
// side by side in one run, and prints each one's reads per second divided by
// the baseline's (every read on the primary, as without DATABASE_REPLICA_URLS):
//
//   - primary only: no replica configured (the baseline);
//   - routed, asked for the primary: a replica configured, the reads sent with
//     X-Read-Primary (the cost of the routing alone);
//   - on the replica: the reads run on the standby.
//
// On one machine the standby shares the primary's cores, so the ratio says what
// the routing costs, not what a replica adds: on a machine of its own a standby
// brings its own cores, memory and disk to the reads.
//
//	DATABASE_URL=<superuser URL of a cluster> DATABASE_REPLICA_URL=<superuser URL of its standby> \
//	  go run ./bench/replicas [-duration 1s] [-rounds 6] [-conns 32]
//
// scripts/pg.sh standby makes a standby (README, "Read replicas"). The bench
// creates a throw-away database on the primary (the migrations and 200 rows of
// its own), waits for the standby to have it, and drops it at the end.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/bench/benchdb"
	"casarent/bench/benchkit"
	postgrest "casarent/postgrest-compat"
	"casarent/server/config"
	"casarent/server/jwtauth"
	"casarent/server/pgtest"
	"casarent/server/replicas"
)

const dataset = `
create table public.bench_items (id bigint generated always as identity primary key, name text not null, price int not null);
insert into public.bench_items (name, price) select 'item ' || i, i * 10 from generate_series(1, 200) i;
grant select on public.bench_items to anon;`

var reads = []struct{ name, path string }{
	{"20 items ordered", "/bench_items?select=id,name,price&order=id.asc&limit=20"},
	{"one item by id", "/bench_items?select=*&id=eq.42"},
}

// setup is one way of serving the reads.
type setup struct {
	name    string
	url     string
	primary bool // send X-Read-Primary
}

func main() {
	duration := flag.Duration("duration", time.Second, "measuring time per setup and round")
	conns := flag.Int("conns", 32, "concurrent client connections")
	rounds := flag.Int("rounds", 6, "alternating rounds per read (short slices keep a shared machine's noise even)")
	flag.Parse()
	replicaURL := os.Getenv("DATABASE_REPLICA_URL")
	if replicaURL == "" {
		log.Fatal("DATABASE_REPLICA_URL (a superuser URL of a standby of DATABASE_URL's cluster) is required")
	}
	ctx := context.Background()
	db, err := benchdb.Fresh(ctx, benchdb.Options{Prefix: "bench_replicas", Conns: *conns,
		User: "authenticator", Pass: pgtest.AuthenticatorPassword, Setup: func(c *pgx.Conn) error {
			_, err := c.Exec(ctx, "alter role authenticator with login password '"+pgtest.AuthenticatorPassword+"';"+dataset)
			return err
		}})
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	name := strings.TrimPrefix(mustParseDB(db.URL), "/")
	standby, err := standbyPool(ctx, pgtest.WithDatabase(replicaURL, name, "authenticator", pgtest.AuthenticatorPassword), *conns)
	if err != nil {
		log.Print(err)
		return
	}
	set := replicas.New(db.Pool, []replicas.Replica{{Name: "standby", Pool: standby}}, 5*time.Second, benchkit.Quiet())
	rctx, stop := context.WithCancel(ctx)
	defer stop()
	go set.Run(rctx)

	anonKey, _ := jwtauth.Sign(benchdb.JWTSecret, jwtauth.KeyClaims("anon", time.Now()))
	verifier := jwtauth.NewVerifier(benchdb.JWTSecret, jwtauth.Keys{Anon: anonKey})
	plain := httptest.NewServer(verifier.Middleware(newRest(ctx, db.Pool, nil)))
	defer plain.Close()
	routed := httptest.NewServer(verifier.Middleware(newRest(ctx, db.Pool, set)))
	defer routed.Close()
	setups := []setup{{"primary only", plain.URL, false}, {"routed, asked for primary", routed.URL, true}, {"on the replica", routed.URL, false}}
	if err := waitServing(set); err != nil {
		log.Print(err)
		return
	}

	client := benchkit.Client(*conns * 2)
	fmt.Printf("bench/replicas: %d connections, %s x %d rounds per setup and read, standby on this machine\n\n", *conns, *duration, *rounds)
	fmt.Printf("%-20s %-26s %10s %9s %9s %7s\n", "read", "setup", "reads/s", "p50", "p99", "ratio")
	for _, rd := range reads {
		results := make([][]benchkit.Result, len(setups))
		for range *rounds {
			for i, s := range setups {
				results[i] = append(results[i], load(client, s, rd.path, anonKey, *conns, *duration))
			}
		}
		base := benchkit.Merge(results[0]...).PerSecond()
		for i, s := range setups {
			r := benchkit.Merge(results[i]...)
			fmt.Printf("%-20s %-26s %10.0f %9s %9s %7.2f\n", rd.name, s.name, r.PerSecond(),
				r.Percentile(50).Round(10*time.Microsecond), r.Percentile(99).Round(10*time.Microsecond), r.PerSecond()/base)
		}
	}
	onPrimary, onReplica := set.Reads()
	fmt.Printf("\nthe routed server's reads: %d on the primary, %d on the standby\n", onPrimary, onReplica)
}

func mustParseDB(u string) string {
	cfg, err := pgx.ParseConfig(u)
	if err != nil {
		log.Fatal(err)
	}
	return cfg.Database
}

// standbyPool is a pool on the standby once the bench's table has reached it.
func standbyPool(ctx context.Context, url string, conns int) (*pgxpool.Pool, error) {
	pc, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	pc.MaxConns = int32(conns)
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, err
	}
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		// Made and filled in one transaction: there with its rows.
		var there bool
		if err = pool.QueryRow(ctx, "select to_regclass('public.bench_items') is not null").Scan(&there); err == nil && there {
			return pool, nil
		}
	}
	pool.Close()
	return nil, fmt.Errorf("the standby does not have the bench's table after 30 s: %v", err)
}

func waitServing(set *replicas.Set) error {
	for range 100 {
		if set.Serving() > 0 {
			return nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("the standby is not serving reads (in recovery, within the lag?)")
}

func newRest(ctx context.Context, pool *pgxpool.Pool, reads postgrest.Reader) *postgrest.Handler {
	h := postgrest.New(postgrest.Options{Pool: pool, Reads: reads, Logger: benchkit.Quiet(), Rest: config.RestDefaults()})
	if err := h.Reload(ctx); err != nil {
		log.Fatal(err)
	}
	return h
}

// load runs conns workers for d; a failed request ends the benchmark.
func load(c *http.Client, s setup, path, key string, conns int, d time.Duration) benchkit.Result {
	h := http.Header{"Apikey": {key}}
	if s.primary {
		h.Set(postgrest.ReadPrimaryHeader, "true")
	}
	r := benchkit.Run(conns, d, func(int) error {
		_, err := benchkit.Get(c, s.url+path, h)
		return err
	})
	if r.Failed > 0 {
		log.Fatalf("%s %s: %d failed requests (the first: %v)", s.name, path, r.Failed, r.Err)
	}
	return r
}
