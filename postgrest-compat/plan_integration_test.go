package postgrest

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// Accept: application/vnd.pgrst.plan answers the EXPLAIN of the request's
// statement when plans are enabled, 406 otherwise; a mutation never takes effect.
func TestPlanMedia(t *testing.T) {
	off := newEnv(t, 0)
	runCases(t, off, []httpCase{
		{name: "disabled by default", path: "/pc_books", headers: []string{"Accept: application/vnd.pgrst.plan"}, status: 406,
			want: `{"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: application/vnd.pgrst.plan"}`},
	})

	e := newEnv(t, 0)
	e.h.opts.PlanEnabled = true
	bookCount := func(t *testing.T) int {
		var n int
		if err := e.db.Admin.QueryRow(context.Background(), `select count(*) from public.pc_books`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	runCases(t, e, []httpCase{
		{name: "text plan of a read", path: "/pc_books?select=id&genre=eq.scifi", headers: []string{"Accept: application/vnd.pgrst.plan"}, status: 200,
			check: func(t *testing.T, r resp) {
				if r.header.Get("Content-Type") != `application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8` ||
					!strings.Contains(r.body, "Seq Scan on pc_books") || !strings.HasSuffix(r.body, "\n") {
					t.Fatalf("%v\n%s", r.header, r.body)
				}
			}},
		{name: "json plan with options and for", path: "/pc_books?select=id",
			headers: []string{`Accept: application/vnd.pgrst.plan+json; for="text/csv"; options=verbose|analyze|buffers`}, status: 200,
			check: func(t *testing.T, r resp) {
				if r.header.Get("Content-Type") != `application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|verbose|buffers; charset=utf-8` {
					t.Fatal(r.header.Get("Content-Type"))
				}
				var plan []map[string]any
				if err := json.Unmarshal([]byte(r.body), &plan); err != nil || len(plan) != 1 || plan[0]["Plan"] == nil || plan[0]["Execution Time"] == nil {
					t.Fatalf("%v %s", err, r.body)
				}
				if !strings.Contains(r.body, `"Output"`) || !strings.Contains(r.body, `"Shared Hit Blocks"`) {
					t.Fatalf("verbose/buffers missing: %s", r.body)
				}
			}},
		{name: "insert with analyze is rolled back", method: "POST", path: "/pc_books", body: `{"title":"planned"}`,
			headers: []string{"Accept: application/vnd.pgrst.plan+json; options=analyze", "Prefer: return=representation"}, status: 200,
			check: func(t *testing.T, r resp) {
				if !strings.Contains(r.body, `"Operation": "Insert"`) || bookCount(t) != 6 {
					t.Fatalf("%d rows: %s", bookCount(t), r.body)
				}
			}},
		{name: "delete without analyze is not run", method: "DELETE", path: "/pc_books?id=gt.0", headers: []string{"Accept: application/vnd.pgrst.plan"}, status: 200,
			check: func(t *testing.T, r resp) {
				if !strings.Contains(r.body, "Delete on pc_books") || bookCount(t) != 6 {
					t.Fatalf("%d rows: %s", bookCount(t), r.body)
				}
			}},
		{name: "volatile rpc with analyze is rolled back", method: "POST", path: "/rpc/pc_add_pages", body: `{"book":6,"delta":100}`,
			headers: []string{"Accept: application/vnd.pgrst.plan; options=analyze"}, status: 200,
			check: func(t *testing.T, r resp) {
				var pages int
				if err := e.db.Admin.QueryRow(context.Background(), `select pages from public.pc_books where id = 6`).Scan(&pages); err != nil || pages != 174 {
					t.Fatalf("pages %d %v", pages, err)
				}
			}},
		{name: "plan for an unavailable media", path: "/pc_books", headers: []string{`Accept: application/vnd.pgrst.plan; for="image/png"`}, status: 406},
	})
}

func TestNegotiatePlan(t *testing.T) {
	a, err := negotiatePlan(`application/vnd.pgrst.plan+text; for="application/vnd.pgrst.object+json"; options=wal|analyze;`, true)
	if err != nil || a.plan == nil || a.media != mediaObject || strings.Join(a.plan.opts, ",") != "analyze,wal" ||
		a.plan.explainSQL() != "EXPLAIN (FORMAT TEXT, ANALYZE, WAL) " {
		t.Fatalf("%+v %+v %v", a, a.plan, err)
	}
	if a, err := negotiatePlan("application/vnd.pgrst.plan", false); err == nil {
		t.Fatalf("plan served while disabled: %+v", a)
	}
	if a, err := negotiatePlan("application/json", true); err != nil || a.plan != nil {
		t.Fatalf("%+v %v", a, err)
	}
}
