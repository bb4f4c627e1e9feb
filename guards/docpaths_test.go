package guards

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A README, doc or comment that names a file which moved or was squashed away
// sends its reader looking for nothing. This guard reads every path and every
// migration file name cited in the repository's Markdown and in the comments of
// its code, and checks that each one exists in the tree.

var (
	// A migration file, wherever it is cited: 14 digits, a name, .sql.
	migrationName = regexp.MustCompile(`\b\d{14}_[a-z0-9_]+\.sql\b`)
	// A path-like word: the punctuation of file names and slashes. A word that
	// starts with a slash is a URL path (/rest/v1), not a file.
	pathWord = regexp.MustCompile(`/?(?:\.\.?/)*[A-Za-z0-9_@\-][A-Za-z0-9_@.\-/*<>{}]*`)
	// Placeholders and globs are patterns, not paths.
	notAPath = regexp.MustCompile(`[*<>{}$]|\.\.\.|^[A-Z_]+/|/xx\.`)
	// A migration cited by its version alone: "migration `20261208020000`".
	migrationVersion = regexp.MustCompile("(?i)migrations? `?(\\d{14})\\b")
	// A Go qualified name after a package path: server/pgrole.Unavailable.
	goQualified = regexp.MustCompile(`\.[A-Z][A-Za-z0-9_]*$`)
)

// Folders whose files a fresh clone does not have: built or installed.
var untracked = []string{"dist", "node_modules", ".tools", "bin", "screenshots"}

// commentLine says whether a line of a code file is a comment, by its opening
// mark: // and /* and * (Go, TypeScript, CSS), # (shell, TOML), -- (SQL).
func commentLine(ext, line string) bool {
	t := strings.TrimSpace(line)
	switch ext {
	case ".go", ".ts", ".tsx", ".mjs", ".js", ".css":
		return strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "* ")
	case ".sh", ".toml", ".yaml", ".yml":
		return strings.HasPrefix(t, "#")
	case ".sql":
		return strings.HasPrefix(t, "--")
	}
	return false
}

// tree is what the repository holds: every tracked path and its folders, and
// every file's base name.
type tree struct {
	top   map[string]bool // top-level folders
	paths map[string]bool // files and folders, slash-separated from the root
	bases map[string]bool
}

func newTree(files []string) tree {
	t := tree{top: map[string]bool{}, paths: map[string]bool{}, bases: map[string]bool{}}
	for _, f := range files {
		t.bases[path.Base(f)] = true
		for p := f; p != "." && p != "/"; p = path.Dir(p) {
			t.paths[p] = true
			if path.Dir(p) == "." && p != f {
				t.top[p] = true
			}
		}
	}
	return t
}

// hasVersion says whether a migration file of that version is in the tree.
func (t tree) hasVersion(version string) bool {
	for b := range t.bases {
		if strings.HasPrefix(b, version+"_") && strings.HasSuffix(b, ".sql") {
			return true
		}
	}
	return false
}

// has says whether p is in the tree, as written or as a module path of the
// frontend's imports (features/cars/api for features/cars/api.ts).
func (t tree) has(p string) bool {
	for _, ext := range []string{"", ".ts", ".tsx", ".js", ".mjs"} {
		if t.paths[p+ext] {
			return true
		}
	}
	return false
}

// missing returns why word, cited in file from, names nothing in the tree, or "".
// A word is a repository path when it is a migration's file name, starts with
// ./ or ../ (Markdown only: in code they are commands' arguments), or starts
// with a folder of one of the places paths are written from: the root, the
// frontend and its sources, the citing file's folder and the one above it.
func (t tree) missing(from, word string, markdown bool) string {
	if notAPath.MatchString(word) || strings.HasPrefix(word, "/") || strings.Contains(word, "//") {
		return ""
	}
	word = strings.TrimRight(word, ".,:;)'`\"")
	word = goQualified.ReplaceAllString(word, "")
	word = strings.TrimSuffix(word, "/")
	if word == "" {
		return ""
	}
	for _, part := range strings.Split(word, "/") {
		if slices.Contains(untracked, part) {
			return ""
		}
	}
	if migrationName.MatchString(word) && !t.bases[path.Base(word)] {
		return "no such migration"
	}
	dir := path.Dir(from)
	if strings.HasPrefix(word, "../") || strings.HasPrefix(word, "./") {
		if !markdown {
			return ""
		}
		p := path.Join(dir, word)
		if strings.HasPrefix(p, "../") || p == ".." {
			return "outside the repository"
		}
		if !t.has(p) && !t.has(path.Clean(word)) {
			return "no such path"
		}
		return ""
	}
	first, _, slashed := strings.Cut(word, "/")
	if !slashed {
		return ""
	}
	cited := false
	for _, root := range []string{".", "frontend", "frontend/src", dir, path.Dir(dir)} {
		if t.paths[path.Join(root, first)] {
			cited = true
			if t.has(path.Join(root, word)) {
				return ""
			}
		}
	}
	if cited {
		return "no such path"
	}
	return ""
}

