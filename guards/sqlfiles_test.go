package guards

import (
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// auth/ keeps its data access in one room (auth/db.go's store): the handlers
// call named methods and write no statement of their own, so what the package
// reads and writes is found in a few files, not in every flow.
const maxAuthSQLFiles = 3

// sqlText matches a string literal that holds a statement.
var sqlText = regexp.MustCompile(`(?is)\bselect\s+\S.*\bfrom\b|\binsert\s+into\b|\bupdate\s+[\w."]+\s+(?:as\s+)?(?:\w+\s+)?set\b|\bdelete\s+from\b|\bset\s+local\b`)

// sqlCalls are the methods of pgx and pgrole that run a statement.
var sqlCalls = map[string]bool{"QueryRow": true, "Query": true, "Exec": true, "SendBatch": true, "Queue": true, "CopyFrom": true}

// holdsSQL reports whether a Go file writes a statement (a string literal that
// reads as SQL) or runs one (a call such as c.Exec(ctx, q), whatever q is).
func holdsSQL(file *ast.File) bool {
	found := false
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				if s, err := strconv.Unquote(n.Value); err == nil && sqlText.MatchString(s) {
					found = true
				}
			}
		case *ast.CallExpr:
			// r.URL.Query() takes nothing; a statement comes with a context and its text.
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sqlCalls[sel.Sel.Name] && len(n.Args) >= 2 {
				found = true
			}
		}
		return !found
	})
	return found
}

// sqlFiles lists the non-test Go files under root (subfolders included) that hold SQL.
func sqlFiles(root string) ([]string, error) {
	var out []string
	err := goSources(root, 0, func(_ *token.FileSet, f *ast.File, rel string) {
		if holdsSQL(f) {
			out = append(out, rel)
		}
	})
	sort.Strings(out)
	return out, err
}

func TestSQLFileRuleSeesStatements(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"literal.go": "package p\n\nconst q = `update auth.users u set email = $2 where id = $1`\n",
		"call.go":    "package p\n\nfunc f(c conn, q string) { c.Exec(ctx, q) }\n",
		"lower.go":   "package p\n\nvar q = \"SELECT id FROM auth.sessions\"\n",
		"sub/cte.go": "package sub\n\nvar q = `with d as (delete from auth.flow_state where id = $1) select 1`\n",
		"clean.go":   "package p\n\nfunc g(r *http.Request, ch chan int) string {\n\tselect {\n\tcase <-ch:\n\t}\n\treturn r.URL.Query().Get(\"update the user, then select from the list\")\n}\n",
		"x_test.go":  "package p\n\nvar q = `delete from auth.users`\n",
	}
	for name, src := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := sqlFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := "call.go literal.go lower.go sub/cte.go"
	if strings.Join(got, " ") != want {
		t.Fatalf("files holding SQL = %v, want %s", got, want)
	}
}

func TestAuthSQLInFewFiles(t *testing.T) {
	got, err := sqlFiles(filepath.Join("..", "auth"))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) == 0 {
		t.Fatal("no file of auth/ holds SQL: the rule no longer sees the store")
	}
	if len(got) > maxAuthSQLFiles {
		t.Errorf("%d files of auth/ hold SQL (at most %d): %s; move the statements into the store's methods (auth/store_*.go) and call those",
			len(got), maxAuthSQLFiles, strings.Join(got, ", "))
	}
}
