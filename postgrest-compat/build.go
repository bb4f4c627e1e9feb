package postgrest

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// statement is one SQL statement plus what the response needs to know about it.
// Every statement returns one row: total (bigint, NULL without count), page
// total (bigint), body (text), inserted rows (bigint, upserts) and location (text).
type statement struct {
	sql      string
	args     []any
	readOnly bool
	offset   int64 // the root offset, for Content-Range
	pkCols   []string
	noBody   bool
	plan     *planCount // count=planned/estimated on a read: the planner's estimate, after the statement
}

// bodyExpr aggregates the root rows for the negotiated media type.
func bodyExpr(acc accept, scalar, setof, head bool) string {
	if head {
		return "NULL::text"
	}
	row := "_postgrest_t"
	if scalar {
		row = "_postgrest_t.pgrst_scalar"
	}
	var e string
	switch {
	case acc.media == mediaGeoJSON:
		// PostgREST's asGeoJsonF: one Feature per row (PostGIS takes the first
		// geometry/geography column as the geometry, the others as properties).
		return "json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(" +
			acc.geoJSON + "(_postgrest_t)::json), '[]'))::text"
	case acc.media == mediaCSV:
		return `(SELECT coalesce(string_agg(pgrst_k, ','), '') FROM json_object_keys(json_agg(_postgrest_t)->0) AS pgrst_k)` +
			` || CASE WHEN count(_postgrest_t) > 0 THEN chr(10) ELSE '' END` +
			` || coalesce(string_agg(substr(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), chr(10)), '')`
	case acc.media == mediaObject || !setof:
		e = "coalesce(json_agg(" + row + ")->0, 'null')"
	default:
		e = "coalesce(json_agg(" + row + "), '[]')"
	}
	if acc.stripped {
		e = "json_strip_nulls(" + e + ")"
	}
	return e + "::text"
}

// readStatement builds GET/HEAD on a table or view.
func (p *planner) readStatement(t *Table, acc accept, head bool, count bool) (*statement, error) {
	a := t.Name
	lv, err := p.buildLevel(tableRel(t), p.req.Select, readOpts{
		alias: a, from: qident(t.QI) + " AS " + ident(a), rangeOK: true,
	})
	if err != nil {
		return nil, err
	}
	if err := p.checkUnusedNodes(); err != nil {
		return nil, err
	}
	total := "NULL::bigint"
	var pc *planCount
	switch mode := p.req.Prefs.Count; {
	case !count:
	case mode == "planned":
		// No exact count: the planner's estimate replaces it.
		pc = newPlanCount(lv.countSQL(), p.b.args, false, p.maxRows)
	case mode == "estimated":
		// Exact up to max-rows (+ 1 to see it passed), the estimate beyond.
		cq := lv.countSQL()
		if p.maxRows > 0 {
			cq += " LIMIT " + strconv.Itoa(p.maxRows+1)
		}
		total = "(SELECT pg_catalog.count(*) FROM (" + cq + ") AS pgrst_c)"
		pc = newPlanCount(lv.countSQL(), p.b.args, true, p.maxRows)
	default:
		total = "(SELECT pg_catalog.count(*) FROM (" + lv.countSQL() + ") AS pgrst_c)"
	}
	if len(lv.selects) == 0 {
		lv.selects = []string{}
	}
	sql := "SELECT " + total + ", pg_catalog.count(_postgrest_t), " + bodyExpr(acc, false, true, head) +
		", NULL::bigint, NULL::text FROM (" + lv.sql() + ") AS _postgrest_t"
	st := &statement{sql: sql, args: p.b.args, readOnly: true, plan: pc}
	if n := p.req.Nodes[""]; n != nil && n.Offset != nil {
		st.offset = *n.Offset
	}
	return st, nil
}

// payload is a decoded JSON request body.
type payload struct {
	raw     []byte
	isArray bool
	rows    int
	keys    []string // insert/update columns
	empty   bool     // {} or []
}

