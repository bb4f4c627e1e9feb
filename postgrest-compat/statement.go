package postgrest

import (
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
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

// ident quotes one identifier.
func ident(s string) string { return pgx.Identifier{s}.Sanitize() }

// qident quotes a qualified name.
func qident(q QI) string { return pgx.Identifier{q.Schema, q.Name}.Sanitize() }

// builder collects bind parameters; every value from the request goes through param.
type builder struct {
	args  []any
	alias int
}

func (b *builder) param(v string) string {
	b.args = append(b.args, v)
	return "$" + strconv.Itoa(len(b.args))
}

func (b *builder) nextAlias() string {
	b.alias++
	return "pgrst_" + strconv.Itoa(b.alias)
}

// planner turns a Request into SQL for one schema snapshot.
type planner struct {
	cache   *Cache
	schema  string
	req     *Request
	b       *builder
	maxRows int
	used    map[string]bool // node paths consumed by the select tree
}
