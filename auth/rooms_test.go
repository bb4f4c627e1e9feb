package auth

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"casarent/guards/circles"
)

// The package's files are rooms over floors: a request's walk goes from the
// route table into its flow's file and down to shared helpers, never back up
// into a file it came through. So no two files may call each other, directly
// or around a circle (README.md, the file table).

// fileCalls maps each non-test Go file of dir to the files whose functions it
// calls or refers to: package functions by name, methods of the handlers' *api
// through the enclosing method's receiver, and methods of the data store
// through the api's store field (a.store.X) or a store method's receiver.
func fileCalls(dir string) (map[string]map[string]bool, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	funcs, methods, storeMethods := map[string]string{}, map[string]string{}, map[string]string{} // name → file
	files := map[string]*ast.File{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		name := filepath.Base(p)
		files[name] = f
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			switch {
			case !ok:
			case fd.Recv == nil:
				funcs[fd.Name.Name] = name
			case receiverType(fd) == "api":
				methods[fd.Name.Name] = name
			case receiverType(fd) == "store":
				storeMethods[fd.Name.Name] = name
			}
		}
	}
	calls := map[string]map[string]bool{}
	add := func(from, to string) {
		if to != "" && to != from {
			if calls[from] == nil {
				calls[from] = map[string]bool{}
			}
			calls[from][to] = true
		}
	}
	for name, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			recv, storeRecv := "", ""
			if rt := receiverType(fd); rt != "" && len(fd.Recv.List[0].Names) > 0 {
				switch rt {
				case "api":
					recv = fd.Recv.List[0].Names[0].Name
				case "store":
					storeRecv = fd.Recv.List[0].Names[0].Name
				}
			}
			isStore := func(x ast.Expr) bool { // a.store, or a store method's receiver
				if id, ok := x.(*ast.Ident); ok {
					return storeRecv != "" && id.Name == storeRecv
				}
				sel, ok := x.(*ast.SelectorExpr)
				if !ok {
					return false
				}
				id, ok := sel.X.(*ast.Ident)
				return ok && recv != "" && id.Name == recv && sel.Sel.Name == "store"
			}
			locals := localNames(fd)
			var walk func(n ast.Node) bool
			walk = func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.SelectorExpr:
					if isStore(n.X) {
						add(name, storeMethods[n.Sel.Name])
						return false
					}
					if x, ok := n.X.(*ast.Ident); ok && recv != "" && x.Name == recv {
						add(name, methods[n.Sel.Name])
						return false
					}
					ast.Inspect(n.X, walk) // the selected name is a field or method of another type
					return false
				case *ast.KeyValueExpr:
					if _, ok := n.Key.(*ast.Ident); ok { // a struct field's name
						ast.Inspect(n.Value, walk)
						return false
					}
				case *ast.Ident:
					if !locals[n.Name] {
						add(name, funcs[n.Name])
					}
				}
				return true
			}
			ast.Inspect(fd.Body, walk)
		}
	}
	return calls, nil
}

// localNames are the names fd declares (parameters, results, variables): such a
// name refers to the local, not to a package function of the same name.
func localNames(fd *ast.FuncDecl) map[string]bool {
	names := map[string]bool{}
	fields := func(fl *ast.FieldList) {
		if fl != nil {
			for _, f := range fl.List {
				for _, n := range f.Names {
					names[n.Name] = true
				}
			}
		}
	}
	fields(fd.Recv)
	fields(fd.Type.Params)
	fields(fd.Type.Results)
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			fields(n.Type.Params)
			fields(n.Type.Results)
		case *ast.AssignStmt:
			if n.Tok == token.DEFINE {
				for _, e := range n.Lhs {
					if id, ok := e.(*ast.Ident); ok {
						names[id.Name] = true
					}
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				names[id.Name] = true
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok {
					names[id.Name] = true
				}
			}
		}
		return true
	})
	return names
}

func receiverType(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return ""
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	if id, ok := t.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// fileCircles lists each set of files that call each other around a circle
// (a strongly connected component of more than one file), sorted.
func fileCircles(calls map[string]map[string]bool) [][]string {
	next := map[string][]string{}
	for from, tos := range calls {
		for to := range tos {
			next[from] = append(next[from], to)
		}
	}
	return circles.Find(next)
}

func TestFileCircleRuleFindsCircles(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"routes.go":  "package auth\n\ntype api struct{}\n\nfunc (a *api) routes() { a.handleToken(); _ = a.handleSignup }\n",
		"token.go":   "package auth\n\nfunc (a *api) handleToken() { a.startSession() }\n",
		"signup.go":  "package auth\n\nfunc (a *api) handleSignup() { a.startSession(); hash() }\n",
		"session.go": "package auth\n\nfunc (a *api) startSession() { hash(); a.aal() }\n\nfunc hash() {}\n",
		"mfa.go":     "package auth\n\nfunc (s *api) aal() { s.handleSignup() }\n",
		"mail.go":    "package auth\n\nfunc send() { hash() }\n",
		"hash.go":    "package auth\n\nfunc helper() { send() }\n",
		"logout.go":  "package auth\n\nfunc (a *api) logout() { a.store.DeleteSession() }\n",
		"store_a.go": "package auth\n\ntype store struct{}\n\nfunc (s store) DeleteSession() { s.Load() }\n",
		"store_b.go": "package auth\n\nfunc (store) Load() { hash() }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	calls, err := fileCalls(dir)
	if err != nil {
		t.Fatal(err)
	}
	if !calls["routes.go"]["signup.go"] || !calls["hash.go"]["mail.go"] || !calls["mail.go"]["session.go"] ||
		!calls["logout.go"]["store_a.go"] || !calls["store_a.go"]["store_b.go"] || !calls["store_b.go"]["session.go"] {
		t.Fatalf("calls and method values not seen: %v", calls)
	}
	got := fileCircles(calls)
	want := [][]string{{"mfa.go", "session.go", "signup.go"}}
	if len(got) != len(want) || strings.Join(got[0], " ") != strings.Join(want[0], " ") {
		t.Fatalf("circles = %v, want %v", got, want)
	}
}

func TestFilesCallOnlyDown(t *testing.T) {
	calls, err := fileCalls(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) < 20 {
		t.Fatalf("found calls in %d files only", len(calls))
	}
	for _, circle := range fileCircles(calls) {
		var arrows []string
		for _, from := range circle {
			for _, to := range circle {
				if calls[from][to] {
					arrows = append(arrows, from+" → "+to)
				}
			}
		}
		t.Errorf("files calling each other around a circle: %s (move the shared step down into a file both use)", strings.Join(arrows, ", "))
	}
}
