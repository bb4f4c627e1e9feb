package postgrest

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// What the TypeScript generator needs beyond the schema cache, read in three
// queries: per column the facts that decide Insert/Update optionality, every
// enum and composite type (postgres-meta resolves type names against all
// schemas), and per function its arguments as postgres-meta lists them (the
// cache keeps only what /rpc needs).
const (
	qTypegenColumns = `
select a.attrelid, a.attname, a.attidentity = 'a', a.atthasdef,
       coalesce(bn.nspname, tn.nspname),
       c.relkind in ('r','p') or (c.relkind in ('v','f') and (pg_column_is_updatable(c.oid, a.attnum, false)
         or exists (select 1 from pg_trigger tg where tg.tgrelid = c.oid and tg.tgtype & 64 <> 0
                    and tg.tgtype & 20 <> 0 and not tg.tgisinternal)
         or exists (select 1 from pg_rewrite rw where rw.ev_class = c.oid and rw.is_instead
                    and rw.ev_type in ('2','3') and rw.ev_qual::text = '<>')))
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid join pg_namespace tn on tn.oid = t.typnamespace
left join pg_type bt on bt.oid = t.typbasetype and t.typtype = 'd'
left join pg_namespace bn on bn.oid = bt.typnamespace
where a.attnum > 0 and not a.attisdropped and n.nspname = any($1)`

	qTypegenTypes = `
select t.oid, t.typname, n.nspname, t.typrelid,
       case when n.nspname in ('public','pg_catalog') then quote_ident(t.typname)
            else quote_ident(n.nspname) || '.' || quote_ident(t.typname) end,
       coalesce((select array_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '{}'),
       coalesce((select array_agg(a.attname order by a.attnum) from pg_attribute a join pg_class c on c.oid = a.attrelid
                 where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped), '{}'),
       coalesce((select array_agg(a.atttypid order by a.attnum) from pg_attribute a join pg_class c on c.oid = a.attrelid
                 where c.oid = t.typrelid and c.relkind = 'c' and a.attnum > 0 and not a.attisdropped), '{}')
from pg_type t join pg_namespace n on n.oid = t.typnamespace
where t.typrelid = 0 or exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind in ('c','r','v','m','p','f'))`

	qTypegenFunctions = `
select p.oid, n.nspname, p.proname, pg_get_function_arguments(p.oid), pg_get_function_result(p.oid),
       p.prorettype, p.proretset, case when p.proretset then p.prorows else 0 end,
       coalesce(p.proargnames, array_fill(''::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])),
       coalesce(p.proargmodes::text[], array_fill('i'::text, array[cardinality(coalesce(p.proallargtypes, p.proargtypes::oid[]))])),
       coalesce(p.proallargtypes, p.proargtypes::oid[]), p.pronargs, p.pronargdefaults
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = any($1) and p.prokind = 'f'
  and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)`
)

// tgColumn is what typegen adds to a cached column.
type tgColumn struct {
	always, hasDefault, updatable bool
	typeSchema                    string
}

// tgType is an enum, a composite or a relation's row type, or any other type
// arguments and results may name.
type tgType struct {
	oid     uint32
	name    string
	schema  string
	relid   uint32
	format  string // format_type as postgres-meta's connection prints it
	enums   []string
	attrs   []string
	attrTyp []uint32
}

// tgArg is one argument as postgres-meta lists it.
type tgArg struct {
	mode       string // in, out, inout, variadic, table
	name       string
	typ        uint32
	hasDefault bool
}

// tgFunc is a function as postgres-meta lists it.
type tgFunc struct {
	schema, name, argTypes, result string
	retType                        uint32
	retSet                         bool
	rows                           float32
	args                           []tgArg
}

// tgCatalog is the catalog part the generator reads beside the cache.
type tgCatalog struct {
	cols  map[colKey]tgColumn
	types map[uint32]*tgType
	funcs []*tgFunc
}

type colKey struct {
	rel  uint32
	name string
}

func loadTypegenCatalog(ctx context.Context, pool *pgxpool.Pool, schemas []string) (*tgCatalog, error) {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, err
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck
	cat := &tgCatalog{cols: map[colKey]tgColumn{}, types: map[uint32]*tgType{}}
	if err := cat.loadColumns(ctx, tx, schemas); err != nil {
		return nil, fmt.Errorf("typegen: columns: %w", err)
	}
	if err := cat.loadTypes(ctx, tx); err != nil {
		return nil, fmt.Errorf("typegen: types: %w", err)
	}
	if err := cat.loadFunctions(ctx, tx, schemas); err != nil {
		return nil, fmt.Errorf("typegen: functions: %w", err)
	}
	return cat, nil
}

func (cat *tgCatalog) loadColumns(ctx context.Context, tx pgx.Tx, schemas []string) error {
	rows, _ := tx.Query(ctx, qTypegenColumns, schemas)
	for rows.Next() {
		var k colKey
		var c tgColumn
		if err := rows.Scan(&k.rel, &k.name, &c.always, &c.hasDefault, &c.typeSchema, &c.updatable); err != nil {
			return err
		}
		cat.cols[k] = c
	}
	return rows.Err()
}

func (cat *tgCatalog) loadTypes(ctx context.Context, tx pgx.Tx) error {
	rows, _ := tx.Query(ctx, qTypegenTypes)
	for rows.Next() {
		t := &tgType{}
		if err := rows.Scan(&t.oid, &t.name, &t.schema, &t.relid, &t.format, &t.enums, &t.attrs, &t.attrTyp); err != nil {
			return err
		}
		cat.types[t.oid] = t
	}
	return rows.Err()
}

var tgArgModes = map[string]string{"i": "in", "o": "out", "b": "inout", "v": "variadic", "t": "table"}

func (cat *tgCatalog) loadFunctions(ctx context.Context, tx pgx.Tx, schemas []string) error {
	rows, _ := tx.Query(ctx, qTypegenFunctions, schemas)
	for rows.Next() {
		f := &tgFunc{}
		var oid uint32
		var names, modes []string
		var types []uint32
		var nargs, ndefaults int
		if err := rows.Scan(&oid, &f.schema, &f.name, &f.argTypes, &f.result, &f.retType, &f.retSet, &f.rows,
			&names, &modes, &types, &nargs, &ndefaults); err != nil {
			return err
		}
		for i, typ := range types {
			// postgres-meta zips the defaults flags (one per input argument)
			// with all arguments by position; so do we.
			a := tgArg{mode: tgArgModes[modes[i]], name: names[i], typ: typ, hasDefault: i >= nargs-ndefaults && i < nargs}
			f.args = append(f.args, a)
		}
		cat.funcs = append(cat.funcs, f)
	}
	return rows.Err()
}
