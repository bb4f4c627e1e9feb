package migrations_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/migrations"
	"casarent/server/pgtest"
)

// applyDSNEnv turns the test binary into a "server migrate" stand-in: TestMain
// applies the migrations to that database and exits. TestApplyConcurrently runs
// two such processes at once, which is what several replicas starting together do
// (separate processes, separate connections, one advisory lock).
const applyDSNEnv = "CASARENT_TEST_APPLY_DSN"

func TestMain(m *testing.M) {
	if dsn := os.Getenv(applyDSNEnv); dsn != "" {
		os.Exit(applyProcess(dsn))
	}
	os.Exit(m.Run())
}

func applyProcess(dsn string) int {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		fmt.Fprintln(os.Stderr, "connect:", err)
		return 1
	}
	defer conn.Close(context.Background())
	applied, err := migrations.Apply(ctx, conn)
	if err != nil {
		fmt.Fprintln(os.Stderr, "apply:", err)
		return 1
	}
	project, err := migrations.ApplyProject(ctx, conn, pgtest.RentalMigrations())
	if err != nil {
		fmt.Fprintln(os.Stderr, "apply the project's:", err)
		return 1
	}
	fmt.Printf("applied %d %d\n", len(applied), len(project))
	return 0
}

// rentalFiles are the rental project's migrations.
func rentalFiles(t *testing.T) []migrations.ProjectFile {
	t.Helper()
	files, _, err := migrations.ProjectFiles(pgtest.RentalMigrations())
	if err != nil || len(files) == 0 {
		t.Fatalf("rental migrations: %v (%d files)", err, len(files))
	}
	return files
}

// connect opens a connection to dsn for the test's duration.
func connect(t *testing.T, dsn string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	return conn
}

// emptyDatabase creates a database with nothing in it (not the migrated template).
func emptyDatabase(t *testing.T) string {
	t.Helper()
	cluster := pgtest.ClusterURL(t)
	ctx := context.Background()
	conn := connect(t, cluster)
	name := fmt.Sprintf("apply_%d", time.Now().UnixNano())
	if _, err := conn.Exec(ctx, "create database "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		c, err := pgx.Connect(context.Background(), cluster)
		if err == nil {
			_, _ = c.Exec(context.Background(), "drop database if exists "+name+" with (force)")
			c.Close(context.Background())
		}
	})
	return pgtest.WithDatabase(cluster, name, "", "")
}

// migratedDatabase is a new database with the platform's and the rental's
// migrations applied, by the runner.
func migratedDatabase(t *testing.T) *pgx.Conn {
	t.Helper()
	conn := connect(t, emptyDatabase(t))
	if _, err := migrations.Apply(context.Background(), conn); err != nil {
		t.Fatal(err)
	}
	if _, err := migrations.ApplyProject(context.Background(), conn, pgtest.RentalMigrations()); err != nil {
		t.Fatal(err)
	}
	return conn
}

func TestApplyTwiceIsANoOp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	conn := connect(t, emptyDatabase(t))
	files, err := migrations.Files()
	if err != nil {
		t.Fatal(err)
	}
	first, err := migrations.Apply(ctx, conn)
	if err != nil {
		t.Fatalf("first apply: %v", err)
	}
	if len(first) != len(files) {
		t.Fatalf("first apply ran %d of %d files", len(first), len(files))
	}
	second, err := migrations.Apply(ctx, conn)
	if err != nil || len(second) != 0 {
		t.Fatalf("second apply ran %v, err %v", second, err)
	}
	pending, err := migrations.Pending(ctx, conn)
	if err != nil || len(pending) != 0 {
		t.Fatalf("pending %v, err %v", pending, err)
	}
	var n int
	if err := conn.QueryRow(ctx, "select count(*) from migrations.applied").Scan(&n); err != nil || n != len(files) {
		t.Fatalf("recorded %d migrations (err %v), want %d", n, err, len(files))
	}
}

