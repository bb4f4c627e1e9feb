package postgrest

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// doc.go is the package's map: every file it names exists, and every source
// file is named (or matched by a pattern such as plan_*.go).
func TestDocNamesTheFiles(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	named := regexp.MustCompile(`[a-z_]+\*?\.go\b`).FindAllString(string(doc), -1)
	covered := map[string]bool{"doc.go": true}
	for _, n := range named {
		matches, _ := filepath.Glob(n)
		if len(matches) == 0 {
			t.Errorf("doc.go names %s, which does not exist", n)
		}
		for _, m := range matches {
			covered[m] = true
		}
	}
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") && !covered[f] {
			t.Errorf("doc.go does not say what %s holds", f)
		}
	}
}
