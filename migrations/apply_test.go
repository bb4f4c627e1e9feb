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
	fmt.Printf("applied %d\n", len(applied))
	return 0
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
	total := 0
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("process %d: %v\n%s", i, err, outs[i])
		}
		var n int
		if _, err := fmt.Sscanf(strings.TrimSpace(outs[i].String()), "applied %d", &n); err != nil {
			t.Fatalf("process %d output %q", i, outs[i])
		}
		total += n
	}
	// Each file ran exactly once, by one of the two.
	if total != len(files) {
		t.Fatalf("the processes applied %d files in all, want %d", total, len(files))
	}
	ctx := context.Background()
	conn := connect(t, dsn)
	var n int
	if err := conn.QueryRow(ctx, "select count(*) from migrations.applied").Scan(&n); err != nil || n != len(files) {
		t.Fatalf("recorded %d (err %v), want %d", n, err, len(files))
	}
	if err := conn.QueryRow(ctx, "select count(*) from public.cars").Scan(&n); err != nil {
		t.Fatalf("schema missing after concurrent apply: %v", err)
	}
}

func TestChangedMigrationIsRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	conn := connect(t, emptyDatabase(t))
	if _, err := migrations.Apply(ctx, conn); err != nil {
		t.Fatal(err)
	}
	// As if the file had been edited after it was applied.
	if _, err := conn.Exec(ctx, `update migrations.applied set checksum = repeat('0', 64) where name = '20260102000400_bookings.sql'`); err != nil {
		t.Fatal(err)
	}
	_, err := migrations.Apply(ctx, conn)
	if err == nil || !strings.Contains(err.Error(), "20260102000400_bookings.sql was changed") {
		t.Fatalf("want a refusal naming the changed file, got %v", err)
	}
}

// A file whose comments were reworded after release (migrations.reworded) is the
// same migration for a database that applied its first wording; any other
// checksum of it is still refused.
func TestARewordedMigrationIsTheSameMigration(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	conn := connect(t, emptyDatabase(t))
	if _, err := migrations.Apply(ctx, conn); err != nil {
		t.Fatal(err)
	}
	const name = "20260113000000_limits.sql"
	// As if the database had applied the file before its comments were reworded.
	if _, err := conn.Exec(ctx, `update migrations.applied set checksum = $1 where name = $2`, migrations.FirstWordingChecksum(name), name); err != nil {
		t.Fatal(err)
	}
	if _, err := migrations.Apply(ctx, conn); err != nil {
		t.Fatalf("a database that applied the first wording: %v", err)
	}
	if _, err := conn.Exec(ctx, `update migrations.applied set checksum = repeat('1', 64) where name = $1`, name); err != nil {
		t.Fatal(err)
	}
	if _, err := migrations.Apply(ctx, conn); err == nil || !strings.Contains(err.Error(), name+" was changed") {
		t.Fatalf("want a refusal naming the changed file, got %v", err)
	}
}
