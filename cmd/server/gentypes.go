package main

import (
	"context"
	"fmt"
	"io"

	"github.com/jackc/pgx/v5/pgxpool"

	postgrest "casarent/postgrest-compat"
	"casarent/server/config"
)

// postgrestVersion is what the generated types tell supabase-js the REST
// surface speaks (postgrest-compat follows PostgREST 14).
const postgrestVersion = "14.0"

// genTypes is `server gen types`: the TypeScript Database type of the exposed
// schemas (PGRST_DB_SCHEMAS), as `supabase gen types typescript` prints it.
// It reads the catalog only; run `server migrate` first.
func genTypes(ctx context.Context, cfg *config.Config, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "types" {
		return fmt.Errorf("usage: server gen types")
	}
	pool, err := pgxpool.New(ctx, cfg.DatabaseURL)
	if err != nil {
		return fmt.Errorf("database url: %w", err)
	}
	defer pool.Close()
	out, err := postgrest.GenerateTypes(ctx, pool, postgrest.TypesOptions{
		Schemas: cfg.Rest.Schemas, PostgrestVersion: postgrestVersion,
	})
	if err != nil {
		return err
	}
	_, err = io.WriteString(stdout, out)
	return err
}
