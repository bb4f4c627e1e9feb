package proctail

import (
	"strings"
	"testing"
)

func TestTailKeepsTheLastLinesAndLogsEach(t *testing.T) {
	tail := New(2)
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
	tail := New(5)
	r := strings.NewReader("first\n" + strings.Repeat("x", 2<<20) + "\nafter\n")
	tail.Read(r, func(string) {})
	if r.Len() != 0 {
		t.Fatalf("%d bytes left unread: the process would block on a full pipe", r.Len())
	}
	if got := tail.String(); got != "first" {
		t.Fatalf("tail %q, want the lines before the overlong one", got)
	}
}
