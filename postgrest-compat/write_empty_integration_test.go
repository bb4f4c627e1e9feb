package postgrest

import (
	"testing"
)

// An update with nothing to set writes nothing and answers as PostgREST does
// (it selects the targeted relation WHERE false); an update with no body at all
// is PostgREST's 400 PGRST102. Neither may reach the database as a statement
// whose filter parameters it does not use (a 500).
func TestPatchWithNothingToSet(t *testing.T) {
	e := newEnv(t, 0)
	repr := "Prefer: return=representation"
	invalid := `{"code":"PGRST102","details":null,"hint":null,"message":"Empty or invalid json"}`
	unchanged := func(t *testing.T, r resp) {
		t.Helper()
		var name string
		if err := e.db.Admin.QueryRow(t.Context(), `select name from public.pc_tags where id = 1`).Scan(&name); err != nil || name != "classic" {
			t.Fatalf("tag 1 is %q (%v) after an empty PATCH", name, err)
		}
	}
	runCases(t, e, []httpCase{
		{name: "empty object, filtered", method: "PATCH", path: "/pc_tags?id=eq.1", body: `{}`, status: 204, check: unchanged},
		{name: "empty object, several filters", method: "PATCH", path: "/pc_tags?id=in.(1,2)&name=neq.x&or=(id.eq.1,id.eq.2)", body: `{}`, status: 204},
		{name: "empty object, representation", method: "PATCH", path: "/pc_tags?id=eq.1&select=id,name", body: `{}`,
			headers: []string{repr}, status: 200, want: `[]`},
		{name: "empty object as service_role", method: "PATCH", path: "/pc_tags?id=eq.1", body: `{}`,
			headers: []string{e.asService()}, status: 204, check: unchanged},
		{name: "no body", method: "PATCH", path: "/pc_tags?id=eq.1", status: 400, want: invalid, check: unchanged},
		{name: "blank body", method: "PATCH", path: "/pc_tags?id=eq.1", body: " \n", status: 400, want: invalid},
		{name: "no body on insert", method: "POST", path: "/pc_tags", status: 400, want: invalid},
	})
}
