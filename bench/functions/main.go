// Command functions measures a TypeScript function run by Deno (functions/README.md)
// side by side with the same function as a Go built-in, in the same run (these
// machines are noisy, so only the ratios mean something):
//
//	cold start: first answer of a new worker (process start, module load)
//	warm p50/p99 and requests per second at -c concurrent callers
//
// It needs Deno (scripts/lib.sh ensure_deno, or DENO_PATH); no database.
//
//	go run ./bench/functions [-c 8] [-d 3s] [-cold 5]
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"time"

	"casarent/bench/benchkit"
	"casarent/functions"
)

const source = `Deno.serve(() => Response.json({ ok: true, items: [1, 2, 3], name: "bench" }));`

func main() {
	conc := flag.Int("c", 8, "concurrent callers")
	dur := flag.Duration("d", 3*time.Second, "duration of each warm measurement")
	colds := flag.Int("cold", 5, "cold starts to time")
	flag.Parse()
	if err := run(*conc, *dur, *colds); err != nil {
		log.Fatal(err)
	}
}

func run(conc int, dur time.Duration, colds int) error {
	deno := functions.FindDeno(os.Getenv("DENO_PATH"))
	if deno == "" {
		return fmt.Errorf("no Deno: source scripts/lib.sh && ensure_deno, or set DENO_PATH")
	}
	dir, err := os.MkdirTemp("", "bench-functions")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if err := os.MkdirAll(filepath.Join(dir, "json"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "json", "index.ts"), []byte(source), 0o644); err != nil {
		return err
	}
	// Called without a token, like the Go built-in below (no verify_jwt on either).
	if err := os.WriteFile(filepath.Join(dir, "config.toml"), []byte("[functions.json]\nverify_jwt = false\n"), 0o644); err != nil {
		return err
	}
	goJSON := functions.Function{Name: "json-go", Handler: http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"ok":true,"items":[1,2,3],"name":"bench"}`)
	})}
	opts := functions.FileOptions{Dir: dir, ConfigPath: filepath.Join(dir, "config.toml"), DenoPath: deno, DenoDir: filepath.Join(dir, ".deno"), MaxConcurrent: 4 * conc, MaxQueue: 4 * conc}
	quiet := benchkit.Quiet()

	var cold []time.Duration
	for range colds {
		d, err := coldStart(opts, goJSON, quiet)
		if err != nil {
			return err
		}
		cold = append(cold, d)
	}

	rt, err := functions.Build(functions.Options{Functions: []functions.Function{goJSON}, Files: &opts, Logger: quiet})
	if err != nil {
		return err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go rt.Run(ctx)
	srv := httptest.NewServer(http.StripPrefix("/functions/v1", rt))
	defer srv.Close()
	client := benchkit.Client(conc)
	if _, err := benchkit.Get(client, srv.URL+"/functions/v1/json", nil); err != nil { // the worker is warm from here
		return err
	}
	deno1 := load(client, srv.URL+"/functions/v1/json", conc, dur)
	go1 := load(client, srv.URL+"/functions/v1/json-go", conc, dur)

	slices.Sort(cold)
	fmt.Printf("cold start (median of %d): %v\n", len(cold), cold[len(cold)/2].Round(time.Millisecond))
	fmt.Printf("%-12s %10s %10s %10s %6s\n", "", "req/s", "p50", "p99", "errors")
	for _, r := range []struct {
		name string
		s    benchkit.Result
	}{{"deno", deno1}, {"go built-in", go1}} {
		fmt.Printf("%-12s %10.0f %10v %10v %6d\n", r.name, r.s.PerSecond(), p(r.s, 50), p(r.s, 99), r.s.Failed)
	}
	fmt.Printf("ratios deno/go: throughput %.2f, p50 %.1fx, p99 %.1fx\n",
		deno1.PerSecond()/go1.PerSecond(), float64(p(deno1, 50))/float64(p(go1, 50)), float64(p(deno1, 99))/float64(p(go1, 99)))
	return nil
}

// coldStart times the first answer of a fresh runtime (a new Deno worker).
func coldStart(opts functions.FileOptions, goJSON functions.Function, logger *slog.Logger) (time.Duration, error) {
	rt, err := functions.Build(functions.Options{Functions: []functions.Function{goJSON}, Files: &opts, Logger: logger})
	if err != nil {
		return 0, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { rt.Run(ctx); close(done) }()
	defer func() { cancel(); <-done }()
	srv := httptest.NewServer(http.StripPrefix("/functions/v1", rt))
	defer srv.Close()
	start := time.Now()
	_, err = benchkit.Get(http.DefaultClient, srv.URL+"/functions/v1/json", nil)
	return time.Since(start), err
}

// load calls url from conc goroutines for d.
func load(c *http.Client, url string, conc int, d time.Duration) benchkit.Result {
	return benchkit.Run(conc, d, func(int) error {
		_, err := benchkit.Get(c, url, nil)
		return err
	})
}

// p is a run's p-th percentile latency, to the microsecond.
func p(r benchkit.Result, percent int) time.Duration {
	return r.Percentile(percent).Round(time.Microsecond)
}
