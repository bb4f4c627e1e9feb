package childproc

import (
	"os/exec"
	"strings"
	"sync"
	"testing"
)

func TestTailKeepsTheLastLinesAndLogsEach(t *testing.T) {
	tail := NewTail(2)
	var logged []string
	tail.Read(strings.NewReader("one\ntwo\nthree\n"), func(line string) { logged = append(logged, line) })
	if got := tail.String(); got != "two\nthree" {
		t.Fatalf("tail %q, want the last two lines", got)
	}
	if strings.Join(logged, ",") != "one,two,three" {
		t.Fatalf("logged %v, want every line", logged)
	}
}

func TestALineOverTheLimitIsDrained(t *testing.T) {
	tail := NewTail(5)
	r := strings.NewReader("first\n" + strings.Repeat("x", 2<<20) + "\nafter\n")
	tail.Read(r, nil)
	if r.Len() != 0 {
		t.Fatalf("%d bytes left unread: the process would block on a full pipe", r.Len())
	}
	if got := tail.String(); got != "first" {
		t.Fatalf("tail %q, want the lines before the overlong one", got)
	}
}

// A child's two streams reach their readers line by line, and Done closes after
// the process exited, its pipes drained and Exited ran.
func TestAProcessIsReadAndAwaited(t *testing.T) {
	var mu sync.Mutex
	var out []string
	exited := false
	p, err := Start(exec.Command("sh", "-c", `echo ready; echo boom >&2; echo bye; exit 3`), Options{
		TailLines: 5,
		Stdout:    func(line string) { mu.Lock(); out = append(out, line); mu.Unlock() },
		Exited:    func() { exited = true },
	})
	if err != nil {
		t.Fatal(err)
	}
	<-p.Done()
	if !p.Exited() || !exited {
		t.Fatalf("done closed before the end (exited %v)", exited)
	}
	mu.Lock()
	defer mu.Unlock()
	if strings.Join(out, ",") != "ready,bye" || p.StderrTail() != "boom" {
		t.Fatalf("stdout %v, stderr %q", out, p.StderrTail())
	}
}
