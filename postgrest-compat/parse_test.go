package postgrest

import (
	"encoding/json"
	"net/http"
	"reflect"
	"testing"
)

func TestParseSelect(t *testing.T) {
	cases := []struct {
		in   string
		want []SelectItem
		err  bool
	}{
		{in: "*", want: []SelectItem{{Field: Field{Name: "*"}}}},
		{in: "id,name", want: []SelectItem{{Field: Field{Name: "id"}}, {Field: Field{Name: "name"}}}},
		{in: "who:name", want: []SelectItem{{Alias: "who", Field: Field{Name: "name"}}}},
		{in: "id::text", want: []SelectItem{{Field: Field{Name: "id"}, Cast: "text"}}},
		{in: "a:id::int[]", want: []SelectItem{{Alias: "a", Field: Field{Name: "id"}, Cast: "int[]"}}},
		{in: `"first name"`, want: []SelectItem{{Field: Field{Name: "first name"}}}},
		{in: `"we\"ird"`, want: []SelectItem{{Field: Field{Name: `we"ird`}}}},
		{in: "data->a->>b", want: []SelectItem{{Field: Field{Name: "data", Path: []JSONOp{{Key: "a"}, {Text: true, Key: "b"}}}}}},
		{in: "data->0->-1", want: []SelectItem{{Field: Field{Name: "data", Path: []JSONOp{{Key: "0", Index: true}, {Key: "-1", Index: true}}}}}},
		{in: "my-col", want: []SelectItem{{Field: Field{Name: "my-col"}}}},
		{in: "count()", want: []SelectItem{{Agg: "count"}}},
		{in: "n:count()::text", want: []SelectItem{{Alias: "n", Agg: "count", AggCast: "text"}}},
		{in: "price.sum()", want: []SelectItem{{Field: Field{Name: "price"}, Agg: "sum"}}},
		{in: "price::numeric.avg()::int", want: []SelectItem{{Field: Field{Name: "price"}, Cast: "numeric", Agg: "avg", AggCast: "int"}}},
		{in: "books(id)", want: []SelectItem{{Embed: &EmbedItem{Name: "books", Items: []SelectItem{{Field: Field{Name: "id"}}}}}}},
		{in: "b:books!inner(*)", want: []SelectItem{{Alias: "b", Embed: &EmbedItem{Name: "books", Join: "inner", Items: []SelectItem{{Field: Field{Name: "*"}}}}}}},
		{in: "books!fk!left()", want: []SelectItem{{Embed: &EmbedItem{Name: "books", Hint: "fk", Join: "left"}}}},
		{in: "books!left!fk()", want: []SelectItem{{Embed: &EmbedItem{Name: "books", Hint: "fk", Join: "left"}}}},
		{in: "...authors(name)", want: []SelectItem{{Embed: &EmbedItem{Name: "authors", Spread: true, Items: []SelectItem{{Field: Field{Name: "name"}}}}}}},
		{in: "a(b(c(d)))", want: []SelectItem{{Embed: &EmbedItem{Name: "a", Items: []SelectItem{{Embed: &EmbedItem{Name: "b",
			Items: []SelectItem{{Embed: &EmbedItem{Name: "c", Items: []SelectItem{{Field: Field{Name: "d"}}}}}}}}}}}}},
		{in: "msgs(count)", want: []SelectItem{{Embed: &EmbedItem{Name: "msgs", Items: []SelectItem{{Field: Field{Name: "count"}}}}}}},
		{in: " id , name ", want: []SelectItem{{Field: Field{Name: "id"}}, {Field: Field{Name: "name"}}}},
		{in: "id,", err: true},
		{in: "books(id", err: true},
		{in: "books!a!b!c(id)", err: true},
		{in: "id.nope()", err: true},
		{in: "id::", err: true},
		{in: `"open`, err: true},
		{in: "(", err: true},
	}
	for _, c := range cases {
		got, err := parseSelect(c.in)
		if c.err {
			if err == nil {
				t.Errorf("%q: want error, got %+v", c.in, got)
			} else if ae := asAPI(err).(*apiError); ae.Code != "PGRST100" {
				t.Errorf("%q: code %s", c.in, ae.Code)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			g, _ := json.Marshal(got)
			w, _ := json.Marshal(c.want)
			t.Errorf("%q:\n got %s\nwant %s", c.in, g, w)
		}
	}
}

func TestOutputKey(t *testing.T) {
	for in, want := range map[string]string{
		"data->foo->bar": "bar", "data->foo->>baz": "baz", "languages->0": "languages", "x:data->a": "x",
		"count()": "count", "price.sum()": "sum", "books(id)": "books", "b:books(id)": "b", "id::text": "id",
	} {
		items, err := parseSelect(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := items[0].outputKey(); got != want {
			t.Errorf("%q: key %q, want %q", in, got, want)
		}
	}
}

func TestParseFilterValue(t *testing.T) {
	cases := []struct {
		in   string
		want Filter
		err  bool
	}{
		{in: "eq.5", want: Filter{Op: "eq", Value: "5"}},
		{in: "eq.a.b,c", want: Filter{Op: "eq", Value: "a.b,c"}},
		{in: "not.like.*x*", want: Filter{Negate: true, Op: "like", Value: "*x*"}},
		{in: "in.(1,2,\"a,b\",\"q\\\"\")", want: Filter{Op: "in", List: []string{"1", "2", "a,b", `q"`}}},
		{in: "in.()", want: Filter{Op: "in", List: []string{}}},
		{in: "is.NULL", want: Filter{Op: "is", Value: "null"}},
		{in: "is.not_null", want: Filter{Op: "is", Value: "not_null"}},
		{in: "fts(english).cat & dog", want: Filter{Op: "fts", Config: "english", Value: "cat & dog"}},
		{in: "like(any).{a*,*b}", want: Filter{Op: "like", Quant: "any", Value: "{a*,*b}"}},
		{in: "cs.{1,2}", want: Filter{Op: "cs", Value: "{1,2}"}},
		{in: "adj.[1,2)", want: Filter{Op: "adj", Value: "[1,2)"}},
		{in: "eq.", want: Filter{Op: "eq", Value: ""}},
		{in: "eqx.1", err: true},
		{in: "is.maybe", err: true},
		{in: "fts(any).x", want: Filter{Op: "fts", Config: "any", Value: "x"}},
		{in: "cs(any).x", err: true},
		{in: "in.(1,2", err: true},
		{in: "eq", err: true},
		{in: "", err: true},
	}
	for _, c := range cases {
		got, err := parseFilterValue(Field{Name: "c"}, c.in)
		if c.err {
			if err == nil {
				t.Errorf("%q: want error, got %+v", c.in, got)
			}
			continue
		}
		c.want.Field = Field{Name: "c"}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %+v err %v, want %+v", c.in, got, err, c.want)
		}
	}
}

func TestParseLogic(t *testing.T) {
	tr, err := parseLogic(true, false, `(age.eq.14,not.and(age.gte.11,age.lte.17),name.in.(a,"b,c"),tags.cs.{x,y},s.eq."q,)",data->>k.is.null)`)
	if err != nil {
		t.Fatal(err)
	}
	if !tr.Or || len(tr.Filters) != 5 || len(tr.Children) != 1 || !tr.Children[0].Negate || tr.Children[0].Or {
		t.Fatalf("%+v", tr)
	}
	if !reflect.DeepEqual(tr.Order, []bool{false, true, false, false, false, false}) {
		t.Fatalf("order %v", tr.Order)
	}
	if tr.Filters[1].List[1] != "b,c" || tr.Filters[2].Value != "{x,y}" || tr.Filters[3].Value != "q,)" || tr.Filters[4].Field.Path[0].Key != "k" {
		t.Fatalf("%+v", tr.Filters)
	}
	for _, bad := range []string{"", "(", "(a.eq.1", "(a.eq.1,)", "(a.zz.1)", "a.eq.1", "(and(a.eq.1)"} {
		if _, err := parseLogic(false, false, bad); err == nil {
			t.Errorf("%q: want error", bad)
		}
	}
}

func TestParseOrder(t *testing.T) {
	got, err := parseOrder("a,b.desc,c.asc.nullsfirst,d->>k.desc.nullslast,rel(x).desc")
	if err != nil {
		t.Fatal(err)
	}
	want := []OrderTerm{
		{Field: Field{Name: "a"}}, {Field: Field{Name: "b"}, Desc: true}, {Field: Field{Name: "c"}, Nulls: "first"},
		{Field: Field{Name: "d", Path: []JSONOp{{Text: true, Key: "k"}}}, Desc: true, Nulls: "last"},
		{Relation: "rel", Field: Field{Name: "x"}, Desc: true},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%+v", got)
	}
	for _, bad := range []string{"a.up", "a,", "rel(x", ""} {
		if _, err := parseOrder(bad); err == nil {
			t.Errorf("%q: want error", bad)
		}
	}
}

func TestParseQueryRouting(t *testing.T) {
	req, rest, err := parseQuery("select=id,b(c)&id=eq.1&b.c=gt.2&b.order=c.desc&b.limit=3&offset=4&or=(id.eq.1,id.eq.2)&b.not.and=(c.eq.1)&apikey=x&columns=\"a\",b&on_conflict=a", false)
	if err != nil {
		t.Fatal(err)
	}
	root, b := req.Nodes[""], req.Nodes["b"]
	if len(root.Filters) != 1 || len(root.Logic) != 1 || *root.Offset != 4 || b == nil || len(b.Filters) != 1 || len(b.Order) != 1 ||
		*b.Limit != 3 || len(b.Logic) != 1 || !b.Logic[0].Negate || len(rest) != 0 {
		t.Fatalf("%+v %+v %v", root, b, rest)
	}
	if !reflect.DeepEqual(req.Columns, []string{"a", "b"}) || !reflect.DeepEqual(req.OnConflict, []string{"a"}) {
		t.Fatalf("%v %v", req.Columns, req.OnConflict)
	}
	// RPC GET: a parameter that is not a filter is an argument.
	_, rest, err = parseQuery("a=1&b=eq.2", true)
	if err != nil || len(rest) != 2 {
		t.Fatalf("%v %v", rest, err)
	}
	// '+' is a space, as URLSearchParams encodes it.
	req, _, _ = parseQuery("name=eq.a+b", false)
	if req.Nodes[""].Filters[0].Value != "a b" {
		t.Fatal(req.Nodes[""].Filters[0].Value)
	}
}

func TestParsePrefs(t *testing.T) {
	h := http.Header{}
	h.Add("Prefer", "return=representation, count=exact")
	h.Add("Prefer", "resolution=merge-duplicates,return=minimal, max-affected=5, handling=strict, bogus, tx=rollback, missing=default")
	p := parsePrefs(h)
	if p.Return != "representation" || p.Count != "exact" || p.Resolution != "merge-duplicates" || *p.MaxAffected != 5 ||
		p.Handling != "strict" || p.Tx != "rollback" || p.Missing != "default" || !reflect.DeepEqual(p.Invalid, []string{"bogus"}) {
		t.Fatalf("%+v", p)
	}
}

func TestNegotiate(t *testing.T) {
	cases := map[string]media{
		"": mediaJSON, "*/*": mediaJSON, "application/json": mediaJSON, "application/vnd.pgrst.object+json": mediaObject,
		"application/vnd.pgrst.object": mediaObject, "text/csv": mediaCSV, "image/png, text/csv;q=0.5": mediaCSV,
		"application/geo+json": mediaGeoJSON, "application/geo+json;": mediaGeoJSON,
	}
	for h, want := range cases {
		a, err := negotiate(h, false)
		if err != nil || a.media != want {
			t.Errorf("%q: %v %v", h, a, err)
		}
	}
	if _, err := negotiate("image/png", false); err == nil {
		t.Error("image/png accepted")
	}
	if a, _ := negotiate("application/vnd.pgrst.object+json;nulls=stripped", false); !a.stripped {
		t.Error("nulls=stripped ignored")
	}
}

func TestParseRangeHeader(t *testing.T) {
	off, lim, ok, err := parseRangeHeader("5-9")
	if !ok || err != nil || off != 5 || *lim != 5 {
		t.Fatal(off, lim, ok, err)
	}
	off, lim, ok, _ = parseRangeHeader("items=3-")
	if !ok || off != 3 || lim != nil {
		t.Fatal(off, lim, ok)
	}
	if _, _, _, err := parseRangeHeader("9-5"); err == nil {
		t.Fatal("inverted range accepted")
	}
}
