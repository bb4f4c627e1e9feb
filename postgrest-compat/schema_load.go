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

// loadCache reads the catalog for the exposed schemas.
func loadCache(ctx context.Context, pool *pgxpool.Pool, schemas []string) (*Cache, error) {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, fmt.Errorf("postgrest: schema cache: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck
	if _, err := tx.Exec(ctx, "set local search_path to pg_catalog"); err != nil {
		return nil, err
	}
	exposed := map[string]bool{}
	for _, s := range schemas {
		exposed[s] = true
	}
	c := &Cache{Tables: map[QI]*Table{}, Funcs: map[QI][]*Function{}, Rels: map[QI][]*Relationship{}, Types: map[string]bool{}}
	all := map[uint32]*Table{} // every user relation, exposed or not (views over hidden tables)

	rows, _ := tx.Query(ctx, qRelations)
	for rows.Next() {
		t := &Table{ColMap: map[string]*Column{}, Computed: map[string]*Function{}}
		var kind string
		if err := rows.Scan(&t.OID, &t.Schema, &t.Name, &kind, &t.Comment, &t.Insertable, &t.Updatable, &t.Deletable); err != nil {
			return nil, err
		}
		t.Kind = kind[0]
		all[t.OID] = t
		if exposed[t.Schema] && t.Kind != 'c' {
			c.Tables[t.QI] = t
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgrest: relations: %w", err)
	}

	rows, _ = tx.Query(ctx, qColumns)
	for rows.Next() {
		var rel uint32
		col := &Column{}
		var cat string
		if err := rows.Scan(&rel, &col.Name, &col.Position, &col.Type, &col.BaseType, &cat, &col.Nullable, &col.Default,
			&col.Identity, &col.Generated, &col.Comment, &col.Enum, &col.MaxLen); err != nil {
			return nil, err
		}
		if cat != "" {
			col.Category = cat[0]
		}
		if t := all[rel]; t != nil {
			t.Columns = append(t.Columns, col)
			t.ColMap[col.Name] = col
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgrest: columns: %w", err)
	}

	type fk struct {
		name        string
		rel, frel   uint32
		cols, fcols []string
	}
	var fks []fk
	uniques := map[uint32][][]string{}
	rows, _ = tx.Query(ctx, qConstraints)
	for rows.Next() {
		var rel, frel uint32
		var name, typ string
		var key, fkey []int16
		if err := rows.Scan(&rel, &name, &typ, &key, &frel, &fkey); err != nil {
			return nil, err
		}
		t := all[rel]
		if t == nil {
			continue
		}
		cols := attNames(t, key)
		switch typ {
		case "p":
			t.PK = cols
			uniques[rel] = append(uniques[rel], cols)
		case "u":
			uniques[rel] = append(uniques[rel], cols)
		case "f":
			if ft := all[frel]; ft != nil {
				fks = append(fks, fk{name: name, rel: rel, frel: frel, cols: cols, fcols: attNames(ft, fkey)})
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgrest: constraints: %w", err)
	}

	// View columns traced to their base table columns (for PKs and relationships of views).
	viewCols := map[uint32]map[string]colRef{}
	rows, _ = tx.Query(ctx, qViews)
	for rows.Next() {
		var rel uint32
		var action string
		if err := rows.Scan(&rel, &action); err != nil {
			return nil, err
		}
		if t := all[rel]; t != nil {
			viewCols[rel] = viewColumnSources(action, all)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgrest: views: %w", err)
	}
	// Resolve chains of views down to base tables.
	baseOf := func(view uint32, col string) (colRef, bool) {
		ref, ok := viewCols[view][col]
		for depth := 0; ok && depth < 16; depth++ {
			next, isView := viewCols[ref.rel]
			if !isView {
				return ref, true
			}
			ref, ok = next[ref.col]
		}
		return colRef{}, false
	}
	// viewsOver lists, for a base table and its columns, each view exposing all of them.
	type viewMatch struct {
		view *Table
		cols []string
	}
	viewsOver := func(base uint32, cols []string) []viewMatch {
		var out []viewMatch
		for v := range viewCols {
			vt := all[v]
			if vt == nil {
				continue
			}
			mapped := make([]string, len(cols))
			okAll := true
			for i, bc := range cols {
				found := ""
				for _, vc := range vt.Columns {
					if r, ok := baseOf(v, vc.Name); ok && r.rel == base && r.col == bc {
						found = vc.Name
						break
					}
				}
				if found == "" {
					okAll = false
					break
				}
				mapped[i] = found
			}
			if okAll {
				out = append(out, viewMatch{vt, mapped})
			}
		}
		slices.SortFunc(out, func(a, b viewMatch) int { return strings.Compare(a.view.QI.String(), b.view.QI.String()) })
		return out
	}
	// Views get the primary key of their base table when they expose all of it.
	for oid, t := range all {
		if t.PK != nil || viewCols[oid] == nil {
			continue
		}
		for _, vc := range t.Columns {
			if r, ok := baseOf(oid, vc.Name); ok {
				if bt := all[r.rel]; bt != nil && len(bt.PK) > 0 {
					for _, m := range viewsOver(r.rel, bt.PK) {
						if m.view.OID == oid {
							t.PK = m.cols
						}
					}
				}
				break
			}
		}
	}
	for _, t := range all {
		for _, k := range t.PK {
			if col := t.ColMap[k]; col != nil {
				col.IsPK = true
			}
		}
	}

	// Relationships from foreign keys, also between views over the same tables.
	isUnique := func(rel uint32, cols []string) bool {
		for _, u := range uniques[rel] {
			if sameSet(u, cols) {
				return true
			}
		}
		return false
	}
	type side struct {
		t    *Table
		cols []string
	}
	for _, k := range fks {
		ot, tt := all[k.rel], all[k.frel]
		for _, col := range k.cols {
			if cc := ot.ColMap[col]; cc != nil && len(k.cols) == 1 {
				cc.IsFK = true
				cc.FKRef = tt.Name + "." + k.fcols[0]
			}
		}
		one := isUnique(k.rel, k.cols)
		origins := []side{{ot, k.cols}}
		for _, m := range viewsOver(k.rel, k.cols) {
			origins = append(origins, side{m.view, m.cols})
		}
		targets := []side{{tt, k.fcols}}
		for _, m := range viewsOver(k.frel, k.fcols) {
			targets = append(targets, side{m.view, m.cols})
		}
		for _, o := range origins {
			for _, t := range targets {
				if !exposed[o.t.Schema] || !exposed[t.t.Schema] {
					continue
				}
				self := o.t.OID == t.t.OID
				fwd := &Relationship{Origin: o.t.QI, Target: t.t.QI, Card: M2O, Constraint: k.name,
					Cols: o.cols, FCols: t.cols, FKOnOrigin: true, IsSelf: self}
				back := &Relationship{Origin: t.t.QI, Target: o.t.QI, Card: O2M, Constraint: k.name,
					Cols: t.cols, FCols: o.cols, IsSelf: self}
				if one {
					fwd.Card, back.Card = O2O, O2O
				}
				c.Rels[o.t.QI] = append(c.Rels[o.t.QI], fwd)
				c.Rels[t.t.QI] = append(c.Rels[t.t.QI], back)
			}
		}
	}
	// Many-to-many through junction tables whose FK columns are all in their PK.
	byRel := map[uint32][]fk{}
	for _, k := range fks {
		byRel[k.rel] = append(byRel[k.rel], k)
	}
	for jrel, list := range byRel {
		j := all[jrel]
		if j == nil || !exposed[j.Schema] || len(j.PK) == 0 {
			continue
		}
		for _, a := range list {
			for _, b := range list {
				if a.name == b.name || !subset(a.cols, j.PK) || !subset(b.cols, j.PK) {
					continue
				}
				at, bt := all[a.frel], all[b.frel]
				if !exposed[at.Schema] || !exposed[bt.Schema] {
					continue
				}
				c.Rels[at.QI] = append(c.Rels[at.QI], &Relationship{
					Origin: at.QI, Target: bt.QI, Card: M2M, Constraint: a.name,
					Cols: a.fcols, FCols: b.fcols, Junction: j.QI, JConstraint1: a.name, JConstraint2: b.name,
					JCols: a.cols, JFCols: b.cols, IsSelf: at.OID == bt.OID,
				})
			}
		}
	}

	// Functions.
	rows, _ = tx.Query(ctx, qFunctions, schemas)
	for rows.Next() {
		f := &Function{}
		var vol, retTypType string
		var retRel uint32
		var names, modes, types, bases []string
		var argRels []uint32
		var nDefaults int
		if err := rows.Scan(&f.OID, &f.Schema, &f.Name, &f.Comment, &vol, &f.RetSet, &f.RetType, &retTypType, &retRel, &f.RetVoid,
			&names, &modes, &types, &bases, &argRels, &nDefaults, &f.Variadic, &f.RetOneRow); err != nil {
			return nil, err
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
		switch {
		case f.RetVoid:
		case len(outCols) > 1 || (len(outCols) == 1 && retTypType == "p"):
			f.RetColumns = outCols
		case retTypType == "c":
			if rt := all[retRel]; rt != nil {
				f.RetColumns = rt.Columns
				if et := c.Tables[rt.QI]; et != nil {
					f.RetTable = et
				}
			}
		default:
			f.RetScalar = true
		}
		if rpcCallable(f.Params) {
			c.Funcs[f.QI] = append(c.Funcs[f.QI], f)
		}
		// Computed fields: f(row of an exposed table) returning a scalar or a row.
		if len(f.Params) == 1 && inRels[0] != 0 {
			if t := all[inRels[0]]; t != nil && c.Tables[t.QI] != nil {
				if f.RetScalar || f.RetTable == nil {
					t.Computed[f.Name] = f
				} else {
					// Computed relationship: embeds like a foreign key.
					c.Rels[t.QI] = append(c.Rels[t.QI], &Relationship{Origin: t.QI, Target: f.RetTable.QI, Card: computedCard(f),
						Constraint: f.Name, computed: f})
				}
			}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgrest: functions: %w", err)
	}

	rows, _ = tx.Query(ctx, qTypes)
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		c.Types[n] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("postgrest: types: %w", err)
	}
	for _, a := range sqlTypeAliases {
		c.Types[a] = true
	}
	if err := tx.QueryRow(ctx, qGeoJSON).Scan(&c.GeoJSON); err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("postgrest: st_asgeojson: %w", err)
	}
	return c, nil
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
