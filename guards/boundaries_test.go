package guards

import (
	"os/exec"
	"sort"
	"strings"
	"testing"
)

// The house's Go boundaries: each surface (/auth/v1, /storage/v1,
// /rest/v1, /functions/v1, /realtime/v1) stands on the platform packages of
// server/ and on nothing of another surface; a platform package knows no surface.
// The product (rental/: the car rental's own code, its website included) may
// stand on surfaces and platform, but neither a surface nor a platform package
// knows the product. Only the command (cmd/server, package main) wires them
// together, and nothing imports a command.

var surfaceRoots = []string{"auth", "storage", "postgrest-compat", "functions", "realtime", "pgmeta"}

// packageSurface names the surface a package belongs to, or "".
func packageSurface(pkg string) string {
	rest, ok := strings.CutPrefix(pkg, "casarent/")
	if !ok {
		return ""
	}
	root, _, _ := strings.Cut(rest, "/")
	for _, s := range surfaceRoots {
		if root == s {
			return s
		}
	}
	return ""
}

func isPlatform(pkg string) bool {
	return pkg == "casarent/server" || strings.HasPrefix(pkg, "casarent/server/")
}

func isCommand(pkg string) bool { return strings.HasPrefix(pkg, "casarent/cmd/") }

func isProduct(pkg string) bool {
	return pkg == "casarent/rental" || strings.HasPrefix(pkg, "casarent/rental/")
}

// knowsProduct reports whether pkg, a surface or platform package, imports the product.
func knowsProduct(pkg, dep string) bool {
	return isProduct(dep) && (packageSurface(pkg) != "" || isPlatform(pkg))
}

// crossesBoundary reports whether pkg importing dep crosses a boundary.
func crossesBoundary(pkg, dep string) bool {
	if isCommand(dep) || knowsProduct(pkg, dep) {
		return true
	}
	to := packageSurface(dep)
	if to == "" {
		return false
	}
	from := packageSurface(pkg)
	return (from != "" && from != to) || isPlatform(pkg)
}

// violations lists "pkg<verb>dep", sorted, for each import of imports that breaks.
func violations(imports map[string][]string, breaks func(pkg, dep string) bool, verb string) []string {
	var out []string
	for pkg, deps := range imports {
		for _, dep := range deps {
			if breaks(pkg, dep) {
				out = append(out, pkg+verb+dep)
			}
		}
	}
	sort.Strings(out)
	return out
}

// boundaryViolations lists "pkg imports dep" for each import that crosses a boundary.
func boundaryViolations(imports map[string][]string) []string {
	return violations(imports, crossesBoundary, " imports ")
}

// testViolations lists "pkg's tests import dep" for each test import of the
// product by a surface or platform package: their tests must run without it too.
// (Tests may cross between surfaces, e.g. to build a fixture through another's API.)
func testViolations(testImports map[string][]string) []string {
	return violations(testImports, knowsProduct, "'s tests import ")
}

// Each rule, on made-up imports, flags exactly the imports it should.
func TestRulesCatchTheirViolations(t *testing.T) {
	for _, c := range []struct {
		name    string
		rule    func(map[string][]string) []string
		imports map[string][]string
		want    []string
	}{
		{"boundaries", boundaryViolations, map[string][]string{
			"casarent/storage":            {"casarent/server/pgrole", "casarent/storage/blob"},
			"casarent/functions/fnkit":    {"casarent/auth"},
			"casarent/server/pgrole":      {"casarent/postgrest-compat"},
			"casarent/bench/rest":         {"casarent/postgrest-compat"},
			"casarent/postgrest-compat/x": {"casarent/postgrest-compat"},
			"casarent/rental/adminusers":  {"casarent/functions", "casarent/functions/fnkit", "casarent/server/pgrole"},
			"casarent/functions":          {"casarent/rental/notifications"},
			"casarent/server/mail":        {"casarent/rental"},
			"casarent/server/metrics":     {"casarent/server/httpx", "casarent/cmd/server"},
			"casarent/server/database":    {"casarent/rental/website"},
			"casarent/cmd/server":         {"casarent/server/database", "casarent/rental/website", "casarent/auth"},
			"casarent/rental/website":     {"casarent/server/ssr", "casarent/rental"},
			"casarent/bench/pages":        {"casarent/cmd/server"},
			"casarent/rental/paypal":      {"casarent/functions", "casarent/rental/config", "casarent/server/config", "casarent/auth"},
			"casarent/auth/x":             {"casarent/rental/paypal/emulator"},
		}, []string{"casarent/auth/x imports casarent/rental/paypal/emulator", "casarent/bench/pages imports casarent/cmd/server",
			"casarent/functions imports casarent/rental/notifications", "casarent/functions/fnkit imports casarent/auth",
			"casarent/server/database imports casarent/rental/website", "casarent/server/mail imports casarent/rental",
			"casarent/server/metrics imports casarent/cmd/server", "casarent/server/pgrole imports casarent/postgrest-compat"}},
		{"product in tests", testViolations, map[string][]string{
			"casarent/functions":     {"casarent/postgrest-compat", "casarent/rental/paypal/emulator"},
			"casarent/server/pgtest": {"casarent/rental/config"},
			"casarent/rental/paypal": {"casarent/rental/paypal/emulator", "casarent/auth"},
			"casarent/cmd/server":    {"casarent/rental/paypal/emulator"},
		}, []string{"casarent/functions's tests import casarent/rental/paypal/emulator", "casarent/server/pgtest's tests import casarent/rental/config"}},
	} {
		if got := c.rule(c.imports); strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s: violations = %q, want %q", c.name, got, c.want)
		}
	}
}

// moduleImports is what each package of the module imports (its test files
// aside), read by go list from the repository's root.
func moduleImports(t *testing.T) map[string][]string {
	return goList(t, `{{range .Imports}} {{.}}{{end}}`)
}

// goList maps each package of the module to the import paths format lists.
func goList(t *testing.T, format string) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}}`+format, "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := map[string][]string{}
	for line := range strings.SplitSeq(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		imports[fields[0]] = fields[1:]
	}
	if _, ok := imports["casarent/cmd/server"]; !ok || len(imports) < 30 {
		t.Fatalf("go list did not see the whole module (%d packages)", len(imports))
	}
	return imports
}

func TestPackagesKeepTheirBoundaries(t *testing.T) {
	for _, v := range boundaryViolations(moduleImports(t)) {
		t.Error(v)
	}
	for _, v := range testViolations(goList(t, `{{range .TestImports}} {{.}}{{end}}{{range .XTestImports}} {{.}}{{end}}`)) {
		t.Error(v)
	}
}
