// Package database owns the server's connection to PostgreSQL: the request pool
// (as authenticator, behind a dial gate that dials once at a time while
// PostgreSQL is down) and the start-up work done with the owner's URL
// (the platform's and the project's migrations, the authenticator's password).
package database

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/migrations"
	"casarent/server/backoff"
	"casarent/server/config"
	"casarent/server/replicas"
)

// DB is the connection to PostgreSQL: the request pool (as authenticator) and
// the start-up work done with the owner's URL (migrations, the authenticator's
// password). It never blocks the start: while PostgreSQL is down the server runs,
// /health says so, and preparation is retried until it succeeds.
type DB struct {
	cfg   *config.Config
	log   *slog.Logger
	Pool  *pgxpool.Pool
	dials *dialGate // the pool's dialler: one attempt at a time while PostgreSQL is down
	// Reads routes /rest/v1's reads between Pool and the read replicas
	// (DATABASE_REPLICA_URLS); without replicas, all to Pool. Its Run checks them.
	Reads *replicas.Set
	ready atomic.Bool // migrations applied and authenticator usable
	// OnPrepared runs (each in its own goroutine) once PrepareLoop has prepared
	// the database: the work that needs the schema.
	OnPrepared []func()
}

// New opens the request pool (lazily: nothing is dialled yet).
func New(cfg *config.Config, log *slog.Logger) (*DB, error) {
	poolURL, err := authenticatorURL(cfg)
	if err != nil {
		return nil, err
	}
	pool, gate, err := newPool(poolURL, cfg.DBMaxConns, 5*time.Second)
	if err != nil {
		return nil, fmt.Errorf("database url: %w", err)
	}
	reps, err := replicaPools(cfg, poolURL)
	if err != nil {
		pool.Close()
		return nil, err
	}
	reads := replicas.New(pool, reps, cfg.ReplicaMaxLag, log.With("component", "replicas"))
	return &DB{cfg: cfg, log: log, Pool: pool, dials: gate, Reads: reads}, nil
}

// newPool is a request pool on url (lazily: nothing is dialled yet) behind a dial gate.
func newPool(url string, maxConns int, connectTimeout time.Duration) (*pgxpool.Pool, *dialGate, error) {
	pc, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, nil, err
	}
	pc.MaxConns = int32(maxConns)
	pc.ConnConfig.ConnectTimeout = connectTimeout
	pc.ConnConfig.RuntimeParams["application_name"] = "casarent-server"
	gate := newDialGate()
	pc.ConnConfig.DialFunc = gate.dial
	pool, err := pgxpool.NewWithConfig(context.Background(), pc)
	return pool, gate, err
}

// replicaPools are the request pools of DATABASE_REPLICA_URLS. Each URL says
// where (host and port; a database and parameters when it names them, else the
// primary's); the server logs in there as on the primary: roles and passwords
// replicate, and a standby takes no password change anyway.
func replicaPools(cfg *config.Config, poolURL string) ([]replicas.Replica, error) {
	if len(cfg.ReplicaURLs) == 0 {
		return nil, nil
	}
	base, err := url.Parse(poolURL)
	if err != nil || base.Scheme == "" {
		return nil, errors.New("DATABASE_REPLICA_URLS needs the primary's URL in the postgres:// form (AUTHENTICATOR_URL)")
	}
	var out []replicas.Replica
	for _, raw := range cfg.ReplicaURLs {
		r, err := url.Parse(raw)
		if err != nil || r.Host == "" {
			return nil, errors.New("DATABASE_REPLICA_URLS: each must be a postgres:// URL with a host")
		}
		u := *base
		u.Host = r.Host
		if strings.Trim(r.Path, "/") != "" {
			u.Path = r.Path
		}
		if r.RawQuery != "" {
			u.RawQuery = r.RawQuery
		}
		// A lost standby must not hold a read long: its reads go to the primary.
		pool, _, err := newPool(u.String(), cfg.DBMaxConns, 2*time.Second)
		if err != nil {
			return nil, fmt.Errorf("DATABASE_REPLICA_URLS (%s): %w", r.Host, err)
		}
		out = append(out, replicas.Replica{Name: r.Host, Pool: pool})
	}
	return out, nil
}

