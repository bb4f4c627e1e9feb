package pgrole_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/pgrole"
	"casarent/server/pgtest"
)

// cutProxy forwards TCP to PostgreSQL until cut drops every connection at once,
// which is what a client sees when the server crashes or its backend is killed
// mid-statement: the socket ends with no error message.
type cutProxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newCutProxy(t *testing.T, target string) *cutProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &cutProxy{ln: ln}
	t.Cleanup(func() { ln.Close(); p.cut(false) })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(s, c); s.Close() }()
			go func() { _, _ = io.Copy(c, s); c.Close() }()
		}
	}()
	return p
}

// cut closes every connection, with a reset (as when the peer process dies)
// or with an orderly end of stream.
func (p *cutProxy) cut(reset bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		if tc, ok := c.(*net.TCPConn); ok && reset {
			_ = tc.SetLinger(0)
		}
		c.Close()
	}
	p.conns = nil
}

// poolThrough connects as the request pool does, but through the proxy.
func poolThrough(t *testing.T, db *pgtest.DB, p *cutProxy) *pgxpool.Pool {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(db.URL)
	if err != nil {
		t.Fatal(err)
	}
	addr := p.ln.Addr().(*net.TCPAddr)
	cfg.ConnConfig.Host, cfg.ConnConfig.Port = addr.IP.String(), uint16(addr.Port)
	cfg.ConnConfig.Fallbacks = nil
	cfg.ConnConfig.TLSConfig = nil
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// waitForStatement waits until the statement sql is running.
func waitForStatement(t *testing.T, db *pgtest.DB, sql string) {
	t.Helper()
	for i := 0; i < 200; i++ {
		var n int
		if err := db.Admin.QueryRow(context.Background(),
			`select count(*) from pg_stat_activity where datname = current_database() and query = $1 and state = 'active'`, sql).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("the statement never started")
}

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
				p := newCutProxy(t, serverAddr(t, db))
				pool := poolThrough(t, db, p)
				done := make(chan error, 1)
				sleep := fmt.Sprintf("select pg_sleep(30) -- %s", t.Name()) // one of its own: earlier ones sleep on
				go func() { done <- tc.run(pool, sleep) }()
				waitForStatement(t, db, sleep)
				p.cut(reset)
				err := <-done
				if err == nil || !pgrole.Unavailable(err) {
					t.Fatalf("error after the connection died = %v (%T), want one Unavailable reports", err, err)
				}
			})
		}
	}
}

func serverAddr(t *testing.T, db *pgtest.DB) string {
	t.Helper()
	cfg, err := pgconn.ParseConfig(db.URL)
	if err != nil {
		t.Fatal(err)
	}
	return net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port)))
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