func TestApplyConcurrently(t *testing.T) {
	t.Parallel()
	dsn := emptyDatabase(t)
	files, err := migrations.Files()
	if err != nil {
		t.Fatal(err)
	}
	const procs = 2
	cmds := make([]*exec.Cmd, procs)
	outs := make([]*strings.Builder, procs)
	for i := range cmds {
		cmds[i] = exec.Command(os.Args[0], "-test.run=^$")
		cmds[i].Env = append(os.Environ(), applyDSNEnv+"="+dsn)
		outs[i] = &strings.Builder{}
		cmds[i].Stdout, cmds[i].Stderr = outs[i], outs[i]
	}
	for _, c := range cmds {
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	total, totalProject := 0, 0
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("process %d: %v\n%s", i, err, outs[i])
		}
		var n, p int
		if _, err := fmt.Sscanf(strings.TrimSpace(outs[i].String()), "applied %d %d", &n, &p); err != nil {
			t.Fatalf("process %d output %q", i, outs[i])
		}
		total += n
		totalProject += p
	}
	// Each file ran exactly once, by one of the two.
	project := rentalFiles(t)
	if total != len(files) || totalProject != len(project) {
		t.Fatalf("the processes applied %d platform and %d project files in all, want %d and %d", total, totalProject, len(files), len(project))
	}
	ctx := context.Background()
	conn := connect(t, dsn)
	var n int
	if err := conn.QueryRow(ctx, "select count(*) from migrations.applied").Scan(&n); err != nil || n != len(files) {
		t.Fatalf("recorded %d (err %v), want %d", n, err, len(files))
	}
	if err := conn.QueryRow(ctx, "select count(*) from supabase_migrations.schema_migrations").Scan(&n); err != nil || n != len(project) {
		t.Fatalf("the project's history holds %d (err %v), want %d", n, err, len(project))
	}
	if err := conn.QueryRow(ctx, "select count(*) from public.cars").Scan(&n); err != nil { // the rental's
		t.Fatalf("schema missing after concurrent apply: %v", err)
	}
}

func TestChangedMigrationIsRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	conn := migratedDatabase(t)
	// As if the file had been edited after it was applied.
	if _, err := conn.Exec(ctx, `update migrations.applied set checksum = repeat('0', 64) where name like '%\_platform.sql'`); err != nil {
		t.Fatal(err)
	}
	_, err := migrations.Apply(ctx, conn)
	if err == nil || !strings.Contains(err.Error(), "_platform.sql was changed") {
		t.Fatalf("want a refusal naming the changed file, got %v", err)
	}
}

// afterSplit are the platform's migrations made after the schema was split.
const afterSplit = "20261207130000_supabase_defaults.sql,20261207140000_functions_schema.sql"

// asCombined makes a migrated database look as it did before the schema was split
// into the platform's and the rental's: every file, the rental's included, recorded
// in migrations.applied, the single baseline among them, no project history, and
// not the platform's migrations that came after the split. The rental's files are
// today's, whose squash stands for the ones such a database applied.
func asCombined(t *testing.T, conn *pgx.Conn) {
	t.Helper()
	ctx := context.Background()
	if _, err := conn.Exec(ctx, `drop schema supabase_migrations cascade;
		alter table supabase_functions.function_versions set schema private;
		alter table supabase_functions.function_active set schema private;
		alter table supabase_functions.function_secrets set schema private;
		drop schema supabase_functions cascade;
		delete from migrations.applied where name in ('20260128040000_platform.sql', '20261207130000_supabase_defaults.sql',
			'20261207140000_functions_schema.sql')`); err != nil {
		t.Fatal(err)
	}
	names := []string{"20260128040000_baseline.sql"}
	for _, f := range rentalFiles(t) {
		names = append(names, f.Version+"_"+f.Name+".sql")
	}
	for _, name := range names {
		if _, err := conn.Exec(ctx, `insert into migrations.applied (name, checksum) values ($1, repeat('b', 64))`, name); err != nil {
			t.Fatal(err)
		}
	}
}

