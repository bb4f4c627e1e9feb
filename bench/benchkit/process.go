package benchkit

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
)

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
