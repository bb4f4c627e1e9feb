// Package pgrole runs database work as the caller, exactly as PostgREST does:
// inside a transaction that first sets the role and the request.* settings
// (request.jwt.claims, request.method, request.path, request.headers), so that
// auth.uid(), auth.role(), auth.jwt() and every RLS policy see the caller. One
// more setting is ours: request.client_ip, the caller's address as the server
// determined it (headers can be forged; this cannot), for limits in SQL.
//
// Values are always bind parameters; the role is checked against an allow-list
// before it is sent.
package pgrole

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Allowed lists the roles a transaction may run as: the three API roles and the
// service roles of auth and storage.
var Allowed = map[string]bool{
	"anon": true, "authenticated": true, "service_role": true,
	"supabase_auth_admin": true, "supabase_storage_admin": true,
}

// Session describes who runs the transaction and for which request.
type Session struct {
	Role        string
	ClaimsJSON  []byte // request.jwt.claims; {"role": Role} when empty
	Method      string // request.method
	Path        string // request.path
	HeadersJSON []byte // request.headers (lower-case names); {} when empty
	ClientIP    string // request.client_ip (httpx.ClientIP); '' when not from an HTTP caller
	ReadOnly    bool
	// SearchPath is the transaction's search_path; "" keeps the role's default.
	SearchPath string
}

// ErrRole is returned for a role outside Allowed.
var ErrRole = errors.New("pgrole: role not allowed")

// setup also applies the role's own statement_timeout (ALTER ROLE anon SET
// statement_timeout = '3s', as Supabase sets them), as PostgREST does for the
// role it impersonates: SET ROLE alone would not, and without it one slow query
// of a visitor could hold a connection for as long as it likes.
const setup = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
	set_config('request.method', $3, true), set_config('request.path', $4, true),
	set_config('request.headers', $5, true), set_config('request.client_ip', $6, true),
	set_config('statement_timeout', coalesce((
		select pg_catalog.substr(c, 19) from pg_catalog.pg_db_role_setting s, pg_catalog.unnest(s.setconfig) c
		where s.setrole = (select r.oid from pg_catalog.pg_roles r where r.rolname = $1)
		  and s.setdatabase in (0, (select d.oid from pg_catalog.pg_database d where d.datname = pg_catalog.current_database()))
		  and c like 'statement\_timeout=%'
		order by s.setdatabase desc limit 1), pg_catalog.current_setting('statement_timeout')), true),
	set_config('search_path', coalesce(nullif($7, ''), pg_catalog.current_setting('search_path')), true)`

func (s Session) begin() string {
	if s.ReadOnly {
		return "begin isolation level read committed read only"
	}
	return "begin isolation level read committed read write"
}

func (s Session) args() []any {
	claims := s.ClaimsJSON
	if len(claims) == 0 {
		claims = []byte(`{"role":"` + s.Role + `"}`)
	}
	headers := s.HeadersJSON
	if len(headers) == 0 {
		headers = []byte("{}")
	}
	return []any{s.Role, string(claims), s.Method, s.Path, string(headers), s.ClientIP, s.SearchPath}
}

// Conn is what fn receives: the connection, inside the transaction.
type Conn interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// Do runs fn in a transaction as s.Role. BEGIN and the settings go in one round
// trip; fn's statements follow; COMMIT ends it (ROLLBACK if fn fails or panics).
func Do(ctx context.Context, pool *pgxpool.Pool, s Session, fn func(Conn) error) error {
	return do(ctx, pool, s, false, fn)
}

// DoRollback is Do, but always rolls back (PostgREST's tx=rollback, dry runs).
func DoRollback(ctx context.Context, pool *pgxpool.Pool, s Session, fn func(Conn) error) error {
	return do(ctx, pool, s, true, fn)
}

// open checks the role before anything reaches the database, takes a
// connection and queues BEGIN and the session settings; the caller sends the
// batch (Query adds its statement first) and releases the connection.
func open(ctx context.Context, pool *pgxpool.Pool, s Session) (*pgxpool.Conn, *pgx.Batch, error) {
	if !Allowed[s.Role] {
		return nil, nil, fmt.Errorf("%w: %q", ErrRole, s.Role)
	}
	c, err := pool.Acquire(ctx)
	if err != nil {
		return nil, nil, err
	}
	b := &pgx.Batch{}
	b.Queue(s.begin())
	b.Queue(setup, s.args()...)
	return c, b, nil
}

func do(ctx context.Context, pool *pgxpool.Pool, s Session, rollback bool, fn func(Conn) error) (err error) {
	c, b, err := open(ctx, pool, s)
	if err != nil {
		return err
	}
	defer c.Release()
	conn := c.Conn()
	if err := conn.SendBatch(ctx, b).Close(); err != nil {
		err = markLost(ctx, conn, err)
		finish(ctx, conn, false)
		return err
	}
	defer func() {
		if p := recover(); p != nil {
			finish(ctx, conn, false)
			panic(p)
		}
	}()
	if err := fn(conn); err != nil {
		err = markLost(ctx, conn, err)
		finish(ctx, conn, false)
		return err
	}
	return markLost(ctx, conn, finish(ctx, conn, !rollback))
}

// Query sends BEGIN, the settings, one statement and COMMIT (or ROLLBACK) in a
// single round trip, and hands the statement's rows to scan. This is the shape
// of a PostgREST request: one statement that builds its whole answer.
func Query(ctx context.Context, pool *pgxpool.Pool, s Session, rollback bool, sql string, args []any, scan func(pgx.Rows) error) error {
	c, b, err := open(ctx, pool, s)
	if err != nil {
		return err
	}
	defer c.Release()
	conn := c.Conn()
	b.Queue(sql, args...)
	if rollback {
		b.Queue("rollback")
	} else {
		b.Queue("commit")
	}
	br := conn.SendBatch(ctx, b)
	err = func() error {
		if _, err := br.Exec(); err != nil { // begin
			return err
		}
		if _, err := br.Exec(); err != nil { // settings
			return err
		}
		rows, err := br.Query()
		if err != nil {
			return err
		}
		if err := ScanRows(rows, scan); err != nil {
			return err
		}
		_, err = br.Exec() // commit: a deferred constraint may still fail here
		return err
	}()
	if cerr := br.Close(); err == nil {
		err = cerr
	}
	err = markLost(ctx, conn, err)
	if conn.PgConn().TxStatus() != 'I' {
		// The statement failed inside the explicit transaction block (or scan gave up).
		finish(ctx, conn, false)
	}
	return err
}

// finish commits or rolls back; on a broken connection the pool discards it.
func finish(ctx context.Context, conn *pgx.Conn, commit bool) error {
	ctx = context.WithoutCancel(ctx)
	if conn.PgConn().TxStatus() == 'I' {
		return nil
	}
	if commit && conn.PgConn().TxStatus() == 'T' {
		_, err := conn.Exec(ctx, "commit")
		return err
	}
	failed := conn.PgConn().TxStatus() == 'E'
	if commit && failed {
		_, _ = conn.Exec(ctx, "rollback")
		return errors.New("pgrole: transaction failed and was rolled back")
	}
	_, err := conn.Exec(ctx, "rollback")
	if err != nil {
		conn.Close(ctx) //nolint:errcheck // the pool drops a closed connection
	}
	return nil
}

// ScanRows hands rows to scan and closes them: scan's error first, else the rows' own.
func ScanRows(rows pgx.Rows, scan func(pgx.Rows) error) error {
	err := scan(rows)
	rows.Close()
	if err != nil {
		return err
	}
	return rows.Err()
}
