package pgrole_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/pgrole"
	"casarent/server/pgtest"
)

// A connection that dies mid-statement is the database being unavailable (a
// 503 the client retries), through both of pgrole's ways to run statements,
// and so is every later use of the dead connection.
func TestConnectionLostMidStatementIsUnavailable(t *testing.T) {
	db := pgtest.New(t)
	ctx := context.Background()
	sess := pgtest.As("service_role", "")
	for _, tc := range []struct {
		name string
		run  func(pool *pgxpool.Pool, sleep string) error
	}{
		{"Query", func(pool *pgxpool.Pool, sleep string) error {
			return pgrole.Query(ctx, pool, sess, false, sleep, nil, func(rows pgx.Rows) error {
				for rows.Next() {
				}
				return rows.Err()
			})
		}},
		{"Do", func(pool *pgxpool.Pool, sleep string) error {
			return pgrole.Do(ctx, pool, sess, func(c pgrole.Conn) error {
				_, err := c.Exec(ctx, sleep)
				return err
			})
		}},
		{"Do, then the dead connection again", func(pool *pgxpool.Pool, sleep string) error {
			return pgrole.Do(ctx, pool, sess, func(c pgrole.Conn) error {
				_, _ = c.Exec(ctx, sleep)
				_, err := c.Exec(ctx, `select 1`)
				return err
			})
		}},
	} {
		for _, reset := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s, reset %v", tc.name, reset), func(t *testing.T) {
				p := pgtest.NewCutProxy(t, db)
				pool := p.Pool(t)
				done := make(chan error, 1)
				sleep := fmt.Sprintf("select pg_sleep(30) -- %s", t.Name()) // one of its own: earlier ones sleep on
				go func() { done <- tc.run(pool, sleep) }()
				db.WaitForStatement(t, sleep)
				p.Cut(reset)
				err := <-done
				if err == nil || !pgrole.Unavailable(err) {
					t.Fatalf("error after the connection died = %v (%T), want one Unavailable reports", err, err)
				}
			})
		}
	}
}

// A statement pgx refuses before the server sees it also leaves the
// connection closed, but that is a bug of ours, not an outage: not Unavailable.
func TestDriverRefusalIsNotUnavailable(t *testing.T) {
	db := pgtest.New(t)
	ctx := context.Background()
	err := pgrole.Query(ctx, db.Pool, pgtest.As("service_role", ""), false, `select $1::int`, []any{1, 2}, func(rows pgx.Rows) error {
		for rows.Next() {
		}
		return rows.Err()
	})
	if err == nil || pgrole.Unavailable(err) {
		t.Fatalf("mismatched arguments: %v, Unavailable %v; want an error that is not", err, pgrole.Unavailable(err))
	}
}
