package postgrest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Catalog queries. They run with search_path = pg_catalog so format_type
// qualifies every type that is not built in.
const (
	qRelations = `
select c.oid, n.nspname, c.relname, c.relkind, coalesce(obj_description(c.oid, 'pg_class'), ''),
       c.relkind in ('r','p') or (pg_relation_is_updatable(c.oid, true) & 8) = 8,
       c.relkind in ('r','p') or (pg_relation_is_updatable(c.oid, true) & 4) = 4,
       c.relkind in ('r','p') or (pg_relation_is_updatable(c.oid, true) & 16) = 16
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r','p','v','m','f','c') and not c.relispartition
  and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')`

	qColumns = `
select a.attrelid, a.attname, a.attnum, format_type(a.atttypid, a.atttypmod),
       bt.typname, bt.typcategory,
       not (a.attnotnull or (t.typtype = 'd' and t.typnotnull)),
       coalesce(case when a.attidentity = 'd' then format('nextval(%L)', pg_get_serial_sequence(c.oid::regclass::text, a.attname))
                     when a.attgenerated <> '' then null
                     else pg_get_expr(d.adbin, d.adrelid) end,
                case when t.typtype = 'd' and a.attgenerated = '' then t.typdefault end, ''),
       a.attidentity <> '', a.attgenerated <> '',
       coalesce(col_description(a.attrelid, a.attnum), ''),
       coalesce((select array_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = bt.oid), '{}'),
       case when bt.typname in ('varchar','bpchar') and a.atttypmod > 4 then a.atttypmod - 4 else 0 end
from pg_attribute a
join pg_class c on c.oid = a.attrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_type t on t.oid = a.atttypid
join pg_type bt on bt.oid = case when t.typtype = 'd' then t.typbasetype else t.oid end
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where a.attnum > 0 and not a.attisdropped and c.relkind in ('r','p','v','m','f','c')
  and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
order by a.attrelid, a.attnum`

	qConstraints = `
select c.conrelid, c.conname, c.contype, c.conkey, c.confrelid, coalesce(c.confkey, '{}')
from pg_constraint c join pg_namespace n on n.oid = c.connamespace
where c.contype in ('p','u','f') and c.conparentid = 0
  and n.nspname not in ('pg_catalog', 'information_schema')
order by c.conrelid, c.conname`

	qViews = `
select r.ev_class, r.ev_action::text
from pg_rewrite r join pg_class c on c.oid = r.ev_class join pg_namespace n on n.oid = c.relnamespace
where r.rulename = '_RETURN' and c.relkind in ('v','m')
  and n.nspname not in ('pg_catalog', 'information_schema')`

	qFunctions = `
select p.oid, n.nspname, p.proname, coalesce(obj_description(p.oid, 'pg_proc'), ''),
       p.provolatile, p.proretset, format_type(p.prorettype, null), rt.typtype, rt.typrelid, p.prorettype = 'void'::regtype,
       coalesce(p.proargnames, '{}'), coalesce(p.proargmodes::text[], '{}'),
       array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, i) order by i),
       array(select coalesce(bt.typname, '') from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, i)
             left join pg_type at on at.oid = u.x
             left join pg_type bt on bt.oid = case when at.typtype = 'd' then at.typbasetype else at.oid end order by i),
       array(select coalesce(at.typrelid, 0) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, i)
             left join pg_type at on at.oid = u.x order by i),
       p.pronargdefaults, p.provariadic <> 0, p.proretset and p.prorows = 1
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
where n.nspname = any($1) and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
order by p.oid`

	// qGeoJSON finds PostGIS's ST_AsGeoJSON(record, …), in whatever schema the
	// extension was created (Supabase: extensions).
	qGeoJSON = `
select quote_ident(n.nspname) || '.' || quote_ident(p.proname)
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where p.proname = 'st_asgeojson' and p.pronargs >= 1 and p.proargtypes[0] = 'record'::regtype
order by p.oid limit 1`

	qTypes = `
select t.typname from pg_type t
where t.typnamespace = 'pg_catalog'::regnamespace and t.typtype in ('b','r','m','d','e','p')
  and t.typname ~ '^[a-z][a-z0-9_]*$' and t.typname !~ '^pg_'`
)

