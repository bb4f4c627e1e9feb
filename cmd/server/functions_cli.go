package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"casarent/functions"
	"casarent/server/config"
)

// functionsCommand is `server functions deploy <dir> [name…] | rollback <name> | list`,
// with --url (default FUNCTIONS_SUPABASE_URL's default, this machine's server) and
// --service-key (default SERVICE_ROLE_KEY): a client of a running server, which
// keeps the versions in PostgreSQL for every replica (functions/README.md).
func functionsCommand(ctx context.Context, args []string, getenv config.Getenv, stdout io.Writer) error {
	group := args[0]
	args = args[1:]
	if len(args) == 0 {
		return errors.New("usage: server functions deploy <dir> [name…] | rollback <name> | list, server secrets set NAME=VALUE… | list  [--url URL] [--service-key KEY]")
	}
	fs := flag.NewFlagSet(group+" "+args[0], flag.ContinueOnError)
	url := fs.String("url", "http://127.0.0.1:54321", "the server")
	key := fs.String("service-key", getenv("SERVICE_ROLE_KEY"), "the service role key")
	if err := fs.Parse(reorderFlags(args[1:])); err != nil {
		return err
	}
	if *key == "" {
		return errors.New("--service-key (or SERVICE_ROLE_KEY) is required")
	}
	c := functions.DeployClient{URL: *url, ServiceKey: *key}
	rest := fs.Args()
	if group == "secrets" {
		return secretsCommand(ctx, c, args[0], rest, stdout)
	}
	switch {
	case args[0] == "deploy" && len(rest) >= 1:
		return deployFunctions(ctx, c, rest[0], rest[1:], stdout)
	case args[0] == "rollback" && len(rest) == 1:
		v, err := c.Rollback(ctx, rest[0])
		if err == nil {
			fmt.Fprintf(stdout, "%s: version %d is active\n", rest[0], v)
		}
		return err
	case args[0] == "list" && len(rest) == 0:
		list, err := c.List(ctx)
		for _, v := range list {
			active := ""
			if v.Active {
				active = " (active)"
			}
			fmt.Fprintf(stdout, "%s\tv%d\t%s\t%d bytes\tverify_jwt=%v%s\n", v.Name, v.Version, v.CreatedAt, v.Bytes, v.VerifyJWT, active)
		}
		return err
	}
	return fmt.Errorf("functions %s: wrong arguments %q", args[0], rest)
}

// secretsCommand is `server secrets set NAME=VALUE… | list`: functions see the
// values from their next start.
func secretsCommand(ctx context.Context, c functions.DeployClient, sub string, rest []string, stdout io.Writer) error {
	switch {
	case sub == "set" && len(rest) > 0:
		in := map[string]string{}
		for _, kv := range rest {
			k, v, ok := strings.Cut(kv, "=")
			if !ok || k == "" {
				return fmt.Errorf("secrets set: %q is not NAME=VALUE", kv)
			}
			in[k] = v
		}
		if err := c.SetSecrets(ctx, in); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%d secret(s) stored; functions see them from their next start\n", len(in))
		return nil
	case sub == "list" && len(rest) == 0:
		names, err := c.SecretNames(ctx)
		for _, n := range names {
			fmt.Fprintln(stdout, n)
		}
		return err
	}
	return fmt.Errorf("secrets %s: wrong arguments", sub)
}

// deployFunctions sends the sources of dir's functions (the server bundles them
// with its Deno: this machine needs none) with config.toml's settings.
func deployFunctions(ctx context.Context, c functions.DeployClient, dir string, names []string, stdout io.Writer) error {
	sources, err := functions.CollectSources(dir, filepath.Join(filepath.Dir(filepath.Clean(dir)), "config.toml"), names)
	if err != nil {
		return err
	}
	for _, s := range sources {
		v, err := c.DeploySources(ctx, s)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: version %d deployed (%d files sent)\n", s.Name, v, len(s.Files))
	}
	return nil
}

// reorderFlags puts flags before positional arguments (`deploy dir --url x`).
func reorderFlags(args []string) []string {
	var flags, pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if len(a) > 1 && a[0] == '-' {
			flags = append(flags, a)
			if i+1 < len(args) && !strings.Contains(a, "=") {
				flags = append(flags, args[i+1])
				i++
			}
			continue
		}
		pos = append(pos, a)
	}
	return append(flags, pos...)
}
