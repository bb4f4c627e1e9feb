// Package benchdb gives each benchmark a database of its own on the cluster of
// DATABASE_URL: created under a random name, migrated, and dropped afterwards.
package benchdb

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/migrations"
	"casarent/server/pgtest"
)

// DB is a migrated throw-away database.
type DB struct {
	URL   string // as the cluster's superuser
	admin *pgx.Conn
	name  string
}

// Fresh creates database <prefix>_<12 hex>, applies the migrations, then runs
// setup (if any) on a connection to it.
func Fresh(ctx context.Context, cluster, prefix string, setup func(*pgx.Conn) error) (*DB, error) {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := prefix + "_" + hex.EncodeToString(b)
	admin, err := pgx.Connect(ctx, cluster)
	if err != nil {
		return nil, err
	}
	if _, err := admin.Exec(ctx, "create database "+name); err != nil {
		admin.Close(ctx)
		return nil, err
	}
	db := &DB{URL: pgtest.WithDatabase(cluster, name, "", ""), admin: admin, name: name}
	if err := db.prepare(ctx, setup); err != nil {
		db.Drop()
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

// Pool is a pool of at most conns connections on the database (the superuser's:
// pgrole still switches roles per request, and the authenticator's cluster-wide
// password is left alone).
func (db *DB) Pool(ctx context.Context, conns int) (*pgxpool.Pool, error) {
	pc, err := pgxpool.ParseConfig(db.URL)
	if err != nil {
		return nil, err
	}
	pc.MaxConns = int32(conns)
	return pgxpool.NewWithConfig(ctx, pc)
}

// Drop removes the database. DROP DATABASE refuses one whose realtime slot is
// still streamed (FORCE does not help: that check comes first), and a surface's
// replication reader may not have let go yet: end its walsender and retry.
func (db *DB) Drop() {
	bg := context.Background()
	for i := 0; i < 50; i++ {
		_, _ = db.admin.Exec(bg, "select pg_terminate_backend(active_pid) from pg_replication_slots where database = $1 and active", db.name)
		if _, err := db.admin.Exec(bg, "drop database if exists "+db.name+" with (force)"); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	db.admin.Close(bg)
}
