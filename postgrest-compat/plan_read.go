package postgrest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// relInfo is what a level of the select tree reads from.
type relInfo struct {
	name   string             // relation name for messages and relationships
	qi     QI                 // key for relationships ({} when none)
	cols   []*Column          // columns in order
	colMap map[string]*Column // by name
	table  *Table             // when it is an exposed table or view
	scalar bool               // RPC returning a scalar: the only column is pgrst_scalar
	// sqlName is the relation's name in PostgreSQL's own errors as PostgREST
	// words them: an embed's subquery is "<table>_<depth>" there ("" = name).
	sqlName string
	// written: the rows are a write's, read back from the statement's CTE
	// (anonymous records, with the write's own extra columns).
	written bool
}

func tableRel(t *Table) relInfo {
	return relInfo{name: t.Name, qi: t.QI, cols: t.Columns, colMap: t.ColMap, table: t}
}

// level is the SQL of one read level.
type level struct {
	selects  []string // "expr AS "key""
	keys     []string // output keys, in order
	from     string   // "<source> AS alias"
	joins    []string // lateral joins
	inner    []string // the joins the count query needs (inner and null-filtered)
	where    []string
	group    []string
	order    []string
	limit    string
	offset   string
	hasAgg   bool
	embedKey map[string]*embedInfo
	// lateral names PostgREST would give this level's embeds (origin_name_depth):
	// two embeds with one name are the 42712 PostgreSQL raises there.
	embedNames map[string]bool
}

type embedInfo struct {
	alias  string // lateral alias
	toOne  bool
	spread bool
	keys   []string // spread: lifted keys
	join   string
	inner  bool
}

func (lv *level) sql() string {
	var b strings.Builder
	b.WriteString("SELECT " + strings.Join(lv.selects, ", ") + " FROM " + lv.from)
	lv.writeTail(&b, lv.joins)
	if lv.hasAgg {
		clause(&b, " GROUP BY ", lv.group, ", ")
	}
	clause(&b, " ORDER BY ", lv.order, ", ")
	if lv.limit != "" {
		b.WriteString(" LIMIT " + lv.limit)
	}
	if lv.offset != "" {
		b.WriteString(" OFFSET " + lv.offset)
	}
	return b.String()
}

// countSQL is the filter-only query whose rows are counted for Prefer: count.
func (lv *level) countSQL() string {
	var b strings.Builder
	b.WriteString("SELECT 1 FROM " + lv.from)
	lv.writeTail(&b, lv.inner)
	return b.String()
}

// writeTail writes the joins given and the level's WHERE.
func (lv *level) writeTail(b *strings.Builder, joins []string) {
	clause(b, " ", joins, " ")
	clause(b, " WHERE ", lv.where, " AND ")
}

// clause writes keyword and the items joined by sep, or nothing when there are none.
func clause(b *strings.Builder, keyword string, items []string, sep string) {
	if len(items) > 0 {
		b.WriteString(keyword)
		b.WriteString(strings.Join(items, sep))
	}
}

// readOpts says what a level may do.
type readOpts struct {
	path       string   // embed path of this level ("" for the root)
	altPath    string   // table-name path when the embed is aliased
	alias      string   // SQL alias of the relation (unquoted)
	from       string   // SQL source including " AS alias"
	where      []string // join conditions
	skipFilter bool     // mutations: root filters already went into the WHERE
	rangeOK    bool     // apply limit/offset (and max-rows)
	forceCols  bool     // expand * into columns (aggregates, spreads, mutations)
	depth      int
	noOrder    bool
}

