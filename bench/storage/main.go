// Command storage measures /storage/v1 on the filesystem backend, side by side
// with Go's own file server in the same run (these machines are noisy, so only
// the ratio means something):
//
//	public download throughput / http.ServeFile throughput on the same file
//	upload throughput (raw body, service role) in MB/s
//
// It needs DATABASE_URL (a superuser URL of a scratch cluster): it creates a
// throw-away database, migrates it, and drops it at the end.
//
//	go run ./bench/storage [-size 8MiB] [-c 8] [-d 3s] [-rounds 3]
package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/bench/benchdb"
	"casarent/bench/benchkit"
	"casarent/server/config"
	"casarent/server/jwtauth"
	"casarent/storage"
	"casarent/storage/fsbackend"
)

func main() {
	size := flag.Int("size", 8<<20, "object size in bytes")
	conc := flag.Int("c", 8, "concurrent downloaders")
	dur := flag.Duration("d", 3*time.Second, "duration of each measurement")
	rounds := flag.Int("rounds", 3, "alternating rounds of each download measurement")
	uploads := flag.Int("uploads", 20, "uploads to time")
	flag.Parse()
	if err := run(*size, *conc, *dur, *rounds, *uploads); err != nil {
		log.Fatal(err)
	}
}

func run(size, conc int, dur time.Duration, rounds, uploads int) error {
	ctx := context.Background()
	db, err := benchdb.Fresh(ctx, benchdb.Options{Prefix: "bench_storage", Setup: func(c *pgx.Conn) error {
		_, err := c.Exec(ctx, "insert into storage.buckets (id, name, public) values ('bench', 'bench', true)")
		return err
	}})
	if err != nil {
		return err
	}
	defer db.Close()
	dir, err := os.MkdirTemp("", "bench-storage-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	backend, err := fsbackend.New(dir)
	if err != nil {
		return err
	}
	secret := randHex(24)
	anon, _ := config.DeriveKey(secret, "anon")
	svc, _ := config.DeriveKey(secret, "service_role")
	cfg := config.StorageDefaults(os.TempDir())
	cfg.FileSizeLimit = 1 << 30
	h := storage.New(storage.Options{
		Pool: db.Pool, Backend: backend, JWTSecret: secret, Config: cfg,
		Logger: benchkit.Quiet(),
	})
	v := jwtauth.NewVerifier(secret, jwtauth.Keys{Anon: anon, Service: svc})
	api := httptest.NewServer(http.StripPrefix("/storage/v1", v.Middleware(h)))
	defer api.Close()

	data := make([]byte, size)
	_, _ = rand.Read(data)
	client := benchkit.Client(conc * 2)
	upMBs, err := uploadAll(client, api.URL, svc, data, uploads)
	if err != nil {
		return err
	}
	// The file both servers send.
	publicURL := api.URL + "/storage/v1/object/public/bench/up/0.bin"
	file := filepath.Join(dir, "bench", "up", "0.bin")
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { http.ServeFile(w, r, file) }))
	defer plain.Close()

	var ours, theirs float64
	for range rounds {
		t, err := throughput(client, plain.URL+"/0.bin", conc, dur, size)
		if err != nil {
			return err
		}
		o, err := throughput(client, publicURL, conc, dur, size)
		if err != nil {
			return err
		}
		theirs += t
		ours += o
	}
	ours, theirs = ours/float64(rounds), theirs/float64(rounds)
	fmt.Printf("object size            %d bytes, %d concurrent clients, %d x %s per side\n", size, conc, rounds, dur)
	fmt.Printf("http.ServeFile         %8.1f MB/s\n", theirs/(1<<20))
	fmt.Printf("GET /object/public     %8.1f MB/s\n", ours/(1<<20))
	fmt.Printf("download ratio         %8.2f  (public download / http.ServeFile, target >= 0.80)\n", ours/theirs)
	fmt.Printf("upload                 %8.1f MB/s  (%d raw uploads, service role, fsync'd)\n", upMBs, uploads)
	return nil
}

// uploadAll uploads data n times (raw bodies, as the service role) and
// returns the throughput in MB/s.
func uploadAll(client *http.Client, base, svc string, data []byte, n int) (float64, error) {
	start := time.Now()
	for i := range n {
		req, _ := http.NewRequest("POST", fmt.Sprintf("%s/storage/v1/object/bench/up/%d.bin", base, i), bytes.NewReader(data))
		req.Header.Set("Authorization", "Bearer "+svc)
		req.Header.Set("Content-Type", "application/octet-stream")
		res, err := client.Do(req)
		if err != nil {
			return 0, err
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			return 0, fmt.Errorf("upload: %d", res.StatusCode)
		}
	}
	return float64(n*len(data)) / time.Since(start).Seconds() / (1 << 20), nil
}

// throughput downloads u with conc clients for d and returns bytes/second.
func throughput(client *http.Client, u string, conc int, d time.Duration, size int) (float64, error) {
	r := benchkit.Run(conc, d, func(int) error {
		n, err := benchkit.Get(client, u, nil)
		if err == nil && n != int64(size) {
			err = fmt.Errorf("GET %s: %d bytes, want %d", u, n, size)
		}
		return err
	})
	if r.Err != nil {
		return 0, r.Err
	}
	return r.PerSecond() * float64(size), nil
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