func decodePayload(body []byte, columns []string, hasColumns bool) (*payload, error) {
	trimmed := strings.TrimSpace(string(body))
	if trimmed == "" {
		trimmed = "{}"
		body = []byte(trimmed)
	}
	pl := &payload{raw: body}
	var objs []map[string]json.RawMessage
	if strings.HasPrefix(trimmed, "[") {
		pl.isArray = true
		if err := json.Unmarshal(body, &objs); err != nil {
			return nil, errInvalidBody("Empty or invalid json")
		}
	} else {
		var o map[string]json.RawMessage
		if err := json.Unmarshal(body, &o); err != nil || o == nil {
			return nil, errInvalidBody("Empty or invalid json")
		}
		objs = []map[string]json.RawMessage{o}
	}
	pl.rows = len(objs)
	if hasColumns {
		pl.keys = columns
		return pl, nil
	}
	for i, o := range objs {
		keys := make([]string, 0, len(o))
		for k := range o {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		if i == 0 {
			pl.keys = keys
		} else if !slices.Equal(keys, pl.keys) {
			return nil, errInvalidBody("All object keys must match")
		}
	}
	// Keep the first object's key order stable for SQL text caching: sorted.
	pl.empty = len(pl.keys) == 0
	return pl, nil
}

// mutation kinds.
const (
	opInsert = iota
	opUpdate
	opDelete
	opPut // single-row upsert named by its primary key (PUT)
)

// putKey checks PUT's URL (Plan.hs, MutationSingleUpsert): no limit/offset, no
// logic trees, and root filters that are exactly the primary key columns, each
// a plain eq. It returns the filters, which become the INSERT's row condition.
func putKey(t *Table, root *Node) ([]Filter, error) {
	if root != nil && (root.Limit != nil || root.Offset != nil) {
		return nil, newErr(400, "PGRST114", "limit/offset querystring parameters are not allowed for PUT")
	}
	invalid := newErr(405, "PGRST105", "Filters must include all and only primary key columns with 'eq' operators")
	if len(t.PK) == 0 || root == nil || len(root.Logic) > 0 {
		return nil, invalid
	}
	named := map[string]bool{}
	for _, f := range root.Filters {
		if f.Op != "eq" || f.Negate || f.Quant != "" || len(f.Field.Path) > 0 || !slices.Contains(t.PK, f.Field.Name) {
			return nil, invalid
		}
		named[f.Field.Name] = true
	}
	if len(named) != len(t.PK) {
		return nil, invalid
	}
	return root.Filters, nil
}

func errPutMatchingPK() *apiError {
	return newErr(400, "PGRST115", "Payload values do not match URL in primary key column(s)")
}

// mutationStatement builds POST/PATCH/DELETE on a table or view.
func (p *planner) mutationStatement(t *Table, op int, pl *payload, acc accept, count bool) (*statement, error) {
	root := p.req.Nodes[""]
	var where, putWhere []string
	var err error
	if op == opPut {
		if putWhere, err = p.putKeyFilter(t, root, pl); err != nil {
			return nil, err
		}
	}
	if op != opInsert && op != opPut {
		if where, err = p.mutationFilters(t, op, root); err != nil {
			return nil, err
		}
	}
	for _, k := range pl.keysOrNil() {
		if t.ColMap[k] == nil {
			return nil, errColumnNotFound(k, t.Name)
		}
	}
	m := p.newMutation(t, op)
	var src string
	switch op {
	case opInsert, opPut:
		src, err = p.insertSQL(t, op, pl, putWhere, m)
	case opUpdate:
		src = p.updateSQL(t, pl, where, m)
	case opDelete:
		src = "DELETE FROM " + qident(t.QI) + " AS " + m.alias + " WHERE " + strings.Join(where, " AND ") +
			" RETURNING " + strings.Join(m.returning, ", ")
	}
	if err != nil {
		return nil, err
	}
	return p.mutationResult(t, op, src, m, acc, count, root)
}

// mutation is what a write's statement pieces share.
type mutation struct {
	alias       string // the quoted table alias
	repr        bool   // return=representation
	headersOnly bool   // return=headers-only
	upsert      bool   // INSERT … ON CONFLICT
	merge       bool   // the statement counts inserted rows (pgrst_ins)
	returning   []string
}

// newMutation decides what the write returns from the Prefer header.
func (p *planner) newMutation(t *Table, op int) *mutation {
	prefs := p.req.Prefs
	m := &mutation{alias: ident(t.Name), repr: prefs.Return == "representation", headersOnly: prefs.Return == "headers-only"}
	m.returning = []string{"1"}
	if m.repr {
		m.returning = []string{m.alias + ".*"}
	} else if m.headersOnly && op == opInsert && len(t.PK) > 0 {
		m.returning = nil
		for _, k := range t.PK {
			m.returning = append(m.returning, m.alias+"."+ident(k))
		}
	}
	m.upsert = op == opInsert && prefs.Resolution != "" && (len(p.req.OnConflict) > 0 || len(t.PK) > 0)
	m.merge = m.upsert && prefs.Resolution == "merge-duplicates" || op == opPut
	if m.merge {
		m.returning = append(m.returning, "("+m.alias+".xmax = 0) AS pgrst_ins")
	}
	return m
}

// putKeyFilter is PUT's condition that a body row carries the URL's key.
func (p *planner) putKeyFilter(t *Table, root *Node, pl *payload) ([]string, error) {
	key, err := putKey(t, root)
	if err != nil {
		return nil, err
	}
	if pl.empty {
		return nil, errPutMatchingPK() // no row of the body can carry the key
	}
	p.used[""] = true
	var putWhere []string
	for _, f := range key {
		if !slices.Contains(pl.keys, f.Field.Name) {
			return nil, errPutMatchingPK()
		}
		putWhere = append(putWhere, "pgrst_r."+ident(f.Field.Name)+" = "+p.b.param(f.Value))
	}
	return putWhere, nil
}

// mutationFilters turns the root filters into the UPDATE/DELETE's own WHERE,
// which must not be empty.
func (p *planner) mutationFilters(t *Table, op int, root *Node) ([]string, error) {
	var where []string
	lv := &level{embedKey: map[string]*embedInfo{}}
	rel := tableRel(t)
	a := ident(t.Name)
	p.used[""] = true
	if root != nil {
		for _, f := range root.Filters {
			s, err := p.filterSQL(lv, rel, a, f)
			if err != nil {
				return nil, err
			}
			where = append(where, s)
		}
		for _, lt := range root.Logic {
			s, err := p.logicSQL(lv, rel, a, lt)
			if err != nil {
				return nil, err
			}
			where = append(where, s)
		}
	}
	if len(where) == 0 {
		verb := "UPDATE"
		if op == opDelete {
			verb = "DELETE"
		}
		return nil, newErr(400, "21000", verb+" requires a WHERE clause")
	}
	return where, nil
}

// insertSQL builds INSERT (and PUT, and upserts) from the JSON body's rows.
func (p *planner) insertSQL(t *Table, op int, pl *payload, putWhere []string, m *mutation) (string, error) {
	cols := pl.keys
	ins := "INSERT INTO " + qident(t.QI) + " AS " + m.alias
	switch {
	case len(cols) == 0 && !pl.isArray:
		ins += " DEFAULT VALUES"
	case len(cols) == 0:
		if len(t.Columns) == 0 {
			return "", errInvalidBody("Empty or invalid json")
		}
		ins += " (" + ident(t.Columns[0].Name) + ") SELECT NULL WHERE false"
	default:
		ins += p.insertRows(t, pl)
		if len(putWhere) > 0 {
			// PUT writes only the body rows that carry the URL's key.
			ins += " WHERE " + strings.Join(putWhere, " AND ")
		}
		ins += " ORDER BY pgrst_e.n"
	}
	if (m.upsert || op == opPut) && len(cols) > 0 {
		conflict, err := p.onConflictSQL(t, op, cols)
		if err != nil {
			return "", err
		}
		ins += conflict
	}
	return ins + " RETURNING " + strings.Join(m.returning, ", "), nil
}

// insertRows is " (cols) SELECT values FROM <the body's rows>", in body order.
func (p *planner) insertRows(t *Table, pl *payload) string {
	var qcols, vals []string
	body := p.b.param(string(pl.raw))
	for _, c := range pl.keys {
		qcols = append(qcols, ident(c))
		v := "pgrst_r." + ident(c)
		if p.req.Prefs.Missing == "default" {
			def := "NULL"
			if d := t.ColMap[c].Default; d != "" {
				def = d // catalog text (pg_get_expr), not request input
			}
			v = "CASE WHEN pgrst_e.v ? " + p.b.param(c) + " THEN " + v + " ELSE " + def + " END"
		}
		vals = append(vals, v)
	}
	return " (" + strings.Join(qcols, ", ") + ") SELECT " + strings.Join(vals, ", ") +
		" FROM jsonb_array_elements(CASE WHEN jsonb_typeof(" + body + "::jsonb) = 'array' THEN " + body +
		"::jsonb ELSE jsonb_build_array(" + body + "::jsonb) END) WITH ORDINALITY AS pgrst_e(v, n)" +
		", LATERAL jsonb_populate_record(NULL::" + qident(t.QI) + ", pgrst_e.v) AS pgrst_r"
}

// onConflictSQL is the upsert's ON CONFLICT clause: on_conflict's columns or the key.
func (p *planner) onConflictSQL(t *Table, op int, cols []string) (string, error) {
	target := p.req.OnConflict
	if len(target) == 0 || op == opPut {
		target = t.PK
	}
	var qt []string
	for _, c := range target {
		if t.ColMap[c] == nil {
			return "", errColumnNotFound(c, t.Name)
		}
		qt = append(qt, ident(c))
	}
	out := " ON CONFLICT (" + strings.Join(qt, ", ") + ")"
	if p.req.Prefs.Resolution == "ignore-duplicates" && op != opPut {
		return out + " DO NOTHING", nil
	}
	var sets []string
	for _, c := range cols {
		sets = append(sets, ident(c)+" = EXCLUDED."+ident(c))
	}
	return out + " DO UPDATE SET " + strings.Join(sets, ", "), nil
}

// updateSQL builds PATCH: the body's columns set on the filtered rows.
func (p *planner) updateSQL(t *Table, pl *payload, where []string, m *mutation) string {
	if pl.empty {
		return "SELECT " + strings.Join(m.returning, ", ") + " FROM " + qident(t.QI) + " AS " + m.alias + " WHERE false"
	}
	var sets []string
	for _, c := range pl.keys {
		sets = append(sets, ident(c)+" = pgrst_r."+ident(c))
	}
	body := p.b.param(string(pl.raw))
	return "UPDATE " + qident(t.QI) + " AS " + m.alias + " SET " + strings.Join(sets, ", ") +
		" FROM jsonb_populate_record(NULL::" + qident(t.QI) + ", " + body + "::jsonb) AS pgrst_r WHERE " +
		strings.Join(where, " AND ") + " RETURNING " + strings.Join(m.returning, ", ")
}

// mutationResult wraps the write (src) into the statement's one result row:
// counts, the guards, the body (representation or none) and the Location.
func (p *planner) mutationResult(t *Table, op int, src string, m *mutation, acc accept, count bool, root *Node) (*statement, error) {
	st := &statement{}
	affected := "(SELECT pg_catalog.count(*) FROM pgrst_source)"
	total := "NULL::bigint"
	if count {
		total = affected
	}
	inserted := "NULL::bigint"
	if m.merge {
		inserted = "(SELECT pg_catalog.count(*) FROM pgrst_source WHERE pgrst_ins)"
	}
	location := "NULL::text"
	if m.headersOnly && op == opInsert && len(t.PK) > 0 {
		location = locationExpr(t.PK)
		st.pkCols = t.PK
	}
	guard := p.guard(affected, acc)
	if op == opPut {
		// PUT checks only that exactly the row its URL names was written.
		guard = "WHEN " + affected + " <> 1 THEN pgrst.raise_error(400, 'PGRST115', " +
			"'Payload values do not match URL in primary key column(s)', NULL)"
	}
	head := "WITH pgrst_source AS (" + src + ") SELECT " + total + ", " + affected + ", "
	if !m.repr {
		body := "NULL::text"
		if guard != "" {
			body = "CASE " + guard + " END"
		}
		st.sql, st.args, st.noBody = head+body+", "+inserted+", "+location, p.b.args, true
		return st, nil
	}
	lv, err := p.representation(t, m, root)
	if err != nil {
		return nil, err
	}
	body := bodyExpr(acc, false, true, false)
	if guard != "" {
		body = "CASE " + guard + " ELSE " + body + " END"
	}
	st.sql = head + body + ", " + inserted + ", " + location + " FROM (" + lv.sql() + ") AS _postgrest_t"
	st.args = p.b.args
	return st, nil
}

// locationExpr is the first written row's key as a JSON array (for Location).
func locationExpr(pkCols []string) string {
	var pk []string
	for _, k := range pkCols {
		pk = append(pk, ident(k)+"::text")
	}
	return "(SELECT json_build_array(" + strings.Join(pk, ", ") + ")::text FROM pgrst_source LIMIT 1)"
}

// representation reads the written rows back with the request's select.
func (p *planner) representation(t *Table, m *mutation, root *Node) (*level, error) {
	if root != nil {
		// Root filters and ranges do not reshape the representation of a write.
		r := *root
		r.Filters, r.Logic, r.Limit, r.Offset = nil, nil, nil, nil
		p.req.Nodes[""] = &r
	}
	lv, err := p.buildLevel(tableRel(t), p.req.Select, readOpts{
		alias: t.Name, from: "pgrst_source AS " + m.alias, forceCols: true,
	})
	if err != nil {
		return nil, err
	}
	if err := p.checkUnusedNodes(); err != nil {
		return nil, err
	}
	return lv, nil
}

func (pl *payload) keysOrNil() []string {
	if pl == nil {
		return nil
	}
	return pl.keys
}

// guard returns "WHEN cond THEN pgrst.raise_error(...)" clauses that abort the
// transaction from inside the statement (max-affected, singular writes).
func (p *planner) guard(affected string, acc accept) string {
	var g []string
	prefs := p.req.Prefs
	if prefs.Handling == "strict" && prefs.MaxAffected != nil {
		n := p.b.param(strconv.FormatInt(*prefs.MaxAffected, 10))
		g = append(g, "WHEN "+affected+" > "+n+"::bigint THEN pgrst.raise_error(400, 'PGRST124', "+
			"'Query result exceeds max-affected preference constraint', 'The query affects ' || "+affected+" || ' rows')")
	}
	if acc.media == mediaObject {
		g = append(g, "WHEN "+affected+" <> 1 THEN pgrst.raise_error(406, 'PGRST116', "+
			"'Cannot coerce the result to a single JSON object', 'The result contains ' || "+affected+" || ' rows')")
	}
	return strings.Join(g, " ")
}

// rpcStatement builds a function call.
func (p *planner) rpcStatement(f *Function, args map[string]string, body []byte, jsonArg bool, method string, acc accept, head, count bool) (*statement, error) {
	var call string
	switch {
	case jsonArg:
		call = p.rpcWholeBodyCall(f, body)
	case method == "POST":
		call = p.rpcBodyCall(f, args, body)
	default:
		call = p.rpcQueryCall(f, args)
	}
	scalar := f.RetScalar || f.RetVoid
	src := "SELECT pgrst_call.* FROM " + call + " AS pgrst_call"
	if scalar {
		src += "(pgrst_scalar)"
	}
	alias := f.Name
	if f.RetTable != nil {
		alias = f.RetTable.Name
	}
	items := p.req.Select
	if scalar {
		items = []SelectItem{{Field: Field{Name: "*"}}}
	}
	lv, err := p.buildLevel(rpcResultRel(f, scalar), items, readOpts{alias: alias, from: "pgrst_source AS " + ident(alias), rangeOK: f.RetSet})
	if err != nil {
		return nil, err
	}
	if err := p.checkUnusedNodes(); err != nil {
		return nil, err
	}
	total := "NULL::bigint"
	if count {
		total = "(SELECT pg_catalog.count(*) FROM (" + lv.countSQL() + ") AS pgrst_c)"
	}
	out := bodyExpr(acc, scalar, f.RetSet, head || f.RetVoid)
	affected := "(SELECT pg_catalog.count(*) FROM pgrst_source)"
	if g := p.guard(affected, accept{media: mediaJSON}); g != "" {
		out = "CASE " + g + " ELSE " + out + " END"
	}
	sql := "WITH pgrst_source AS (" + src + ") SELECT " + total + ", pg_catalog.count(_postgrest_t), " + out +
		", NULL::bigint, NULL::text FROM (" + lv.sql() + ") AS _postgrest_t"
	st := &statement{sql: sql, args: p.b.args, readOnly: method != "POST" || f.Volatility != 'v'}
	if n := p.req.Nodes[""]; n != nil && n.Offset != nil {
		st.offset = *n.Offset
	}
	return st, nil
}

// rpcWholeBodyCall passes the body whole to the one unnamed parameter (bytes for bytea).
func (p *planner) rpcWholeBodyCall(f *Function, body []byte) string {
	var v any = string(body)
	if f.Params[0].Type == "bytea" {
		v = body
	}
	p.b.args = append(p.b.args, v)
	return qident(f.QI) + "($" + strconv.Itoa(len(p.b.args)) + "::" + f.Params[0].Type + ")"
}

// rpcBodyCall passes a POST body's named arguments, typed by jsonb_to_record.
func (p *planner) rpcBodyCall(f *Function, args map[string]string, body []byte) string {
	var defs, named []string
	for _, prm := range f.Params {
		if _, ok := args[prm.Name]; !ok {
			continue
		}
		defs = append(defs, ident(prm.Name)+" "+prm.Type)
		v := ""
		if prm.Variadic {
			v = "VARIADIC "
		}
		named = append(named, v+ident(prm.Name)+" := pgrst_args."+ident(prm.Name))
	}
	if len(defs) == 0 {
		return qident(f.QI) + "()"
	}
	return "jsonb_to_record(" + p.b.param(string(body)) + "::jsonb) AS pgrst_args(" + strings.Join(defs, ", ") + "), LATERAL " +
		qident(f.QI) + "(" + strings.Join(named, ", ") + ")"
}

// rpcQueryCall passes a GET's query-string arguments, cast to their parameter types.
func (p *planner) rpcQueryCall(f *Function, args map[string]string) string {
	var named []string
	for _, prm := range f.Params {
		v, ok := args[prm.Name]
		if !ok {
			continue
		}
		pre := ""
		if prm.Variadic {
			pre = "VARIADIC "
		}
		named = append(named, pre+ident(prm.Name)+" := "+p.b.param(v)+"::"+prm.Type)
	}
	return qident(f.QI) + "(" + strings.Join(named, ", ") + ")"
}

// rpcResultRel describes a function's result as a relation to select from.
func rpcResultRel(f *Function, scalar bool) relInfo {
	switch {
	case scalar:
		return relInfo{name: f.Name, scalar: true, colMap: map[string]*Column{}}
	case f.RetTable != nil:
		return tableRel(f.RetTable)
	}
	cm := map[string]*Column{}
	for _, c := range f.RetColumns {
		cm[c.Name] = c
	}
	return relInfo{name: f.Name, cols: f.RetColumns, colMap: cm}
}

// rpcBody is how a POST to /rpc carries its arguments (PostgREST's payload
// media types): a JSON object of named arguments, or a whole text, xml or bytea
// value for a function with a single unnamed parameter of that type.
type rpcBody int

const (
	bodyJSON rpcBody = iota
	bodyText
	bodyXML
	bodyBytes
)

// paramType is the single unnamed parameter type a raw body of this kind feeds.
func (k rpcBody) paramTypes() []string {
	switch k {
	case bodyText:
		return []string{"text"}
	case bodyXML:
		return []string{"xml"}
	case bodyBytes:
		return []string{"bytea"}
	}
	return []string{"json", "jsonb"}
}

// findFunction resolves an overloaded function (Plan.hs findProc, paraphrased).
// Candidates whose parameters the argument names fit are preferred; when none
// fits, a POST falls back to functions with a single parameter of the type the
// body's media type feeds (json/jsonb, text, xml, bytea), which receive the body
// whole. More than one candidate on either side is PGRST203. The bool reports
// that the chosen function takes the body whole (its one parameter is unnamed).
func (p *planner) findFunction(name string, keys []string, post bool, kind rpcBody) (*Function, bool, error) {
	qi := QI{p.schema, name}
	cands := p.cache.Funcs[qi]
	var match, fallback []*Function
	for _, f := range cands {
		switch {
		case argsMatch(f, keys, post && kind != bodyJSON):
			match = append(match, f)
		case post && len(f.Params) == 1 && slices.Contains(kind.paramTypes(), f.Params[0].Type):
			fallback = append(fallback, f)
		}
	}
	if len(match) == 0 {
		match = fallback
	}
	switch len(match) {
	case 1:
		f := match[0]
		return f, len(f.Params) == 1 && f.Params[0].Name == "", nil
	case 0:
		return nil, false, errNoFunction(qi, keys, post, kind, cands)
	}
	var sigs []string
	for _, f := range match {
		var ps []string
		for _, prm := range f.Params {
			ps = append(ps, prm.Name+" => "+prm.Type)
		}
		sigs = append(sigs, fmt.Sprintf("%s(%s)", f.QI, strings.Join(ps, ", ")))
	}
	return nil, false, newErr(300, "PGRST203", "Could not choose the best candidate function between: "+strings.Join(sigs, ", ")).
		withHint("Try renaming the parameters or the function itself in the database so function overloading can be resolved")
}

// errNoFunction is PGRST202 in PostgREST's words: a raw (text, xml, bytea) body
// looks only for a single unnamed parameter of its type and has no hint; a JSON
// POST also names the single unnamed json/jsonb fallback; GET names only the
// argument names.
func errNoFunction(qi QI, keys []string, post bool, kind rpcBody, cands []*Function) *apiError {
	sorted := slices.Clone(keys)
	slices.Sort(sorted)
	fq := qi.String()
	raw := post && kind != bodyJSON
	msg := fmt.Sprintf("Could not find the function %s(%s) in the schema cache", fq, strings.Join(sorted, ", "))
	searched := " with parameter "
	if len(sorted) > 1 {
		searched = " with parameters "
	}
	searched += strings.Join(sorted, ", ")
	if len(sorted) == 0 {
		msg = fmt.Sprintf("Could not find the function %s without parameters in the schema cache", fq)
		searched = " without parameters"
	}
	switch {
	case raw:
		msg = fmt.Sprintf("Could not find the function %s in the schema cache", fq)
		searched = " with a single unnamed " + kind.paramTypes()[0] + " parameter"
	case post:
		searched += " or with a single unnamed json/jsonb parameter"
	}
	e := newErr(404, "PGRST202", msg).withDetails("Searched for the function " + fq + searched + ", but no matches were found in the schema cache.")
	if !raw && len(cands) > 0 {
		var names []string
		for _, prm := range cands[0].Params {
			names = append(names, prm.Name)
		}
		slices.Sort(names)
		e.Hint = fmt.Sprintf("Perhaps you meant to call the function %s(%s)", fq, strings.Join(names, ", "))
	}
	return e
}

// argsMatch: the argument names cover every required parameter and name no
// other. A function without parameters takes no raw (text, xml, bytea) body.
func argsMatch(f *Function, keys []string, rawBody bool) bool {
	if len(f.Params) == 0 && rawBody {
		return false
	}
	for _, prm := range f.Params {
		if prm.Required && !slices.Contains(keys, prm.Name) {
			return false
		}
	}
	for _, k := range keys {
		found := false
		for _, prm := range f.Params {
			if prm.Name == k {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}
