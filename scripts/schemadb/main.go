// Command schemadb makes a new database holding the platform's schema and a
// project's, built from its migrations or from its schema files
// (migrations.SchemaFiles), for scripts/schema-diff.sh to compare.
//
//	go run ./scripts/schemadb -project rental -from schemas postgres://…/schema_diff_to
package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/migrations"
)

func main() {
	project := flag.String("project", "rental", "the project folder (holding supabase/)")
	from := flag.String("from", "migrations", "build from the project's migrations or its schemas")
	flag.Parse()
	if flag.NArg() != 1 || (*from != "migrations" && *from != "schemas") {
		fmt.Fprintln(os.Stderr, "usage: schemadb [-project dir] [-from migrations|schemas] DATABASE_URL (the database is made anew)")
		os.Exit(2)
	}
	if err := run(*project, *from, flag.Arg(0)); err != nil {
		fmt.Fprintln(os.Stderr, "schemadb:", err)
		os.Exit(1)
	}
}

func run(project, from, dbURL string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	u, err := url.Parse(dbURL)
	if err != nil {
		return err
	}
	name := filepath.Base(u.Path)
	admin := *u
	admin.Path = "/postgres"
	c, err := pgx.Connect(ctx, admin.String())
	if err != nil {
		return err
	}
	defer c.Close(context.Background())
	ident := pgx.Identifier{name}.Sanitize()
	if _, err := c.Exec(ctx, "drop database if exists "+ident+" with (force)"); err != nil {
		return err
	}
	if _, err := c.Exec(ctx, "create database "+ident); err != nil {
		return err
	}
	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		return err
	}
	defer conn.Close(context.Background())
	if _, err := migrations.Apply(ctx, conn); err != nil {
		return err
	}
	if from == "migrations" {
		_, err = migrations.ApplyProject(ctx, conn, filepath.Join(project, "supabase", "migrations"))
		return err
	}
	files, err := migrations.SchemaFiles(project)
	if err != nil {
		return err
	}
	return migrations.ApplySchemas(ctx, conn, files)
}
