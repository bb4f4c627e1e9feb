package postgrest

import (
	"strings"
	"testing"
)

type httpCase struct {
	name    string
	method  string
	path    string
	body    string
	headers []string
	status  int
	want    string // JSON body, compared structurally; "" = not checked
	check   func(t *testing.T, r resp)
}

func runCases(t *testing.T, e *testEnv, cases []httpCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := c.method
			if m == "" {
				m = "GET"
			}
			r := e.do(t, m, c.path, c.body, c.headers...)
			expectStatus(t, r, c.status)
			if c.want != "" {
				expectBody(t, r, c.want)
			}
			if c.check != nil {
				c.check(t, r)
			}
		})
	}
}

func header(name, want string) func(t *testing.T, r resp) {
	return func(t *testing.T, r resp) {
		t.Helper()
		if got := r.header.Get(name); got != want {
			t.Fatalf("%s = %q, want %q", name, got, want)
		}
	}
}

func TestReads(t *testing.T) {
	e := newEnv(t, 0)
	runCases(t, e, []httpCase{
		{name: "columns and order", path: "/pc_authors?select=id,name&order=id.desc&limit=2", status: 200,
			want: `[{"id":4,"name":"Nobody"},{"id":3,"name":"Jorge"}]`, check: header("Content-Range", "0-1/*")},
		{name: "alias and cast", path: "/pc_authors?select=who:name,id::text&id=eq.1", status: 200,
			want: `[{"who":"Ursula","id":"1"}]`},
		{name: "json paths", path: "/pc_books?select=id,meta->>series,meta->lang->code,rating:meta->rating&id=eq.1", status: 200,
			want: `[{"id":1,"series":"Earthsea","code":"en","rating":5}]`},
		{name: "json path filter", path: "/pc_books?select=id&meta->lang->>code=eq.it", status: 200, want: `[{"id":4}]`},
		{name: "array index path", path: "/pc_books?select=tags->0&id=eq.1", status: 200, want: `[{"tags":"wizards"}]`},
		{name: "many-to-one embed", path: "/pc_books?select=title,pc_authors(name)&id=eq.4", status: 200,
			want: `[{"title":"Invisible Cities","pc_authors":{"name":"Italo"}}]`},
		{name: "embed by fk column with alias", path: "/pc_books?select=title,writer:author_id(name)&id=eq.4", status: 200,
			want: `[{"title":"Invisible Cities","writer":{"name":"Italo"}}]`},
		{name: "one-to-many with embedded order and limit", path: "/pc_authors?select=name,pc_books(title)&id=eq.1&pc_books.order=pages.desc&pc_books.limit=1", status: 200,
			want: `[{"name":"Ursula","pc_books":[{"title":"The Dispossessed"}]}]`},
		{name: "one-to-one", path: "/pc_authors?select=name,pc_author_profiles(bio)&id=in.(1,3)&order=id", status: 200,
			want: `[{"name":"Ursula","pc_author_profiles":{"bio":"Wrote Earthsea"}},{"name":"Jorge","pc_author_profiles":null}]`},
		{name: "many-to-many", path: "/pc_tags?select=name,pc_books(id)&id=eq.3", status: 200,
			want: `[{"name":"short","pc_books":[{"id":6}]}]`},
		{name: "inner join drops parents", path: "/pc_authors?select=name,pc_books!inner(id)&pc_books.genre=eq.scifi", status: 200,
			want: `[{"name":"Ursula","pc_books":[{"id":2},{"id":3}]}]`},
		{name: "left join keeps parents", path: "/pc_authors?select=name,pc_books!left(id)&pc_books.genre=eq.scifi&order=id&limit=2", status: 200,
			want: `[{"name":"Ursula","pc_books":[{"id":2},{"id":3}]},{"name":"Italo","pc_books":[]}]`},
		{name: "null embed filter (anti-join)", path: "/pc_authors?select=name,pc_books()&pc_books=is.null", status: 200,
			want: `[{"name":"Nobody"}]`},
		{name: "hint by constraint", path: "/pc_rivalries?select=id,first:pc_authors!pc_rivalries_first_author_fkey(name),second:pc_authors!second_author(name)&order=id", status: 200,
			want: `[{"id":1,"first":{"name":"Ursula"},"second":{"name":"Italo"}},{"id":2,"first":{"name":"Italo"},"second":{"name":"Jorge"}}]`},
		{name: "self reference children", path: "/pc_employees?select=name,pc_employees(name)&id=eq.2", status: 200,
			want: `[{"name":"Alice","pc_employees":[{"name":"Carol"}]}]`},
		{name: "self reference parent", path: "/pc_employees?select=name,boss:manager_id(name)&id=eq.4", status: 200,
			want: `[{"name":"Carol","boss":{"name":"Alice"}}]`},
		{name: "spread to-one", path: "/pc_books?select=title,...pc_authors(author:name)&id=eq.6", status: 200,
			want: `[{"title":"Ficciones","author":"Jorge"}]`},
		{name: "spread to-many", path: "/pc_authors?select=name,...pc_books(title)&id=eq.2&pc_books.order=id", status: 200,
			want: `[{"name":"Italo","title":["Invisible Cities","If on a winter's night a traveler"]}]`},
		{name: "aggregates with group by", path: "/pc_books?select=genre,count(),pages.sum(),price.max()&order=genre", status: 200,
			want: `[{"genre":"fantasy","count":1,"sum":183,"max":9.99},{"genre":"fiction","count":3,"sum":599,"max":13.25},{"genre":"scifi","count":2,"sum":525,"max":12.50}]`},
		{name: "count in embed", path: "/pc_authors?select=name,pc_books(count)&id=eq.1", status: 200,
			want: `[{"name":"Ursula","pc_books":[{"count":3}]}]`},
		{name: "FK column embed ignores views over the target", path: "/pc_books?select=title,author_id(name)&id=eq.4", status: 200,
			want: `[{"title":"Invisible Cities","author_id":{"name":"Italo"}}]`},
		{name: "FK constraint embed ignores views over the target", path: "/pc_books?select=title,pc_books_author_id_fkey(name)&id=eq.4", status: 200,
			want: `[{"title":"Invisible Cities","pc_books_author_id_fkey":{"name":"Italo"}}]`},
		{name: "a view over the target by its name", path: "/pc_books?select=title,pc_author_view(name)&id=eq.4", status: 200,
			want: `[{"title":"Invisible Cities","pc_author_view":{"name":"Italo"}}]`},
		{name: "self reference: hint on the children's FK column", path: "/pc_employees?select=name,pc_employees!manager_id(name)&id=eq.1&pc_employees.order=id", status: 200,
			want: `[{"name":"Boss","pc_employees":[{"name":"Alice"},{"name":"Bob"}]}]`},
		{name: "self reference: constraint hint is no relationship", path: "/pc_employees?select=name,pc_employees!pc_employees_manager_id_fkey(name)", status: 400,
			check: func(t *testing.T, r resp) {
				assertCode(t, r, "PGRST200")
				if d := r.json(t).(map[string]any)["details"]; d != "Searched for a foreign key relationship between 'pc_employees' and 'pc_employees' using the hint 'pc_employees_manager_id_fkey' in the schema 'public', but no matches were found." {
					t.Fatalf("details %v", d)
				}
			}},
		{name: "self reference: constraint name is no relationship", path: "/pc_employees?select=name,pc_employees_manager_id_fkey(name)", status: 400,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST200") }},
		{name: "computed relationship SETOF ROWS 1 is an object", path: "/pc_authors?select=name,pc_first_book(title)&order=id", status: 200,
			want: `[{"name":"Ursula","pc_first_book":{"title":"A Wizard of Earthsea"}},{"name":"Italo","pc_first_book":{"title":"Invisible Cities"}},` +
				`{"name":"Jorge","pc_first_book":{"title":"Ficciones"}},{"name":"Nobody","pc_first_book":null}]`},
		{name: "computed relationship SETOF is an array", path: "/pc_authors?select=name,pc_all_books(id)&id=in.(2,4)&order=id", status: 200,
			want: `[{"name":"Italo","pc_all_books":[{"id":4},{"id":5}]},{"name":"Nobody","pc_all_books":[]}]`},
		{name: "computed relationship ROWS 1: spread, inner and filters", path: "/pc_authors?select=name,...pc_first_book!inner(first:title)&pc_first_book.pages=lt.180&order=id",
			status: 200, want: `[{"name":"Italo","first":"Invisible Cities"},{"name":"Jorge","first":"Ficciones"}]`},
		{name: "computed field", path: "/pc_books?select=id,pc_title_upper&id=eq.6", status: 200, want: `[{"id":6,"pc_title_upper":"FICCIONES"}]`},
		{name: "view with relationship", path: "/pc_book_view?select=title,pc_authors(name)&id=eq.6", status: 200,
			want: `[{"title":"Ficciones","pc_authors":{"name":"Jorge"}}]`},
		{name: "nullslast", path: "/pc_books?select=id&order=price.desc.nullslast&limit=2", status: 200, want: `[{"id":5},{"id":2}]`},
		{name: "nullsfirst", path: "/pc_books?select=id&order=price.desc.nullsfirst&limit=1", status: 200, want: `[{"id":3}]`},
		{name: "related order", path: "/pc_books?select=id,pc_authors(name)&order=pc_authors(name).asc,id.asc&limit=2", status: 200,
			want: `[{"id":4,"pc_authors":{"name":"Italo"}},{"id":5,"pc_authors":{"name":"Italo"}}]`},
		{name: "offset and count 206", path: "/pc_books?select=id&order=id&offset=2&limit=2", headers: []string{"Prefer: count=exact"}, status: 206,
			want: `[{"id":3},{"id":4}]`, check: header("Content-Range", "2-3/6")},
		{name: "count all 200", path: "/pc_books?select=id", headers: []string{"Prefer: count=exact"}, status: 200,
			check: header("Content-Range", "0-5/6")},
		{name: "planned count", path: "/pc_books?select=id&limit=1", headers: []string{"Prefer: count=planned"}, status: 206,
			check: header("Content-Range", "0-0/6")},
		{name: "range header", path: "/pc_books?select=id&order=id", headers: []string{"Range: 1-2"}, status: 200,
			want: `[{"id":2},{"id":3}]`, check: header("Content-Range", "1-2/*")},
		{name: "range past the integers 416", path: "/pc_books?select=id", headers: []string{"Range: 0-99999999999999999999"}, status: 416,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST103") }},
		{name: "range to the last integer", path: "/pc_books?select=id&order=id", headers: []string{"Range: 4-9223372036854775807"}, status: 200,
			want: `[{"id":5},{"id":6}]`},
		{name: "range from the last integer", path: "/pc_books?select=id&order=id", headers: []string{"Range: 0-9223372036854775807"}, status: 200,
			want: `[{"id":1},{"id":2},{"id":3},{"id":4},{"id":5},{"id":6}]`},
		{name: "offset beyond total 416", path: "/pc_books?offset=10", headers: []string{"Prefer: count=exact"}, status: 416,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST103") }},
		{name: "empty result", path: "/pc_books?id=eq.999", status: 200, want: `[]`, check: header("Content-Range", "*/*")},
		{name: "singular", path: "/pc_authors?select=name&id=eq.2", headers: []string{"Accept: application/vnd.pgrst.object+json"}, status: 200,
			want: `{"name":"Italo"}`, check: header("Content-Type", "application/vnd.pgrst.object+json; charset=utf-8")},
		{name: "singular with many rows", path: "/pc_authors", headers: []string{"Accept: application/vnd.pgrst.object+json"}, status: 406,
			want: `{"code":"PGRST116","details":"The result contains 4 rows","hint":null,"message":"Cannot coerce the result to a single JSON object"}`},
		{name: "singular with no rows", path: "/pc_authors?id=eq.99", headers: []string{"Accept: application/vnd.pgrst.object+json"}, status: 406,
			check: func(t *testing.T, r resp) {
				if !strings.Contains(r.body, "The result contains 0 rows") {
					t.Fatal(r.body)
				}
			}},
		{name: "csv", path: "/pc_authors?select=id,name,country&order=id&limit=2", headers: []string{"Accept: text/csv"}, status: 200,
			check: func(t *testing.T, r resp) {
				if r.body != "id,name,country\n1,Ursula,US\n2,Italo,IT" {
					t.Fatalf("%q", r.body)
				}
			}},
		{name: "stripped nulls", path: "/pc_authors?select=name,country&id=eq.4", headers: []string{"Accept: application/vnd.pgrst.array+json;nulls=stripped"}, status: 200,
			want: `[{"name":"Nobody"}]`},
		{name: "unsupported accept", path: "/pc_authors", headers: []string{"Accept: image/png"}, status: 406,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST107") }},
		{name: "head", method: "HEAD", path: "/pc_authors", headers: []string{"Prefer: count=exact"}, status: 200,
			check: func(t *testing.T, r resp) {
				if r.body != "" || r.header.Get("Content-Range") != "0-3/4" {
					t.Fatalf("body %q range %q", r.body, r.header.Get("Content-Range"))
				}
			}},
		{name: "profile header echoed", path: "/pc_tags?select=id&id=eq.1", headers: []string{"Accept-Profile: public"}, status: 200,
			check: header("Content-Profile", "public")},
	})
}

func assertCode(t *testing.T, r resp, code string) {
	t.Helper()
	m, ok := r.json(t).(map[string]any)
	if !ok || m["code"] != code {
		t.Fatalf("code: want %s, body %s", code, r.body)
	}
	for _, k := range []string{"code", "message", "details", "hint"} {
		if _, ok := m[k]; !ok {
			t.Fatalf("error body lacks %q: %s", k, r.body)
		}
	}
}

func TestFilters(t *testing.T) {
	e := newEnv(t, 0)
	ids := func(want string) func(t *testing.T, r resp) {
		return func(t *testing.T, r resp) { t.Helper(); expectBody(t, r, want) }
	}
	cases := []struct{ q, want string }{
		{"id=eq.2", `[{"id":2}]`},
		{"id=neq.1&id=lt.3", `[{"id":2}]`},
		{"pages=gt.300", `[{"id":2}]`},
		{"pages=gte.260&pages=lte.341", `[{"id":2},{"id":5}]`},
		{"title=like.*Cities*", `[{"id":4}]`},
		{"title=ilike.the*", `[{"id":2},{"id":3}]`},
		{"title=match.^A", `[{"id":1}]`},
		{"title=imatch.^a ", `[{"id":1}]`},
		{"id=in.(1,3,5)", `[{"id":1},{"id":3},{"id":5}]`},
		{"title=in.(\"If on a winter's night a traveler\",Ficciones)", `[{"id":5},{"id":6}]`},
		{"id=in.()", `[]`},
		{"price=is.null", `[{"id":3}]`},
		{"price=not.is.null&pages=lt.170", `[{"id":4}]`},
		{"price=is.not_null&pages=lt.170", `[{"id":4}]`},
		{"price=isdistinct.9.99&pages=lt.185", `[{"id":3},{"id":4},{"id":6}]`},
		{"search=fts.wizard", `[{"id":1}]`},
		{"summary=plfts(english).true names", `[{"id":1}]`},
		{"summary=phfts.two worlds", `[{"id":2}]`},
		{"summary=wfts.labyrinths or dreams", `[{"id":3},{"id":6}]`},
		{"tags=cs.{physics}", `[{"id":2}]`},
		{"tags=cd.{dreams,cities,x}", `[{"id":3},{"id":4},{"id":5}]`},
		{"tags=ov.{islands,cities}", `[{"id":1},{"id":4}]`},
		{"meta=cs.{\"series\":\"Earthsea\"}", `[{"id":1}]`},
		{"title=like(any).{*Cities,Fic*}", `[{"id":4},{"id":6}]`},
		{"title=ilike(all).{*the*,*of*}", `[{"id":3}]`},
		{"id=eq(any).{2,4}", `[{"id":2},{"id":4}]`},
		{"id=not.in.(1,2,3,4)", `[{"id":5},{"id":6}]`},
		{"or=(id.eq.1,id.eq.6)", `[{"id":1},{"id":6}]`},
		{"or=(pages.gt.300,and(genre.eq.fiction,pages.lt.170))", `[{"id":2},{"id":4}]`},
		{"not.or=(id.lt.5,genre.eq.scifi)", `[{"id":5},{"id":6}]`},
		{"and=(genre.eq.scifi,not.or(pages.lt.200,price.is.null))", `[{"id":2}]`},
		{"or=(title.in.(Ficciones,\"Invisible Cities\"),tags.cs.{dreams})", `[{"id":3},{"id":4},{"id":6}]`},
		{"or=(meta->>series.eq.Earthsea,id.eq.2)", `[{"id":1},{"id":2}]`},
		{"published=gte.1970-01-01&published=lt.1975-01-01", `[{"id":2},{"id":3},{"id":4}]`},
	}
	var hc []httpCase
	for _, c := range cases {
		hc = append(hc, httpCase{name: c.q, path: "/pc_books?select=id&order=id&" + encodeQuery(c.q), status: 200, check: ids(c.want)})
	}
	// Range operators.
	for _, c := range []struct{ q, want string }{
		{"slots=sl.[6,9)", `[{"id":1}]`}, {"slots=sr.[6,9)", `[{"id":2}]`}, {"slots=nxr.[6,9)", `[{"id":1}]`},
		{"slots=nxl.[6,9)", `[{"id":2}]`}, {"slots=adj.[5,10)", `[{"id":1},{"id":2}]`}, {"slots=ov.[3,12)", `[{"id":1},{"id":2}]`},
		{"slots=cs.[2,3)", `[{"id":1}]`},
	} {
		hc = append(hc, httpCase{name: c.q, path: "/pc_events?select=id&order=id&" + encodeQuery(c.q), status: 200, check: ids(c.want)})
	}
	runCases(t, e, hc)
}

// encodeQuery percent-encodes values the way URLSearchParams does (space as +).
func encodeQuery(q string) string {
	var parts []string
	for p := range strings.SplitSeq(q, "&") {
		k, v, _ := strings.Cut(p, "=")
		parts = append(parts, k+"="+strings.NewReplacer(" ", "+", "{", "%7B", "}", "%7D", "\"", "%22", "[", "%5B", "]", "%5D", ",", "%2C", "(", "%28", ")", "%29", "'", "%27", "*", "%2A", ">", "%3E", "^", "%5E").Replace(v))
	}
	return strings.Join(parts, "&")
}
