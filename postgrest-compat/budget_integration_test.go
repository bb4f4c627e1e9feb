package postgrest

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"casarent/server/config"
)

// list is n comma-separated items made by item.
func list(n int, item func(i int) string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = item(i)
	}
	return strings.Join(parts, ",")
}

// The filters' lists, or=/and= trees and order= columns of one request are
// bounded (PGRSTX04–06), with the defaults of server/config; a request at the
// limit is served.
func TestQueryBudget(t *testing.T) {
	e := newEnv(t, 0)
	d := config.RestDefaults()
	num := func(i int) string { return strconv.Itoa(i) }
	eqID := func(i int) string { return "id.eq." + strconv.Itoa(i) }
	byID := func(int) string { return "id.desc" }
	code := func(c string) func(*testing.T, resp) {
		return func(t *testing.T, r resp) { t.Helper(); assertCode(t, r, c) }
	}
	runCases(t, e, []httpCase{
		{name: "in= at the limit", method: "GET", path: "/pc_tags?select=id&id=in.(" + list(d.MaxInValues, num) + ")", status: 200},
		{name: "in= over the limit", method: "GET", path: "/pc_tags?id=in.(" + list(d.MaxInValues+1, num) + ")", status: 400, check: code("PGRSTX04")},
		{name: "in= lists add up", method: "GET",
			path: "/pc_tags?id=in.(" + list(d.MaxInValues/2+1, num) + ")&name=not.in.(" + list(d.MaxInValues/2, num) + ")", status: 400, check: code("PGRSTX04")},
		{name: "in= percent-encoded as URLSearchParams does", method: "GET",
			path: "/pc_tags?id=" + url.QueryEscape("in.("+list(d.MaxInValues+1, num)+")"), status: 400, check: code("PGRSTX04")},
		{name: "in= inside or= counts as values, not terms", method: "GET",
			path: "/pc_tags?or=(id.in.(" + list(d.MaxInValues+1, num) + "),name.eq.x)", status: 400, check: code("PGRSTX04")},
		{name: "quoted commas are one value", method: "GET",
			path: "/pc_tags?select=id&name=in.(" + list(d.MaxInValues, func(i int) string { return `"a,b` + strconv.Itoa(i) + `"` }) + ")", status: 200},
		{name: "or= at the limit", method: "GET", path: "/pc_tags?select=id&or=(" + list(d.MaxLogicTerms, eqID) + ")", status: 200},
		{name: "or= over the limit", method: "GET", path: "/pc_tags?or=(" + list(d.MaxLogicTerms+1, eqID) + ")", status: 400, check: code("PGRSTX05")},
		{name: "nested and= terms count", method: "GET",
			path: "/pc_tags?or=(id.eq.0,and(" + list(d.MaxLogicTerms, eqID) + "))", status: 400, check: code("PGRSTX05")},
		{name: "embedded or= counts", method: "GET",
			path: "/pc_authors?select=id,pc_books(id)&pc_books.or=(" + list(d.MaxLogicTerms+1, eqID) + ")", status: 400, check: code("PGRSTX05")},
		{name: "on a write too", method: "PATCH", path: "/pc_tags?or=(" + list(d.MaxLogicTerms+1, eqID) + ")", body: `{"name":"x"}`,
			status: 400, check: code("PGRSTX05")},
		{name: "order= at the limit", method: "GET", path: "/pc_tags?select=id&order=" + list(d.MaxOrderTerms, byID), status: 200},
		{name: "order= over the limit", method: "GET", path: "/pc_tags?order=" + list(d.MaxOrderTerms+1, byID), status: 400, check: code("PGRSTX06")},
		{name: "embedded order= adds up", method: "GET",
			path:   "/pc_authors?select=id,pc_books(id)&order=" + list(d.MaxOrderTerms/2+1, byID) + "&pc_books.order=" + list(d.MaxOrderTerms/2, byID),
			status: 400, check: code("PGRSTX06")},
		// Checked before parsing: a malformed parameter after the list is never reached.
		{name: "refused before the rest is parsed", method: "GET",
			path: "/pc_tags?id=in.(" + list(d.MaxInValues+1, num) + ")&name=nope.x", status: 400, check: code("PGRSTX04")},
	})
}

// The raw scan counts what the parser would read.
func TestBudgetScanCounts(t *testing.T) {
	for _, tc := range []struct {
		val          string
		logic        bool
		list, groups int
	}{
		{"in.(1,2,3)", false, 3, 0},
		{`in.("a,b","c)",d)`, false, 3, 0},
		{"eq.x,y", false, 0, 0},
		{"(a.eq.1,b.in.(1,2),not.and(c.eq.1,d.eq.2))", true, 2, 5},
		{"(a.eq.1,or(b.eq.2,c.ov.(1,2)))", true, 2, 4},
		{"(color.in.(1,2),vendor.eq.1)", true, 2, 2}, // fields ending in "or" open no group
		{"or(1,2)", false, 2, 0},                     // outside a logic tree, no groups at all
	} {
		var c budgetCounts
		c.scan(tc.val, tc.logic)
		if c.listItems != tc.list || c.logicTerms != tc.groups {
			t.Errorf("%s: %d values, %d terms; want %d, %d", tc.val, c.listItems, c.logicTerms, tc.list, tc.groups)
		}
	}
	for val, want := range map[string]int{"": 0, "a": 1, "a.desc,b": 2, `"x,y".asc,b`: 2, "a->>(b,c).desc,d": 2} {
		if got := countTopLevel(val); got != want {
			t.Errorf("order %q: %d terms, want %d", val, got, want)
		}
	}
}
