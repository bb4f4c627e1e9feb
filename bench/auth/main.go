// Command auth benchmarks /auth/v1 against a real PostgreSQL and prints ratios
// measured side by side in one run (these machines are noisy):
//
//   - password sign-in throughput divided by the bare bcrypt
//     CompareHashAndPassword rate at the same cost (target >= 0.9: the endpoint
//     should cost little more than the hash it must compute);
//   - refresh-token throughput (rotation included), and its ratio to sign-ins;
//   - with asymmetric keys (JWT_KEYS): password sign-in signed ES256 and access-token
//     verification (jwtauth.Verifier.Verify) of ES256 tokens, each as a ratio to
//     its HS256 baseline, measured at the same time on half the workers each.
//
// Usage: DATABASE_URL=<superuser url> go run ./bench/auth [-cost 10] [-d 5s] [-rounds 2]
// It creates a throw-away database, migrates it, and drops it at the end.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/crypto/bcrypt"

	"casarent/auth"
	"casarent/bench/benchdb"
	"casarent/bench/benchkit"
	"casarent/server/config"
	"casarent/server/jwtauth"
	"casarent/server/mail"
)

func main() {
	cost := flag.Int("cost", 10, "bcrypt cost")
	dur := flag.Duration("d", 5*time.Second, "duration of each measurement")
	rounds := flag.Int("rounds", 2, "alternating rounds of each measurement")
	workers := flag.Int("workers", 2*runtime.GOMAXPROCS(0), "concurrent clients")
	flag.Parse()
	if err := run(*cost, *dur, *rounds, *workers); err != nil {
		fmt.Fprintln(os.Stderr, "bench/auth:", err)
		os.Exit(1)
	}
}

func run(cost int, dur time.Duration, rounds, workers int) error {
	db, err := benchdb.Fresh(context.Background(), benchdb.Options{Prefix: "bench_auth", Conns: workers + 2})
	if err != nil {
		return err
	}
	defer db.Close()
	b, err := startSurfaces(db.Pool, cost, workers)
	if err != nil {
		return err
	}
	defer b.close()
	ops, err := b.operations(cost, workers)
	if err != nil {
		return err
	}
	fmt.Printf("bench/auth: bcrypt cost %d, %d workers, GOMAXPROCS %d, %s per measurement, %d rounds\n",
		cost, workers, runtime.GOMAXPROCS(0), dur, rounds)
	return ops.measureRounds(workers, dur, rounds)
}

// benchAuth is two auth surfaces on one database, HS256 (JWT_SECRET) and
// ES256 (JWT_KEYS), and the clients that call them.
type benchAuth struct {
	srv, srvES           *httptest.Server
	verifier, esVerifier *jwtauth.Verifier
	client               *http.Client
	anon, service        string
}

func startSurfaces(pool *pgxpool.Pool, cost, workers int) (*benchAuth, error) {
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		return nil, err
	}
	ac := cfg.Auth
	ac.BcryptCost = cost
	ac.MailerAutoconfirm = true
	ac.RateLimit = config.RateLimits{} // measure the work, not the limiter
	b := &benchAuth{client: benchkit.Client(workers * 2)}
	b.anon, _ = jwtauth.Sign(benchdb.JWTSecret, jwtauth.KeyClaims("anon", time.Now()))
	b.service, _ = jwtauth.Sign(benchdb.JWTSecret, jwtauth.KeyClaims("service_role", time.Now()))
	jwk, err := jwtauth.NewPrivateJWK("ES256", "bench")
	if err != nil {
		return nil, err
	}
	raw, _ := json.Marshal([]any{jwk})
	keys, err := jwtauth.ParseKeySet(string(raw), ac.JWTExp)
	if err != nil {
		return nil, err
	}
	surface := func(ks *jwtauth.KeySet) (*httptest.Server, *jwtauth.Verifier) {
		h := auth.New(auth.Options{Pool: pool, Config: ac, JWTSecret: benchdb.JWTSecret, SigningKeys: ks, SiteURL: "http://bench.test",
			APIExternalURL: "http://bench.test", Mailer: mail.NewLog(benchkit.Quiet()),
			Logger: benchkit.Quiet()})
		v := jwtauth.NewVerifier(benchdb.JWTSecret, jwtauth.Keys{Anon: b.anon, Service: b.service}).WithKeySet(ks)
		return httptest.NewServer(http.StripPrefix("/auth/v1", v.Middleware(h))), v
	}
	b.srv, b.verifier = surface(nil)
	b.srvES, b.esVerifier = surface(keys)
	return b, nil
}

func (b *benchAuth) close() {
	b.srv.Close()
	b.srvES.Close()
}

// callOn POSTs body to path on one surface and wants a 200.
func (b *benchAuth) callOn(base, path, key string, body any) (map[string]any, error) {
	raw, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", base+"/auth/v1"+path, bytes.NewReader(raw))
	req.Header.Set("apikey", key)
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	res, err := b.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	var out map[string]any
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil {
		return nil, err
	}
	if res.StatusCode != 200 {
		return out, fmt.Errorf("%s: %d %v", path, res.StatusCode, out)
	}
	return out, nil
}

func (b *benchAuth) call(path, key string, body any) (map[string]any, error) {
	return b.callOn(b.srv.URL, path, key, body)
}

// benchOps are the operations measured, each on a worker's behalf.
type benchOps struct {
	bare, signIn, signInES, refresh, verifyHS, verifyES func(worker int) error
}

const benchEmail, benchPassword = "bench@example.test", "bench-password"