// sqlTypeAliases are the SQL-standard spellings PostgreSQL accepts as type names.
var sqlTypeAliases = []string{"integer", "int", "smallint", "bigint", "real", "double precision", "decimal",
	"numeric", "boolean", "character varying", "character", "varchar", "char", "timestamp with time zone",
	"timestamp without time zone", "time with time zone", "time without time zone", "dec", "float"}

// loadCache reads the catalog for the exposed schemas, in one read-only
// transaction: relations, their columns and keys, views traced to their base
// tables, relationships, functions and type names.
func loadCache(ctx context.Context, pool *pgxpool.Pool, schemas []string) (*Cache, error) {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, fmt.Errorf("postgrest: schema cache: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck
	if _, err := tx.Exec(ctx, "set local search_path to pg_catalog"); err != nil {
		return nil, err
	}
	l := &cacheLoader{ctx: ctx, tx: tx, schemas: schemas, exposed: map[string]bool{},
		c:   &Cache{Tables: map[QI]*Table{}, Funcs: map[QI][]*Function{}, Rels: map[QI][]*Relationship{}, Types: map[string]bool{}},
		all: map[uint32]*Table{}, uniques: map[uint32][][]string{}, viewCols: map[uint32]map[string]colRef{}}
	for _, s := range schemas {
		l.exposed[s] = true
	}
	for _, step := range []func() error{l.loadRelations, l.loadColumns, l.loadConstraints, l.loadViews} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	l.inheritViewKeys()
	l.addForeignKeyRelationships()
	l.addManyToManyRelationships()
	for _, step := range []func() error{l.loadFunctions, l.loadTypes} {
		if err := step(); err != nil {
			return nil, err
		}
	}
	return l.c, nil
}

// cacheLoader holds what loadCache's steps read and build.
type cacheLoader struct {
	ctx      context.Context
	tx       pgx.Tx
	schemas  []string
	exposed  map[string]bool
	c        *Cache
	all      map[uint32]*Table // every user relation, exposed or not (views over hidden tables)
	fks      []foreignKey
	uniques  map[uint32][][]string
	viewCols map[uint32]map[string]colRef // view columns traced to their source columns
}

type foreignKey struct {
	name        string
	rel, frel   uint32
	cols, fcols []string
}

// each runs one catalogue query and hands every row to row; rows are closed
// whatever happens, and a failed read names what was being loaded.
func (l *cacheLoader) each(what, query string, args []any, row func(pgx.Rows) error) error {
	rows, _ := l.tx.Query(l.ctx, query, args...)
	defer rows.Close()
	for rows.Next() {
		if err := row(rows); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("postgrest: %s: %w", what, err)
	}
	return nil
}

// loadRelations reads tables, views and composite types; the exposed ones
// (composite types aside) become the cache's tables.
func (l *cacheLoader) loadRelations() error {
	return l.each("relations", qRelations, nil, func(rows pgx.Rows) error {
		t := &Table{ColMap: map[string]*Column{}, Computed: map[string]*Function{}}
		var kind string
		if err := rows.Scan(&t.OID, &t.Schema, &t.Name, &kind, &t.Comment, &t.Insertable, &t.Updatable, &t.Deletable); err != nil {
			return err
		}
		t.Kind = kind[0]
		l.all[t.OID] = t
		if l.exposed[t.Schema] && t.Kind != 'c' {
			l.c.Tables[t.QI] = t
		}
		return nil
	})
}

func (l *cacheLoader) loadColumns() error {
	return l.each("columns", qColumns, nil, func(rows pgx.Rows) error {
		var rel uint32
		col := &Column{}
		var cat string
		if err := rows.Scan(&rel, &col.Name, &col.Position, &col.Type, &col.BaseType, &cat, &col.Nullable, &col.Default,
			&col.Identity, &col.Generated, &col.Comment, &col.Enum, &col.MaxLen); err != nil {
			return err
		}
		if cat != "" {
			col.Category = cat[0]
		}
		if t := l.all[rel]; t != nil {
			t.Columns = append(t.Columns, col)
			t.ColMap[col.Name] = col
		}
		return nil
	})
}

// loadConstraints reads primary keys, unique keys and foreign keys.
func (l *cacheLoader) loadConstraints() error {
	return l.each("constraints", qConstraints, nil, func(rows pgx.Rows) error {
		var rel, frel uint32
		var name, typ string
		var key, fkey []int16
		if err := rows.Scan(&rel, &name, &typ, &key, &frel, &fkey); err != nil {
			return err
		}
		t := l.all[rel]
		if t == nil {
			return nil
		}
		cols := attNames(t, key)
		switch typ {
		case "p":
			t.PK = cols
			l.uniques[rel] = append(l.uniques[rel], cols)
		case "u":
			l.uniques[rel] = append(l.uniques[rel], cols)
		case "f":
			if ft := l.all[frel]; ft != nil {
				l.fks = append(l.fks, foreignKey{name: name, rel: rel, frel: frel, cols: cols, fcols: attNames(ft, fkey)})
			}
		}
		return nil
	})
}

// loadViews traces view columns to their source columns (for PKs and
// relationships of views).
func (l *cacheLoader) loadViews() error {
	return l.each("views", qViews, nil, func(rows pgx.Rows) error {
		var rel uint32
		var action string
		if err := rows.Scan(&rel, &action); err != nil {
			return err
		}
		if t := l.all[rel]; t != nil {
			l.viewCols[rel] = viewColumnSources(action, l.all)
		}
		return nil
	})
}

// baseOf resolves a chain of views down to a base table column.
func (l *cacheLoader) baseOf(view uint32, col string) (colRef, bool) {
	ref, ok := l.viewCols[view][col]
	for depth := 0; ok && depth < 16; depth++ {
		next, isView := l.viewCols[ref.rel]
		if !isView {
			return ref, true
		}
		ref, ok = next[ref.col]
	}
	return colRef{}, false
}

// viewMatch is a view exposing given base columns, under its own names.
type viewMatch struct {
	view *Table
	cols []string
}

// viewsOver lists, for a base table and its columns, each view exposing all of them.
func (l *cacheLoader) viewsOver(base uint32, cols []string) []viewMatch {
	var out []viewMatch
	for v := range l.viewCols {
		vt := l.all[v]
		if vt == nil {
			continue
		}
		if mapped, ok := l.viewColumnsFor(v, vt, base, cols); ok {
			out = append(out, viewMatch{vt, mapped})
		}
	}
	slices.SortFunc(out, func(a, b viewMatch) int { return strings.Compare(a.view.QI.String(), b.view.QI.String()) })
	return out
}

// viewColumnsFor names the view's column for each base column, ok when it has all.
func (l *cacheLoader) viewColumnsFor(v uint32, vt *Table, base uint32, cols []string) ([]string, bool) {
	mapped := make([]string, len(cols))
	for i, bc := range cols {
		found := ""
		for _, vc := range vt.Columns {
			if r, ok := l.baseOf(v, vc.Name); ok && r.rel == base && r.col == bc {
				found = vc.Name
				break
			}
		}
		if found == "" {
			return nil, false
		}
		mapped[i] = found
	}
	return mapped, true
}

// inheritViewKeys gives views the primary key of their base table when they
// expose all of it, then marks every key column.
func (l *cacheLoader) inheritViewKeys() {
	for oid, t := range l.all {
		if t.PK != nil || l.viewCols[oid] == nil {
			continue
		}
		for _, vc := range t.Columns {
			if r, ok := l.baseOf(oid, vc.Name); ok {
				if bt := l.all[r.rel]; bt != nil && len(bt.PK) > 0 {
					for _, m := range l.viewsOver(r.rel, bt.PK) {
						if m.view.OID == oid {
							t.PK = m.cols
						}
					}
				}
				break
			}
		}
	}
	for _, t := range l.all {
		for _, k := range t.PK {
			if col := t.ColMap[k]; col != nil {
				col.IsPK = true
			}
		}
	}
}

func (l *cacheLoader) isUnique(rel uint32, cols []string) bool {
	for _, u := range l.uniques[rel] {
		if sameSet(u, cols) {
			return true
		}
	}
	return false
}

// relSide is one end of a foreign key: a table or a view over it, and its columns.
type relSide struct {
	t    *Table
	cols []string
}

// addForeignKeyRelationships adds a relationship each way for every foreign
// key, also between views over the same tables.
func (l *cacheLoader) addForeignKeyRelationships() {
	for _, k := range l.fks {
		ot, tt := l.all[k.rel], l.all[k.frel]
		for _, col := range k.cols {
			if cc := ot.ColMap[col]; cc != nil && len(k.cols) == 1 {
				cc.IsFK = true
				cc.FKRef = tt.Name + "." + k.fcols[0]
			}
		}
		one := l.isUnique(k.rel, k.cols)
		origins := []relSide{{ot, k.cols}}
		for _, m := range l.viewsOver(k.rel, k.cols) {
			origins = append(origins, relSide{m.view, m.cols})
		}
		targets := []relSide{{tt, k.fcols}}
		for _, m := range l.viewsOver(k.frel, k.fcols) {
			targets = append(targets, relSide{m.view, m.cols})
		}
		for _, o := range origins {
			for _, t := range targets {
				l.addForeignKeyPair(k, o, t, one)
			}
		}
	}
}

// addForeignKeyPair adds the to-one relationship from o to t and its reverse.
func (l *cacheLoader) addForeignKeyPair(k foreignKey, o, t relSide, one bool) {
	if !l.exposed[o.t.Schema] || !l.exposed[t.t.Schema] {
		return
	}
	self := o.t.OID == t.t.OID
	fwd := &Relationship{Origin: o.t.QI, Target: t.t.QI, Card: M2O, Constraint: k.name,
		Cols: o.cols, FCols: t.cols, FKOnOrigin: true, IsSelf: self}
	back := &Relationship{Origin: t.t.QI, Target: o.t.QI, Card: O2M, Constraint: k.name,
		Cols: t.cols, FCols: o.cols, IsSelf: self}
	if one {
		fwd.Card, back.Card = O2O, O2O
	}
	l.c.Rels[o.t.QI] = append(l.c.Rels[o.t.QI], fwd)
	l.c.Rels[t.t.QI] = append(l.c.Rels[t.t.QI], back)
}

// addManyToManyRelationships adds relationships through junction tables whose
// FK columns are all in their PK.
func (l *cacheLoader) addManyToManyRelationships() {
	byRel := map[uint32][]foreignKey{}
	for _, k := range l.fks {
		byRel[k.rel] = append(byRel[k.rel], k)
	}
	for jrel, list := range byRel {
		j := l.all[jrel]
		if j == nil || !l.exposed[j.Schema] || len(j.PK) == 0 {
			continue
		}
		for _, a := range list {
			for _, b := range list {
				if a.name == b.name || !subset(a.cols, j.PK) || !subset(b.cols, j.PK) {
					continue
				}
				at, bt := l.all[a.frel], l.all[b.frel]
				if !l.exposed[at.Schema] || !l.exposed[bt.Schema] {
					continue
				}
				l.c.Rels[at.QI] = append(l.c.Rels[at.QI], &Relationship{
					Origin: at.QI, Target: bt.QI, Card: M2M, Constraint: a.name,
					Cols: a.fcols, FCols: b.fcols, Junction: j.QI, JConstraint1: a.name, JConstraint2: b.name,
					JCols: a.cols, JFCols: b.cols, IsSelf: at.OID == bt.OID,
				})
			}
		}
	}
}

// loadFunctions reads the exposed schemas' functions: callable ones go to
// /rpc, those over one exposed table's row become computed fields or
// computed relationships.
func (l *cacheLoader) loadFunctions() error {
	return l.each("functions", qFunctions, []any{l.schemas}, func(rows pgx.Rows) error {
		f, inRels, err := l.scanFunction(rows)
		if err != nil {
			return err
		}
		if rpcCallable(f.Params) {
			l.c.Funcs[f.QI] = append(l.c.Funcs[f.QI], f)
		}
		l.addComputed(f, inRels)
		return nil
	})
}

// scanFunction reads one function row: its input parameters (and the
// relation of each one's type, 0 if none) and what it returns.
func (l *cacheLoader) scanFunction(rows pgx.Rows) (*Function, []uint32, error) {
	f := &Function{}
	var vol, retTypType string
	var retRel uint32
	var names, modes, types, bases []string
	var argRels []uint32
	var nDefaults int
	if err := rows.Scan(&f.OID, &f.Schema, &f.Name, &f.Comment, &vol, &f.RetSet, &f.RetType, &retTypType, &retRel, &f.RetVoid,
		&names, &modes, &types, &bases, &argRels, &nDefaults, &f.Variadic, &f.RetOneRow); err != nil {
		return nil, nil, err
	}
	f.Volatility = vol[0]
	var outCols []*Column
	var inRels []uint32
	for i, typ := range types {
		mode := "i"
		if i < len(modes) {
			mode = modes[i]
		}
		name := ""
		if i < len(names) {
			name = names[i]
		}
		switch mode {
		case "i", "b", "v":
			f.Params = append(f.Params, Param{Name: name, Type: typ, BaseType: bases[i], Variadic: mode == "v"})
			inRels = append(inRels, argRels[i])
		}
		if mode == "o" || mode == "b" || mode == "t" {
			outCols = append(outCols, &Column{Name: name, Type: typ, BaseType: bases[i], Nullable: true, Position: len(outCols) + 1})
		}
	}
	for i := range f.Params {
		f.Params[i].Required = i < len(f.Params)-nDefaults
	}
	l.setReturn(f, outCols, retTypType, retRel)
	return f, inRels, nil
}

// setReturn decides whether f returns nothing, columns, a table's rows or a scalar.
func (l *cacheLoader) setReturn(f *Function, outCols []*Column, retTypType string, retRel uint32) {
	switch {
	case f.RetVoid:
	case len(outCols) > 1 || (len(outCols) == 1 && retTypType == "p"):
		f.RetColumns = outCols
	case retTypType == "c":
		if rt := l.all[retRel]; rt != nil {
			f.RetColumns = rt.Columns
			if et := l.c.Tables[rt.QI]; et != nil {
				f.RetTable = et
			}
		}
	default:
		f.RetScalar = true
	}
}

// addComputed makes f(row of an exposed table) a computed field when it
// returns a scalar or a computed relationship when it returns table rows.
func (l *cacheLoader) addComputed(f *Function, inRels []uint32) {
	if len(f.Params) != 1 || inRels[0] == 0 {
		return
	}
	t := l.all[inRels[0]]
	if t == nil || l.c.Tables[t.QI] == nil {
		return
	}
	if f.RetScalar || f.RetTable == nil {
		t.Computed[f.Name] = f
		return
	}
	// Computed relationship: embeds like a foreign key.
	l.c.Rels[t.QI] = append(l.c.Rels[t.QI], &Relationship{Origin: t.QI, Target: f.RetTable.QI, Card: computedCard(f),
		Constraint: f.Name, computed: f})
}

// loadTypes reads the built-in type names a cast may use, and where PostGIS's
// ST_AsGeoJSON lives.
func (l *cacheLoader) loadTypes() error {
	if err := l.each("types", qTypes, nil, func(rows pgx.Rows) error {
		var n string
		if err := rows.Scan(&n); err != nil {
			return err
		}
		l.c.Types[n] = true
		return nil
	}); err != nil {
		return err
	}
	for _, a := range sqlTypeAliases {
		l.c.Types[a] = true
	}
	if err := l.tx.QueryRow(l.ctx, qGeoJSON).Scan(&l.c.GeoJSON); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("postgrest: st_asgeojson: %w", err)
	}
	return nil
}