// buildLevel resolves items at one level and returns its SQL pieces.
func (p *planner) buildLevel(rel relInfo, items []SelectItem, o readOpts) (*level, error) {
	lv := &level{from: o.from, where: slices.Clone(o.where), embedKey: map[string]*embedInfo{}}
	a := ident(o.alias)
	node := p.nodeFor(o.path, o.altPath)
	expand := o.forceCols
	for _, it := range items {
		if it.Agg != "" {
			lv.hasAgg = true
		}
		if it.Embed != nil && it.Embed.Spread {
			expand = true
		}
	}
	if lv.hasAgg {
		expand = true
	}
	// Embeds first: filters and order may refer to them.
	for i := range items {
		it := &items[i]
		if it.Embed == nil {
			continue
		}
		if err := p.embed(lv, rel, a, o, it); err != nil {
			return nil, err
		}
	}
	for i := range items {
		if err := p.selectItem(lv, rel, a, &items[i], expand); err != nil {
			return nil, err
		}
	}
	if len(lv.selects) == 0 && o.depth == 0 {
		// select= with only empty embeds: PostgREST answers rows of empty objects.
		lv.selects = []string{}
	}
	if node != nil {
		if err := p.applyNode(lv, rel, a, node, o); err != nil {
			return nil, err
		}
	}
	if o.rangeOK && p.maxRows > 0 {
		if node == nil || node.Limit == nil || *node.Limit > int64(p.maxRows) {
			lv.limit = strconv.Itoa(p.maxRows)
		}
	}
	return lv, nil
}

// selectItem adds one select item's output column(s) to the level; expand
// spells * out column by column (aggregates, spreads, mutations).
func (p *planner) selectItem(lv *level, rel relInfo, a string, it *SelectItem, expand bool) error {
	switch {
	case it.Embed != nil:
		p.selectEmbed(lv, it)
	case it.Field.Name == "*" && it.Agg == "":
		selectStar(lv, rel, a, expand)
	default:
		expr, err := p.itemExpr(rel, a, it)
		if err != nil {
			return err
		}
		lv.selects = append(lv.selects, expr+" AS "+ident(it.outputKey()))
		lv.keys = append(lv.keys, it.outputKey())
		if it.Agg == "" {
			lv.group = append(lv.group, expr)
		}
	}
	return nil
}

// selectEmbed selects an embed's JSON body, or a spread embed's columns.
func (p *planner) selectEmbed(lv *level, it *SelectItem) {
	ei := lv.embedKey[it.outputKey()]
	if len(it.Embed.Items) == 0 {
		return // rel(): joined for filtering, nothing selected
	}
	if ei.spread {
		for _, k := range ei.keys {
			expr := ident(ei.alias) + "." + ident(k)
			lv.selects = append(lv.selects, expr+" AS "+ident(k))
			lv.keys = append(lv.keys, k)
			lv.group = append(lv.group, expr)
		}
		return
	}
	expr := ident(ei.alias) + ".body"
	if !ei.toOne {
		expr = "COALESCE(" + expr + ", '[]')"
	}
	lv.selects = append(lv.selects, expr+" AS "+ident(it.outputKey()))
	lv.keys = append(lv.keys, it.outputKey())
	lv.group = append(lv.group, ident(ei.alias)+".body")
}

// selectStar selects every column (or a scalar function's one value).
func selectStar(lv *level, rel relInfo, a string, expand bool) {
	if rel.scalar {
		lv.selects = append(lv.selects, a+".pgrst_scalar")
		lv.keys = append(lv.keys, "pgrst_scalar")
		return
	}
	if !expand {
		lv.selects = append(lv.selects, a+".*")
		for _, c := range rel.cols {
			lv.keys = append(lv.keys, c.Name)
		}
		return
	}
	for _, c := range rel.cols {
		expr := a + "." + ident(c.Name)
		lv.selects = append(lv.selects, expr+" AS "+ident(c.Name))
		lv.keys = append(lv.keys, c.Name)
		lv.group = append(lv.group, expr)
	}
}

// applyNode adds the level's filters, order and range from its query parameters.
func (p *planner) applyNode(lv *level, rel relInfo, a string, node *Node, o readOpts) error {
	if !o.skipFilter {
		filter := func(f Filter) (string, error) { return p.filterSQL(lv, rel, a, f) }
		logic := func(t LogicTree) (string, error) { return p.logicSQL(lv, rel, a, t) }
		if err := appendSQL(&lv.where, node.Filters, filter); err != nil {
			return err
		}
		if err := appendSQL(&lv.where, node.Logic, logic); err != nil {
			return err
		}
	}
	if !o.noOrder {
		order := func(t OrderTerm) (string, error) { return p.orderSQL(lv, rel, a, t) }
		if err := appendSQL(&lv.order, node.Order, order); err != nil {
			return err
		}
	}
	if o.rangeOK {
		// Integers we parsed ourselves, rendered as literals as PostgREST does, so
		// the planner sees the real limit.
		if node.Limit != nil {
			lv.limit = strconv.FormatInt(*node.Limit, 10)
		}
		if node.Offset != nil && *node.Offset > 0 {
			lv.offset = strconv.FormatInt(*node.Offset, 10)
		}
	}
	return nil
}

