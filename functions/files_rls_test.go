package functions_test

import (
	"context"
	"net/http"
	"testing"

	postgrest "casarent/postgrest-compat"
	"casarent/server/config"
	"casarent/server/pgtest"
)

// A function querying with supabase-js and the caller's Authorization gets the
// rows row-level security lets that caller see: the database decides, through
// the real /rest/v1.
func TestFileFunctionQueriesAsTheCaller(t *testing.T) {
	db := pgtest.New(t)
	db.Exec(t, `
		create table public.fn_notes (owner uuid not null, body text not null);
		alter table public.fn_notes enable row level security;
		create policy fn_notes_own on public.fn_notes for select to authenticated using (owner = auth.uid());
		grant select on public.fn_notes to anon, authenticated;
		insert into public.fn_notes values ('`+aliceID+`', 'alice 1'), ('`+aliceID+`', 'alice 2'), ('`+bobID+`', 'bob 1');`)
	rest := postgrest.New(postgrest.Options{Pool: db.Pool, Rest: config.RestDefaults()})
	if err := rest.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.Handle("/rest/v1/", http.StripPrefix("/rest/v1", rest))
	e := newFileEnv(t, nil, mux)

	for _, c := range []struct {
		who, token, want string
	}{
		{"alice", e.user, `[{"body":"alice 1"},{"body":"alice 2"}]`},
		{"bob", e.other, `[{"body":"bob 1"}]`},
		{"anon", e.anon, `[]`},
	} {
		a := e.call(t, "GET", "notes", c.token, "")
		if a.status != 200 || a.body != c.want {
			t.Errorf("%s: %d %s, want %s", c.who, a.status, a.body, c.want)
		}
	}
}
