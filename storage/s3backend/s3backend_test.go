package s3backend_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"casarent/storage/backendtest"
	"casarent/storage/blob"
	"casarent/storage/internal/miniotest"
	"casarent/storage/s3backend"
)

func TestMain(m *testing.M) {
	miniotest.Main(m)
}

func TestConformance(t *testing.T) {
	backendtest.Run(t, func(t *testing.T) blob.Backend { return miniotest.Backend(t, "") })
}

// A prefix keeps this project's objects apart from others in a shared bucket.
func TestPrefix(t *testing.T) {
	cfg, err := miniotest.Config()
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	plain, _ := s3backend.New(cfg)
	if err := plain.EnsureBucket(ctx); err != nil {
		t.Fatal(err)
	}
	cfg.Prefix = fmt.Sprintf("tenant-%d", time.Now().UnixNano())
	prefixed, _ := s3backend.New(cfg)
	if _, err := prefixed.Put(ctx, "bk", "x.txt", strings.NewReader("hello"), "text/plain"); err != nil {
		t.Fatal(err)
	}
	if _, err := plain.Stat(ctx, cfg.Prefix, "bk/x.txt"); err != nil {
		t.Fatalf("object not stored under the prefix: %v", err)
	}
}
