// Package proctail keeps the last lines a child process wrote to its stderr while
// logging each as it comes: when the process dies, its last words say why (the
// functions' Deno workers, postgres-meta).
package proctail

import (
	"bufio"
	"io"
	"strings"
	"sync"
)

// Tail holds up to max lines, the newest last. The zero value keeps nothing.
type Tail struct {
	max   int
	mu    sync.Mutex
	lines []string
}

// New returns a tail of max lines.
func New(max int) *Tail { return &Tail{max: max} }

// Read keeps and passes to log each line of r until r ends; the rest of a line
// longer than 1 MiB is skipped, and r is drained so the process never blocks on it.
func (t *Tail) Read(r io.Reader, log func(line string)) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		t.mu.Lock()
		t.lines = append(t.lines, line)
		if len(t.lines) > t.max {
			t.lines = t.lines[len(t.lines)-t.max:]
		}
		t.mu.Unlock()
		log(line)
	}
	_, _ = io.Copy(io.Discard, r)
}

// String is the kept lines, one per line.
func (t *Tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.Join(t.lines, "\n")
}
