package guards

import (
	"os/exec"
	"path"
	"sort"
	"strings"
	"testing"
)

// Two files of one folder whose names differ only by case (Form.tsx and form.ts)
// are one file on a case-insensitive disk (macOS, Windows): there an import of
// "./form" may load Form.tsx. Each module name is unique whatever its case.

// caseClashes lists, per folder, the module names (the file name without its
// extension) that stand for several spellings of one name.
func caseClashes(files []string) []string {
	spellings := map[string]map[string]bool{} // folder/lowered name → spellings
	for _, f := range files {
		dir, base := path.Split(f)
		stem := strings.TrimSuffix(base, path.Ext(base))
		if strings.HasSuffix(stem, ".test") || strings.HasSuffix(stem, ".spec") {
			stem = strings.TrimSuffix(strings.TrimSuffix(stem, ".test"), ".spec")
		}
		key := dir + strings.ToLower(stem)
		if spellings[key] == nil {
			spellings[key] = map[string]bool{}
		}
		spellings[key][dir+stem] = true
	}
	var out []string
	for _, names := range spellings {
		if len(names) > 1 {
			var list []string
			for n := range names {
				list = append(list, n)
			}
			sort.Strings(list)
			out = append(out, strings.Join(list, " ~ "))
		}
	}
	sort.Strings(out)
	return out
}

func TestCaseClashRule(t *testing.T) {
	got := caseClashes([]string{"a/Form.tsx", "a/form.ts", "a/form.test.ts", "a/Form.css", "b/form.ts", "b/Other.tsx"})
	if len(got) != 1 || got[0] != "a/Form ~ a/form" {
		t.Fatalf("caseClashes = %q, want one clash, a/Form ~ a/form", got)
	}
}

func TestNoFileNamesDifferOnlyByCase(t *testing.T) {
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = ".."
	list, err := cmd.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	for _, c := range caseClashes(strings.Split(strings.TrimRight(string(list), "\x00"), "\x00")) {
		t.Errorf("%s: names that differ only by case; give one of them another name", c)
	}
}
