package postgrest

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

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
