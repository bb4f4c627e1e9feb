package postgrest

import (
	"flag"
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
		p, _, err := plan(t, c, q, "", false)
		if err == nil {
			_, err = p.readStatement(authors, accept{}, false, false)
		}
		ae, ok := err.(*apiError)
		if !ok || ae.Code != code {
			t.Errorf("%s: got %v, want %s", q, err, code)
		}
	}
}
