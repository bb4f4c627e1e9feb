package realtime

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Row-level security on delivery. A change reaches a channel only if the
// channel's role and claims may SELECT the row as it was at commit: the row image
// from the WAL (the new row; the old one for DELETE, complete with REPLICA
// IDENTITY FULL) is rebuilt in PostgreSQL with its columns' own types and the
// table's SELECT policies for that role are evaluated on it, as that role with
// request.jwt.claims set, exactly what PostgREST does for a read. Evaluating on
// the image rather than re-reading the table means a row deleted or changed since
// is judged as it was when the event happened (a re-read would lose the INSERT of
// a row deleted a moment later).
//
// One change costs one round trip whatever the number of subscribers: the
// distinct (role, claims) sets of its subscribers are evaluated in one pipelined
// batch, inside one read-only transaction that is rolled back.

// tableMeta is what we know of a published table's columns.
type tableMeta struct {
	typname map[string]string // column -> pg_type.typname (the "columns" of the payload)
	sqltype map[string]string // column -> format_type, schema-qualified
}

type policyKey struct {
	relid uint32
	role  string
	cmd   byte // cmdSelect, or cmdInsert (private channels' send rights)
}

const (
	cmdSelect = 'r'
	cmdInsert = 'a'
)

// policyEntry is the visibility rule of a table for a role.
type policyEntry struct {
	mode    int    // allowAll, denyAll or byExpr
	expr    string // SQL boolean over the table's columns (byExpr)
	fetched time.Time
}

const (
	allowAll = iota
	denyAll
	byExpr
)

// policyTTL bounds how long a changed policy or grant may go unnoticed.
const policyTTL = 5 * time.Second

type rlsChecker struct {
	pool     *pgxpool.Pool
	now      func() time.Time
	mu       sync.Mutex
	tables   map[uint32]*tableMeta
	policies map[policyKey]*policyEntry
}

// invalidate forgets a relation (a new Relation message: its columns may have changed).
func (c *rlsChecker) invalidate(relid uint32) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.tables, relid)
	for k := range c.policies {
		if k.relid == relid {
			delete(c.policies, k)
		}
	}
}

// inTx runs fn in a read-only transaction with an empty search_path, so that
// format_type and pg_get_expr qualify every name they print.
func (c *rlsChecker) inTx(ctx context.Context, fn func(pgx.Tx) error) error {
	tx, err := c.pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if _, err := tx.Exec(ctx, "select set_config('search_path', '', true)"); err != nil {
		return err
	}
	return fn(tx)
}

// cached returns what cache holds at k while fresh says it still holds, else
// what load reads in a read-only transaction (inTx), which it keeps.
func cached[K comparable, V any](ctx context.Context, c *rlsChecker, cache map[K]*V, k K, fresh func(*V) bool, load func(pgx.Tx) (*V, error)) (*V, error) {
	c.mu.Lock()
	v := cache[k]
	c.mu.Unlock()
	if v != nil && fresh(v) {
		return v, nil
	}
	err := c.inTx(ctx, func(tx pgx.Tx) (err error) {
		v, err = load(tx)
		return err
	})
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	cache[k] = v
	c.mu.Unlock()
	return v, nil
}

// table returns a table's columns, read once (invalidate forgets them).
func (c *rlsChecker) table(ctx context.Context, relid uint32) (*tableMeta, error) {
	always := func(*tableMeta) bool { return true }
	return cached(ctx, c, c.tables, relid, always, func(tx pgx.Tx) (*tableMeta, error) {
		m := &tableMeta{typname: map[string]string{}, sqltype: map[string]string{}}
		rows, err := tx.Query(ctx, `select a.attname::text, t.typname::text, pg_catalog.format_type(a.atttypid, a.atttypmod)
			from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
			where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped`, relid)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		for rows.Next() {
			var name, typ, sqlt string
			if err := rows.Scan(&name, &typ, &sqlt); err != nil {
				return nil, err
			}
			m.typname[name], m.sqltype[name] = typ, sqlt
		}
		return m, rows.Err()
	})
}

// policySQL: for SELECT a policy's USING; for INSERT its WITH CHECK (an ALL policy
// without one uses its USING, as PostgreSQL does).
const policySQL = `
with applicable as (
  select p.polpermissive, '(' || coalesce(pg_catalog.pg_get_expr(
      case when $3 = 'a' then coalesce(p.polwithcheck, p.polqual) else p.polqual end, p.polrelid), 'false') || ')' as q
  from pg_catalog.pg_policy p
  where p.polrelid = $1 and p.polcmd in ($3::"char", '*')
    and (p.polroles @> '{0}' or exists (select 1 from pg_catalog.unnest(p.polroles) x
                                         where x <> 0 and pg_catalog.pg_has_role($2, x, 'USAGE'))))
select c.relrowsecurity, c.relforcerowsecurity, pg_catalog.pg_has_role($2, c.relowner, 'USAGE'),
       r.rolsuper or r.rolbypassrls, pg_catalog.has_table_privilege($2, c.oid, case when $3 = 'a' then 'INSERT' else 'SELECT' end),
       coalesce((select pg_catalog.array_agg(q) from applicable where polpermissive), '{}'),
       coalesce((select pg_catalog.array_agg(q) from applicable where not polpermissive), '{}')
from pg_catalog.pg_class c, pg_catalog.pg_roles r where c.oid = $1 and r.rolname = $2`