// appendSQL renders every item and appends the SQL to out, stopping at the first error.
func appendSQL[T any](out *[]string, items []T, render func(T) (string, error)) error {
	for _, it := range items {
		s, err := render(it)
		if err != nil {
			return err
		}
		*out = append(*out, s)
	}
	return nil
}

// nodeFor returns the parameters addressed to path (or to its table-name
// spelling) and marks them used.
func (p *planner) nodeFor(path, alt string) *Node {
	var out *Node
	for _, k := range []string{path, alt} {
		if k == "" && path != "" {
			continue
		}
		if n := p.req.Nodes[k]; n != nil {
			p.used[k] = true
			if out == nil {
				out = n
			} else if out != n {
				merged := *out
				merged.Filters = append(slices.Clone(out.Filters), n.Filters...)
				merged.Logic = append(slices.Clone(out.Logic), n.Logic...)
				merged.Order = append(slices.Clone(out.Order), n.Order...)
				if merged.Limit == nil {
					merged.Limit = n.Limit
				}
				if merged.Offset == nil {
					merged.Offset = n.Offset
				}
				out = &merged
			}
		}
	}
	return out
}

// column checks a column name at a level: a real column, a computed field, or
// PostgreSQL's count(row) written as a field named count.
func (p *planner) column(rel relInfo, a, name string) (expr string, col *Column, err error) {
	if c := rel.colMap[name]; c != nil {
		return a + "." + ident(c.Name), c, nil
	}
	if rel.table != nil {
		if f := rel.table.Computed[name]; f != nil {
			return qident(f.QI) + "(" + rowOf(rel, a) + ")", &Column{Name: name, Type: f.RetType, BaseType: baseOfFormat(f.RetType)}, nil
		}
	}
	label := rel.name
	if rel.sqlName != "" {
		label = rel.sqlName
	}
	return "", nil, errUndefinedColumn(label, name)
}

// rowOf is the whole row of alias a, as a computed field or relationship takes
// it. A written row comes from the statement's CTE as an anonymous record: it
// is rebuilt from the table's columns and typed, else a function defined for
// several tables' rows (one computed field name on two tables) is ambiguous.
func rowOf(rel relInfo, a string) string {
	if !rel.written || rel.table == nil {
		return a
	}
	cols := make([]string, len(rel.table.Columns))
	for i, c := range rel.table.Columns {
		cols[i] = a + "." + ident(c.Name)
	}
	return "ROW(" + strings.Join(cols, ", ") + ")::" + qident(rel.table.QI)
}

func baseOfFormat(t string) string {
	switch t {
	case "json", "jsonb", "tsvector":
		return t
	}
	return ""
}

// fieldExpr renders a column with its JSON path.
func (p *planner) fieldExpr(rel relInfo, a string, f Field) (string, *Column, error) {
	if rel.scalar && f.Name == "pgrst_scalar" {
		return a + ".pgrst_scalar", &Column{Name: "pgrst_scalar"}, nil
	}
	expr, col, err := p.column(rel, a, f.Name)
	if err != nil {
		return "", nil, err
	}
	if len(f.Path) == 0 {
		return expr, col, nil
	}
	if !col.IsJSON() {
		expr = "to_jsonb(" + expr + ")"
	}
	for _, op := range f.Path {
		arrow := "->"
		if op.Text {
			arrow = "->>"
		}
		if op.Index {
			expr += arrow + p.b.param(op.Key) + "::integer"
		} else {
			expr += arrow + p.b.param(op.Key) + "::text"
		}
	}
	return expr, col, nil
}

