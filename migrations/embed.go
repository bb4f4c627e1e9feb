// Package migrations holds the database schema as plain, forward-only SQL files
// embedded in the binary, and applies them.
//
// Each file runs once, in name order, inside its own transaction, and is recorded
// in migrations.applied with its SHA-256. An applied file whose content changed
// stops the start (forward-only means: add a new file instead). A session-level
// advisory lock serialises concurrent starts of several replicas.
package migrations

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
)

//go:embed *.sql
var files embed.FS

//go:embed seed
var seedFiles embed.FS

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
	done := map[string]string{}
	rows, err := conn.Query(ctx, "select name, checksum from migrations.applied")
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var n, c string
		if err := rows.Scan(&n, &c); err != nil {
			return nil, err
		}
		done[n] = c
	}
	if err := rows.Err(); err != nil {
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
	done := map[string]bool{}
	if exists {
		rows, err := conn.Query(ctx, "select name from migrations.applied")
		if err != nil {
			return nil, err
		}
		names, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			done[n] = true
		}
	}
	var out []string
	for _, f := range all {
		if !done[f.Name] {
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
