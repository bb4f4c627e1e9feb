package main

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"casarent/functions"
	"casarent/pgmeta"
	"casarent/server/config"
)

// mountStudio builds /pg: postgres-meta for Supabase Studio (pgmeta/README.md),
// logging in as studio_admin, whose password and grants the migrating role sets
// before each start.
func (a *app) mountStudio() error {
	cfg := a.cfg
	dbURL, err := studioDB(cfg)
	if err != nil {
		return err
	}
	var prepare func(ctx context.Context) error
	if cfg.DatabaseURL != "" {
		prepare = func(ctx context.Context) error {
			conn, err := pgx.Connect(ctx, cfg.DatabaseURL)
			if err != nil {
				return err
			}
			defer conn.Close(context.WithoutCancel(ctx))
			return pgmeta.Grant(ctx, conn, cfg.Studio.DBPassword)
		}
	}
	h := pgmeta.New(pgmeta.Options{
		PackageDir: cfg.Studio.PackageDir, DenoPath: functions.FindDeno(cfg.Functions.Files.DenoPath),
		DenoDir: cfg.Functions.Files.DenoDir, DBURL: dbURL, Prepare: prepare, Verifier: a.verifier,
		IdleTimeout: cfg.Studio.IdleTimeout, StartTimeout: cfg.Studio.StartTimeout, Logger: a.log.With("surface", "pg"),
	})
	a.surf.pg, a.studio = h, h
	a.workers = append(a.workers, h.Run)
	return nil
}

// studioDB is the database URL of studio_admin: DATABASE_URL's (or
// AUTHENTICATOR_URL's) server and database, over TCP (Deno's network permission
// names host:port), with PG_META_DB_PASSWORD.
func studioDB(cfg *config.Config) (string, error) {
	base := cfg.DatabaseURL
	if base == "" {
		base = cfg.AuthenticatorURL
	}
	pc, err := pgconn.ParseConfig(base)
	if err != nil {
		return "", fmt.Errorf("DATABASE_URL: %w", err)
	}
	host := pc.Host
	if len(host) > 0 && host[0] == '/' { // PostgreSQL's socket folder: its TCP port on this machine
		host = "127.0.0.1"
	}
	u := url.URL{Scheme: "postgresql", User: url.UserPassword(pgmeta.Role, cfg.Studio.DBPassword),
		Host: net.JoinHostPort(host, strconv.Itoa(int(pc.Port))), Path: "/" + pc.Database}
	if p, err := url.Parse(base); err == nil && p.Query().Get("sslmode") != "" {
		u.RawQuery = url.Values{"sslmode": {p.Query().Get("sslmode")}}.Encode()
	}
	return u.String(), nil
}