// policy returns the rule for role on relid, from a cache of policyTTL.
func (c *rlsChecker) policy(ctx context.Context, relid uint32, role string, cmd byte) (*policyEntry, error) {
	fresh := func(e *policyEntry) bool { return c.now().Sub(e.fetched) < policyTTL }
	return cached(ctx, c, c.policies, policyKey{relid, role, cmd}, fresh, func(tx pgx.Tx) (*policyEntry, error) {
		e := &policyEntry{fetched: c.now(), mode: denyAll}
		var rls, force, owner, bypass, priv bool
		var perm, restr []string
		err := tx.QueryRow(ctx, policySQL, relid, role, string(rune(cmd))).Scan(&rls, &force, &owner, &bypass, &priv, &perm, &restr)
		if err == pgx.ErrNoRows {
			return e, nil // unknown role or table: nothing is visible
		}
		if err != nil {
			return nil, err
		}
		switch {
		case bypass:
			e.mode = allowAll
		case !priv:
			e.mode = denyAll
		case !rls || (owner && !force):
			e.mode = allowAll
		case len(perm) == 0:
			e.mode = denyAll // RLS on and no permissive policy: default deny
		default:
			e.mode, e.expr = byExpr, "("+strings.Join(perm, " or ")+")"
			for _, r := range restr {
				e.expr += " and " + r
			}
		}
		return e, nil
	})
}

// audience is one distinct (role, claims) among a change's subscribers.
type audience struct {
	role   string
	claims string
}

// visible evaluates, for each audience, whether the row image may be selected.
// image maps each column to its text value (nil: NULL).
func (c *rlsChecker) visible(ctx context.Context, relid uint32, schema, table string, meta *tableMeta, image map[string]*string, auds []audience) (map[audience]bool, error) {
	return c.allowed(ctx, cmdSelect, "", relid, schema, table, meta, image, auds)
}

// allowed evaluates the policies of cmd (SELECT or INSERT) on image for each
// audience; topic, when set, is what realtime.topic() returns meanwhile.
func (c *rlsChecker) allowed(ctx context.Context, cmd byte, topic string, relid uint32, schema, table string, meta *tableMeta, image map[string]*string, auds []audience) (map[audience]bool, error) {
	out, pending, exprs, err := c.triage(ctx, relid, cmd, auds)
	if err != nil || len(pending) == 0 {
		return out, err
	}
	from, args := imageRelation(meta, image, table)
	err = c.evaluate(ctx, topic, fmt.Sprintf("%s.%s", schema, table), pending, exprs, from, args, out)
	return out, err
}

// triage decides the audiences whose policy needs no row (allow all, deny all)
// and returns the others with the expression each must evaluate on the image.
func (c *rlsChecker) triage(ctx context.Context, relid uint32, cmd byte, auds []audience) (map[audience]bool, []audience, []string, error) {
	out := make(map[audience]bool, len(auds))
	var pending []audience
	var exprs []string
	for _, a := range auds {
		e, err := c.policy(ctx, relid, a.role, cmd)
		if err != nil {
			return nil, nil, nil, err
		}
		switch e.mode {
		case allowAll:
			out[a] = true
		case denyAll:
			out[a] = false
		default:
			pending = append(pending, a)
			exprs = append(exprs, e.expr)
		}
	}
	return out, pending, exprs, nil
}

// imageRelation is the changed row as a one-row relation named like its table:
// one typed column per known column, values as bind parameters.
func imageRelation(meta *tableMeta, image map[string]*string, table string) (string, []any) {
	var cols []string
	var args []any
	for name, sqlt := range meta.sqltype {
		ident := pgx.Identifier{name}.Sanitize()
		if v, ok := image[name]; ok && v != nil {
			args = append(args, *v)
			cols = append(cols, fmt.Sprintf("$%d::text::%s as %s", len(args), sqlt, ident))
		} else {
			cols = append(cols, fmt.Sprintf("null::%s as %s", sqlt, ident))
		}
	}
	return fmt.Sprintf("(select %s) as %s", strings.Join(cols, ", "), pgx.Identifier{table}.Sanitize()), args
}

// evaluate runs each pending audience's policy expression on the row, as that
// audience, in one read-only transaction sent as one batch, into out.
func (c *rlsChecker) evaluate(ctx context.Context, topic, qualified string, pending []audience, exprs []string, from string, args []any, out map[audience]bool) error {
	conn, err := c.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	b := &pgx.Batch{}
	b.Queue("begin isolation level read committed read only")
	b.Queue("select set_config('search_path', '', true), set_config('statement_timeout', '5s', true), set_config('realtime.topic', $1, true)", topic)
	for i, a := range pending {
		b.Queue("select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", a.role, a.claims)
		b.Queue("select coalesce("+exprs[i]+", false) from "+from, args...)
	}
	b.Queue("rollback")
	br := conn.Conn().SendBatch(ctx, b)
	err = readVerdicts(br, qualified, pending, out)
	if cerr := br.Close(); err == nil && cerr != nil {
		err = cerr
	}
	if err != nil {
		// The connection may be mid-transaction: do not return it to the pool so.
		_ = conn.Conn().Close(context.Background())
	}
	return err
}

// readVerdicts reads evaluate's batch: begin, settings, then per audience its
// role and its verdict.
func readVerdicts(br pgx.BatchResults, qualified string, pending []audience, out map[audience]bool) error {
	if _, err := br.Exec(); err != nil {
		return err
	}
	if _, err := br.Exec(); err != nil {
		return err
	}
	for _, a := range pending {
		if _, err := br.Exec(); err != nil {
			return err
		}
		var ok bool
		if err := br.QueryRow().Scan(&ok); err != nil {
			return fmt.Errorf("policy of %s as %s: %w", qualified, a.role, err)
		}
		out[a] = ok
	}
	return nil
}
