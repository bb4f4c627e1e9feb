package postgrest

import (
	"slices"
	"strings"
	"unicode"
)

// Functions as postgres-meta types them: which ones it lists, their Args and
// Returns, the SetofOptions postgrest-js reads, and computed fields.

// tgFn is a listed function with its input arguments (in, inout, variadic).
type tgFn struct {
	*tgFunc
	in []tgArg
}

// Argument types a lone unnamed argument may have: json, jsonb, text.
var tgUnnamedOK = map[uint32]bool{114: true, 3802: true, 25: true}

// listed is postgres-meta's filter: no input, all named, unnamed ones with a
// default and a body type, or a single unnamed body type or row type.
func (g *typegen) listed(f *tgFunc) (tgFn, bool) {
	fn := tgFn{tgFunc: f}
	for _, a := range f.args {
		if a.mode == "in" || a.mode == "inout" || a.mode == "variadic" {
			fn.in = append(fn.in, a)
		}
	}
	allNamed, defaultsOK := true, true
	for _, a := range fn.in {
		if a.name == "" {
			allNamed = false
			defaultsOK = defaultsOK && a.hasDefault && tgUnnamedOK[a.typ]
		}
	}
	if len(fn.in) == 0 || allNamed || defaultsOK {
		return fn, true
	}
	if len(fn.in) == 1 {
		t := g.cat.types[fn.in[0].typ]
		return fn, tgUnnamedOK[fn.in[0].typ] || (t != nil && t.relid != 0)
	}
	return fn, false
}

// schemaFunctions are s's listed functions by name, then by their argument
// list and result (how overloads are ordered); arguments by name.
func (g *typegen) schemaFunctions(s string) []tgFn {
	var out []tgFn
	for _, f := range g.cat.funcs {
		if f.schema != s {
			continue
		}
		if fn, ok := g.listed(f); ok {
			fn.args = slices.Clone(fn.args)
			slices.SortStableFunc(fn.args, func(a, b tgArg) int { return collate(a.name, b.name) })
			slices.SortStableFunc(fn.in, func(a, b tgArg) int { return collate(a.name, b.name) })
			out = append(out, fn)
		}
	}
	slices.SortStableFunc(out, func(a, b tgFn) int {
		if c := collate(a.name, b.name); c != 0 {
			return c
		}
		if c := collate(a.argTypes, b.argTypes); c != 0 {
			return c
		}
		return collate(a.result, b.result)
	})
	return out
}

func (g *typegen) functionFields(s string) []tsField {
	var out []tsField
	fns := g.schemaFunctions(s)
	for i := 0; i < len(fns); {
		j := i
		for j < len(fns) && fns[j].name == fns[i].name {
			j++
		}
		group := fns[i:j]
		var sigs tsUnion
		for _, fn := range group {
			sigs = append(sigs, g.signature(s, group, fn))
		}
		if len(sigs) == 1 {
			out = append(out, tsField{key: fns[i].name, val: sigs[0]})
		} else {
			out = append(out, tsField{key: fns[i].name, val: sigs})
		}
		i = j
	}
	return out
}

func (g *typegen) argsNode(s string, fn tgFn) tsNode {
	if len(fn.in) == 0 {
		return "Record<PropertyKey, never>"
	}
	o := tsObj{}
	for _, a := range fn.in {
		o.fields = append(o.fields, tsField{key: a.name, opt: a.hasDefault, val: g.typeOf(s, a.typ)})
	}
	return o
}

// typeOf is the TypeScript type of a type by oid, "unknown" when not listed.
func (g *typegen) typeOf(s string, oid uint32) string {
	if t := g.cat.types[oid]; t != nil {
		return g.tsType(s, t.name, t.schema)
	}
	return "unknown"
}

func (g *typegen) signature(s string, group []tgFn, fn tgFn) tsObj {
	args := g.argsNode(s, fn)
	var ret tsNode
	if msg := g.conflict(s, group, fn); msg != "" {
		ret = tsErr(msg)
	} else if g.rowArgError(fn) {
		ret = tsErr("the function " + s + "." + fn.name +
			" with parameter or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache")
	} else {
		ret = g.returns(s, fn)
	}
	fields := []tsField{{key: "Args", val: args}}
	to := g.returnRelationName(fn)
	many := fn.rows > 1
	if fn.retSet && (many || to == "") {
		ret = withArraySuffix(ret)
	}
	fields = append(fields, tsField{key: "Returns", val: ret})
	if opts := g.setofOptions(fn, to, many); opts != nil {
		fields = append(fields, tsField{key: "SetofOptions", val: *opts})
	}
	return tsObj{fields: fields}
}

