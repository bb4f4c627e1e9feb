// Package migrations applies the schema: the platform's own, plain forward-only SQL
// files embedded in the binary (roles, auth, storage, realtime, the functions'
// deployments, Supabase's default grants), then the project's, from its
// supabase/migrations folder (project.go).
//
// Each platform file runs once, in name order, inside its own transaction, and is
// recorded in migrations.applied with its SHA-256. An applied file whose content
// changed stops the start (forward-only means: add a new file instead). A
// session-level advisory lock serialises concurrent starts of several replicas. The
// first file is a baseline that replaced the earlier history (README.md).
package migrations

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
)

//go:embed *.sql
var files embed.FS

//go:embed seed
var seedFiles embed.FS

// squashedList names the migrations the baseline replaced, in the order they were
// applied (squashedBaseline says how a database that applied them goes on).
//
//go:embed squashed.txt
var squashedList string

// squashedBaseline is the file that held, as one, the schema the squashed
// migrations built. It was later split in two: the platform's baseline
// (platformBaseline) and the rental project's first migration. A database that
// applied it is moved to the split layout by settleSplit.
const squashedBaseline = "20260128040000_baseline.sql"

// platformBaseline is the platform's part of squashedBaseline.
const platformBaseline = "20260128040000_platform.sql"

// squashed lists the names of squashed.txt.
func squashed() []string { return strings.Fields(squashedList) }

// lockKey is an arbitrary constant shared by every replica of this project.
const lockKey = 7_420_511_303

// File is one migration.
type File struct {
	Name     string
	SQL      string
	Checksum string
}

// Files returns the embedded migrations in the order they apply.
func Files() ([]File, error) {
	names, err := fs.Glob(files, "*.sql")
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	out := make([]File, 0, len(names))
	for _, n := range names {
		b, err := files.ReadFile(n)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(b)
		out = append(out, File{Name: n, SQL: string(b), Checksum: hex.EncodeToString(sum[:])})
	}
	return out, nil
}

// Seed returns the content of a file of seed/ (development and e2e data, never a migration).
func Seed(name string) (string, error) {
	b, err := seedFiles.ReadFile("seed/" + name)
	return string(b), err
}