// A database migrated when the schema was one tree goes on: the platform's baseline
// is recorded without running, the rental's files move to the project's history
// under their versions, and only what came after the split runs.
func TestADatabaseOfTheCombinedSchemaMovesToTheSplitOne(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	conn := migratedDatabase(t)
	asCombined(t, conn)
	applied, err := migrations.Apply(ctx, conn)
	if err != nil || strings.Join(applied, ",") != afterSplit {
		t.Fatalf("applied %v (err %v), want only the platform's migrations made after the split", applied, err)
	}
	var moved bool
	if err := conn.QueryRow(ctx, `select to_regclass('private.function_versions') is null
		and to_regclass('supabase_functions.function_versions') is not null
		and to_regprocedure('supabase_functions.deploy_function(text, bytea, boolean)') is not null`).Scan(&moved); err != nil || !moved {
		t.Fatalf("the functions' deployments not moved out of private (err %v)", err)
	}
	if pending, err := migrations.PendingProject(ctx, conn, pgtest.RentalMigrations()); err != nil || len(pending) != 0 {
		t.Fatalf("the rental's pending %v (err %v), want none", pending, err)
	}
	var left int
	if err := conn.QueryRow(ctx, `select count(*) from migrations.applied where name not in (select name from unnest($1::text[]) name)`,
		platformNames(t)).Scan(&left); err != nil || left != 0 {
		t.Fatalf("%d records of the platform's bookkeeping are not platform files (err %v)", left, err)
	}
}

func platformNames(t *testing.T) []string {
	t.Helper()
	files, err := migrations.Files()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
	}
	return names
}

// asSquashed makes a migrated database look as if it had applied the first n migrations
// the single baseline replaced, one by one, and not that baseline itself.
func asSquashed(t *testing.T, conn *pgx.Conn, n int) {
	t.Helper()
	ctx := context.Background()
	asCombined(t, conn)
	list, err := os.ReadFile("squashed.txt")
	if err != nil {
		t.Fatal(err)
	}
	names := strings.Fields(string(list))
	if _, err := conn.Exec(ctx, `delete from migrations.applied where name = '20260128040000_baseline.sql'`); err != nil {
		t.Fatal(err)
	}
	for _, name := range names[:n] {
		if _, err := conn.Exec(ctx, `insert into migrations.applied (name, checksum) values ($1, repeat('a', 64))`, name); err != nil {
			t.Fatal(err)
		}
	}
}

// A database that applied every squashed migration has the baselines' schema: they are
// recorded, not run (running them would stop on objects that exist).
func TestADatabaseOfTheSquashedHistoryRecordsTheBaseline(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	conn := migratedDatabase(t)
	asSquashed(t, conn, 53)
	if pending, err := migrations.Pending(ctx, conn); err != nil || strings.Join(pending, ",") != afterSplit {
		t.Fatalf("pending %v (err %v), want only the platform's migrations made after the split", pending, err)
	}
	if _, err := migrations.Apply(ctx, conn); err != nil {
		t.Fatal(err)
	}
	var sum string
	if err := conn.QueryRow(ctx, `select checksum from migrations.applied where name = '20260128040000_platform.sql'`).Scan(&sum); err != nil || len(sum) != 64 {
		t.Fatalf("platform baseline record: %q (err %v)", sum, err)
	}
	if pending, err := migrations.PendingProject(ctx, conn, pgtest.RentalMigrations()); err != nil || len(pending) != 0 {
		t.Fatalf("the rental's pending %v (err %v), want none", pending, err)
	}
}

// A database that stopped partway through the squashed history cannot reach the baseline
// with this release: it is refused with what to do, and nothing runs.
func TestADatabaseHalfwayThroughTheSquashedHistoryIsRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	conn := migratedDatabase(t)
	asSquashed(t, conn, 20)
	_, err := migrations.Apply(ctx, conn)
	if err == nil || !strings.Contains(err.Error(), "applied 20 of the 53 migrations squashed") ||
		!strings.Contains(err.Error(), "release from before the squash") {
		t.Fatalf("want a refusal saying how to upgrade, got %v", err)
	}
}