type colRef struct {
	rel uint32
	col string
}

func attNames(t *Table, nums []int16) []string {
	out := make([]string, 0, len(nums))
	for _, n := range nums {
		for _, c := range t.Columns {
			if c.Position == int(n) {
				out = append(out, c.Name)
			}
		}
	}
	return out
}

func sameSet(a, b []string) bool {
	return len(a) == len(b) && subset(a, b)
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

// computedCard is a computed relationship's cardinality, as PostgREST decides
// it: to-one unless the function returns a set whose row estimate is not
// ROWS 1 (so "RETURNS SETOF t ROWS 1" embeds as an object or null).
func computedCard(f *Function) Cardinality {
	if f.RetSet && !f.RetOneRow {
		return O2M
	}
	return M2O
}

// rpcCallable is PostgREST's rule for which functions /rpc exposes: every input
// parameter named, or exactly one unnamed while the first input parameter is
// bytea, json, jsonb, text or xml (the body is then passed whole). Others, like
// f(integer), are not callable (404 PGRST202); a function over a table row stays
// usable as a computed field or relationship.
func rpcCallable(params []Param) bool {
	unnamed := 0
	for _, p := range params {
		if p.Name == "" {
			unnamed++
		}
	}
	switch unnamed {
	case 0:
		return true
	case 1:
		return singleBodyType(params[0].Type)
	}
	return false
}

// singleBodyType: the parameter types a whole request body can be passed to.
func singleBodyType(t string) bool {
	switch t {
	case "bytea", "json", "jsonb", "text", "xml":
		return true
	}
	return false
}
