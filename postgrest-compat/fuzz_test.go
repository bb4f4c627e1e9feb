package postgrest

import (
	"regexp"
	"strings"
	"testing"
)

// sqlVocabulary is every unquoted word the builder may emit.
var sqlVocabulary = map[string]bool{}

func init() {
	for w := range strings.FieldsSeq(`select from where and or not as on true false null is distinct left inner join lateral
		with order by asc desc nulls first last limit offset group case when then else end any all like ilike
		coalesce json_agg row_to_json jsonb to_jsonb count sum avg max min cast pg_catalog text bigint integer regconfig
		to_tsvector to_tsquery plainto_tsquery phraseto_tsquery websearch_to_tsquery json_strip_nulls unknown
		insert into values default update set delete returning conflict do nothing excluded xmax
		jsonb_array_elements jsonb_typeof jsonb_build_array jsonb_populate_record array ordinality v n
		jsonb_to_record variadic json_build_array json_object_keys string_agg chr substr length exists
		pgrst raise_error pgrst_source pgrst_c pgrst_r pgrst_e pgrst_k pgrst_args pgrst_call pgrst_scalar
		pgrst_ins pgrst_empty body _postgrest_t pgrst_payload`) {
		sqlVocabulary[w] = true
	}
}

var (
	quotedIdent = regexp.MustCompile(`"((?:[^"]|"")*)"`)
	quotedLit   = regexp.MustCompile(`'(?:[^']|'')*'`)
	wordRe      = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)
	genAlias    = regexp.MustCompile(`^pgrst_\d+$`)
)

// literalsWeWrite are the only string literals the builder emits.
var literalsWeWrite = map[string]bool{
	"'[]'": true, "'null'": true, "'array'": true, "','": true, "''": true,
	"'PGRST124'": true, "'Query result exceeds max-affected preference constraint'": true, "'The query affects '": true,
	"' rows'": true, "'PGRST116'": true, "'Cannot coerce the result to a single JSON object'": true, "'The result contains '": true,
	"'untitled'": true,
}

// checkSQL asserts that a statement only names objects of the cache (or labels
// the request chose, quoted), uses only our own keywords and literals, and that
// no request value is spliced into the text.
func checkSQL(t *testing.T, c *Cache, req *Request, sql string) {
	known := map[string]bool{"public": true}
	for q, tb := range c.Tables {
		known[q.Name] = true
		for _, col := range tb.Columns {
			known[col.Name] = true
		}
	}
	for q, fs := range c.Funcs {
		known[q.Name] = true
		for _, f := range fs {
			for _, prm := range f.Params {
				known[prm.Name] = true
			}
		}
	}
	labels := map[string]bool{}
	var walk func(items []SelectItem)
	walk = func(items []SelectItem) {
		for i := range items {
			labels[items[i].outputKey()] = true
			if items[i].Embed != nil {
				walk(items[i].Embed.Items)
			}
		}
	}
	walk(req.Select)
	for _, m := range quotedIdent.FindAllStringSubmatch(sql, -1) {
		id := strings.ReplaceAll(m[1], `""`, `"`)
		if !known[id] && !labels[id] && !genAlias.MatchString(id) {
			t.Fatalf("identifier %q is neither in the schema cache nor a label of the request:\n%s", id, sql)
		}
	}
	rest := quotedIdent.ReplaceAllString(sql, " ")
	for _, lit := range quotedLit.FindAllString(rest, -1) {
		if !literalsWeWrite[lit] && !strings.HasPrefix(lit, "'untitled'") {
			t.Fatalf("unexpected literal %s in:\n%s", lit, sql)
		}
	}
	rest = quotedLit.ReplaceAllString(rest, " ")
	rest = regexp.MustCompile(`\$\d+`).ReplaceAllString(rest, " ")
	for _, w := range wordRe.FindAllString(rest, -1) {
		lw := strings.ToLower(w)
		if !sqlVocabulary[lw] && !c.Types[lw] && !genAlias.MatchString(lw) {
			t.Fatalf("unexpected word %q in:\n%s", w, sql)
		}
	}
	if strings.Count(rest, ";") > 0 {
		t.Fatalf("statement separator in:\n%s", sql)
	}
}

// FuzzParseRequest feeds arbitrary query strings through the parser and the SQL
// builder: it must never panic, and the SQL may only name objects of the cache.
func FuzzParseRequest(f *testing.F) {
	for _, s := range []string{
		"select=id,name,books(title)&name=like.U*&books.order=title.desc&order=id&limit=10",
		"select=n:name,meta->>k,meta->a->0&or=(id.eq.1,tags.cs.{a},not.and(id.gt.2,name.is.null))",
		"select=*,books!inner(*)&books.title=fts(english).cat&id=in.(1,2,\"3\")",
		"select=id::text,count(),name.max()&order=name.desc.nullslast",
		"select=...books(title)&books=not.is.null&offset=3",
		"select=\"we\"\"ird\"&id=eq(any).{1,2}",
		"select=x:books!books_author_id_fkey!left(id,authors(name))&books.limit=1&books.offset=2",
		"id=not.isdistinct.5&name=imatch.^a&tags=ov.{a,b}",
		"select=a\"b:id&order=books(title)",
	} {
		f.Add(s, "")
		f.Add(s, "return=representation,resolution=merge-duplicates,handling=strict,max-affected=2")
	}
	c := memCache()
	authors := c.Tables[QI{"public", "authors"}]
	books := c.Tables[QI{"public", "books"}]
	f.Fuzz(func(t *testing.T, query, prefer string) {
		for mode := range 4 {
			p, _, err := plan(t, c, query, prefer, mode == 3)
			if err != nil {
				if _, ok := err.(*apiError); !ok {
					t.Fatalf("parse error of type %T: %v", err, err)
				}
				return
			}
			var st *statement
			switch mode {
			case 0:
				st, err = p.readStatement(authors, accept{media: mediaCSV}, false, true)
			case 1:
				pl, perr := decodePayload([]byte(`{"title":"t"}`), p.req.Columns, p.req.HasColumns)
				if perr != nil {
					continue
				}
				st, err = p.mutationStatement(books, opInsert, pl, accept{}, true)
			case 2:
				st, err = p.mutationStatement(books, opDelete, nil, accept{media: mediaObject}, false)
			case 3:
				st, err = p.rpcStatement(c.Funcs[QI{"public", "by_author"}][0], map[string]string{"author": "x"}, nil, false, "GET", accept{}, false, true)
			}
			if err != nil {
				if _, ok := err.(*apiError); !ok {
					t.Fatalf("builder error of type %T: %v", err, err)
				}
				continue
			}
			checkSQL(t, c, p.req, st.sql)
		}
	})
}
