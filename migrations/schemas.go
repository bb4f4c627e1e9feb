package migrations

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"github.com/BurntSushi/toml"
	"github.com/jackc/pgx/v5"
)

// A project's declarative schema (Supabase's supabase/schemas) is the schema as it
// should be, one file per area, listed by config.toml's [db.migrations] schema_paths.
// Migrations stay the way a database changes; the schema files are where a reader
// finds a table beside its rules. SchemaFiles and ApplySchemas load them into an
// empty project so tools can compare the two (scripts/schema-diff.sh,
// schemas_test.go). The server never runs them.

// SchemaFiles lists the schema files of the project folder dir (the one holding
// supabase/) in load order: each schema_paths entry is a path or glob relative to
// supabase/, a glob's files sorted by name, a file listed twice loaded once, as the
// Supabase CLI does.
func SchemaFiles(dir string) ([]string, error) {
	var cfg struct {
		DB struct {
			Migrations struct {
				SchemaPaths []string `toml:"schema_paths"`
			} `toml:"migrations"`
		} `toml:"db"`
	}
	base := filepath.Join(dir, "supabase")
	if _, err := toml.DecodeFile(filepath.Join(base, "config.toml"), &cfg); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("migrations: config.toml: %w", err)
	}
	var out []string
	for _, p := range cfg.DB.Migrations.SchemaPaths {
		matches, err := filepath.Glob(filepath.Join(base, p))
		if err != nil {
			return nil, fmt.Errorf("migrations: schema_paths %q: %w", p, err)
		}
		if len(matches) == 0 {
			return nil, fmt.Errorf("migrations: schema_paths %q: no such file", p)
		}
		sort.Strings(matches)
		for _, m := range matches {
			if !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	return out, nil
}

// ApplySchemas loads files (SchemaFiles) in one transaction into a database holding
// the platform's schema and none of the project's. The files state every object's
// grants, as pg_dump does, so Supabase's default grants on new objects in public
// are suspended while they load and given back after, as the rental's baseline
// migration does; function bodies are not checked at creation (pg_dump's setting),
// so a function may name a table of a later file.
func ApplySchemas(ctx context.Context, conn *pgx.Conn, files []string) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck
	if _, err := tx.Exec(ctx, SuspendDefaultGrants); err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	for _, f := range files {
		sql, err := os.ReadFile(f)
		if err != nil {
			return fmt.Errorf("migrations: %w", err)
		}
		if _, err := tx.Exec(ctx, string(sql)); err != nil {
			return fmt.Errorf("migrations: %s: %w", filepath.Base(f), err)
		}
	}
	if _, err := tx.Exec(ctx, RestoreDefaultGrants); err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	return tx.Commit(ctx)
}

// SuspendDefaultGrants and RestoreDefaultGrants bracket SQL that states its grants
// in full (the schema files, a migration made from them): Supabase's default grants
// on public would add to those.
const (
	SuspendDefaultGrants = `
alter default privileges in schema public revoke all on tables from anon, authenticated, service_role;
alter default privileges in schema public revoke all on sequences from anon, authenticated, service_role;
alter default privileges in schema public revoke all on functions from anon, authenticated, service_role;`
	RestoreDefaultGrants = `
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;`
)
