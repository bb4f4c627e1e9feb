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

// reworded are applied migrations whose comments were reworded after they were
// released (they cited tracker numbers; they now say what they mean): the
// checksum each was applied with, and the checksum of its statements (comment
// lines left out), which is what must not change. A database that applied the
// first wording starts as before; any change to the statements still stops it.
var reworded = map[string][2]string{
	"20260111000000_reservations.sql":           {"9b95a70f20e38a9adbeefb17fc3cf3da5a35dfd9ba671b8a0eb1590b459eb756", "8c70b876e97fbd77bfe3f811e414753d69db25f34fa15ed4320b47470bcc2101"},
	"20260112000000_booking_record.sql":         {"1be3dac50f0f99cba14bad8a141d64f4188922abf600998f90688e01da7123a2", "58f6dd2279782c7e4dbac22ffa6d8bc2e814293989854290543aed53af767d2e"},
	"20260113000000_limits.sql":                 {"b06ff634f795a71473df546af817322a0a1ca87db89dae29c1390a44e4902b3f", "047b9d35ff47df622e39350298c1c7365acbdd5db12517e834a2180d301ddbc5"},
	"20260117000000_storage_buckets_select.sql": {"5761b29622df17ba9739b0f1c8fbeb36883272dbd45ecb11202a2f1100317546", "65916f98c238708c137ad52972483815983b9c57a6199f99ef71a228199c0772"},
	"20260121000000_mfa_totp.sql":               {"ce3e6d67c2296c819565f01a560d6b86249c69ec1a6191376069a6e642d9b4d1", "3b7482c3a3ad2838a41264c790ed5aaab741e8f83eee4687e2a2bec92dcd5db1"},
	"20260122000000_page_data.sql":              {"de62604a332df1730266f5ca9c918d797497b8f1cb6a98a8a602e33ac399c5ac", "5b696c6d32b1d25a4c4f609d2143dfa2b296065b369cf1dc153bb57b44e8f3b6"},
	"20260123000000_legal_pages_sitemap.sql":    {"918ebb70494c4db64d0deb8d56383ad7616e490df798b9679e3a6cf012139d5f", "48efa56192448eb6ae8873818bb8ae1bc11e7f9f6dc97a598703df5476bcada5"},
	"20260124000000_content_translations.sql":   {"f82a0c30e2a9c81844f74f286de11dd4f145e92ee126b9e026e5a5778f135740", "34021c2edf3bc631b4755d59132d5a2e4bc962978eb63a0a521e337c05352d96"},
	"20260125000000_realtime_publication.sql":   {"f44b451274ff9d0642b4a7f9022aed86524d63bbd27bd4d16c4c949976015486", "bf3e990dc5a2a48c341ed1d2e22cc944de67d3430dbbce175e3b9acc96ebc193"},
	"20260125000100_realtime_messages.sql":      {"197cfd3cb88e2199cfa68e03c838103f1b274d2e1190a3e99842416456530161", "50d02349824ab41decea4745ff6c9c71081f68a435508b323b21eefe448c38fd"},
	"20260126002000_realtime_replicas.sql":      {"df40391eb8491692302abdb1c7cd1eb4739460c1705b61abec730e58ea001e5f", "f70e00ca1f8d94678e28b604c7739d67f219b4bddfd000d4f48cd4f7200dea39"},
}

// codeChecksum is the SHA-256 of a migration without its comment lines.
func codeChecksum(sql string) string {
	var kept []string
	for _, l := range strings.Split(sql, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "--") {
			kept = append(kept, l)
		}
	}
	sum := sha256.Sum256([]byte(strings.Join(kept, "\n")))
	return hex.EncodeToString(sum[:])
}

// FirstWordingChecksum is the checksum a reworded file was first applied with
// ("" for a file never reworded).
func FirstWordingChecksum(name string) string { return reworded[name][0] }

// sameMigration says whether a file applied with checksum sum is f as it is now.
func sameMigration(f File, sum string) bool {
	if sum == f.Checksum {
		return true
	}
	r, ok := reworded[f.Name]
	return ok && sum == r[0] && codeChecksum(f.SQL) == r[1]
}

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
			if !sameMigration(f, sum) {
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
