// Command server is the one binary: /rest/v1, /auth/v1, /storage/v1,
// /functions/v1, /realtime/v1 and the website, over PostgreSQL. This package
// only wires the parts together (run.go: config → database → surfaces → HTTP →
// graceful stop; routes.go: the URL map): the platform is under server/, the
// surfaces in their own folders, the rental (its site, functions, workers and
// seed data) under rental/.
//
//	server                      serve (migrating first)
//	server migrate [--dry-run]  apply pending migrations (the platform's, then the project's) and exit
//	server db reset             (not in production) drop and remake the database, migrate, run supabase/seed.sql
//	server seed [file.sql…]     load development data (fleet, blog, images, administrator)
//	server keys                 print the anon and service_role keys
//	server jwk [alg] [kid]      print a new private signing key (ES256 or RS256) for JWT_KEYS
//	server gen types            print the TypeScript Database type of the exposed schemas
//	server functions ...        deploy, roll back or list edge functions on a running server
//	server secrets ...          set or list the functions' secrets on a running server
//	server render-pages         (internal) the render process the server starts for its pages
//
// Build it with `make build` (bin/server) or run it with `go run ./cmd/server`.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		os.Exit(1)
	}
}

// usage is what `server help` prints (the list above).
const usage = `usage: server [command]

  (none), serve           serve /rest/v1, /auth/v1, /storage/v1, /functions/v1, /realtime/v1
                          and the website (migrating first)
  migrate [--dry-run]     apply pending migrations (the platform's, then the project's) and exit;
                          --dry-run lists them and applies nothing
  db reset                drop and remake the database, migrate, run the project's supabase/seed.sql
                          (refused in production)
  seed [file.sql…]        load development data (fleet, blog, images, administrator)
  keys                    print the anon and service_role keys
  jwk [ES256|RS256] [kid] print a new private signing key for JWT_KEYS
  gen types               print the TypeScript Database type of the exposed schemas
  functions deploy <dir> [name…] | rollback <name> | list   edge functions on a running server
  secrets set NAME=VALUE… | list                            the functions' secrets on a running server
  help                    this list

The project served is the folder PROJECT_DIR names (default: the working folder), in the
Supabase CLI's layout: supabase/config.toml, supabase/migrations, supabase/functions,
supabase/seed.sql. Settings are environment variables, then config.toml (README.md,
server/config).
`
