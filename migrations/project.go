package migrations

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
)

// A project's migrations are the files of its supabase/migrations folder, named
// <version>_<name>.sql as the Supabase CLI names them. They apply after the
// platform's, each in its own transaction, and are recorded where the CLI records
// them (supabase_migrations.schema_migrations), so `supabase migration list`,
// `supabase db push` and `server migrate` share one history: a file pushed by the
// CLI is not run again here, and the other way round. As with the CLI, an applied
// file is never compared with its text again.

// projectName is the CLI's pattern for a migration file; others are skipped, as it does.
var projectName = regexp.MustCompile(`^([0-9]+)_(.*)\.sql$`)

// ProjectFile is one migration of a project.
type ProjectFile struct {
	Version string // the digits before the first underscore
	Name    string // the rest, without .sql
	Path    string
}

// ProjectFiles lists the migrations of dir in version order. A missing folder is
// a project without migrations; names off the pattern are returned as skipped.
func ProjectFiles(dir string) (files []ProjectFile, skipped []string, err error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("migrations: %w", err)
	}
	seen := map[string]string{}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		m := projectName.FindStringSubmatch(e.Name())
		if m == nil {
			skipped = append(skipped, e.Name())
			continue
		}
		if other, dup := seen[m[1]]; dup {
			return nil, nil, fmt.Errorf("migrations: %s and %s have the same version %s", other, e.Name(), m[1])
		}
		seen[m[1]] = e.Name()
		files = append(files, ProjectFile{Version: m[1], Name: m[2], Path: filepath.Join(dir, e.Name())})
	}
	sort.Slice(files, func(i, j int) bool { return files[i].Version < files[j].Version })
	return files, skipped, nil
}

// projectHistory creates the CLI's history table if it is not there: the
// columns CLI 2.x creates and reads.
const projectHistory = `
	create schema if not exists supabase_migrations;
	create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
	alter table supabase_migrations.schema_migrations add column if not exists statements text[];
	alter table supabase_migrations.schema_migrations add column if not exists name text`

// ApplyProject applies the migrations of dir that the history does not list,
// under the same lock as the platform's, and reports the files it applied.
func ApplyProject(ctx context.Context, conn *pgx.Conn, dir string) ([]string, error) {
	files, _, err := ProjectFiles(dir)
	if err != nil || len(files) == 0 {
		return nil, err
	}
	if _, err := conn.Exec(ctx, "select pg_advisory_lock($1)", int64(lockKey)); err != nil {
		return nil, fmt.Errorf("migrations: lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), "select pg_advisory_unlock($1)", int64(lockKey)) //nolint:errcheck
	if _, err := conn.Exec(ctx, projectHistory); err != nil {
		return nil, fmt.Errorf("migrations: history table: %w", err)
	}
	done, err := projectVersions(ctx, conn)
	if err != nil {
		return nil, err
	}
	if err := squashedPartway(files, done); err != nil {
		return nil, err
	}
	var applied []string
	for _, f := range files {
		if done[f.Version] {
			continue
		}
		if err := applyProjectFile(ctx, conn, f); err != nil {
			return applied, err
		}
		applied = append(applied, filepath.Base(f.Path))
	}
	return applied, nil
}

// PendingProject lists the migrations of dir not yet applied.
func PendingProject(ctx context.Context, conn *pgx.Conn, dir string) ([]string, error) {
	files, _, err := ProjectFiles(dir)
	if err != nil || len(files) == 0 {
		return nil, err
	}
	var exists bool
	if err := conn.QueryRow(ctx, "select to_regclass('supabase_migrations.schema_migrations') is not null").Scan(&exists); err != nil {
		return nil, err
	}
	done := map[string]bool{}
	if exists {
		if done, err = projectVersions(ctx, conn); err != nil {
			return nil, err
		}
	}
	if err := squashedPartway(files, done); err != nil {
		return nil, err
	}
	var out []string
	for _, f := range files {
		if !done[f.Version] {
			out = append(out, filepath.Base(f.Path))
		}
	}
	return out, nil
}

// squashedPartway refuses a database whose history holds versions older than the
// folder's first file while that file is not applied: the folder squashed its
// earliest migrations into that file (as `supabase migration squash` does, keeping
// the last version), and this database stopped partway through them. Running the
// squashed file would stop on objects that exist; applying the missing migrations
// first, with the release that still has them, is the way on. A database that applied
// every squashed migration has the squash's own version and goes on.
func squashedPartway(files []ProjectFile, done map[string]bool) error {
	first := files[0].Version
	if done[first] {
		return nil
	}
	var older []string
	for v := range done {
		if v < first {
			older = append(older, v)
		}
	}
	if len(older) == 0 {
		return nil
	}
	sort.Strings(older)
	return fmt.Errorf("migrations: this database applied migrations up to %s, which %s now holds squashed with the ones after them; "+
		"bring it up to %s with the project's release from before the squash, then start again", older[len(older)-1], filepath.Base(files[0].Path), first)
}

func projectVersions(ctx context.Context, conn *pgx.Conn) (map[string]bool, error) {
	rows, err := conn.Query(ctx, "select version from supabase_migrations.schema_migrations")
	if err != nil {
		return nil, err
	}
	versions, err := pgx.CollectRows(rows, pgx.RowTo[string])
	done := make(map[string]bool, len(versions))
	for _, v := range versions {
		done[v] = true
	}
	return done, err
}

// applyProjectFile runs one file and records it in one transaction. The file is
// kept as one statement: the CLI splits it, but nothing it reads back depends on
// how; without its last semicolon, `supabase migration fetch` (which joins the
// statements and ends them with one) writes the file back as it was.
func applyProjectFile(ctx context.Context, conn *pgx.Conn, f ProjectFile) error {
	sql, err := os.ReadFile(f.Path)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck
	if _, err := tx.Exec(ctx, string(sql)); err != nil {
		return fmt.Errorf("migrations: %s: %w", filepath.Base(f.Path), err)
	}
	if _, err := tx.Exec(ctx, `insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)`,
		f.Version, f.Name, []string{strings.TrimSuffix(strings.TrimRight(string(sql), " \t\r\n"), ";")}); err != nil {
		return fmt.Errorf("migrations: record %s: %w", filepath.Base(f.Path), err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("migrations: %s: commit: %w", filepath.Base(f.Path), err)
	}
	return nil
}
