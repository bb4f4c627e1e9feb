package functions

import (
	"strings"
	"testing"
)

// config.toml's function tables, in the forms the Supabase CLI writes them; other
// tables and keys are skipped, a malformed value is an error naming its line.
func TestParseFunctionsConfig(t *testing.T) {
	got, err := parseFunctionsConfig(strings.NewReader(`
project_id = "x"
[api]
verify_jwt = "not ours"
[functions.hello]
verify_jwt = false # no token needed
import_map = "./functions/hello/import_map.json"
[functions."with-dash"]
entrypoint = './functions/with-dash/main.ts'
[functions.hello.extra]
verify_jwt = true
`))
	if err != nil {
		t.Fatal(err)
	}
	h := got["hello"]
	if h == nil || h.VerifyJWT == nil || *h.VerifyJWT || h.ImportMap != "./functions/hello/import_map.json" {
		t.Fatalf("hello: %+v", h)
	}
	if d := got["with-dash"]; d == nil || d.VerifyJWT != nil || d.Entrypoint != "./functions/with-dash/main.ts" {
		t.Fatalf("with-dash: %+v", d)
	}
	for _, bad := range []string{"[functions.x]\nverify_jwt = maybe\n", "[functions.x]\n\nverify_jwt = \"no\"\n"} {
		if _, err := parseFunctionsConfig(strings.NewReader(bad)); err == nil || !strings.Contains(err.Error(), "line") {
			t.Errorf("%q: %v", bad, err)
		}
	}
	if got, err := parseFunctionsConfig(strings.NewReader("[api]\nport = 1\n")); err != nil || len(got) != 0 {
		t.Errorf("no function tables: %v %v", got, err)
	}
}

func TestParseDotenv(t *testing.T) {
	got, err := parseDotenv(strings.NewReader("# secrets\nA=1\nexport B=\"two words\"\nC='x#y'\nD=plain # comment\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"A": "1", "B": "two words", "C": "x#y", "D": "plain"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if _, err := parseDotenv(strings.NewReader("not a line\n")); err == nil {
		t.Error("a line without = accepted")
	}
}
