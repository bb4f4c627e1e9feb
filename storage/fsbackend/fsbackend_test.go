package fsbackend_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"casarent/storage/backendtest"
	"casarent/storage/blob"
	"casarent/storage/fsbackend"
)

func TestConformance(t *testing.T) {
	backendtest.Run(t, func(t *testing.T) blob.Backend {
		b, err := fsbackend.New(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { assertNoTemps(t, b.Root()) })
		return b
	})
}

// The documented layout: <root>/<bucket>/<name>, readable as plain files.
func TestLayout(t *testing.T) {
	root := t.TempDir()
	b, err := fsbackend.New(root)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := b.Put(context.Background(), "car-images", "fleet/clio.jpg", bytes.NewReader([]byte("jpeg")), "image/jpeg"); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(root, "car-images", "fleet", "clio.jpg"))
	if err != nil || string(got) != "jpeg" {
		t.Fatalf("file at the documented path: %q, %v", got, err)
	}
	if err := b.Delete(context.Background(), "car-images", "fleet/clio.jpg"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "car-images", "fleet")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("empty folder left after delete: %v", err)
	}
}

// A failed upload leaves no file anywhere under the root.
func TestFailedPutNoStrayFile(t *testing.T) {
	root := t.TempDir()
	b, _ := fsbackend.New(root)
	r := io.MultiReader(bytes.NewReader(make([]byte, 1<<20)), failing{})
	if _, err := b.Put(context.Background(), "bk", "x/y.bin", r, ""); err == nil {
		t.Fatal("Put succeeded")
	}
	backendtest.AssertNoFiles(t, root)
}

func TestKeyConflict(t *testing.T) {
	b, _ := fsbackend.New(t.TempDir())
	ctx := context.Background()
	if _, err := b.Put(ctx, "bk", "a", bytes.NewReader([]byte("file")), ""); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Put(ctx, "bk", "a/b", bytes.NewReader([]byte("nested")), ""); !errors.Is(err, blob.ErrKeyConflict) {
		t.Fatalf("Put a/b over file a: %v, want ErrKeyConflict", err)
	}
	assertNoTemps(t, b.Root())
}

// A published stage leaves no folders behind under .stage.
func TestRenamePrunesStage(t *testing.T) {
	root := t.TempDir()
	b, _ := fsbackend.New(root)
	ctx := context.Background()
	if _, err := b.Put(ctx, blob.StageBucket, "v1/bk/deep/er/x.txt", bytes.NewReader([]byte("x")), ""); err != nil {
		t.Fatal(err)
	}
	if _, err := b.Rename(ctx, blob.StageBucket, "v1/bk/deep/er/x.txt", "bk", "deep/er/x.txt"); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(filepath.Join(root, blob.StageBucket))
	if len(entries) != 0 {
		t.Fatalf("folders left in .stage: %v", entries)
	}
	if got, err := os.ReadFile(filepath.Join(root, "bk", "deep", "er", "x.txt")); err != nil || string(got) != "x" {
		t.Fatalf("renamed file: %q, %v", got, err)
	}
}

type failing struct{}

func (failing) Read([]byte) (int, error) { return 0, errors.New("boom") }

func assertNoTemps(t *testing.T, root string) {
	t.Helper()
	entries, _ := os.ReadDir(filepath.Join(root, ".tmp"))
	if len(entries) != 0 {
		t.Errorf("%d temporary files left in %s/.tmp", len(entries), root)
	}
}
