package postgrest

import (
	"encoding/json"
	"slices"
	"strings"
)

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
		if !hasColumns {
			// PostgREST parses a write's body as JSON, and nothing is not JSON.
			return nil, errInvalidBody("Empty or invalid json")
		}
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
		// Nothing to set: PostgREST selects the relation WHERE false. The filters
		// stay, after the false, because their parameters are already bound.
		return "SELECT " + strings.Join(m.returning, ", ") + " FROM " + qident(t.QI) + " AS " + m.alias +
			" WHERE false AND " + strings.Join(where, " AND ")
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
	rel := tableRel(t)
	rel.written = true
	lv, err := p.buildLevel(rel, p.req.Select, readOpts{
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

// mutation kinds.
const (
	opInsert = iota
	opUpdate
	opDelete
	opPut // single-row upsert named by its primary key (PUT)
)
