package postgrest

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden SQL files")

// memCache is a schema cache built in memory, for builder and fuzz tests.
func memCache() *Cache {
	col := func(name, typ, base string, cat byte) *Column {
		return &Column{Name: name, Type: typ, BaseType: base, Category: cat, Nullable: true}
	}
	mk := func(name string, pk []string, cols ...*Column) *Table {
		t := &Table{QI: QI{"public", name}, Kind: 'r', Insertable: true, Updatable: true, Deletable: true,
			ColMap: map[string]*Column{}, Computed: map[string]*Function{}, PK: pk}
		for i, c := range cols {
			c.Position = i + 1
			t.Columns = append(t.Columns, c)
			t.ColMap[c.Name] = c
		}
		return t
	}
	authors := mk("authors", []string{"id"}, col("id", "bigint", "int8", 'N'), col("name", "text", "text", 'S'),
		col("meta", "jsonb", "jsonb", 'U'), col("tags", "text[]", "_text", 'A'))
	books := mk("books", []string{"id"}, col("id", "bigint", "int8", 'N'), col("author_id", "bigint", "int8", 'N'),
		col("title", "text", "text", 'S'), col("search", "tsvector", "tsvector", 'U'))
	books.ColMap["title"].Default = "'untitled'::text"
	c := &Cache{Tables: map[QI]*Table{authors.QI: authors, books.QI: books}, Funcs: map[QI][]*Function{},
		Rels: map[QI][]*Relationship{}, Types: map[string]bool{"text": true, "int": true, "integer": true, "numeric": true}}
	c.Rels[books.QI] = []*Relationship{{Origin: books.QI, Target: authors.QI, Card: M2O, Constraint: "books_author_id_fkey",
		Cols: []string{"author_id"}, FCols: []string{"id"}, FKOnOrigin: true}}
	c.Rels[authors.QI] = []*Relationship{{Origin: authors.QI, Target: books.QI, Card: O2M, Constraint: "books_author_id_fkey",
		Cols: []string{"id"}, FCols: []string{"author_id"}}}
	add := &Function{QI: QI{"public", "add"}, Params: []Param{{Name: "a", Type: "integer", Required: true}, {Name: "b", Type: "integer", Required: true}},
		Volatility: 'i', RetType: "integer", RetScalar: true}
	byAuthor := &Function{QI: QI{"public", "by_author"}, Params: []Param{{Name: "author", Type: "text", Required: true}},
		Volatility: 's', RetSet: true, RetType: "public.books", RetTable: books, RetColumns: books.Columns}
	c.Funcs[add.QI] = []*Function{add}
	c.Funcs[byAuthor.QI] = []*Function{byAuthor}
	return c
}

func plan(t testing.TB, c *Cache, query, prefer string, rpc bool) (*planner, []kv, error) {
	req, rest, err := parseQuery(query, rpc)
	if err != nil {
		return nil, nil, err
	}
	h := make(map[string][]string)
	if prefer != "" {
		h["Prefer"] = []string{prefer}
	}
	req.Prefs = parsePrefs(h)
	return &planner{cache: c, schema: "public", req: req, b: &builder{}, used: map[string]bool{}}, rest, nil
}

// readError plans query as a read of tbl and returns the error it fails with, if any.
func readError(t testing.TB, c *Cache, tbl *Table, query string) error {
	p, _, err := plan(t, c, query, "", false)
	if err == nil {
		_, err = p.readStatement(tbl, accept{}, false, false)
	}
	return err
}

