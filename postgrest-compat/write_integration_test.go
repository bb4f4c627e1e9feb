package postgrest

import (
	"context"
	"strings"
	"testing"
)

func TestWrites(t *testing.T) {
	e := newEnv(t, 0)
	svc := e.asService()
	repr := "Prefer: return=representation"
	runCases(t, e, []httpCase{
		{name: "insert minimal", method: "POST", path: "/pc_tags", body: `{"id":10,"name":"ten"}`, status: 201,
			check: func(t *testing.T, r resp) {
				if r.body != "" || r.header.Get("Content-Range") != "*/*" {
					t.Fatalf("body %q range %q", r.body, r.header.Get("Content-Range"))
				}
			}},
		{name: "insert representation with select", method: "POST", path: "/pc_tags?select=name", body: `{"id":11,"name":"eleven"}`,
			headers: []string{repr}, status: 201, want: `[{"name":"eleven"}]`},
		{name: "bulk insert with columns and count", method: "POST", path: `/pc_tags?columns="id","name"&select=id`,
			body:    `[{"id":12,"name":"twelve","ignored":1},{"id":13,"name":"thirteen"}]`,
			headers: []string{repr + ", count=exact"}, status: 201, want: `[{"id":12},{"id":13}]`, check: header("Content-Range", "*/2")},
		{name: "insert defaults with missing=default", method: "POST", path: `/pc_books?columns="title","genre"&select=title,genre`,
			body: `[{"title":"x1"},{"title":"x2","genre":"poetry"}]`, headers: []string{repr + ", missing=default"}, status: 201,
			want: `[{"title":"x1","genre":"fiction"},{"title":"x2","genre":"poetry"}]`},
		{name: "missing=default gives an absent identity column its next value", method: "POST",
			path: `/pc_books?columns="id","title"&select=id,title,genre`,
			body: `[{"id":900,"title":"i1"},{"title":"i2"}]`, headers: []string{repr + ", missing=default"}, status: 201,
			check: func(t *testing.T, r resp) {
				rows, _ := r.json(t).([]any)
				if len(rows) != 2 {
					t.Fatalf("body %s", r.body)
				}
				first, second := rows[0].(map[string]any), rows[1].(map[string]any)
				if first["id"] != float64(900) || second["id"] == nil || second["id"] == float64(900) || second["genre"] != "fiction" {
					t.Fatalf("body %s", r.body)
				}
			}},
		{name: "insert nulls without missing=default", method: "POST", path: `/pc_books?columns="title","genre"&select=genre`,
			body: `[{"title":"x3"}]`, headers: []string{repr}, status: 201, want: `[{"genre":null}]`},
		{name: "insert with embed in representation", method: "POST", path: "/pc_books?select=title,pc_authors(name)",
			body: `{"title":"New","author_id":2,"tags":["a","b"],"meta":{"k":[1,2]}}`, headers: []string{repr}, status: 201,
			want: `[{"title":"New","pc_authors":{"name":"Italo"}}]`},
		{name: "insert headers-only gives Location", method: "POST", path: "/pc_tags", body: `{"id":14,"name":"fourteen"}`,
			headers: []string{"Prefer: return=headers-only"}, status: 201, check: header("Location", "/pc_tags?id=eq.14")},
		{name: "insert singular", method: "POST", path: "/pc_tags", body: `{"id":15,"name":"fifteen"}`,
			headers: []string{repr, "Accept: application/vnd.pgrst.object+json"}, status: 201, want: `{"id":15,"name":"fifteen"}`},
		{name: "singular insert of two rows is rolled back", method: "POST", path: "/pc_tags", body: `[{"id":16,"name":"a16"},{"id":17,"name":"a17"}]`,
			headers: []string{repr, "Accept: application/vnd.pgrst.object+json"}, status: 406,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST116"); assertNoTag(t, e, 16) }},
		{name: "duplicate key 409", method: "POST", path: "/pc_tags", body: `{"id":1,"name":"dup"}`, status: 409,
			check: func(t *testing.T, r resp) { assertCode(t, r, "23505") }},
		{name: "fk violation 409", method: "POST", path: "/pc_books", body: `{"title":"orphan","author_id":999}`, status: 409,
			check: func(t *testing.T, r resp) { assertCode(t, r, "23503") }},
		{name: "check violation 400", method: "POST", path: "/pc_books", body: `{"title":"bad","pages":-1}`, status: 400,
			check: func(t *testing.T, r resp) { assertCode(t, r, "23514") }},
		{name: "unknown column 400 PGRST204", method: "POST", path: "/pc_tags", body: `{"id":20,"nope":1}`, status: 400,
			want: `{"code":"PGRST204","details":null,"hint":null,"message":"Could not find the 'nope' column of 'pc_tags' in the schema cache"}`},
		{name: "mismatched keys PGRST102", method: "POST", path: "/pc_tags", body: `[{"id":21},{"name":"x"}]`, status: 400,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST102") }},
		{name: "invalid json PGRST102", method: "POST", path: "/pc_tags", body: `{"id":`, status: 400,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST102") }},
		{name: "upsert merge updates existing: 200", method: "POST", path: "/pc_tags?select=id,name", body: `{"id":1,"name":"classic!"}`,
			headers: []string{"Prefer: resolution=merge-duplicates, return=representation"}, status: 200, want: `[{"id":1,"name":"classic!"}]`,
			check: header("Preference-Applied", "resolution=merge-duplicates, return=representation")},
		{name: "upsert merge with a new row: 201", method: "POST", path: `/pc_tags?columns="id","name"&select=id`,
			body:    `[{"id":1,"name":"classic"},{"id":30,"name":"thirty"}]`,
			headers: []string{"Prefer: resolution=merge-duplicates, return=representation"}, status: 201, want: `[{"id":1},{"id":30}]`},
		{name: "upsert on_conflict unique column", method: "POST", path: "/pc_tags?on_conflict=name&select=id,name", body: `{"id":32,"name":"thirty"}`,
			headers: []string{"Prefer: resolution=merge-duplicates, return=representation"}, status: 200, want: `[{"id":32,"name":"thirty"}]`},
		{name: "upsert ignore duplicates", method: "POST", path: "/pc_tags?select=id", body: `{"id":3,"name":"short?"}`,
			headers: []string{"Prefer: resolution=ignore-duplicates, return=representation"}, status: 201, want: `[]`},
		{name: "update with filter", method: "PATCH", path: "/pc_authors?id=eq.4&select=name,active", body: `{"active":false}`,
			headers: []string{svc, repr}, status: 200, want: `[{"name":"Nobody","active":false}]`},
		{name: "update minimal 204", method: "PATCH", path: "/pc_tags?id=eq.10", body: `{"name":"TEN"}`, status: 204,
			check: header("Content-Range", "0-0/*")},
		{name: "update no match", method: "PATCH", path: "/pc_tags?id=eq.999", body: `{"name":"x"}`, headers: []string{repr}, status: 200, want: `[]`},
		{name: "update count", method: "PATCH", path: "/pc_books?genre=eq.scifi", body: `{"genre":"sf"}`, headers: []string{"Prefer: count=exact"}, status: 204,
			check: header("Content-Range", "0-1/2")},
		{name: "unfiltered update refused", method: "PATCH", path: "/pc_tags", body: `{"name":"x"}`, status: 400,
			want: `{"code":"21000","details":null,"hint":null,"message":"UPDATE requires a WHERE clause"}`},
		{name: "unfiltered delete refused", method: "DELETE", path: "/pc_tags", status: 400,
			want: `{"code":"21000","details":null,"hint":null,"message":"DELETE requires a WHERE clause"}`},
		{name: "embed filter alone is not a WHERE", method: "DELETE", path: "/pc_authors?select=*,pc_books(*)&pc_books.id=eq.1", headers: []string{svc}, status: 400,
			check: func(t *testing.T, r resp) { assertCode(t, r, "21000") }},
		{name: "max-affected strict refuses", method: "PATCH", path: "/pc_books?pages=gt.100", body: `{"summary":"x"}`,
			headers: []string{"Prefer: handling=strict, max-affected=2"}, status: 400,
			want: `{"code":"PGRST124","details":"The query affects 6 rows","hint":null,"message":"Query result exceeds max-affected preference constraint"}`},
		{name: "max-affected lenient ignored", method: "PATCH", path: "/pc_books?id=lt.3", body: `{"summary":"y"}`,
			headers: []string{"Prefer: max-affected=1"}, status: 204},
		{name: "strict with bad preference", method: "GET", path: "/pc_tags", headers: []string{"Prefer: handling=strict, nope=1"}, status: 400,
			want: `{"code":"PGRST122","details":"Invalid preferences: nope=1","hint":null,"message":"Invalid preferences given with handling=strict"}`},
		{name: "delete representation", method: "DELETE", path: "/pc_tags?id=eq.10&select=id", headers: []string{repr}, status: 200, want: `[{"id":10}]`},
		{name: "delete count", method: "DELETE", path: "/pc_tags?id=in.(11,12)", headers: []string{"Prefer: count=exact"}, status: 204,
			check: header("Content-Range", "*/2")},
		{name: "tx rollback", method: "POST", path: "/pc_tags?select=id", body: `{"id":40,"name":"rolled back"}`,
			headers: []string{"Prefer: tx=rollback, return=representation"}, status: 201, want: `[{"id":40}]`,
			check: func(t *testing.T, r resp) { assertNoTag(t, e, 40) }},
		{name: "anon lacking privilege gets 401", method: "POST", path: "/pc_authors", body: `{"name":"x"}`, status: 401,
			check: func(t *testing.T, r resp) { assertCode(t, r, "42501") }},
		{name: "authenticated failing RLS gets 403", method: "POST", path: "/pc_notes",
			body:    `{"body":"forged","owner":"00000000-0000-4000-8000-000000000002"}`,
			headers: []string{userToken(t, "00000000-0000-4000-8000-000000000001")}, status: 403,
			check: func(t *testing.T, r resp) {
				assertCode(t, r, "42501")
				if !strings.Contains(r.body, "row-level security") {
					t.Fatal(r.body)
				}
			}},
	})
}

func assertNoTag(t *testing.T, e *testEnv, id int) {
	t.Helper()
	var n int
	if err := e.db.Admin.QueryRow(context.Background(), "select count(*) from public.pc_tags where id = $1", id).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatalf("tag %d exists: the transaction was not rolled back", id)
	}
}

// PUT upserts the one row its URL names by primary key (PostgREST's
// MutationSingleUpsert): 201 created, 200 replaced, 204 without a representation.
func TestPut(t *testing.T) {
	e := newEnv(t, 0)
	repr := "Prefer: return=representation"
	pk105 := `{"code":"PGRST105","details":null,"hint":null,"message":"Filters must include all and only primary key columns with 'eq' operators"}`
	pk115 := `{"code":"PGRST115","details":null,"hint":null,"message":"Payload values do not match URL in primary key column(s)"}`
	runCases(t, e, []httpCase{
		{name: "creates: 201", method: "PUT", path: "/pc_tags?id=eq.50", body: `{"id":50,"name":"fifty"}`, headers: []string{repr},
			status: 201, want: `[{"id":50,"name":"fifty"}]`, check: func(t *testing.T, r resp) {
				if r.header.Get("Content-Range") != "" || r.header.Get("Preference-Applied") != "return=representation" {
					t.Fatalf("headers %v", r.header)
				}
			}},
		{name: "replaces: 200", method: "PUT", path: "/pc_tags?id=eq.50&select=name", body: `[{"id":50,"name":"FIFTY"}]`, headers: []string{repr},
			status: 200, want: `[{"name":"FIFTY"}]`},
		{name: "minimal: 204", method: "PUT", path: "/pc_tags?id=eq.51", body: `{"id":51,"name":"fifty-one"}`, status: 204,
			check: func(t *testing.T, r resp) {
				if r.body != "" || r.header.Get("Content-Type") != "" {
					t.Fatalf("body %q, content type %q", r.body, r.header.Get("Content-Type"))
				}
			}},
		{name: "singular with embed", method: "PUT", path: "/pc_books?id=eq.1&select=title,pc_authors(name)",
			body:    `{"id":1,"author_id":2,"title":"Moved"}`,
			headers: []string{repr, "Accept: application/vnd.pgrst.object+json"}, status: 200, want: `{"title":"Moved","pc_authors":{"name":"Italo"}}`},
		{name: "only the body row carrying the key is written", method: "PUT", path: "/pc_tags?id=eq.52&select=id",
			body: `[{"id":52,"name":"a"},{"id":53,"name":"b"}]`, headers: []string{repr}, status: 201, want: `[{"id":52}]`,
			check: func(t *testing.T, r resp) { assertNoTag(t, e, 53) }},
		{name: "composite key", method: "PUT", path: "/pc_book_tags?book_id=eq.3&tag_id=eq.3", body: `{"book_id":3,"tag_id":3}`,
			headers: []string{repr}, status: 201, want: `[{"book_id":3,"tag_id":3}]`},
		{name: "body key differs from URL: 115, nothing written", method: "PUT", path: "/pc_tags?id=eq.54", body: `{"id":55,"name":"x"}`,
			status: 400, want: pk115, check: func(t *testing.T, r resp) { assertNoTag(t, e, 55) }},
		{name: "body without the key: 115", method: "PUT", path: "/pc_tags?id=eq.54", body: `{"name":"x"}`, status: 400, want: pk115},
		{name: "empty body: 115", method: "PUT", path: "/pc_tags?id=eq.54", body: `{}`, status: 400, want: pk115},
		{name: "not the key: 105", method: "PUT", path: "/pc_tags?name=eq.x", body: `{"id":54,"name":"x"}`, status: 405, want: pk105},
		{name: "key plus another filter: 105", method: "PUT", path: "/pc_tags?id=eq.54&name=eq.x", body: `{"id":54,"name":"x"}`, status: 405, want: pk105},
		{name: "negated: 105", method: "PUT", path: "/pc_tags?id=not.eq.54", body: `{"id":54,"name":"x"}`, status: 405, want: pk105},
		{name: "in: 105", method: "PUT", path: "/pc_tags?id=in.(54)", body: `{"id":54,"name":"x"}`, status: 405, want: pk105},
		{name: "logic tree: 105", method: "PUT", path: "/pc_tags?and=(id.eq.54)", body: `{"id":54,"name":"x"}`, status: 405, want: pk105},
		{name: "no filter: 105", method: "PUT", path: "/pc_tags", body: `{"id":54,"name":"x"}`, status: 405, want: pk105},
		{name: "part of a composite key: 105", method: "PUT", path: "/pc_book_tags?book_id=eq.3", body: `{"book_id":3,"tag_id":1}`, status: 405, want: pk105},
		{name: "limit: 114", method: "PUT", path: "/pc_tags?id=eq.54&limit=1", body: `{"id":54,"name":"x"}`, status: 400,
			want: `{"code":"PGRST114","details":null,"hint":null,"message":"limit/offset querystring parameters are not allowed for PUT"}`},
		{name: "offset: 114", method: "PUT", path: "/pc_tags?id=eq.54&offset=1", body: `{"id":54,"name":"x"}`, status: 400,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST114") }},
		{name: "Range header ignored", method: "PUT", path: "/pc_tags?id=eq.54&select=id", body: `{"id":54,"name":"x"}`,
			headers: []string{repr, "Range: 1-1"}, status: 201, want: `[{"id":54}]`},
	})
}

// One computed field name on two tables' rows: a written row read back with it
// (and a computed relationship named the same way) must pick the function of
// the table written, as a read does.
func TestWriteRepresentationWithAComputedFieldOnTwoTables(t *testing.T) {
	e := newEnv(t, 0)
	e.db.Exec(t, `
create function public.pc_label(public.pc_tags) returns text language sql stable as $$ select 'tag ' || $1.name $$;
create function public.pc_label(public.pc_authors) returns text language sql stable as $$ select 'author ' || $1.name $$;
create function public.pc_shelf(public.pc_tags) returns setof public.pc_books language sql stable as $$
  select b.* from public.pc_books b join public.pc_book_tags bt on bt.book_id = b.id where bt.tag_id = $1.id $$;
create function public.pc_shelf(public.pc_authors) returns setof public.pc_books language sql stable as $$
  select * from public.pc_books where author_id = $1.id $$;`)
	if err := e.h.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	repr := "Prefer: return=representation"
	runCases(t, e, []httpCase{
		{name: "update", method: "PATCH", path: "/pc_tags?id=eq.3&select=id,pc_label", body: `{"name":"brief"}`,
			headers: []string{repr}, status: 200, want: `[{"id":3,"pc_label":"tag brief"}]`},
		{name: "insert", method: "POST", path: "/pc_tags?select=pc_label", body: `{"id":40,"name":"forty"}`,
			headers: []string{repr}, status: 201, want: `[{"pc_label":"tag forty"}]`},
		{name: "upsert", method: "POST", path: "/pc_tags?select=pc_label", body: `{"id":40,"name":"again"}`,
			headers: []string{repr + ", resolution=merge-duplicates"}, status: 200, want: `[{"pc_label":"tag again"}]`},
		{name: "delete", method: "DELETE", path: "/pc_tags?id=eq.40&select=pc_label",
			headers: []string{repr}, status: 200, want: `[{"pc_label":"tag again"}]`},
		{name: "computed relationship", method: "PATCH", path: "/pc_tags?id=eq.3&select=id,pc_shelf(id)", body: `{"name":"short"}`,
			headers: []string{repr}, status: 200, check: func(t *testing.T, r resp) {
				if !strings.HasPrefix(r.body, `[{"id":3,"pc_shelf":[`) {
					t.Fatalf("body %s", r.body)
				}
			}},
		{name: "read is unchanged", path: "/pc_authors?select=pc_label&id=eq.1", status: 200, check: func(t *testing.T, r resp) {
			if !strings.HasPrefix(r.body, `[{"pc_label":"author `) {
				t.Fatalf("body %s", r.body)
			}
		}},
	})
}
