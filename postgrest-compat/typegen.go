package postgrest

import (
	"context"
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"
)

// TypesOptions configures GenerateTypes.
type TypesOptions struct {
	Schemas          []string // exposed schemas; default public
	DefaultSchema    string   // the schema the helper types default to; default the first of Schemas
	PostgrestVersion string   // __InternalSupabase.PostgrestVersion; "" leaves it out
}

// GenerateTypes prints the TypeScript `Database` type of the exposed schemas
// in the shape `supabase gen types typescript` (postgres-meta) prints it, so
// supabase-js users can `createClient<Database>(...)`. It reads the schema
// cache plus what only the types need (typegen_load.go).
func GenerateTypes(ctx context.Context, pool *pgxpool.Pool, opts TypesOptions) (string, error) {
	if len(opts.Schemas) == 0 {
		opts.Schemas = []string{"public"}
	}
	if opts.DefaultSchema == "" {
		opts.DefaultSchema = opts.Schemas[0]
	}
	c, err := loadCache(ctx, pool, opts.Schemas)
	if err != nil {
		return "", err
	}
	cat, err := loadTypegenCatalog(ctx, pool, opts.Schemas)
	if err != nil {
		return "", err
	}
	g := &typegen{c: c, cat: cat, schemas: slices.Clone(opts.Schemas)}
	slices.SortFunc(g.schemas, collate)
	return g.print(opts), nil
}

// typegen holds one generation's inputs.
type typegen struct {
	c       *Cache
	cat     *tgCatalog
	schemas []string
}

func (g *typegen) print(opts TypesOptions) string {
	var b strings.Builder
	b.WriteString("export type Json =\n  | string\n  | number\n  | boolean\n  | null\n" +
		"  | { [key: string]: Json | undefined }\n  | Json[]\n\nexport type Database = {\n")
	if opts.PostgrestVersion != "" {
		b.WriteString("  // Allows to automatically instantiate createClient with right options\n" +
			"  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)\n" +
			"  __InternalSupabase: {\n    PostgrestVersion: " + jsonString(opts.PostgrestVersion) + "\n  }\n")
	}
	for _, s := range g.schemas {
		printField(&b, tsField{key: s, val: g.schemaNode(s)}, 2)
	}
	b.WriteString("}\n\n")
	fmt.Fprintf(&b, tsHelpers, opts.DefaultSchema)
	b.WriteString("export const Constants = {\n")
	for _, s := range g.schemas {
		b.WriteString("  " + tsKey(s) + ": {\n")
		enums := g.enums(s)
		if len(enums) == 0 {
			b.WriteString("    Enums: {},\n")
		} else {
			b.WriteString("    Enums: {\n")
			for _, e := range enums {
				printJSArray(&b, e.name, e.enums, 6)
			}
			b.WriteString("    },\n")
		}
		b.WriteString("  },\n")
	}
	b.WriteString("} as const\n")
	return b.String()
}

// never is what an empty section holds.
var never = tsObj{brk: true, fields: []tsField{{key: tsNeverKey, val: "never"}}}

func (g *typegen) schemaNode(s string) tsObj {
	tables, views := g.relations(s)
	sec := func(fields []tsField) tsNode {
		if len(fields) == 0 {
			return never
		}
		return tsObj{brk: true, fields: fields}
	}
	var tf, vf, ef, cf []tsField
	for _, t := range tables {
		tf = append(tf, tsField{key: t.Name, val: g.tableNode(t)})
	}
	for _, v := range views {
		vf = append(vf, tsField{key: v.Name, val: g.viewNode(v)})
	}
	for _, e := range g.enums(s) {
		u := tsUnion{}
		for _, l := range e.enums {
			u = append(u, jsonString(l))
		}
		ef = append(ef, tsField{key: e.name, val: u})
	}
	for _, ct := range g.composites(s) {
		cf = append(cf, tsField{key: ct.name, val: g.compositeNode(ct)})
	}
	return tsObj{brk: true, fields: []tsField{
		{key: "Tables", val: sec(tf)}, {key: "Views", val: sec(vf)},
		{key: "Functions", val: sec(g.functionFields(s))},
		{key: "Enums", val: sec(ef)}, {key: "CompositeTypes", val: sec(cf)},
	}}
}

// relations are the schema's tables (and foreign tables) and its views (and
// materialized views), each by name.
func (g *typegen) relations(s string) (tables, views []*Table) {
	for _, t := range g.c.Tables {
		switch {
		case t.Schema != s:
		case t.IsView():
			views = append(views, t)
		default:
			tables = append(tables, t)
		}
	}
	byName := func(a, b *Table) int { return collate(a.Name, b.Name) }
	slices.SortFunc(tables, byName)
	slices.SortFunc(views, byName)
	return tables, views
}

func (g *typegen) enums(s string) []*tgType {
	return g.typesOf(s, func(t *tgType) bool { return len(t.enums) > 0 })
}

func (g *typegen) composites(s string) []*tgType {
	return g.typesOf(s, func(t *tgType) bool { return len(t.attrs) > 0 })
}

// typesOf lists schema s's types that keep accepts, by name.
func (g *typegen) typesOf(s string, keep func(*tgType) bool) []*tgType {
	var out []*tgType
	for _, t := range g.cat.types {
		if t.schema == s && keep(t) {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b *tgType) int { return collate(a.name, b.name) })
	return out
}