// Apply brings the database of conn up to date and reports the files it applied.
// conn must belong to a role that owns the schema (a superuser locally).
func Apply(ctx context.Context, conn *pgx.Conn) ([]string, error) {
	all, err := Files()
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "select pg_advisory_lock($1)", int64(lockKey)); err != nil {
		return nil, fmt.Errorf("migrations: lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "select pg_advisory_unlock($1)", int64(lockKey)) //nolint:errcheck

	if _, err := conn.Exec(ctx, `
		create schema if not exists migrations;
		create table if not exists migrations.applied (
			name text primary key,
			checksum text not null,
			applied_at timestamptz not null default now()
		)`); err != nil {
		return nil, fmt.Errorf("migrations: bookkeeping table: %w", err)
	}
	done, err := appliedChecksums(ctx, conn)
	if err != nil {
		return nil, err
	}
	if err := settleBaseline(ctx, conn, done); err != nil {
		return nil, err
	}
	if err := settleSplit(ctx, conn, all, done); err != nil {
		return nil, err
	}

	var applied []string
	for _, f := range all {
		if sum, ok := done[f.Name]; ok {
			if sum != f.Checksum {
				return applied, fmt.Errorf("migrations: %s was changed after it was applied (checksum %s, now %s); add a new migration instead", f.Name, sum[:12], f.Checksum[:12])
			}
			continue
		}
		if err := applyOne(ctx, conn, f); err != nil {
			return applied, err
		}
		applied = append(applied, f.Name)
	}
	return applied, nil
}

// appliedChecksums reads the bookkeeping table: file name → checksum it was applied with.
func appliedChecksums(ctx context.Context, conn *pgx.Conn) (map[string]string, error) {
	rows, err := conn.Query(ctx, "select name, checksum from migrations.applied")
	if err != nil {
		return nil, err
	}
	done := map[string]string{}
	for rows.Next() {
		var n, c string
		if err := rows.Scan(&n, &c); err != nil {
			return nil, err
		}
		done[n] = c
	}
	return done, rows.Err()
}

// settleBaseline records the baseline as applied, without running it, in a database that
// applied every migration it replaced: that database has its schema already. A new database
// runs the baseline like any file. One that applied only some of the squashed files cannot
// be brought up to date by this release, and is told what to do instead.
func settleBaseline(ctx context.Context, conn *pgx.Conn, done map[string]string) error {
	if _, ok := done[squashedBaseline]; ok {
		return nil
	}
	if _, ok := done[platformBaseline]; ok {
		return nil
	}
	names := squashed()
	have := squashedApplied(done)
	switch len(have) {
	case 0:
		return nil
	case len(names):
		if _, err := conn.Exec(ctx, "insert into migrations.applied (name, checksum) values ($1, 'squashed')", squashedBaseline); err != nil {
			return fmt.Errorf("migrations: record %s: %w", squashedBaseline, err)
		}
		done[squashedBaseline] = "squashed"
		return nil
	default:
		return fmt.Errorf("migrations: this database applied %d of the %d migrations squashed into %s (the last one %s); "+
			"start it once with a release from before the squash (commit fb6586f) to apply the others, then with this one",
			len(have), len(names), squashedBaseline, have[len(have)-1])
	}
}

// settleSplit moves a database that applied the schema as one (squashedBaseline
// and the files after it) to the split layout, in one transaction: the platform's
// baseline is recorded as applied without running (the database has its objects),
// and every file that now belongs to the rental project is recorded in the
// project's history under the same version, so neither is run again.
func settleSplit(ctx context.Context, conn *pgx.Conn, all []File, done map[string]string) error {
	if _, ok := done[squashedBaseline]; !ok {
		return nil
	}
	platform := map[string]bool{}
	var sum string
	for _, f := range all {
		platform[f.Name] = true
		if f.Name == platformBaseline {
			sum = f.Checksum
		}
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck
	if _, err := tx.Exec(ctx, projectHistory); err != nil {
		return fmt.Errorf("migrations: history table: %w", err)
	}
	for name := range done {
		m := projectName.FindStringSubmatch(name)
		if platform[name] || m == nil || slices.Contains(squashed(), name) {
			continue
		}
		if _, err := tx.Exec(ctx, `insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)
			on conflict (version) do nothing`, m[1], m[2]); err != nil {
			return fmt.Errorf("migrations: move %s to the project's history: %w", name, err)
		}
		if _, err := tx.Exec(ctx, "delete from migrations.applied where name = $1", name); err != nil {
			return err
		}
		delete(done, name)
	}
	if _, err := tx.Exec(ctx, "insert into migrations.applied (name, checksum) values ($1, $2)", platformBaseline, sum); err != nil {
		return fmt.Errorf("migrations: record %s: %w", platformBaseline, err)
	}
	done[platformBaseline] = sum
	return tx.Commit(ctx)
}

// squashedApplied lists the squashed migrations a database applied, in order.
func squashedApplied(done map[string]string) []string {
	var have []string
	for _, n := range squashed() {
		if _, ok := done[n]; ok {
			have = append(have, n)
		}
	}
	return have
}

func applyOne(ctx context.Context, conn *pgx.Conn, f File) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck
	// Exec without arguments uses the simple protocol, so a file may hold many statements.
	if _, err := tx.Exec(ctx, f.SQL); err != nil {
		return fmt.Errorf("migrations: %s: %w", f.Name, err)
	}
	if _, err := tx.Exec(ctx, "insert into migrations.applied (name, checksum) values ($1, $2)", f.Name, f.Checksum); err != nil {
		return fmt.Errorf("migrations: record %s: %w", f.Name, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("migrations: %s: commit: %w", f.Name, err)
	}
	return nil
}

// Pending lists the files not yet applied (for `server migrate --dry-run` and tests).
func Pending(ctx context.Context, conn *pgx.Conn) ([]string, error) {
	all, err := Files()
	if err != nil {
		return nil, err
	}
	var exists bool
	if err := conn.QueryRow(ctx, "select to_regclass('migrations.applied') is not null").Scan(&exists); err != nil {
		return nil, err
	}
	done := map[string]string{}
	if exists {
		if done, err = appliedChecksums(ctx, conn); err != nil {
			return nil, err
		}
	}
	if _, ok := done[squashedBaseline]; ok || len(squashedApplied(done)) == len(squashed()) {
		done[platformBaseline] = "recorded, not run"
	}
	var out []string
	for _, f := range all {
		if _, ok := done[f.Name]; !ok {
			out = append(out, f.Name)
		}
	}
	return out, nil
}

// Checksum of every migration together: names the test template database.
func Checksum() (string, error) {
	all, err := Files()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, f := range all {
		h.Write([]byte(f.Name + ":" + f.Checksum + "\n"))
	}
	return strings.ToLower(hex.EncodeToString(h.Sum(nil)))[:16], nil
}

// SeedFS is the seed folder (SQL and the images it references).
func SeedFS() fs.FS {
	sub, err := fs.Sub(seedFiles, "seed")
	if err != nil {
		panic(err) // the folder is embedded at build time
	}
	return sub
}
