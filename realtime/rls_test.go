package realtime

import (
	"context"
	"testing"
	"time"

	"casarent/server/pgtest"
)

// The policy logic of delivery against a real PostgreSQL, through the server's own
// pool (authenticator): permissive policies OR'ed, restrictive AND'ed, grants, RLS
// off, FORCE, BYPASSRLS, several audiences in one call.
func TestVisibleEvaluatesPoliciesAsEachAudience(t *testing.T) {
	db := pgtest.New(t)
	db.Exec(t, `
		create table public.rt_t (id int primary key, owner uuid, status text, secret boolean not null default false);
		alter table public.rt_t enable row level security;
		grant select on public.rt_t to authenticated, service_role;
		create policy own on public.rt_t for select to authenticated using (owner = (select auth.uid()));
		create policy published on public.rt_t for select to authenticated using (status = 'published');
		create policy no_secret on public.rt_t as restrictive for select to authenticated using (not secret);
		create table public.rt_open (id int primary key);
		-- Supabase's default grants gave it to every API role: anon alone keeps SELECT.
		revoke all on public.rt_open from authenticated, service_role;
		grant select on public.rt_open to anon;`)
	ctx := context.Background()
	var relid, openID uint32
	if err := db.Admin.QueryRow(ctx, "select 'public.rt_t'::regclass::oid, 'public.rt_open'::regclass::oid").Scan(&relid, &openID); err != nil {
		t.Fatal(err)
	}
	c := &rlsChecker{pool: db.Pool, now: time.Now, tables: map[uint32]*tableMeta{}, policies: map[policyKey]*policyEntry{}}
	meta, err := c.table(ctx, relid)
	if err != nil {
		t.Fatal(err)
	}
	if meta.typname["id"] != "int4" || meta.typname["owner"] != "uuid" || meta.sqltype["status"] != "text" {
		t.Fatalf("meta %+v", meta)
	}
	const alice, bob = "00000000-0000-4000-8000-0000000000a1", "00000000-0000-4000-8000-0000000000b1"
	aAnon := audience{"anon", `{"role":"anon"}`}
	aAlice := audience{"authenticated", `{"role":"authenticated","sub":"` + alice + `"}`}
	aBob := audience{"authenticated", `{"role":"authenticated","sub":"` + bob + `"}`}
	aService := audience{"service_role", `{"role":"service_role"}`}
	auds := []audience{aAnon, aAlice, aBob, aService}
	row := func(owner, status, secret string) map[string]*string {
		return map[string]*string{"id": new("1"), "owner": new(owner), "status": new(status), "secret": new(secret)}
	}
	cases := []struct {
		name  string
		image map[string]*string
		want  map[audience]bool
	}{
		{"alice's draft", row(alice, "draft", "f"), map[audience]bool{aAnon: false, aAlice: true, aBob: false, aService: true}},
		{"published", row(alice, "published", "f"), map[audience]bool{aAnon: false, aAlice: true, aBob: true, aService: true}},
		{"secret (restrictive)", row(alice, "published", "t"), map[audience]bool{aAnon: false, aAlice: false, aBob: false, aService: true}},
		{"null owner", map[string]*string{"id": new("2"), "owner": nil, "status": new("draft"), "secret": new("f")}, map[audience]bool{aAlice: false, aService: true}},
	}
	for _, tc := range cases {
		got, err := c.visible(ctx, relid, "public", "rt_t", meta, tc.image, auds)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for a, want := range tc.want {
			if got[a] != want {
				t.Errorf("%s: %s %s sees %v, want %v", tc.name, a.role, a.claims, got[a], want)
			}
		}
	}
	// A table without RLS: whoever has SELECT sees all; no grant, nothing.
	openMeta, err := c.table(ctx, openID)
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.visible(ctx, openID, "public", "rt_open", openMeta, map[string]*string{"id": new("1")}, []audience{aAnon, aAlice})
	if err != nil {
		t.Fatal(err)
	}
	if !got[aAnon] || got[aAlice] {
		t.Fatalf("rt_open: %v", got)
	}
	// The image is judged, not the table: no row exists, yet alice sees her row.
	var n int
	_ = db.Admin.QueryRow(ctx, "select count(*) from public.rt_t").Scan(&n)
	if n != 0 {
		t.Fatal("the table should be empty")
	}
}