func (g *typegen) compositeNode(ct *tgType) tsObj {
	o := tsObj{brk: true}
	for i, name := range ct.attrs {
		ts := "unknown"
		if t := g.cat.types[ct.attrTyp[i]]; t != nil {
			ts = g.tsType(ct.schema, t.name, t.schema)
		}
		o.fields = append(o.fields, tsField{key: name, val: nullable(ts, true)})
	}
	return o
}

// sortedColumns are t's columns by name, as postgres-meta lists them.
func sortedColumns(t *Table) []*Column {
	cols := slices.Clone(t.Columns)
	slices.SortStableFunc(cols, func(a, b *Column) int { return collate(a.Name, b.Name) })
	return cols
}

// nullable is postgres-meta's generateNullableUnionTsType.
func nullable(ts string, isNull bool) tsNode {
	if ts == "Json" && !isNull {
		return "NonNullable<Json>"
	}
	if ts == "unknown" || ts == "any" || !isNull {
		return ts
	}
	return tsUnion{ts, "null"}
}

func nullableNode(n tsNode, isNull bool) tsNode {
	if s, ok := n.(string); ok {
		return nullable(s, isNull)
	}
	if !isNull {
		return n
	}
	return tsUnion{n, "null"}
}

func (g *typegen) rowFields(t *Table) []tsField {
	var out []tsField
	for _, col := range sortedColumns(t) {
		out = append(out, tsField{key: col.Name, val: nullable(g.columnType(t, col), col.Nullable)})
	}
	return out
}

func (g *typegen) columnType(t *Table, col *Column) string {
	return g.tsType(t.Schema, col.BaseType, g.cat.cols[colKey{t.OID, col.Name}].typeSchema)
}

func (g *typegen) tableNode(t *Table) tsObj {
	row := append(g.rowFields(t), g.computedFields(t)...)
	ins, upd := tsObj{brk: true}, tsObj{brk: true}
	for _, col := range sortedColumns(t) {
		x := g.cat.cols[colKey{t.OID, col.Name}]
		if x.always || col.Generated {
			ins.fields = append(ins.fields, tsField{key: col.Name, opt: true, val: "never"})
			upd.fields = append(upd.fields, tsField{key: col.Name, opt: true, val: "never"})
			continue
		}
		ts := nullable(g.columnType(t, col), col.Nullable)
		opt := col.Nullable || col.Identity || x.hasDefault
		ins.fields = append(ins.fields, tsField{key: col.Name, opt: opt, val: ts})
		upd.fields = append(upd.fields, tsField{key: col.Name, opt: true, val: ts})
	}
	return tsObj{brk: true, fields: []tsField{
		{key: "Row", val: tsObj{brk: true, fields: row}}, {key: "Insert", val: ins}, {key: "Update", val: upd},
		{key: "Relationships", val: g.relationships(t)},
	}}
}

func (g *typegen) viewNode(v *Table) tsObj {
	row := append(g.rowFields(v), g.computedFields(v)...)
	fields := []tsField{{key: "Row", val: tsObj{brk: true, fields: row}}}
	writable := func() tsObj {
		o := tsObj{brk: true}
		for _, col := range sortedColumns(v) {
			if !g.cat.cols[colKey{v.OID, col.Name}].updatable {
				o.fields = append(o.fields, tsField{key: col.Name, opt: true, val: "never"})
				continue
			}
			o.fields = append(o.fields, tsField{key: col.Name, opt: true, val: nullable(g.columnType(v, col), true)})
		}
		return o
	}
	if v.Kind == 'v' && v.Insertable {
		fields = append(fields, tsField{key: "Insert", val: writable()})
	}
	if v.Kind == 'v' && v.Updatable {
		fields = append(fields, tsField{key: "Update", val: writable()})
	}
	fields = append(fields, tsField{key: "Relationships", val: g.relationships(v)})
	return tsObj{brk: true, fields: fields}
}

// tsArray is a JSON array printed as postgres-meta's template does.
func tsArray(items []string) string {
	q := make([]string, len(items))
	for i, it := range items {
		q[i] = jsonString(it)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// relationships are t's foreign keys (and those the views over the tables
// inherit) toward relations of its own schema, from the cache.
func (g *typegen) relationships(t *Table) tsNode {
	var rels []*Relationship
	for _, r := range g.c.Rels[t.QI] {
		if r.FKOnOrigin && r.computed == nil && r.Target.Schema == t.Schema {
			rels = append(rels, r)
		}
	}
	slices.SortFunc(rels, func(a, b *Relationship) int {
		if c := collate(a.Constraint, b.Constraint); c != 0 {
			return c
		}
		if c := collate(a.Target.Name, b.Target.Name); c != 0 {
			return c
		}
		return collate(tsArray(a.FCols), tsArray(b.FCols))
	})
	if len(rels) == 0 {
		return "[]"
	}
	out := tsRels{}
	for _, r := range rels {
		out = append(out, []string{"foreignKeyName: " + jsonString(r.Constraint), "columns: " + tsArray(r.Cols),
			fmt.Sprintf("isOneToOne: %t", r.Card == O2O), "referencedRelation: " + jsonString(r.Target.Name),
			"referencedColumns: " + tsArray(r.FCols)})
	}
	return out
}

// tsHelpers follows the Database type as postgres-meta prints it, the same for
// every database but for the default schema (the %q): TypeScript kept as a
// template so it reads as TypeScript.
//
//go:embed typegen_helpers.ts.tmpl
var tsHelpers string