// A project folder squashed as `supabase migration squash` does keeps its last
// version: a database that applied the squashed migrations one by one has that
// version and applies nothing; one that stopped before it is refused, with the way
// on, before anything runs.
func TestAProjectsSquashedMigrations(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	files := rentalFiles(t)
	first := files[0].Version
	t.Run("applied one by one, up to the squash", func(t *testing.T) {
		conn := migratedDatabase(t)
		if _, err := conn.Exec(ctx, `insert into supabase_migrations.schema_migrations (version, name) values ('20261207170000', 'traveller_told_at_every_step')`); err != nil {
			t.Fatal(err)
		}
		applied, err := migrations.ApplyProject(ctx, conn, pgtest.RentalMigrations())
		if err != nil || len(applied) != 0 {
			t.Fatalf("applied %v (err %v), want nothing", applied, err)
		}
	})
	t.Run("stopped before the squash", func(t *testing.T) {
		conn := migratedDatabase(t)
		if _, err := conn.Exec(ctx, `insert into supabase_migrations.schema_migrations (version, name) values ('20261207170000', 'traveller_told_at_every_step')`); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.Exec(ctx, `delete from supabase_migrations.schema_migrations where version = $1`, first); err != nil {
			t.Fatal(err)
		}
		for _, call := range []func() error{
			func() error { _, err := migrations.ApplyProject(ctx, conn, pgtest.RentalMigrations()); return err },
			func() error { _, err := migrations.PendingProject(ctx, conn, pgtest.RentalMigrations()); return err },
		} {
			err := call()
			if err == nil || !strings.Contains(err.Error(), "applied migrations up to 20261207170000") ||
				!strings.Contains(err.Error(), "release from before the squash") {
				t.Fatalf("want a refusal saying how to upgrade, got %v", err)
			}
		}
		var recorded bool
		if err := conn.QueryRow(ctx, `select exists (select from supabase_migrations.schema_migrations where version = $1)`, first).Scan(&recorded); err != nil || recorded {
			t.Fatalf("the squashed file was recorded (err %v)", err)
		}
	})
}

// PostgreSQL checks a row against a table's unique and exclusion indexes in the
// order they were created, so that order decides which violation a client sees. A
// row sent again with its id must fail on its primary key first (23505): the site
// reads that as "already stored" after an answer lost on the way back, and reads a
// booking's overlap (23P01) as "dates taken". A baseline made by pg_dump, which
// sorts indexes by name, once put bookings_no_overlap before bookings_pkey.
func TestARowSentAgainFailsOnItsPrimaryKeyFirst(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	late := superScalar[[]string](t, w, `select coalesce(array_agg(c.oid::regclass::text order by 1), '{}')
		from pg_class c join pg_index p on p.indrelid = c.oid and p.indisprimary
		where c.relnamespace::regnamespace::text in ('public', 'private', 'auth', 'storage', 'realtime', 'supabase_functions')
		  and exists (select 1 from pg_index o where o.indrelid = c.oid and not o.indisprimary
		              and (o.indisunique or o.indisexclusion) and o.indexrelid < p.indexrelid)`)
	if len(late) != 0 {
		t.Errorf("tables whose primary key is checked after another unique or exclusion index: %v", late)
	}
	// The same booking twice, as the site's retry sends it.
	insert := `insert into public.bookings (id, car_id, customer_name, customer_email, customer_phone, start_date, end_date)
		values ($1, $2, 'V', 'v@example.com', '+212600000000', current_date + 30, current_date + 32)`
	w.super(t, insert, "e5000000-0000-4000-8000-000000000001", w.carA)
	if _, err := w.db.Admin.Exec(context.Background(), insert, "e5000000-0000-4000-8000-000000000001", w.carA); sqlState(err) != "23505" {
		t.Fatalf("the same booking again: %v, want 23505 (its primary key)", err)
	}
}
