package postgrest

import (
	"strings"
	"testing"
)

func TestRPC(t *testing.T) {
	e := newEnv(t, 0)
	runCases(t, e, []httpCase{
		{name: "GET scalar", path: "/rpc/pc_add?a=2&b=3", status: 200, want: `5`},
		{name: "POST scalar", method: "POST", path: "/rpc/pc_add", body: `{"a":2,"b":40}`, status: 200, want: `42`},
		{name: "POST setof filtered, ordered, limited", method: "POST", path: "/rpc/pc_books_by?select=id,title&pages=gt.180&order=id.desc&limit=1",
			body: `{"author":"Ursula"}`, status: 200, want: `[{"id":3,"title":"The Lathe of Heaven"}]`},
		{name: "setof with embed", path: "/rpc/pc_books_by?author=Jorge&select=title,pc_authors(name)", status: 200,
			want: `[{"title":"Ficciones","pc_authors":{"name":"Jorge"}}]`},
		{name: "setof count", path: "/rpc/pc_books_by?author=Ursula&limit=1", headers: []string{"Prefer: count=exact"}, status: 206,
			check: header("Content-Range", "0-0/3")},
		{name: "HEAD rpc", method: "HEAD", path: "/rpc/pc_books_by?author=Ursula", headers: []string{"Prefer: count=exact"}, status: 200,
			check: header("Content-Range", "0-2/3")},
		{name: "scalar count=exact GET", path: "/rpc/pc_add?a=2&b=3", headers: []string{"Prefer: count=exact"}, status: 200, want: `5`,
			check: header("Content-Range", "0-0/1")},
		{name: "scalar count=exact POST", method: "POST", path: "/rpc/pc_add", body: `{"a":2,"b":40}`, headers: []string{"Prefer: count=exact"},
			status: 200, want: `42`, check: header("Content-Range", "0-0/1")},
		{name: "scalar without count", path: "/rpc/pc_add?a=2&b=3", status: 200, want: `5`, check: header("Content-Range", "0-0/*")},
		{name: "HEAD scalar count=exact", method: "HEAD", path: "/rpc/pc_add?a=2&b=3", headers: []string{"Prefer: count=exact"}, status: 200,
			check: header("Content-Range", "0-0/1")},
		{name: "POST setof count=exact", method: "POST", path: "/rpc/pc_books_by?limit=2", body: `{"author":"Ursula"}`,
			headers: []string{"Prefer: count=exact"}, status: 206, check: header("Content-Range", "0-1/3")},
		{name: "rpc count=planned has no total", path: "/rpc/pc_books_by?author=Ursula&limit=1", headers: []string{"Prefer: count=planned"},
			status: 200, check: func(t *testing.T, r resp) {
				if r.header.Get("Content-Range") != "0-0/*" || r.header.Get("Preference-Applied") != "count=planned" {
					t.Fatalf("headers %v", r.header)
				}
			}},
		{name: "rpc count=estimated is exact", path: "/rpc/pc_books_by?author=Ursula&limit=1", headers: []string{"Prefer: count=estimated"},
			status: 206, check: header("Content-Range", "0-0/3")},
		{name: "void count=exact", method: "POST", path: "/rpc/pc_noop", headers: []string{"Prefer: count=exact"}, status: 204,
			check: header("Content-Range", "0-0/1")},
		{name: "returns table", path: "/rpc/pc_author_stats?books=gt.1", status: 200,
			want: `[{"author":"Italo","books":2},{"author":"Ursula","books":3}]`},
		{name: "setof scalar", path: "/rpc/pc_numbers?n=4", status: 200, want: `[1,2,3,4]`},
		{name: "single json argument", method: "POST", path: "/rpc/pc_echo", body: `{"any":["thing",1]}`, status: 200, want: `{"any":["thing",1]}`},
		{name: "variadic POST", method: "POST", path: "/rpc/pc_sum", body: `{"nums":[1,2,3]}`, status: 200, want: `6`},
		{name: "variadic GET repeated", path: "/rpc/pc_sum?nums=1&nums=2&nums=4", status: 200, want: `7`},
		{name: "default argument", method: "POST", path: "/rpc/pc_add_pages?select=pages", body: `{"book":6}`, status: 200, want: `{"pages":175}`},
		{name: "volatile composite via POST", method: "POST", path: "/rpc/pc_add_pages", body: `{"book":6,"delta":5}`,
			headers: []string{"Accept: application/vnd.pgrst.object+json"}, status: 200,
			check: func(t *testing.T, r resp) {
				if !strings.Contains(r.body, `"pages":180`) {
					t.Fatal(r.body)
				}
			}},
		{name: "volatile via GET is refused", path: "/rpc/pc_add_pages?book=6", status: 405,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST101") }},
		{name: "void 204", method: "POST", path: "/rpc/pc_noop", status: 204},
		{name: "raise exception 400", method: "POST", path: "/rpc/pc_fail", body: `{"msg":"boom"}`, status: 400,
			want: `{"code":"P0001","details":"raised on purpose","hint":"try again","message":"boom"}`},
		{name: "PT402", method: "POST", path: "/rpc/pc_pay", status: 402,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PT402") }},
		{name: "runs as the caller's role", path: "/rpc/pc_whoami", status: 200, want: `"anon"`},
		{name: "unknown function 404", method: "POST", path: "/rpc/pc_nope", body: `{"x":1}`, status: 404,
			want: `{"code":"PGRST202","details":"Searched for the function public.pc_nope with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.","hint":null,"message":"Could not find the function public.pc_nope(x) in the schema cache"}`},
		{name: "wrong arguments 404 with hint", method: "POST", path: "/rpc/pc_add", body: `{"x":1}`, status: 404,
			check: func(t *testing.T, r resp) {
				assertCode(t, r, "PGRST202")
				if !strings.Contains(r.body, "Perhaps you meant to call the function public.pc_add(a, b)") {
					t.Fatal(r.body)
				}
			}},
		{name: "unnamed int parameter: not callable", method: "POST", path: "/rpc/pc_unnamed_int", body: `{"":1}`, status: 404,
			want: `{"code":"PGRST202","details":"Searched for the function public.pc_unnamed_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.","hint":null,"message":"Could not find the function public.pc_unnamed_int() in the schema cache"}`},
		{name: "unnamed text parameter takes a text/plain body", method: "POST", path: "/rpc/pc_unnamed_text", body: `hello`,
			headers: []string{"Content-Type: text/plain"}, status: 200, want: `"got hello"`},
		{name: "unnamed text parameter named \"\" in JSON takes the body whole", method: "POST", path: "/rpc/pc_unnamed_text", body: `{"":"x"}`,
			status: 200, want: `"got {\"\":\"x\"}"`},
		{name: "unnamed xml parameter takes a text/xml body", method: "POST", path: "/rpc/pc_unnamed_xml", body: `<a>hi</a>`,
			headers: []string{"Content-Type: text/xml"}, status: 200, want: `"hi"`},
		{name: "unnamed bytea parameter takes an octet-stream body", method: "POST", path: "/rpc/pc_unnamed_bytea", body: "\x00\x01\xff\\x",
			headers: []string{"Content-Type: application/octet-stream"}, status: 200, want: `5`},
		{name: "text body without a text function", method: "POST", path: "/rpc/pc_add", body: `hello`, headers: []string{"Content-Type: text/plain"}, status: 404,
			want: `{"code":"PGRST202","details":"Searched for the function public.pc_add with a single unnamed text parameter, but no matches were found in the schema cache.","hint":null,"message":"Could not find the function public.pc_add in the schema cache"}`},
		{name: "xml body to a function without parameters", method: "POST", path: "/rpc/pc_noop", body: `<a/>`, headers: []string{"Content-Type: text/xml"}, status: 404,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST202") }},
		{name: "GET names only the parameters", path: "/rpc/pc_nope?x=1&y=2", status: 404,
			want: `{"code":"PGRST202","details":"Searched for the function public.pc_nope with parameters x, y, but no matches were found in the schema cache.","hint":null,"message":"Could not find the function public.pc_nope(x, y) in the schema cache"}`},
		{name: "no arguments: () and an unnamed default are ambiguous", method: "POST", path: "/rpc/pc_over", status: 300,
			want: `{"code":"PGRST203","details":null,"hint":"Try renaming the parameters or the function itself in the database so function overloading can be resolved","message":"Could not choose the best candidate function between: public.pc_over(), public.pc_over( => text)"}`},
		{name: "same names, different types", method: "POST", path: "/rpc/pc_over_named", body: `{"a":1}`, status: 300,
			want: `{"code":"PGRST203","details":null,"hint":"Try renaming the parameters or the function itself in the database so function overloading can be resolved","message":"Could not choose the best candidate function between: public.pc_over_named(a => integer), public.pc_over_named(a => text)"}`},
		{name: "two single-json fallbacks", method: "POST", path: "/rpc/pc_json2", body: `{"k":1}`, status: 300,
			check: func(t *testing.T, r resp) {
				if m := r.json(t).(map[string]any)["message"]; m != "Could not choose the best candidate function between: public.pc_json2( => json), public.pc_json2( => jsonb)" {
					t.Fatal(m)
				}
			}},
		{name: "computed field is not an RPC", method: "POST", path: "/rpc/pc_title_upper", body: `{}`, status: 404,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST202") }},
		{name: "bad argument type 400", path: "/rpc/pc_add?a=x&b=1", status: 400,
			check: func(t *testing.T, r resp) { assertCode(t, r, "22P02") }},
		{name: "PATCH on rpc 405", method: "PATCH", path: "/rpc/pc_add", body: `{}`, status: 405,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST101") }},
		{name: "max-affected on non-setof", method: "POST", path: "/rpc/pc_noop", headers: []string{"Prefer: handling=strict, max-affected=1"}, status: 400,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST128") }},
		{name: "max-affected on setof", path: "/rpc/pc_books_by?author=Ursula", headers: []string{"Prefer: handling=strict, max-affected=1"}, status: 400,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST124") }},
	})
}

func TestErrors(t *testing.T) {
	e := newEnv(t, 0)
	runCases(t, e, []httpCase{
		{name: "unknown table", path: "/pc_author", status: 404,
			want: `{"code":"PGRST205","details":null,"hint":"Perhaps you meant the table 'public.pc_authors'","message":"Could not find the table 'public.pc_author' in the schema cache"}`},
		{name: "unknown column", path: "/pc_authors?select=nope", status: 400,
			want: `{"code":"42703","details":null,"hint":null,"message":"column pc_authors.nope does not exist"}`},
		{name: "unknown filter column", path: "/pc_authors?nope=eq.1", status: 400, check: func(t *testing.T, r resp) { assertCode(t, r, "42703") }},
		{name: "bad operator", path: "/pc_authors?id=eqx.1", status: 400, check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST100") }},
		{name: "bad select", path: "/pc_authors?select=id,(", status: 400, check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST100") }},
		{name: "bad value type", path: "/pc_authors?id=eq.abc", status: 400, check: func(t *testing.T, r resp) { assertCode(t, r, "22P02") }},
		{name: "unknown relationship", path: "/pc_authors?select=pc_tags(*)", status: 400,
			want: `{"code":"PGRST200","details":"Searched for a foreign key relationship between 'pc_authors' and 'pc_tags' in the schema 'public', but no matches were found.","hint":null,"message":"Could not find a relationship between 'pc_authors' and 'pc_tags' in the schema cache"}`},
		{name: "ambiguous relationship", path: "/pc_rivalries?select=pc_authors(*)", status: 300,
			check: func(t *testing.T, r resp) {
				assertCode(t, r, "PGRST201")
				m := r.json(t).(map[string]any)
				if d, ok := m["details"].([]any); !ok || len(d) != 2 {
					t.Fatal(r.body)
				}
				if !strings.Contains(m["hint"].(string), "'pc_authors!pc_rivalries_first_author_fkey'") {
					t.Fatal(r.body)
				}
			}},
		{name: "filter on embed not selected", path: "/pc_authors?select=name&pc_books.id=eq.1", status: 400,
			want: `{"code":"PGRST108","details":null,"hint":"Verify that 'pc_books' is included in the 'select' query parameter.","message":"'pc_books' is not an embedded resource in this request"}`},
		{name: "bad operator on embed", path: "/pc_authors?select=name,pc_books(id)&pc_books=eq.1", status: 400,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST120") }},
		{name: "related order on to-many", path: "/pc_authors?select=name,pc_books(id)&order=pc_books(id)", status: 400,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST118") }},
		{name: "schema not exposed", path: "/pc_authors", headers: []string{"Accept-Profile: auth"}, status: 406,
			want: `{"code":"PGRST106","details":null,"hint":"Only the following schemas are exposed: public","message":"Invalid schema: auth"}`},
		{name: "deep path", path: "/a/b/c", status: 404, check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST125") }},
		{name: "bad cast type", path: "/pc_authors?select=id::nosuchtype", status: 400, check: func(t *testing.T, r resp) { assertCode(t, r, "42704") }},
		{name: "invalid limit", path: "/pc_authors?limit=-1", status: 416, check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST103") }},
		{name: "expired token", path: "/pc_authors", headers: []string{"Authorization: Bearer " + expiredToken(t)}, status: 401,
			check: func(t *testing.T, r resp) {
				assertCode(t, r, "PGRST303")
				if !strings.HasPrefix(r.header.Get("WWW-Authenticate"), "Bearer") {
					t.Fatal("no WWW-Authenticate")
				}
			}},
		{name: "garbage token", path: "/pc_authors", headers: []string{"Authorization: Bearer abc.def.ghi"}, status: 401,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST301") }},
		{name: "invalid apikey", path: "/pc_authors", headers: []string{"apikey: nope"}, status: 401,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST301") }},
		{name: "publishable key maps to anon", path: "/rpc/pc_whoami", headers: []string{"apikey: sb_publishable_test", "Authorization: Bearer sb_publishable_test"}, status: 200, want: `"anon"`},
		{name: "secret key maps to service_role", path: "/rpc/pc_whoami", headers: []string{"apikey: sb_secret_test", "Authorization: Bearer sb_secret_test"}, status: 200, want: `"service_role"`},
		{name: "openapi for anon refused", path: "/", status: 403},
		{name: "openapi for service role", path: "/", headers: []string{e.asService()}, status: 200,
			check: func(t *testing.T, r resp) {
				m := r.json(t).(map[string]any)
				if m["swagger"] != "2.0" {
					t.Fatal(r.body[:200])
				}
				paths := m["paths"].(map[string]any)
				if _, ok := paths["/pc_books"]; !ok {
					t.Fatal("no /pc_books path")
				}
				if _, ok := paths["/rpc/pc_add"]; !ok {
					t.Fatal("no /rpc/pc_add path")
				}
				defs := m["definitions"].(map[string]any)
				props := defs["pc_books"].(map[string]any)["properties"].(map[string]any)
				if props["id"].(map[string]any)["format"] != "int64" {
					t.Fatal(props["id"])
				}
			}},
	})
}