func withArraySuffix(n tsNode) tsNode {
	switch v := n.(type) {
	case tsObj:
		v.suffix += "[]"
		return v
	case string:
		return v + "[]"
	}
	return n
}

// rowArgError: a lone unnamed row argument while the result is no relation.
func (g *typegen) rowArgError(fn tgFn) bool {
	if len(fn.in) != 1 || fn.in[0].name != "" {
		return false
	}
	t := g.cat.types[fn.in[0].typ]
	return t != nil && t.relid != 0 && g.returnRelationName(fn) == ""
}

// conflict is postgres-meta's message for overloads PostgREST cannot choose
// between: f() beside f(unnamed with default), or f(x a) beside f(x b).
func (g *typegen) conflict(s string, group []tgFn, fn tgFn) string {
	if len(group) <= 1 {
		return ""
	}
	const tail = ". Try renaming the parameters or the function itself in the database so function overloading can be resolved"
	name := func(oid uint32) string {
		if t := g.cat.types[oid]; t != nil {
			return t.name
		}
		return "unknown"
	}
	for _, o := range group {
		if o.tgFunc == fn.tgFunc {
			continue
		}
		if len(fn.in) == 0 && len(o.in) == 1 && o.in[0].name == "" && o.in[0].hasDefault {
			return "Could not choose the best candidate function between: " + s + "." + fn.name + "(), " +
				s + "." + fn.name + "( => " + name(o.retType) + ")" + tail
		}
	}
	if len(fn.in) != 1 || fn.in[0].name == "" {
		return ""
	}
	list := []tgFn{fn}
	for _, o := range group {
		if o.tgFunc != fn.tgFunc && len(o.in) == 1 && o.in[0].name == fn.in[0].name && o.in[0].typ != fn.in[0].typ {
			list = append(list, o)
		}
	}
	if len(list) == 1 {
		return ""
	}
	slices.SortStableFunc(list, func(a, b tgFn) int { return int(a.in[0].typ) - int(b.in[0].typ) })
	var parts []string
	for _, o := range list {
		parts = append(parts, s+"."+fn.name+"("+o.in[0].name+" => "+name(o.in[0].typ)+")")
	}
	return "Could not choose the best candidate function between: " + strings.Join(parts, ", ") + tail
}

// returnRelationName names the relation (of the exposed schemas) or the
// composite type a function returns rows of, "" for none.
func (g *typegen) returnRelationName(fn tgFn) string {
	rt := g.cat.types[fn.retType]
	if rt == nil || rt.relid == 0 {
		return ""
	}
	for _, t := range g.c.Tables {
		if t.OID == rt.relid {
			return t.Name
		}
	}
	return rt.name
}

