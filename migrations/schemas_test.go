package migrations_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"casarent/migrations"
	"casarent/server/pgtest"
)

// The rental's schema files (rental/supabase/schemas, docs/schema.md) and its
// migrations must build the same database: a change made in one and not the other
// is a schema that a reader sees and production never gets, or the reverse.

// rentalProject is the rental's project folder (the one holding supabase/).
func rentalProject() string { return filepath.Dir(filepath.Dir(pgtest.RentalMigrations())) }

// schemaDatabase is a new database with the platform's migrations and files loaded
// in place of the rental's migrations.
func schemaDatabase(t *testing.T, files []string) string {
	t.Helper()
	url := emptyDatabase(t)
	conn := connect(t, url)
	if _, err := migrations.Apply(context.Background(), conn); err != nil {
		t.Fatal(err)
	}
	if err := migrations.ApplySchemas(context.Background(), conn, files); err != nil {
		t.Fatal(err)
	}
	return url
}

// dumpObjects is pg_dump's text of the database at url, every object's statements
// under its name ("TABLE public.bookings", "POLICY public.blog_posts …"), the
// migration histories left out. Rows the files insert are compared too, their
// timestamps aside (a row's created_at is when it was written).
func dumpObjects(t *testing.T, url string) map[string]string {
	t.Helper()
	out, err := exec.Command("pg_dump", "--no-owner", "--column-inserts",
		"--exclude-schema=migrations", "--exclude-schema=supabase_migrations", "--dbname="+url).Output()
	if err != nil {
		t.Fatalf("pg_dump: %v", err)
	}
	stamp := regexp.MustCompile(`'\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?\+00'`)
	name := regexp.MustCompile(`^-- (?:Data for )?Name: (.*); Type: (.*); Schema: (.*); Owner`)
	objects := map[string]string{}
	key := "preamble"
	for _, line := range strings.Split(string(out), "\n") {
		if m := name.FindStringSubmatch(line); m != nil {
			key = m[2] + " " + m[3] + "." + m[1]
			continue
		}
		if strings.HasPrefix(line, "--") || strings.HasPrefix(line, `\`) || strings.TrimSpace(line) == "" {
			continue
		}
		objects[key] += stamp.ReplaceAllString(line, "'<time>'") + "\n"
	}
	return objects
}

// indexOrder lists each table's unique, primary-key and exclusion indexes in the
// order they were made: PostgreSQL checks a row against them in that order, which
// decides the error a client sees (TestARowSentAgainFailsOnItsPrimaryKeyFirst).
func indexOrder(t *testing.T, url string) []string {
	t.Helper()
	conn := connect(t, url)
	rows, err := conn.Query(context.Background(), `
		select i.indrelid::regclass::text || ': ' || string_agg(i.indexrelid::regclass::text, ', ' order by i.indexrelid)
		from pg_index i join pg_class c on c.oid = i.indrelid
		where (i.indisunique or i.indisexclusion) and c.relnamespace::regnamespace::text in ('public', 'private')
		group by i.indrelid order by 1`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// differences names the objects whose statements differ between want and got.
func differences(want, got map[string]string) []string {
	var out []string
	for k, w := range want {
		if got[k] != w {
			out = append(out, k)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

func TestSchemaFilesBuildTheDatabaseTheMigrationsBuild(t *testing.T) {
	t.Parallel()
	files, err := migrations.SchemaFiles(rentalProject())
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 5 {
		t.Fatalf("schema files: %v", files)
	}
	fromMigrations := pgtest.New(t).AdminURL
	want := dumpObjects(t, fromMigrations)
	fromSchemas := schemaDatabase(t, files)
	got := dumpObjects(t, fromSchemas)
	if d := differences(want, got); len(d) > 0 {
		for _, k := range d {
			t.Errorf("%s differs:\nmigrations:\n%s\nschema files:\n%s", k, want[k], got[k])
		}
		t.Fatalf("the schema files and the migrations differ in %d objects: edit the schema file, then scripts/schema-diff.sh (docs/schema.md)", len(d))
	}
	if w, g := indexOrder(t, fromMigrations), indexOrder(t, fromSchemas); !slices.Equal(w, g) {
		t.Errorf("unique indexes made in another order:\nmigrations:   %q\nschema files: %q", w, g)
	}

	// A schema file changed without a migration: one policy's rule. The comparison
	// must name that policy and nothing else.
	t.Run("a schema file changed alone is reported", func(t *testing.T) {
		dir := t.TempDir()
		policy := regexp.MustCompile(`(?m)^CREATE POLICY blog_posts_select_published ON public\.blog_posts .*;$`)
		changed := ""
		var copies []string
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			s := string(b)
			// Whatever the policy's rule, it becomes "no row", which it never is.
			if loc := policy.FindStringIndex(s); loc != nil {
				s = s[:loc[0]] + "CREATE POLICY blog_posts_select_published ON public.blog_posts FOR SELECT TO anon, authenticated USING (false);" + s[loc[1]:]
				changed = f
			}
			c := filepath.Join(dir, filepath.Base(f))
			if err := os.WriteFile(c, []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
			copies = append(copies, c)
		}
		if changed == "" {
			t.Fatal("the policy blog_posts_select_published is in no schema file")
		}
		d := differences(want, dumpObjects(t, schemaDatabase(t, copies)))
		if !slices.Equal(d, []string{"POLICY public.blog_posts blog_posts_select_published"}) {
			t.Errorf("after changing one policy in %s the comparison reports %q, want that policy alone", filepath.Base(changed), d)
		}
	})
}