// authenticatorURL is AUTHENTICATOR_URL, or DATABASE_URL with the authenticator's credentials.
func authenticatorURL(cfg *config.Config) (string, error) {
	if cfg.AuthenticatorURL != "" {
		return cfg.AuthenticatorURL, nil
	}
	u, err := url.Parse(cfg.DatabaseURL)
	if err != nil {
		return "", fmt.Errorf("DATABASE_URL: %w", err)
	}
	u.User = url.UserPassword("authenticator", cfg.AuthenticatorPassword)
	return u.String(), nil
}

// PrepareLoop retries Prepare until it succeeds or ctx ends, then runs OnPrepared.
func (d *DB) PrepareLoop(ctx context.Context) {
	wait := backoff.New(500*time.Millisecond, 10*time.Second)
	for {
		err := d.Prepare(ctx)
		if err == nil {
			for _, f := range d.OnPrepared {
				go f()
			}
			return
		}
		d.log.Warn("database not ready; retrying", "err", err, "in", wait.Next())
		if !wait.Wait(ctx) {
			return
		}
	}
}

// Prepare applies migrations and sets the passwords of authenticator and
// functions_db, using the
// owner's URL, and from then on Health reports the pool's answer. Without
// DATABASE_URL (AUTHENTICATOR_URL only) there is nothing to do but reach it.
func (d *DB) Prepare(ctx context.Context) error {
	err := d.prepare(ctx)
	if err == nil {
		d.ready.Store(true)
	}
	return err
}

func (d *DB) prepare(ctx context.Context) error {
	if d.cfg.DatabaseURL == "" || !d.cfg.MigrateOnStart {
		return d.Pool.Ping(ctx)
	}
	cctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
	defer cancel()
	conn, err := pgx.Connect(cctx, d.cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	applied, err := migrations.Apply(cctx, conn)
	if err != nil {
		return err
	}
	if len(applied) > 0 {
		d.log.Info("migrations applied", "files", applied)
	}
	// The project's own, after the platform's: they may use auth.users, storage, roles.
	dir := d.cfg.ProjectFile("migrations")
	if _, skipped, _ := migrations.ProjectFiles(dir); len(skipped) > 0 {
		d.log.Warn("project migrations skipped: names must be <version>_<name>.sql", "files", skipped)
	}
	if applied, err = migrations.ApplyProject(cctx, conn, dir); err != nil {
		return err
	}
	if len(applied) > 0 {
		d.log.Info("project migrations applied", "folder", dir, "files", applied)
	}
	if d.cfg.AuthenticatorURL == "" {
		if err := setPassword(cctx, conn, "authenticator", d.cfg.AuthenticatorPassword); err != nil {
			return err
		}
	}
	// The TypeScript functions' SUPABASE_DB_URL logs in as functions_db (migrations).
	if d.cfg.FunctionsDBPassword != "" {
		if err := setPassword(cctx, conn, "functions_db", d.cfg.FunctionsDBPassword); err != nil {
			return err
		}
	}
	return d.Pool.Ping(cctx)
}

// setPassword gives role its login password (quoted by PostgreSQL: ALTER ROLE takes
// no parameters).
func setPassword(ctx context.Context, conn *pgx.Conn, role, password string) error {
	var stmt string
	if err := conn.QueryRow(ctx, "select format('alter role %I with login password %L', $1::text, $2::text)", role, password).Scan(&stmt); err != nil {
		return fmt.Errorf("set %s password: %w", role, err)
	}
	if _, err := conn.Exec(ctx, stmt); err != nil {
		return fmt.Errorf("set %s password: %w", role, err)
	}
	return nil
}

// Health reports whether PostgreSQL answers through the request pool.
func (d *DB) Health(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if !d.ready.Load() {
		if err := d.Pool.Ping(ctx); err != nil {
			return err
		}
		return fmt.Errorf("database reachable but not prepared yet (migrations pending)")
	}
	var one int
	return d.Pool.QueryRow(ctx, "select 1").Scan(&one)
}