func (g *typegen) setofOptions(fn tgFn, to string, many bool) *tsObj {
	if to == "" {
		return nil
	}
	from, one, setof := `"*"`, !many, fn.retSet
	if len(fn.args) == 1 {
		if at := g.cat.types[fn.args[0].typ]; at != nil && at.relid != 0 {
			from = jsonString(at.format)
			if !fn.retSet {
				one = true
			}
		}
	}
	return &tsObj{brk: true, fields: []tsField{{key: "from", val: from}, {key: "to", val: jsonString(to)},
		{key: "isOneToOne", val: boolString(one)}, {key: "isSetofReturn", val: boolString(setof)}}}
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// returns is the result type: TABLE columns, a relation's row, or a type.
func (g *typegen) returns(s string, fn tgFn) tsNode {
	var table []tsField
	for _, a := range fn.args {
		if a.mode == "table" {
			table = append(table, tsField{key: a.name, val: g.typeOf(s, a.typ)})
		}
	}
	if len(table) > 0 {
		return tsObj{brk: true, fields: table}
	}
	if rt := g.cat.types[fn.retType]; rt != nil && rt.relid != 0 {
		for _, t := range g.c.Tables {
			if t.OID == rt.relid && t.Schema == s {
				return tsObj{brk: true, fields: g.rowFields(t)}
			}
		}
	}
	return g.typeOf(s, fn.retType)
}

// computedFields are the functions over t's row, typed in its Row.
func (g *typegen) computedFields(t *Table) []tsField {
	var out []tsField
	for _, fn := range g.schemaFunctions(t.Schema) {
		if len(fn.in) != 1 {
			continue
		}
		if at := g.cat.types[fn.in[0].typ]; at != nil && at.relid == t.OID {
			out = append(out, tsField{key: fn.name, val: nullableNode(g.returns(t.Schema, fn), true)})
		}
	}
	return out
}

// tsType is postgres-meta's pgTypeToTsType for a type name (typname).
func (g *typegen) tsType(s, pg, typeSchema string) string {
	switch pg {
	case "bool":
		return "boolean"
	case "int2", "int4", "int8", "float4", "float8", "numeric":
		return "number"
	case "bytea", "bpchar", "varchar", "date", "text", "citext", "time", "timetz", "timestamp",
		"timestamptz", "uuid", "vector", "interval":
		return "string"
	case "json", "jsonb":
		return "Json"
	case "void":
		return "undefined"
	case "record":
		return "Record<string, unknown>"
	}
	if strings.HasPrefix(pg, "_") {
		el := g.tsType(s, pg[1:], typeSchema)
		if strings.Contains(el, " | ") {
			return "(" + el + ")[]"
		}
		return el + "[]" // the formatter drops the template's parentheses
	}
	if typeSchema == "" {
		typeSchema = s
	}
	return g.namedType(pg, typeSchema)
}

func (g *typegen) namedType(pg, typeSchema string) string {
	pick := func(ok func(t *tgType) bool) *tgType {
		var first *tgType
		for _, t := range g.cat.types {
			if t.name == pg && ok(t) {
				if t.schema == typeSchema {
					return t
				}
				// postgres-meta's types are ordered by schema, then oid
				if first == nil || collate(t.schema, first.schema) < 0 ||
					(t.schema == first.schema && t.oid < first.oid) {
					first = t
				}
			}
		}
		return first
	}
	if e := pick(func(t *tgType) bool { return len(t.enums) > 0 }); e != nil {
		if slices.Contains(g.schemas, e.schema) {
			return `Database[` + jsonString(e.schema) + `]["Enums"][` + jsonString(e.name) + `]`
		}
		q := make([]string, len(e.enums))
		for i, l := range e.enums {
			q[i] = jsonString(l)
		}
		return strings.Join(q, " | ")
	}
	if ct := pick(func(t *tgType) bool { return len(t.attrs) > 0 }); ct != nil {
		if slices.Contains(g.schemas, ct.schema) {
			return `Database[` + jsonString(ct.schema) + `]["CompositeTypes"][` + jsonString(ct.name) + `]`
		}
		return "unknown"
	}
	return g.rowType(pg, typeSchema)
}

// rowType is a relation's row type named by pg: tables before views, the
// relation of typeSchema before others.
func (g *typegen) rowType(pg, typeSchema string) string {
	var best *Table
	rank := func(t *Table) int {
		r := 0
		if t.Schema != typeSchema {
			r += 2
		}
		if t.IsView() {
			r++
		}
		return r
	}
	for _, t := range g.c.Tables {
		if t.Name != pg {
			continue
		}
		if best == nil || rank(t) < rank(best) || (rank(t) == rank(best) && collate(t.Schema, best.Schema) < 0) {
			best = t
		}
	}
	if best == nil {
		return "unknown"
	}
	kind := "Tables"
	if best.IsView() {
		kind = "Views"
	}
	return `Database[` + jsonString(best.Schema) + `]["` + kind + `"][` + jsonString(best.Name) + `]["Row"]`
}

// collate orders names as postgres-meta's English collator does, closely
// enough for identifiers: letters without case first, punctuation before
// digits before letters, then lower case before upper case.
func collate(a, b string) int {
	if c := slices.Compare(collKey(a), collKey(b)); c != 0 {
		return c
	}
	return strings.Compare(strings.Map(swapCase, a), strings.Map(swapCase, b))
}

func collKey(s string) []int {
	out := make([]int, 0, len(s))
	for _, r := range s {
		switch {
		case unicode.IsLetter(r):
			out = append(out, 2000+int(unicode.ToLower(r)))
		case unicode.IsDigit(r):
			out = append(out, 1000+int(r))
		default:
			out = append(out, int(r))
		}
	}
	return out
}

func swapCase(r rune) rune {
	if unicode.IsUpper(r) {
		return unicode.ToLower(r)
	}
	return unicode.ToUpper(r)
}
