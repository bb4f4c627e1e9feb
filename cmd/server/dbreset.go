package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net/url"
	"os"
	"strings"

	"github.com/jackc/pgx/v5"

	"casarent/migrations"
	"casarent/server/config"
	"casarent/server/database"
)

// dbReset is `server db reset`, the Supabase CLI's local reset: the database of
// DATABASE_URL is dropped and made again, the platform's and the project's
// migrations applied, then the project's supabase/seed.sql run. It destroys every
// row, so it is refused in production.
func dbReset(ctx context.Context, cfg *config.Config, log *slog.Logger, stdout io.Writer) error {
	if cfg.Production() {
		return errors.New("db reset drops the database: refused with ENVIRONMENT=production")
	}
	if cfg.DatabaseURL == "" {
		return errors.New("db reset needs DATABASE_URL (a role that may drop and create the database)")
	}
	u, err := url.Parse(cfg.DatabaseURL)
	if err != nil {
		return fmt.Errorf("DATABASE_URL: %w", err)
	}
	name := strings.TrimPrefix(u.Path, "/")
	if name == "" {
		return errors.New("DATABASE_URL names no database")
	}
	if err := recreateDatabase(ctx, *u, name); err != nil {
		return err
	}
	db, err := database.New(cfg, log)
	if err != nil {
		return err
	}
	defer db.Pool.Close()
	if err := db.Prepare(ctx); err != nil {
		return fmt.Errorf("db reset: migrations: %w", err)
	}
	seeded, err := runSeed(ctx, cfg)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "database %s reset: migrations applied", name)
	if seeded {
		fmt.Fprintf(stdout, ", %s run", cfg.ProjectFile("seed.sql"))
	}
	fmt.Fprintln(stdout)
	return nil
}

// migrateDryRun is `server migrate --dry-run`: the files a migration would apply,
// the platform's then the project's, and nothing done.
func migrateDryRun(ctx context.Context, cfg *config.Config, stdout io.Writer) error {
	conn, err := pgx.Connect(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	platform, err := migrations.Pending(ctx, conn)
	if err != nil {
		return err
	}
	project, err := migrations.PendingProject(ctx, conn, cfg.ProjectFile("migrations"))
	if err != nil {
		return err
	}
	if len(platform)+len(project) == 0 {
		fmt.Fprintln(stdout, "nothing to apply")
	}
	for _, f := range platform {
		fmt.Fprintln(stdout, "platform:", f)
	}
	for _, f := range project {
		fmt.Fprintln(stdout, "project: ", f)
	}
	return nil
}

// recreateDatabase drops and creates name, from another database of the cluster
// (one cannot drop the database one is connected to).
func recreateDatabase(ctx context.Context, u url.URL, name string) error {
	u.Path = "/postgres"
	if name == "postgres" {
		u.Path = "/template1"
	}
	conn, err := pgx.Connect(ctx, u.String())
	if err != nil {
		return fmt.Errorf("db reset: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	ident := pgx.Identifier{name}.Sanitize()
	if _, err := conn.Exec(ctx, "drop database if exists "+ident+" with (force)"); err != nil {
		return fmt.Errorf("db reset: drop %s: %w", name, err)
	}
	if _, err := conn.Exec(ctx, "create database "+ident); err != nil {
		return fmt.Errorf("db reset: create %s: %w", name, err)
	}
	return nil
}

// runSeed runs the project's supabase/seed.sql, if it has one, as DATABASE_URL's
// role, in one transaction.
func runSeed(ctx context.Context, cfg *config.Config) (bool, error) {
	sql, err := os.ReadFile(cfg.ProjectFile("seed.sql"))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	conn, err := pgx.Connect(ctx, cfg.DatabaseURL)
	if err != nil {
		return false, err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	err = pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, string(sql))
		return err
	})
	if err != nil {
		return false, fmt.Errorf("db reset: seed.sql: %w", err)
	}
	return true, nil
}
