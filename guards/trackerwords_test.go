package guards

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A comment that cites a tracker number means nothing to a reader who has the code
// and not the tracker, and the tracker may not outlive the code. Words say what
// and why; this guard keeps tracker numbers out of every tracked file.

var (
	// "issue" and a number, with or without "#" or a space (a file name).
	trackerIssue = regexp.MustCompile(`(?i)\bissues? ?#?\d+`)
	// "#" and a number on its own. A hex colour (#111, #0001, #222222, #00000080) is not
	// one, and neither is an anchor or fragment inside a URL (cut first).
	trackerHash = regexp.MustCompile(`(^|[^\w&/#])#(\d+)\b`)
	urlText     = regexp.MustCompile(`[a-z][a-z0-9+.-]*://\S+`)
)

// trackerMention returns the tracker reference on line, or "" if none.
func trackerMention(line string) string {
	line = urlText.ReplaceAllString(line, "")
	if m := trackerIssue.FindString(line); m != "" {
		return m
	}
	for _, m := range trackerHash.FindAllStringSubmatch(line, -1) {
		switch len(m[2]) {
		case 3, 4, 6, 8: // a colour
		default:
			return "#" + m[2]
		}
	}
	return ""
}

// frozenOrForeign says whether a file is left out: lock files, vendored and
// generated files, fixtures and binaries' neighbours. Migrations are read too.
func frozenOrForeign(rel string) bool {
	base := filepath.Base(rel)
	switch {
	case strings.Contains("/"+rel, "/node_modules/"), strings.Contains("/"+rel, "/testdata/"),
		strings.Contains("/"+rel, "/vendor/"):
		return true
	case base == "package-lock.json", base == "go.sum", strings.HasSuffix(base, ".lock"):
		return true
	}
	return false
}

// trackedFiles lists the tracked (or new, not ignored) files under root, slash-separated.
func trackedFiles(root string) ([]string, error) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = root
	list, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git ls-files: %w", err)
	}
	var out []string
	for rel := range strings.SplitSeq(strings.TrimRight(string(list), "\x00"), "\x00") {
		if rel != "" {
			out = append(out, rel)
		}
	}
	return out, nil
}

// trackerMentions lists "path:line: mention" for every tracked (or new,
// not ignored) text file under root that cites a tracker number.
func trackerMentions(root string) ([]string, error) {
	files, err := trackedFiles(root)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, rel := range files {
		if frozenOrForeign(rel) {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, rel))
		if os.IsNotExist(err) {
			continue // deleted in the work tree, not yet committed
		}
		if err != nil {
			return nil, err
		}
		if bytes.IndexByte(b, 0) >= 0 || isGeneratedText(b) {
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(make([]byte, 0, 64*1024), len(b)+1)
		for n := 1; sc.Scan(); n++ {
			if m := trackerMention(sc.Text()); m != "" {
				out = append(out, fmt.Sprintf("%s:%d: %q", rel, n, m))
			}
		}
	}
	return out, nil
}

// isGeneratedText reports the Go convention's marker in a file's first lines,
// whatever the language.
func isGeneratedText(b []byte) bool {
	head := b
	if len(head) > 1024 {
		head = head[:1024]
	}
	return regexp.MustCompile(`(?m)^.*Code generated .* DO NOT EDIT\.?`).Match(head)
}

func TestTrackerMentionRule(t *testing.T) {
	// The examples that cite a number are put together here, so that this file
	// does not itself cite one.
	cite := func(word string, n int) string { return fmt.Sprintf("%s %d", word, n) }
	hash := func(n int) string { return fmt.Sprintf("#%d", n) }
	for line, want := range map[string]string{
		"// Limits (" + cite("issue", 15) + "). Statement timeouts":                                  cite("issue", 15),
		"// " + cite("Issue", 21) + "'s differences":                                                 cite("Issue", 21),
		"see issues " + hash(4) + " and " + hash(7):                                                  "issues " + hash(4),
		"fixed in " + hash(14) + ", reworded":                                                        hash(14),
		"`contract/" + strings.ReplaceAll(cite("issue", 21), " ", "") + ".test.mjs` holds the cases": strings.ReplaceAll(cite("issue", 21), " ", ""),
		"  color: #111;":                                                   "",
		"box-shadow:0 2px 12px #0001}":                                     "",
		`c.rect(hex("#222222"), 186)`:                                      "",
		"https://github.com/o/r/issues/12#issuecomment-34":                 "",
		"see https://example.test/page#2 for the table":                    "",
		"an issue with 3 cars, the first of two issues":                    "",
		"&#8217; and the 2nd item":                                         "",
		"// Every 429 says when to come back":                              "",
		"#!/usr/bin/env bash":                                              "",
		"the t" + cite("issue", 12) + " and misissue":                      "",
		"[link](https://tracker.example/issues/9) and " + cite("issue", 9): cite("issue", 9),
	} {
		if got := trackerMention(line); got != want {
			t.Errorf("trackerMention(%q) = %q, want %q", line, got, want)
		}
	}
}

func TestNoTrackerNumbersInTheTree(t *testing.T) {
	found, err := trackerMentions("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s: a tracker number; say what and why instead", f)
	}
}
