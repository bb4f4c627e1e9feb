// Package denotest finds Deno for tests that run it (the edge functions, the
// page renderer's Deno mode), and skips them where there is none.
package denotest

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Path is DENO_PATH, else the Deno the scripts install in the repository
// (scripts/lib.sh ensure_deno), else one on PATH; without any it skips t.
func Path(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("DENO_PATH"); p != "" {
		return p
	}
	if p := filepath.Join(RepoDir(t), ".tools", "deno", "node_modules", ".bin", "deno"); fileExists(p) {
		return p
	}
	if p, err := exec.LookPath("deno"); err == nil {
		return p
	}
	t.Skip("Deno is not installed: source scripts/lib.sh && ensure_deno (make test does)")
	return ""
}

// RepoDir is the repository's root: the nearest folder above the test's
// working folder (its package's) that holds go.mod.
func RepoDir(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for !fileExists(filepath.Join(dir, "go.mod")) {
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("denotest: no go.mod above the test's folder")
		}
		dir = up
	}
	return dir
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}
