// Package miniotest gives tests an S3 endpoint: the one named by
// STORAGE_S3_ENDPOINT (and the other STORAGE_S3_* variables), or else a MinIO
// server started through scripts/minio.sh on a free loopback port with a
// throw-away data directory (building MinIO the first time takes minutes).
// Without either, tests fail; they never skip.
package miniotest

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	"casarent/storage/s3backend"
)

var (
	mu      sync.Mutex
	started *server
)

type server struct {
	cfg s3backend.Config
	env []string
	dir string
}

func repoRoot() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// Config returns the S3 settings of the test endpoint, starting MinIO once per
// process when no endpoint is configured. Call Stop from TestMain.
func Config() (s3backend.Config, error) {
	if ep := os.Getenv("STORAGE_S3_ENDPOINT"); ep != "" {
		return s3backend.Config{
			Endpoint:       ep,
			Bucket:         getenv("STORAGE_S3_BUCKET", "casarent-test"),
			AccessKey:      os.Getenv("STORAGE_S3_ACCESS_KEY"),
			SecretKey:      os.Getenv("STORAGE_S3_SECRET_KEY"),
			Region:         getenv("STORAGE_S3_REGION", "us-east-1"),
			ForcePathStyle: true,
		}, nil
	}
	mu.Lock()
	defer mu.Unlock()
	if started != nil {
		return started.cfg, nil
	}
	port, err := freePort()
	if err != nil {
		return s3backend.Config{}, err
	}
	dir, err := os.MkdirTemp("", "casarent-minio-")
	if err != nil {
		return s3backend.Config{}, err
	}
	env := append(os.Environ(), fmt.Sprintf("MINIO_ADDR=127.0.0.1:%d", port), "MINIO_DATA="+filepath.Join(dir, "data"))
	cmd := exec.Command("bash", filepath.Join(repoRoot(), "scripts", "minio.sh"), "start")
	cmd.Env, cmd.Stdout, cmd.Stderr = env, os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		os.RemoveAll(dir)
		return s3backend.Config{}, fmt.Errorf("miniotest: scripts/minio.sh start: %w", err)
	}
	started = &server{env: env, dir: dir, cfg: s3backend.Config{
		Endpoint:       fmt.Sprintf("http://127.0.0.1:%d", port),
		Bucket:         "casarent-test",
		AccessKey:      "casarent-minio",
		SecretKey:      "casarent-minio-secret-key",
		Region:         "us-east-1",
		ForcePathStyle: true,
	}}
	return started.cfg, nil
}

// Main runs a test package's tests, then stops the MinIO they started: call it
// from TestMain.
func Main(m *testing.M) {
	code := m.Run()
	Stop()
	os.Exit(code)
}

// Backend returns an S3 backend on the test endpoint whose objects live under
// prefix ("" for none), its bucket created.
func Backend(t testing.TB, prefix string) *s3backend.Backend {
	t.Helper()
	cfg, err := Config()
	if err != nil {
		t.Fatal(err)
	}
	cfg.Prefix = prefix
	b, err := s3backend.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := b.EnsureBucket(ctx); err != nil {
		t.Fatal(err)
	}
	return b
}

// Stop stops the MinIO this process started, if any, and removes its data.
func Stop() {
	mu.Lock()
	defer mu.Unlock()
	if started == nil {
		return
	}
	cmd := exec.Command("bash", filepath.Join(repoRoot(), "scripts", "minio.sh"), "stop")
	cmd.Env = started.env
	_ = cmd.Run()
	os.RemoveAll(started.dir)
	started = nil
}

func getenv(k, def string) string {
	if v := os.Getenv(k); v != "" {
		return v
	}
	return def
}

// freePort asks the kernel for a free port whose successor (the console) is free too.
func freePort() (int, error) {
	for range 20 {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return 0, err
		}
		port := l.Addr().(*net.TCPAddr).Port
		l.Close()
		if c, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port+1)); err == nil {
			c.Close()
			return port, nil
		}
	}
	return 0, fmt.Errorf("miniotest: no free port pair")
}
