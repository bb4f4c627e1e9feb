// Package benchdb gives each benchmark a database of its own on the cluster of
// DATABASE_URL: created under a random name, migrated, set up, served by a
// pool, and dropped afterwards.
package benchdb

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"os"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/migrations"
	"casarent/server/pgtest"
)

// JWTSecret signs the tokens of the benchmarks' surfaces.
const JWTSecret = "bench-jwt-secret-0123456789abcdef0123456789"

// Options says what a benchmark's database is.
type Options struct {
	Prefix string                // the database is <Prefix>_<12 hex>
	Setup  func(*pgx.Conn) error // run as the superuser after the migrations (may be nil)
	Conns  int                   // the pool's size (0: pgx's default)
	User   string                // the pool's role ("": the superuser; pgrole still switches roles per request)
	Pass   string                // User's password
}

// DB is a migrated throw-away database and a pool on it.
type DB struct {
	URL   string // as the cluster's superuser
	Pool  *pgxpool.Pool
	admin *pgx.Conn
	name  string
}

// Fresh creates, migrates and sets up a database on the cluster of
// DATABASE_URL (a superuser URL, required) and opens its pool. Close drops it.
func Fresh(ctx context.Context, o Options) (*DB, error) {
	cluster := os.Getenv("DATABASE_URL")
	if cluster == "" {
		return nil, errors.New("DATABASE_URL (a superuser URL of a PostgreSQL cluster) is required")
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := o.Prefix + "_" + hex.EncodeToString(b)
	admin, err := pgx.Connect(ctx, cluster)
	if err != nil {
		return nil, err
	}
	if _, err := admin.Exec(ctx, "create database "+name); err != nil {
		admin.Close(ctx)
		return nil, err
	}
	db := &DB{URL: pgtest.WithDatabase(cluster, name, "", ""), admin: admin, name: name}
	if err := db.prepare(ctx, o.Setup); err != nil {
		db.Close()
		return nil, err
	}
	pc, err := pgxpool.ParseConfig(pgtest.WithDatabase(cluster, name, o.User, o.Pass))
	if err == nil {
		if o.Conns > 0 {
			pc.MaxConns = int32(o.Conns)
		}
		db.Pool, err = pgxpool.NewWithConfig(ctx, pc)
	}
	if err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

func (db *DB) prepare(ctx context.Context, setup func(*pgx.Conn) error) error {
	conn, err := pgx.Connect(ctx, db.URL)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	if _, err := migrations.Apply(ctx, conn); err != nil {
		return err
	}
	if setup != nil {
		return setup(conn)
	}
	return nil
}

// Close closes the pool and removes the database. DROP DATABASE refuses one
// whose realtime slot is still streamed (FORCE does not help: that check comes
// first), and a surface's replication reader may not have let go yet: end its
// walsender and retry.
func (db *DB) Close() {
	if db.Pool != nil {
		db.Pool.Close()
	}
	bg := context.Background()
	for range 50 {
		_, _ = db.admin.Exec(bg, "select pg_terminate_backend(active_pid) from pg_replication_slots where database = $1 and active", db.name)
		if _, err := db.admin.Exec(bg, "drop database if exists "+db.name+" with (force)"); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	db.admin.Close(bg)
}
