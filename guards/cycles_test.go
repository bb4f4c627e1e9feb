package guards

import (
	"sort"
	"strings"
	"testing"

	"casarent/guards/circles"
)

// Go refuses a circle of packages, but not one of folders: auth importing
// server/httpx while server/pgrole imported auth would be legal Go and still a
// house whose floors lean on each other. The module's top-level folders
// (auth, cmd, functions, postgrest-compat, realtime, rental, server, storage,
// migrations, frontend, bench, …) must form no circle through any of their
// packages. Test files are left out: they are not part of what is built.

// folderOf is the top-level folder of a package of the module, or "".
func folderOf(pkg string) string {
	rest, ok := strings.CutPrefix(pkg, "casarent/")
	if !ok {
		return ""
	}
	folder, _, _ := strings.Cut(rest, "/")
	return folder
}

// folderCircles lists each circle of top-level folders as
// "a → b → … → a", every arrow with one package import that makes it.
func folderCircles(imports map[string][]string) []string {
	why := map[[2]string]string{} // folder arrow → one import behind it
	next := map[string][]string{}
	for pkg, deps := range imports {
		from := folderOf(pkg)
		for _, dep := range deps {
			to := folderOf(dep)
			if from == "" || to == "" || from == to {
				continue
			}
			arrow := [2]string{from, to}
			if _, seen := why[arrow]; !seen {
				next[from] = append(next[from], to)
			}
			if w, seen := why[arrow]; !seen || pkg+" imports "+dep < w {
				why[arrow] = pkg + " imports " + dep // the smallest, so the message is stable
			}
		}
	}
	var out []string
	for _, scc := range circles.Find(next) {
		out = append(out, describeCircle(scc, next, why))
	}
	sort.Strings(out)
	return out
}

// describeCircle names one circle through the first folder of scc (the
// shortest way back to it) and the imports behind each arrow.
func describeCircle(scc []string, next map[string][]string, why map[[2]string]string) string {
	in := map[string]bool{}
	for _, n := range scc {
		in[n] = true
	}
	start := scc[0]
	prev := map[string]string{start: ""}
	queue := []string{start}
	var last string
	for len(queue) > 0 && last == "" {
		n := queue[0]
		queue = queue[1:]
		targets := append([]string(nil), next[n]...)
		sort.Strings(targets)
		for _, m := range targets {
			if m == start {
				last = n
				break
			}
			if _, seen := prev[m]; !seen && in[m] {
				prev[m] = n
				queue = append(queue, m)
			}
		}
	}
	path := []string{start}
	for n := last; n != start; n = prev[n] {
		path = append([]string{n}, path...)
	}
	path = append([]string{start}, path...)
	var arrows []string
	for i := 0; i+1 < len(path); i++ {
		arrows = append(arrows, why[[2]string{path[i], path[i+1]}])
	}
	return strings.Join(path, " → ") + " (" + strings.Join(arrows, "; ") + ")"
}

func TestFolderCircleRuleFindsCircles(t *testing.T) {
	got := folderCircles(map[string][]string{
		"casarent/auth":             {"casarent/server/httpx", "casarent/server/pgrole"},
		"casarent/server/httpx":     {"casarent/server/config"},
		"casarent/server/pgrole":    {"casarent/auth"}, // auth → server → auth, through different packages
		"casarent/cmd/server":       {"casarent/auth", "casarent/rental/website", "casarent/server/httpx"},
		"casarent/rental/website":   {"casarent/server/ssr"},
		"casarent/storage":          {"casarent/server/pgrole", "casarent/storage/blob"},
		"casarent/storage/blob":     {"casarent/storage"}, // inside one folder: not a circle of folders
		"casarent/functions":        {"casarent/realtime"},
		"casarent/realtime":         {"casarent/postgrest-compat"},
		"casarent/postgrest-compat": {"casarent/functions/fnkit"},
	})
	want := []string{
		"auth → server → auth (casarent/auth imports casarent/server/httpx; casarent/server/pgrole imports casarent/auth)",
		"functions → realtime → postgrest-compat → functions (casarent/functions imports casarent/realtime; casarent/realtime imports casarent/postgrest-compat; casarent/postgrest-compat imports casarent/functions/fnkit)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("circles =\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestNoCircleBetweenTopLevelFolders(t *testing.T) {
	for _, c := range folderCircles(moduleImports(t)) {
		t.Error("import circle between folders: " + c)
	}
}
