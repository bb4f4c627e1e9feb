package postgrest

import (
	"testing"

	"casarent/server/config"
)

// With Accept-Profile/Content-Profile the transaction's search_path is that
// schema (then public), so a function there resolves unqualified names in it.
func TestProfileSearchPath(t *testing.T) {
	e := newEnvSchemas(t, 0, "public", "pc_personal")
	runCases(t, e, []httpCase{
		{name: "GET rpc on the profile finds a row only that schema has", path: "/rpc/pc_get_status?uid=2",
			headers: []string{"Accept-Profile: pc_personal"}, status: 200, want: `"personal only"`,
			check: header("Content-Profile", "pc_personal")},
		{name: "same name in both schemas: the profile's", method: "POST", path: "/rpc/pc_get_status", body: `{"uid":1}`,
			headers: []string{"Content-Profile: pc_personal"}, status: 200, want: `"personal one"`},
		{name: "volatile function writes the profile's table", method: "POST", path: "/rpc/pc_set_status", body: `{"uid":2,"new_status":"changed"}`,
			headers: []string{"Content-Profile: pc_personal"}, status: 200, want: `"changed"`},
		{name: "table of the profile", path: "/pc_users?select=status&order=id", headers: []string{"Accept-Profile: pc_personal"},
			status: 200, want: `[{"status":"personal one"},{"status":"changed"}]`},
		{name: "default profile is public", path: "/pc_users?select=status", status: 200, want: `[{"status":"public one"}]`,
			check: header("Content-Profile", "public")},
		{name: "unknown profile", path: "/pc_users", headers: []string{"Accept-Profile: nope"}, status: 406,
			check: func(t *testing.T, r resp) { assertCode(t, r, "PGRST106") }},
	})
}

func TestSearchPathOfProfile(t *testing.T) {
	for schema, want := range map[string]string{"public": "", "pc_personal": `"pc_personal", "public"`, `we"ird`: `"we""ird", "public"`} {
		if got := (&reqCtx{schema: schema, h: &Handler{}}).searchPath(); got != want {
			t.Errorf("%s: %q, want %q", schema, got, want)
		}
	}
	// Supabase's projects put extensions after public (config.toml's api.extra_search_path).
	h := &Handler{opts: Options{Rest: config.Rest{ExtraSearchPath: []string{"public", "extensions"}}}}
	for schema, want := range map[string]string{"public": `"public", "extensions"`, "pc_personal": `"pc_personal", "public", "extensions"`} {
		if got := (&reqCtx{schema: schema, h: h}).searchPath(); got != want {
			t.Errorf("%s with extensions: %q, want %q", schema, got, want)
		}
	}
}
