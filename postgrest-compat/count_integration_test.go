package postgrest

import (
	"context"
	"testing"
)

// count=planned reads the planner's estimate (EXPLAIN of the count query), not
// the table: rows added since the last ANALYZE that fit in the same pages are
// not seen. count=estimated is exact unless the exact count passes max-rows.
func TestPlannedAndEstimatedCounts(t *testing.T) {
	e := newEnv(t, 0)
	// pc_reset analyzed pc_books at 6 rows; ten more small rows fit in its one page.
	if _, err := e.db.Admin.Exec(context.Background(),
		`insert into public.pc_books (title) select 'extra ' || i from generate_series(1, 10) i`); err != nil {
		t.Fatal(err)
	}
	runCases(t, e, []httpCase{
		{name: "exact sees the new rows", path: "/pc_books?select=id&limit=1", headers: []string{"Prefer: count=exact"}, status: 206,
			check: header("Content-Range", "0-0/16")},
		{name: "planned is the estimate", path: "/pc_books?select=id&limit=1", headers: []string{"Prefer: count=planned"}, status: 206,
			check: header("Content-Range", "0-0/6")},
		{name: "planned with a filter", path: "/pc_books?select=id&genre=eq.scifi", headers: []string{"Prefer: count=planned"}, status: 200,
			check: header("Content-Range", "0-1/2")},
		{name: "estimated without max-rows takes the larger", path: "/pc_books?select=id&limit=1", headers: []string{"Prefer: count=estimated"},
			status: 206, check: header("Content-Range", "0-0/16")},
		{name: "planned HEAD: a page past the estimate is 200", method: "HEAD", path: "/pc_books", headers: []string{"Prefer: count=planned"}, status: 200,
			check: header("Content-Range", "0-15/6")},
	})

	m := newEnv(t, 2)
	runCases(t, m, []httpCase{
		{name: "estimated under max-rows is exact", path: "/pc_books?select=id&genre=eq.scifi", headers: []string{"Prefer: count=estimated"},
			status: 200, check: header("Content-Range", "0-1/2")},
		{name: "estimated past max-rows is the estimate", path: "/pc_books?select=id", headers: []string{"Prefer: count=estimated"},
			status: 206, check: header("Content-Range", "0-1/6")},
		{name: "planned with max-rows", path: "/pc_books?select=id", headers: []string{"Prefer: count=planned"},
			status: 206, check: header("Content-Range", "0-1/6")},
	})
}

func TestRenumberParams(t *testing.T) {
	q, args := renumberParams(`SELECT 1 FROM t WHERE a = $3 AND b = $1 AND c = $3`, []any{"x", "unused", "z"})
	if q != `SELECT 1 FROM t WHERE a = $1 AND b = $2 AND c = $1` || len(args) != 2 || args[0] != "z" || args[1] != "x" {
		t.Fatalf("%s %v", q, args)
	}
	if n, err := planRows(`[{"Plan": {"Node Type": "Seq Scan", "Plan Rows": 42}}]`); err != nil || n != 42 {
		t.Fatal(n, err)
	}
}