func (p *planner) castType(t string) (string, error) {
	base := strings.TrimSuffix(t, "[]")
	if !p.cache.Types[base] {
		return "", newErr(400, "42704", fmt.Sprintf("type \"%s\" does not exist", base))
	}
	return t, nil
}

func (p *planner) itemExpr(rel relInfo, a string, it *SelectItem) (string, error) {
	var expr string
	if it.Agg == "count" && it.Field.Name == "" {
		expr = "count(*)"
	} else if it.Field.Name == "count" && rel.colMap["count"] == nil && len(it.Field.Path) == 0 && it.Agg == "" {
		// Legacy rel(count): PostgreSQL reads alias.count as count(alias).
		it.Agg = "count"
		return "count(*)", nil
	} else {
		e, _, err := p.fieldExpr(rel, a, it.Field)
		if err != nil {
			return "", err
		}
		expr = e
		if it.Cast != "" {
			t, err := p.castType(it.Cast)
			if err != nil {
				return "", err
			}
			expr = "CAST(" + expr + " AS " + t + ")"
		}
		if it.Agg != "" {
			expr = it.Agg + "(" + expr + ")"
		}
	}
	if it.AggCast != "" {
		t, err := p.castType(it.AggCast)
		if err != nil {
			return "", err
		}
		expr = "CAST(" + expr + " AS " + t + ")"
	}
	return expr, nil
}

// embed resolves one embedded resource and adds its lateral join to lv.
func (p *planner) embed(lv *level, origin relInfo, parentAlias string, o readOpts, it *SelectItem) error {
	e := it.Embed
	if origin.qi == (QI{}) {
		return relNotFound(origin.name, e.Name, e.Hint, p.schema)
	}
	rel, err := p.findRel(origin, e)
	if err != nil {
		return err
	}
	if err := lv.claimEmbedName(rel, origin, it, o.depth+1); err != nil {
		return err
	}
	target := p.cache.Tables[rel.Target]
	if target == nil {
		return relNotFound(origin.name, e.Name, e.Hint, p.schema)
	}
	key := it.outputKey()
	childPath := joinPath(o.path, key)
	alt := ""
	if it.Alias != "" || (o.altPath != "" && o.altPath != o.path) {
		alt = joinPath(firstNonEmpty(o.altPath, o.path), e.Name)
		if alt == childPath {
			alt = ""
		}
	}
	childAlias := p.b.nextAlias()
	from, conds := p.embedSource(rel, origin, target, childAlias, parentAlias)
	toOne := rel.ToOne()
	childRel := tableRel(target)
	childRel.sqlName = target.Name + "_" + strconv.Itoa(o.depth+1)
	child, err := p.buildLevel(childRel, e.Items, readOpts{
		path: childPath, altPath: alt, alias: childAlias, from: from, where: conds,
		rangeOK: !toOne, forceCols: e.Spread, depth: o.depth + 1,
	})
	if err != nil {
		return err
	}
	if len(child.selects) == 0 {
		child.selects = []string{"1 AS pgrst_empty"}
	}
	ei := &embedInfo{alias: p.b.nextAlias(), toOne: toOne, spread: e.Spread, inner: e.Join == "inner"}
	body, err := embedBody(ei, child)
	if err != nil {
		return err
	}
	lv.addEmbedJoin(ei, body, key, it)
	return nil
}

// embedSource is the embedded table's FROM (through the junction for
// many-to-many, the function for a computed relationship) and its join
// conditions to the parent row.
func (p *planner) embedSource(rel *Relationship, origin relInfo, target *Table, childAlias, parentAlias string) (string, []string) {
	ca := ident(childAlias)
	switch {
	case rel.computed != nil:
		return qident(rel.computed.QI) + "(" + rowOf(origin, parentAlias) + ") AS " + ca, nil
	case rel.Card == M2M:
		ja := ident(p.b.nextAlias())
		from := qident(target.QI) + " AS " + ca + " JOIN " + qident(rel.Junction) + " AS " + ja + " ON " +
			pairs(ja, rel.JFCols, ca, rel.FCols)
		return from, []string{pairs(ja, rel.JCols, parentAlias, rel.Cols)}
	}
	return qident(target.QI) + " AS " + ca, []string{pairs(ca, rel.FCols, parentAlias, rel.Cols)}
}