// TestBuilderGolden pins the SQL text of representative requests: one statement
// per request, identifiers quoted from the cache, every value a parameter.
func TestBuilderGolden(t *testing.T) {
	c := memCache()
	cases := []struct {
		name, kind, query, prefer, body string
		acc                             accept
		args                            []string
	}{
		{name: "read_embed_filters", kind: "read", query: "select=id,name,books(title)&name=like.U*&books.order=title.desc&order=id&limit=10",
			prefer: "count=exact", args: []string{"U%"}},
		{name: "read_json_or_single", kind: "read", query: "select=n:name,meta->>k&or=(id.eq.1,tags.cs.{a})", acc: accept{media: mediaObject},
			args: []string{"k", "1", "{a}"}},
		{name: "insert_upsert_repr", kind: "insert", query: "select=id,authors(name)&columns=title,author_id", prefer: "return=representation,resolution=merge-duplicates,missing=default",
			body: `[{"title":"t","author_id":1}]`},
		{name: "update_max_affected", kind: "update", query: "id=in.(1,2)", prefer: "handling=strict,max-affected=1", body: `{"title":"x"}`},
		{name: "delete", kind: "delete", query: "id=eq.3&select=id", prefer: "return=representation"},
		{name: "put", kind: "put", query: "id=eq.7&select=id,title", prefer: "return=representation", body: `{"id":7,"title":"t"}`,
			args: []string{"7", `{"id":7,"title":"t"}`}},
		{name: "rpc_setof", kind: "rpc", query: "select=title&title=fts.cats&order=id", body: `{"author":"x"}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p, _, err := plan(t, c, tc.query, tc.prefer, tc.kind == "rpc")
			if err != nil {
				t.Fatal(err)
			}
			var st *statement
			books := c.Tables[QI{"public", "books"}]
			authors := c.Tables[QI{"public", "authors"}]
			switch tc.kind {
			case "read":
				st, err = p.readStatement(authors, tc.acc, false, p.req.Prefs.Count != "")
			case "insert":
				pl, perr := decodePayload([]byte(tc.body), p.req.Columns, p.req.HasColumns)
				if perr != nil {
					t.Fatal(perr)
				}
				st, err = p.mutationStatement(books, opInsert, pl, tc.acc, false)
			case "put":
				pl, _ := decodePayload([]byte(tc.body), nil, false)
				st, err = p.mutationStatement(books, opPut, pl, tc.acc, false)
			case "update":
				pl, _ := decodePayload([]byte(tc.body), nil, false)
				st, err = p.mutationStatement(books, opUpdate, pl, tc.acc, false)
			case "delete":
				st, err = p.mutationStatement(books, opDelete, nil, tc.acc, false)
			case "rpc":
				f := c.Funcs[QI{"public", "by_author"}][0]
				st, err = p.rpcStatement(f, map[string]string{"author": ""}, []byte(tc.body), false, "POST", tc.acc, false, false)
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.args != nil {
				var got []string
				for _, a := range st.args {
					got = append(got, a.(string))
				}
				if strings.Join(got, "|") != strings.Join(tc.args, "|") {
					t.Fatalf("args %q, want %q", got, tc.args)
				}
			}
			file := filepath.Join("testdata", "golden", tc.name+".sql")
			if *update {
				_ = os.MkdirAll(filepath.Dir(file), 0o755)
				if err := os.WriteFile(file, []byte(st.sql+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if strings.TrimSpace(string(want)) != st.sql {
				t.Fatalf("SQL changed:\n got: %s\nwant: %s", st.sql, want)
			}
		})
	}
}

// Values never appear in the SQL text, only as parameters.
func TestBuilderValuesAreParameters(t *testing.T) {
	c := memCache()
	evil := "x'); drop table authors; --"
	p, _, err := plan(t, c, "select=id&name=eq."+strings.ReplaceAll(evil, " ", "+")+"&meta->>"+"k=eq.1&order=id", "", false)
	if err != nil {
		t.Fatal(err)
	}
	st, err := p.readStatement(c.Tables[QI{"public", "authors"}], accept{}, false, false)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(st.sql, "drop table") {
		t.Fatalf("value leaked into SQL: %s", st.sql)
	}
	if st.args[0] != evil {
		t.Fatalf("args %v", st.args)
	}
}

func TestBuilderRejectsUnknownNames(t *testing.T) {
	c := memCache()
	authors := c.Tables[QI{"public", "authors"}]
	for q, code := range map[string]string{
		"select=nope":                      "42703",
		"select=books(nope)":               "42703",
		"select=id&nope=eq.1":              "42703",
		"select=id&order=nope":             "42703",
		"select=tags(*)":                   "PGRST200",
		"select=id::evil":                  "42704",
		"select=id&books.id=eq.1":          "PGRST108",
		"select=books(id)&books=eq.1":      "PGRST120",
		"select=books(id)&order=books(id)": "PGRST118",
	} {
		wantCode(t, q, readError(t, c, authors, q), code)
	}
}

// wantCode fails t unless err is an API error with code, or nil when code is "".
func wantCode(t *testing.T, label string, err error, code string) {
	t.Helper()
	if code == "" {
		if err != nil {
			t.Errorf("%s: %v", label, err)
		}
		return
	}
	if ae, ok := err.(*apiError); !ok || ae.Code != code {
		t.Errorf("%s: got %v, want %s", label, err, code)
	}
}

// pairCache adds pairs(first, second), two foreign keys to authors.
func pairCache() *Cache {
	c := memCache()
	authors := c.Tables[QI{"public", "authors"}]
	pairs := &Table{QI: QI{"public", "pairs"}, Kind: 'r', ColMap: map[string]*Column{}, Computed: map[string]*Function{}, PK: []string{"id"}}
	for i, n := range []string{"id", "first", "second"} {
		col := &Column{Name: n, Type: "bigint", BaseType: "int8", Category: 'N', Position: i + 1}
		pairs.Columns = append(pairs.Columns, col)
		pairs.ColMap[n] = col
	}
	c.Tables[pairs.QI] = pairs
	for _, fk := range []string{"first", "second"} {
		c.Rels[pairs.QI] = append(c.Rels[pairs.QI], &Relationship{Origin: pairs.QI, Target: authors.QI, Card: M2O,
			Constraint: "pairs_" + fk + "_fkey", Cols: []string{fk}, FCols: []string{"id"}, FKOnOrigin: true})
		c.Rels[authors.QI] = append(c.Rels[authors.QI], &Relationship{Origin: authors.QI, Target: pairs.QI, Card: O2M,
			Constraint: "pairs_" + fk + "_fkey", Cols: []string{"id"}, FCols: []string{fk}})
	}
	return c
}

// The same table embedded twice at one level without aliases is PostgreSQL's
// 42712 on PostgREST (both laterals are named pairs_authors_1); an alias on
// either side, or a different level, makes the request valid.
func TestBuilderDuplicateEmbedName(t *testing.T) {
	c := pairCache()
	pairs := c.Tables[QI{"public", "pairs"}]
	for q, want := range map[string]string{
		"select=*,authors!first(*),authors!second(*)":                         `table name "pairs_authors_1" specified more than once`,
		"select=authors!first(name),...authors!second(name)":                  `table name "pairs_authors_1" specified more than once`,
		"select=x:authors!first(*),x:authors!second(*)":                       `table name "pairs_x_1" specified more than once`,
		"select=authors:authors!first(*),authors!second(*)":                   `table name "pairs_authors_1" specified more than once`,
		"select=authors!first(books(*),books:books!books_author_id_fkey(id))": `table name "authors_books_2" specified more than once`,
		"select=a:authors!first(*),authors!second(*)":                         "",
		"select=authors!first(*),b:authors!second(*)":                         "",
		"select=authors!first(books(id)),b:authors!second(books(id))":         "",
	} {
		err := readError(t, c, pairs, q)
		if want == "" {
			if err != nil {
				t.Errorf("%s: %v", q, err)
			}
			continue
		}
		ae, ok := err.(*apiError)
		if !ok || ae.Status != 400 || ae.Code != "42712" || ae.Message != want || ae.Details != nil || ae.Hint != nil {
			t.Errorf("%s: got %#v, want 400 42712 %q", q, err, want)
		}
	}
}

// PUT's URL must name exactly the primary key with plain eq filters, and no page.
func TestBuilderPutKey(t *testing.T) {
	c := memCache()
	books := c.Tables[QI{"public", "books"}]
	for q, code := range map[string]string{
		"id=eq.1":               "",
		"id=eq.1&id=eq.1":       "",
		"id=eq.1&limit=1":       "PGRST114",
		"id=eq.1&offset=2":      "PGRST114",
		"title=eq.x":            "PGRST105",
		"id=eq.1&title=eq.x":    "PGRST105",
		"id=not.eq.1":           "PGRST105",
		"id=in.(1)":             "PGRST105",
		"id=gte.1":              "PGRST105",
		"id=eq(any).{1}":        "PGRST105",
		"or=(id.eq.1,id.eq.2)":  "PGRST105",
		"id=eq.1&and=(id.eq.1)": "PGRST105",
		"":                      "PGRST105",
	} {
		p, _, err := plan(t, c, q, "", false)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		pl, _ := decodePayload([]byte(`{"id":1,"title":"x"}`), nil, false)
		_, err = p.mutationStatement(books, opPut, pl, accept{}, false)
		wantCode(t, q, err, code)
	}
	// A body that cannot carry the key fails before any SQL runs.
	p, _, _ := plan(t, c, "id=eq.1", "", false)
	pl, _ := decodePayload([]byte(`{"title":"x"}`), nil, false)
	if _, err := p.mutationStatement(books, opPut, pl, accept{}, false); err == nil || err.(*apiError).Code != "PGRST115" {
		t.Errorf("body without key: %v", err)
	}
	// A table without a primary key cannot be PUT.
	authors := *c.Tables[QI{"public", "authors"}]
	authors.PK = nil
	p, _, _ = plan(t, c, "id=eq.1", "", false)
	pl, _ = decodePayload([]byte(`{"id":1}`), nil, false)
	if _, err := p.mutationStatement(&authors, opPut, pl, accept{}, false); err == nil || err.(*apiError).Code != "PGRST105" {
		t.Errorf("no primary key: %v", err)
	}
}

// A computed relationship is to-one unless its function returns a set whose
// estimate is not ROWS 1; a to-one embed is one object, not an aggregate.
func TestBuilderComputedRelationshipCardinality(t *testing.T) {
	for _, tc := range []struct {
		f    Function
		want Cardinality
	}{
		{Function{RetSet: false}, M2O},
		{Function{RetSet: true, RetOneRow: true}, M2O},
		{Function{RetSet: true}, O2M},
	} {
		if got := computedCard(&tc.f); got != tc.want {
			t.Errorf("%+v: %v, want %v", tc.f, got, tc.want)
		}
	}
	c := memCache()
	authors, books := c.Tables[QI{"public", "authors"}], c.Tables[QI{"public", "books"}]
	first := &Function{QI: QI{"public", "first_book"}, RetSet: true, RetOneRow: true, RetTable: books, RetColumns: books.Columns}
	c.Rels[authors.QI] = append(c.Rels[authors.QI], &Relationship{Origin: authors.QI, Target: books.QI, Card: computedCard(first),
		Constraint: "first_book", computed: first})
	p, _, err := plan(t, c, "select=first_book(title)", "", false)
	if err != nil {
		t.Fatal(err)
	}
	st, err := p.readStatement(authors, accept{}, false, false)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(st.sql, `row_to_json(pgrst_r)::jsonb AS body FROM (SELECT "pgrst_1"."title" AS "title" FROM "public"."first_book"("authors") AS "pgrst_1")`) ||
		strings.Contains(st.sql, "json_agg(pgrst_r)") {
		t.Fatalf("not a to-one embed: %s", st.sql)
	}
}

// How an embed name and hint choose among relationships (PostgREST's findRel).
func TestMatchRel(t *testing.T) {
	emp := QI{"public", "emp"}
	books, authors, view := QI{"public", "books"}, QI{"public", "authors"}, QI{"public", "author_view"}
	parent := &Relationship{Origin: emp, Target: emp, Card: M2O, Constraint: "emp_boss_fkey", Cols: []string{"boss"}, FCols: []string{"id"}, FKOnOrigin: true, IsSelf: true}
	children := &Relationship{Origin: emp, Target: emp, Card: O2M, Constraint: "emp_boss_fkey", Cols: []string{"id"}, FCols: []string{"boss"}, IsSelf: true}
	toTable := &Relationship{Origin: books, Target: authors, Card: M2O, Constraint: "books_author_id_fkey", Cols: []string{"author_id"}, FCols: []string{"id"}, FKOnOrigin: true}
	toView := &Relationship{Origin: books, Target: view, Card: M2O, Constraint: "books_author_id_fkey", Cols: []string{"author_id"}, FCols: []string{"id"}, FKOnOrigin: true}
	for _, tc := range []struct {
		r          *Relationship
		name, hint string
		isView     bool
		want       bool
	}{
		{parent, "emp", "", false, false},
		{children, "emp", "", false, true},
		{parent, "boss", "", false, true},
		{children, "boss", "", false, false},
		{parent, "emp_boss_fkey", "", false, false},
		{children, "emp_boss_fkey", "", false, false},
		{children, "emp", "boss", false, true},
		{parent, "emp", "boss", false, false},
		{children, "emp", "emp_boss_fkey", false, false},
		{parent, "emp", "emp_boss_fkey", false, false},
		{toTable, "author_id", "", false, true},
		{toView, "author_id", "", true, false},
		{toTable, "books_author_id_fkey", "", false, true},
		{toView, "books_author_id_fkey", "", true, false},
		{toView, "author_view", "", true, true},
		{toView, "author_view", "books_author_id_fkey", true, true},
		{toTable, "authors", "author_id", false, true},
		{toTable, "authors", "id", false, true},
		{toTable, "authors", "nope", false, false},
	} {
		if got := matchRel(tc.r, tc.name, tc.hint, tc.isView); got != tc.want {
			t.Errorf("%s %s!%s: %v, want %v", tc.r.Card, tc.name, tc.hint, got, tc.want)
		}
	}
}

// Which functions /rpc exposes, and how overloads are chosen (PostgREST's findProc).
func TestFindFunction(t *testing.T) {
	prm := func(name, typ string, req bool) Param { return Param{Name: name, Type: typ, Required: req} }
	for _, tc := range []struct {
		params []Param
		want   bool
	}{
		{nil, true},
		{[]Param{prm("a", "integer", true)}, true},
		{[]Param{prm("", "integer", true)}, false},
		{[]Param{prm("", "text", true)}, true},
		{[]Param{prm("", "jsonb", true)}, true},
		{[]Param{prm("", "bytea", true)}, true},
		{[]Param{prm("", "xml", false)}, true},
		{[]Param{prm("", "json", true), prm("", "json", true)}, false},
		{[]Param{prm("", "public.books", true)}, false},
	} {
		if got := rpcCallable(tc.params); got != tc.want {
			t.Errorf("rpcCallable(%v) = %v", tc.params, got)
		}
	}

	c := memCache()
	fn := func(name string, params ...Param) *Function {
		f := &Function{QI: QI{"public", name}, Params: params, RetType: "text", RetScalar: true}
		c.Funcs[f.QI] = append(c.Funcs[f.QI], f)
		return f
	}
	over0 := fn("over")
	over1 := fn("over", prm("", "text", false))
	fn("named", prm("a", "integer", true))
	fn("named", prm("a", "text", true))
	js := fn("js", prm("", "json", true))
	fn("two", prm("", "json", true))
	fn("two", prm("", "jsonb", true))
	txt := fn("txt", prm("", "text", true))
	p := &planner{cache: c, schema: "public"}
	for _, tc := range []struct {
		name    string
		keys    []string
		post    bool
		kind    rpcBody
		want    *Function
		whole   bool
		code    string
		message string
	}{
		{name: "over", post: true, code: "PGRST203", message: "Could not choose the best candidate function between: public.over(), public.over( => text)"},
		{name: "over", keys: []string{""}, post: true, want: over1, whole: true},
		{name: "over", post: false, code: "PGRST203"},
		{name: "over", post: true, kind: bodyText, want: over1, whole: true},
		{name: "named", keys: []string{"a"}, post: true, code: "PGRST203",
			message: "Could not choose the best candidate function between: public.named(a => integer), public.named(a => text)"},
		{name: "js", keys: []string{"x", "y"}, post: true, want: js, whole: true},
		{name: "js", keys: []string{""}, post: true, want: js, whole: true},
		{name: "js", keys: []string{"x"}, post: false, code: "PGRST202"},
		{name: "two", keys: []string{"x"}, post: true, code: "PGRST203",
			message: "Could not choose the best candidate function between: public.two( => json), public.two( => jsonb)"},
		{name: "txt", post: true, kind: bodyText, want: txt, whole: true},
		{name: "txt", keys: []string{""}, post: true, want: txt, whole: true},
		{name: "txt", keys: []string{"x"}, post: true, code: "PGRST202"},
		{name: "txt", post: true, kind: bodyXML, code: "PGRST202",
			message: "Could not find the function public.txt in the schema cache"},
	} {
		f, whole, err := p.findFunction(tc.name, tc.keys, tc.post, tc.kind)
		label := fmt.Sprintf("%s%v post=%v kind=%d", tc.name, tc.keys, tc.post, tc.kind)
		if tc.code != "" {
			ae, ok := err.(*apiError)
			if !ok || ae.Code != tc.code || tc.message != "" && ae.Message != tc.message {
				t.Errorf("%s: got %v, want %s %q", label, err, tc.code, tc.message)
			}
			continue
		}
		if err != nil || f != tc.want || whole != tc.whole {
			t.Errorf("%s: got %v %v %v", label, f, whole, err)
		}
	}

	// PGRST202 words: raw bodies look only for their single unnamed type, with no hint.
	e := errNoFunction(QI{"public", "f"}, nil, true, bodyBytes, []*Function{over0})
	if e.Status != 404 || e.Message != "Could not find the function public.f in the schema cache" || e.Hint != nil ||
		e.Details != "Searched for the function public.f with a single unnamed bytea parameter, but no matches were found in the schema cache." {
		t.Errorf("got %#v", e)
	}
	e = errNoFunction(QI{"public", "f"}, []string{"b", "a"}, false, bodyJSON, []*Function{over1})
	if e.Message != "Could not find the function public.f(a, b) in the schema cache" ||
		e.Details != "Searched for the function public.f with parameters a, b, but no matches were found in the schema cache." {
		t.Errorf("got %#v", e)
	}
}

// missing=default: a column absent from a row takes the default the schema
// cache read, nextval of its sequence for an identity column.
func TestBuilderMissingDefaultIdentity(t *testing.T) {
	c := memCache()
	books := c.Tables[QI{"public", "books"}]
	books.ColMap["id"].Default = "nextval('public.books_id_seq'::regclass)"
	defer func() { books.ColMap["id"].Default = "" }()
	for prefer, want := range map[string]bool{"missing=default": true, "": false} {
		p, _, err := plan(t, c, "columns=id,title", prefer, false)
		if err != nil {
			t.Fatal(err)
		}
		pl, err := decodePayload([]byte(`[{"id":1,"title":"a"},{"title":"b"}]`), p.req.Columns, p.req.HasColumns)
		if err != nil {
			t.Fatal(err)
		}
		st, err := p.mutationStatement(books, opInsert, pl, accept{}, false)
		if err != nil {
			t.Fatal(err)
		}
		got := strings.Contains(st.sql, `ELSE nextval('public.books_id_seq'::regclass) END`) && strings.Contains(st.sql, `ELSE 'untitled'::text END`)
		if got != want {
			t.Fatalf("Prefer %q: defaults in SQL %v, want %v:\n%s", prefer, got, want, st.sql)
		}
	}
}

// count=planned counts nothing in the statement and explains the count query
// afterwards; count=estimated counts up to max-rows + 1, then explains.
func TestBuilderPlannedCounts(t *testing.T) {
	c := memCache()
	authors := c.Tables[QI{"public", "authors"}]
	for _, tc := range []struct {
		prefer, total, explain string
		maxRows                int
		estimated              bool
	}{
		{prefer: "count=exact", total: "(SELECT pg_catalog.count(*) FROM (SELECT 1 FROM"},
		{prefer: "count=planned", total: "SELECT NULL::bigint,", explain: `EXPLAIN (FORMAT JSON) SELECT 1 FROM "public"."authors" AS "authors" WHERE "authors"."name" = $1`},
		{prefer: "count=estimated", maxRows: 5, estimated: true, total: `WHERE "authors"."name" = $2 LIMIT 6) AS pgrst_c)`,
			explain: `EXPLAIN (FORMAT JSON) SELECT 1 FROM "public"."authors" AS "authors" WHERE "authors"."name" = $1`},
	} {
		p, _, err := plan(t, c, "select=id,meta->>k&name=eq.x", tc.prefer, false)
		if err != nil {
			t.Fatal(err)
		}
		p.maxRows = tc.maxRows
		st, err := p.readStatement(authors, accept{}, false, true)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(st.sql, tc.total) {
			t.Fatalf("%s: %s", tc.prefer, st.sql)
		}
		switch {
		case tc.explain == "" && st.plan != nil:
			t.Fatalf("%s: unexpected EXPLAIN", tc.prefer)
		case tc.explain != "" && (st.plan == nil || st.plan.sql != tc.explain || len(st.plan.args) != 1 || st.plan.args[0] != "x" || st.plan.estimated != tc.estimated):
			t.Fatalf("%s: plan %+v", tc.prefer, st.plan)
		}
	}
}

// An unknown column (an aggregate written without its column, sum instead of
// id.sum()) is PostgreSQL's 42703 naming the relation as PostgREST's SQL does:
// the root by its name, an embed by "<table>_<depth>".
func TestBuilderUndefinedColumnNamesPostgRESTAlias(t *testing.T) {
	c := memCache()
	authors := c.Tables[QI{"public", "authors"}]
	for q, want := range map[string]string{
		"select=sum":                        "column authors.sum does not exist",
		"select=name,books(sum)":            "column books_1.sum does not exist",
		"select=name,b:books(sum)":          "column books_1.sum does not exist",
		"select=books(authors(nope))":       "column authors_2.nope does not exist",
		"select=books(id)&books.nope=eq.1":  "column books_1.nope does not exist",
		"select=books(id)&books.order=nope": "column books_1.nope does not exist",
	} {
		err := readError(t, c, authors, q)
		ae, ok := err.(*apiError)
		if !ok || ae.Code != "42703" || ae.Message != want {
			t.Errorf("%s: got %v, want %s", q, err, want)
		}
	}
}

// GeoJSON is PostgREST's asGeoJsonF around the root rows, with the schema-qualified
// ST_AsGeoJSON the cache found; HEAD builds no body.
func TestBuilderGeoJSONBody(t *testing.T) {
	acc := accept{media: mediaGeoJSON, geoJSON: "extensions.st_asgeojson"}
	want := "json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(extensions.st_asgeojson(_postgrest_t)::json), '[]'))::text"
	for _, scalar := range []bool{false, true} {
		if got := bodyExpr(acc, scalar, true, false); got != want {
			t.Fatalf("scalar=%v: %s", scalar, got)
		}
	}
	if got := bodyExpr(acc, false, true, true); got != "NULL::text" {
		t.Fatal(got)
	}
	if acc.contentType() != "application/geo+json; charset=utf-8" || acc.mime() != "application/geo+json" {
		t.Fatal(acc.contentType(), acc.mime())
	}
}