// The code files whose comments are read.
var codeExts = []string{".go", ".ts", ".tsx", ".mjs", ".js", ".css", ".sh", ".toml", ".yaml", ".yml", ".sql"}

// citedPaths lists "file:line: word (why)" for each cited path that names
// nothing in the tree under root.
func citedPaths(root string) ([]string, error) {
	files, err := trackedFiles(root)
	if err != nil {
		return nil, err
	}
	t := newTree(files)
	var out []string
	for _, rel := range files {
		ext := filepath.Ext(rel)
		markdown := ext == ".md"
		if !markdown && !slices.Contains(codeExts, ext) {
			continue
		}
		// Migrations are history: they cite what was true when they ran.
		if frozenOrForeign(rel) || strings.Contains(rel, "migrations/") && ext == ".sql" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(root, rel))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			return nil, err
		}
		if isGeneratedText(b) {
			continue
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(make([]byte, 0, 64*1024), len(b)+1)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if !markdown && !commentLine(ext, line) {
				continue
			}
			line = urlText.ReplaceAllString(line, "")
			for _, m := range migrationVersion.FindAllStringSubmatch(line, -1) {
				if !t.hasVersion(m[1]) {
					out = append(out, fmt.Sprintf("%s:%d: %s (no such migration)", rel, n, m[1]))
				}
			}
			for _, w := range pathWord.FindAllString(line, -1) {
				if why := t.missing(rel, w, markdown); why != "" {
					out = append(out, fmt.Sprintf("%s:%d: %s (%s)", rel, n, w, why))
				}
			}
		}
	}
	return out, nil
}

func TestCitedPathsRule(t *testing.T) {
	tr := newTree([]string{"rental/paypal/client.go", "rental/paypal/emulator/main.go",
		"frontend/src/features/search/api.ts", "frontend/src/lib/supabase.ts",
		"rental/supabase/migrations/20260128040000_baseline.sql", "README.md", "docs/my-booking.md",
		"server/config/config.go"})
	for _, c := range []struct {
		from, word string
		md         bool
		want       string
	}{
		{"docs/my-booking.md", "rental/paypal/client.go", true, ""},
		{"docs/my-booking.md", "rental/paypal/gone.go", true, "no such path"},
		{"docs/my-booking.md", "server/run.go", true, "no such path"},
		{"docs/my-booking.md", "server/config.Load", true, ""},
		{"docs/my-booking.md", "server/pgrole.Unavailable", true, "no such path"},
		{"rental/paypal/README.md", "emulator/main.go", true, ""},
		{"rental/paypal/README.md", "emulator/gone.go", true, "no such path"},
		{"docs/x.md", "features/search/api.ts", true, ""},
		{"docs/x.md", "features/search/old.ts", true, "no such path"},
		{"docs/x.md", "lib/clients.ts", true, "no such path"},
		{"docs/x.md", "auth-js/test/lib/clients.ts", true, ""},
		{"docs/x.md", "20260128040000_baseline.sql", true, ""},
		{"docs/x.md", "20260111000000_reservations.sql", true, "no such migration"},
		{"README.md", "../shared/DESIGN.md", true, "outside the repository"},
		{"README.md", "./docs/my-booking.md", true, ""},
		{"docs/x.md", "./docs/my-booking.md", true, ""},
		{"server/config/config.go", "../15/bin/pg_ctl", false, ""},
		{"README.md", "supabase/migrations/<timestamp>_name.sql", true, ""},
		{"README.md", "PROJECT_DIR/supabase/config.toml", true, ""},
		{"README.md", "/rest/v1/cars", true, ""},
		{"README.md", "frontend/dist/ssr/render.js", true, ""},
		{"README.md", "rental/paypal/", true, ""},
		{"README.md", "./rental/...", true, ""},
		{"docs/x.md", "locales/xx.json", true, ""},
		{"docs/x.md", "features/search/api", true, ""},
	} {
		if got := tr.missing(c.from, c.word, c.md); got != c.want {
			t.Errorf("missing(%q, %q) = %q, want %q", c.from, c.word, got, c.want)
		}
	}
}

func TestCitedPathsExist(t *testing.T) {
	found, err := citedPaths("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		t.Errorf("%s: cite a file that exists", f)
	}
}
