// Command server is the one binary: /rest/v1, /auth/v1, /storage/v1, /functions/v1,
// /realtime/v1 and the website, over PostgreSQL.
//
//	server                 serve (migrating first)
//	server migrate         apply pending migrations and exit
//	server seed            load development data (fleet, blog, images, administrator)
//	server keys            print the anon and service_role keys
//	server jwk [alg] [kid] print a new private signing key (ES256 or RS256) for JWT_KEYS
//	server gen types       print the TypeScript Database type of the exposed schemas
//	server functions ...   deploy, roll back or list edge functions on a running server
//	server secrets ...     set or list the functions' secrets on a running server
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
