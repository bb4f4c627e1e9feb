package benchkit

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
)

// Workspace is a benchmark's scratch for starting servers: the cluster it may
// create databases in (DATABASE_URL, a superuser's), a temporary folder, and the
// server binary built into it.
type Workspace struct{ Cluster, Dir, Bin string }

// NewWorkspace makes the folder (named from prefix) and builds the binary.
func NewWorkspace(prefix string) (*Workspace, error) {
	cluster := os.Getenv("DATABASE_URL")
	if cluster == "" {
		return nil, fmt.Errorf("DATABASE_URL: a superuser URL of a scratch cluster")
	}
	dir, err := os.MkdirTemp("", prefix)
	if err != nil {
		return nil, err
	}
	bin, err := BuildServer(dir)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return &Workspace{Cluster: cluster, Dir: dir, Bin: bin}, nil
}

// Close removes the folder.
func (w *Workspace) Close() { os.RemoveAll(w.Dir) }

// BuildServer builds ./cmd/server (run from the repository's root) into dir and
// returns the binary's path: the benchmarks that start servers measure the binary
// a user runs.
func BuildServer(dir string) (string, error) {
	bin := filepath.Join(dir, "server")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/server").CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return bin, nil
}

var vmRSS = regexp.MustCompile(`VmRSS:\s+(\d+) kB`)

// RSS is Linux's VmRSS of pid, in bytes; 0 once the process is gone.
func RSS(pid int) int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	m := vmRSS.FindSubmatch(b)
	if m == nil {
		return 0
	}
	kb, _ := strconv.ParseInt(string(m[1]), 10, 64)
	return kb << 10
}