// operations creates the user and the sessions the operations work on.
func (b *benchAuth) operations(cost, workers int) (*benchOps, error) {
	if _, err := b.call("/admin/users", b.service, map[string]any{"email": benchEmail, "password": benchPassword, "email_confirm": true}); err != nil {
		return nil, err
	}
	hash, err := bcrypt.GenerateFromPassword([]byte(benchPassword), cost)
	if err != nil {
		return nil, err
	}
	creds := map[string]any{"email": benchEmail, "password": benchPassword}
	ops := &benchOps{
		bare: func(int) error { return bcrypt.CompareHashAndPassword(hash, []byte(benchPassword)) },
		signIn: func(int) error {
			_, err := b.call("/token?grant_type=password", b.anon, creds)
			return err
		},
		signInES: func(int) error {
			_, err := b.callOn(b.srvES.URL, "/token?grant_type=password", b.anon, creds)
			return err
		},
	}
	// One access token of each kind, verified over and over (what every request
	// to /rest/v1, /storage/v1, /functions/v1 pays).
	hsSession, err := b.call("/token?grant_type=password", b.anon, creds)
	if err != nil {
		return nil, err
	}
	esSession, err := b.callOn(b.srvES.URL, "/token?grant_type=password", b.anon, creds)
	if err != nil {
		return nil, err
	}
	hsToken, esToken := hsSession["access_token"].(string), esSession["access_token"].(string)
	ops.verifyHS = func(int) error { _, err := b.verifier.Verify(hsToken); return err }
	ops.verifyES = func(int) error { _, err := b.esVerifier.Verify(esToken); return err }
	// Each refresh worker rotates its own session's token chain.
	tokens := make([]string, workers)
	for i := range tokens {
		s, err := b.call("/token?grant_type=password", b.anon, creds)
		if err != nil {
			return nil, err
		}
		tokens[i] = s["refresh_token"].(string)
	}
	ops.refresh = func(i int) error {
		s, err := b.call("/token?grant_type=refresh_token", b.anon, map[string]any{"refresh_token": tokens[i]})
		if err != nil {
			return err
		}
		tokens[i] = s["refresh_token"].(string)
		return nil
	}
	return ops, nil
}

// measureRounds measures every operation in alternating rounds and prints
// each round and the averages.
func (ops *benchOps) measureRounds(workers int, dur time.Duration, rounds int) error {
	var bareOps, signOps, refreshOps, signHSOps, signESOps, verHSOps, verESOps float64
	for r := range rounds {
		b, err := measure(workers, dur, ops.bare)
		if err != nil {
			return err
		}
		s, err := measure(workers, dur, ops.signIn)
		if err != nil {
			return err
		}
		f, err := measure(workers, dur, ops.refresh)
		if err != nil {
			return err
		}
		// HS256 and ES256 side by side, half the workers each, so both see the same noise.
		sh, se, err := measurePair(workers, dur, ops.signIn, ops.signInES)
		if err != nil {
			return err
		}
		vh, ve, err := measurePair(workers, dur, ops.verifyHS, ops.verifyES)
		if err != nil {
			return err
		}
		fmt.Printf("  round %d: bcrypt compare %.1f/s, password sign-in %.1f/s (ratio %.3f), refresh %.1f/s\n", r+1, b, s, s/b, f)
		fmt.Printf("           side by side: sign-in HS256 %.1f/s, ES256 %.1f/s (%.3f); verify HS256 %.0f/s, ES256 %.0f/s (%.3f)\n", sh, se, se/sh, vh, ve, ve/vh)
		bareOps, signOps, refreshOps = bareOps+b, signOps+s, refreshOps+f
		signHSOps, signESOps, verHSOps, verESOps = signHSOps+sh, signESOps+se, verHSOps+vh, verESOps+ve
	}
	n := float64(rounds)
	fmt.Printf("bcrypt CompareHashAndPassword: %.1f/s\n", bareOps/n)
	fmt.Printf("password sign-in (POST /token?grant_type=password): %.1f/s\n", signOps/n)
	fmt.Printf("sign-in / bare bcrypt ratio: %.3f (target >= 0.9)\n", signOps/bareOps)
	fmt.Printf("refresh-token rotation (POST /token?grant_type=refresh_token): %.1f/s (%.1fx sign-in)\n", refreshOps/n, refreshOps/signOps)
	fmt.Printf("password sign-in side by side: HS256 %.1f/s, ES256 (JWT_KEYS) %.1f/s, ratio ES256/HS256 %.3f\n", signHSOps/n, signESOps/n, signESOps/signHSOps)
	fmt.Printf("access-token verification: HS256 %.0f/s, ES256 %.0f/s, ratio ES256/HS256 %.3f\n", verHSOps/n, verESOps/n, verESOps/verHSOps)
	return nil
}

// measure runs fn on `workers` goroutines for d and returns operations per second.
func measure(workers int, d time.Duration, fn func(worker int) error) (float64, error) {
	r := benchkit.Run(workers, d, fn)
	return r.PerSecond(), r.Err
}

// measurePair runs a and b at once, each on half the workers (at least one), and
// returns each one's operations per second: the machine's noise hits both alike.
func measurePair(workers int, d time.Duration, a, b func(worker int) error) (float64, float64, error) {
	half := max(workers/2, 1)
	var ra, rb float64
	var ea, eb error
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); ra, ea = measure(half, d, a) }()
	go func() { defer wg.Done(); rb, eb = measure(half, d, func(w int) error { return b(w) }) }()
	wg.Wait()
	return ra, rb, errors.Join(ea, eb)
}