// embedBody aggregates the child level's rows: one JSON object or array in
// "body", or (spreads) the child's own columns.
func embedBody(ei *embedInfo, child *level) (string, error) {
	switch {
	case ei.spread && ei.toOne:
		ei.keys = child.keys
		return child.sql(), nil
	case ei.spread:
		if child.hasAgg {
			return "", errNotImplemented("Aggregates are not implemented for one-to-many or many-to-many spreads.")
		}
		var cols []string
		for _, k := range child.keys {
			cols = append(cols, "COALESCE(json_agg(pgrst_r."+ident(k)+"), '[]')::jsonb AS "+ident(k))
		}
		if len(cols) == 0 {
			cols = []string{"1 AS pgrst_empty"}
		}
		ei.keys = child.keys
		return "SELECT " + strings.Join(cols, ", ") + " FROM (" + child.sql() + ") AS pgrst_r", nil
	case ei.toOne:
		return "SELECT row_to_json(pgrst_r)::jsonb AS body FROM (" + child.sql() + ") AS pgrst_r", nil
	}
	return "SELECT json_agg(pgrst_r)::jsonb AS body FROM (" + child.sql() + ") AS pgrst_r", nil
}

// addEmbedJoin joins the embed's body laterally (inner for !inner embeds) and
// registers it under its output key, and under its name when aliased.
func (lv *level) addEmbedJoin(ei *embedInfo, body, key string, it *SelectItem) {
	la := ident(ei.alias)
	join := "LEFT JOIN LATERAL (" + body + ") AS " + la + " ON TRUE"
	if ei.inner {
		cond := "TRUE"
		if !ei.toOne && !ei.spread {
			cond = la + ".body IS NOT NULL"
		}
		join = "INNER JOIN LATERAL (" + body + ") AS " + la + " ON " + cond
		lv.inner = append(lv.inner, join)
	}
	ei.join = join
	lv.joins = append(lv.joins, join)
	lv.embedKey[key] = ei
	if it.Alias != "" {
		if _, taken := lv.embedKey[it.Embed.Name]; !taken {
			lv.embedKey[it.Embed.Name] = ei
		}
	}
}

// claimEmbedName refuses a second embed that PostgREST would join under the same
// name: it names each embed's lateral "<origin table>_<alias or name>_<depth>", so
// two unaliased embeds of one table at one level make PostgreSQL answer 42712
// (our SQL uses other aliases, and without this check the second embed's key would
// silently replace the first one's in the output).
func (lv *level) claimEmbedName(rel *Relationship, origin relInfo, it *SelectItem, depth int) error {
	originName := rel.Origin.Name
	if originName == "" {
		originName = origin.name
	}
	name := it.Alias
	if name == "" {
		name = it.Embed.Name
	}
	lateral := originName + "_" + name + "_" + strconv.Itoa(depth)
	if lv.embedNames[lateral] {
		return errDuplicateEmbed(lateral)
	}
	if lv.embedNames == nil {
		lv.embedNames = map[string]bool{}
	}
	lv.embedNames[lateral] = true
	return nil
}

func joinPath(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// pairs renders l.c1 = r.d1 AND ... for join columns.
func pairs(la string, lcols []string, ra string, rcols []string) string {
	var out []string
	for i := range lcols {
		out = append(out, la+"."+ident(lcols[i])+" = "+ra+"."+ident(rcols[i]))
	}
	return strings.Join(out, " AND ")
}

// checkUnusedNodes reports parameters addressed to an embed that is not in select.
func (p *planner) checkUnusedNodes() error {
	for path := range p.req.Nodes {
		if path == "" || p.used[path] {
			continue
		}
		n := p.req.Nodes[path]
		if len(n.Filters) == 0 && len(n.Logic) == 0 && len(n.Order) == 0 && n.Limit == nil && n.Offset == nil {
			continue
		}
		return errNotEmbedded(path[strings.LastIndexByte(path, '.')+1:])
	}
	return nil
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
