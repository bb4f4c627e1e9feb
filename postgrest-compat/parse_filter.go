package postgrest

import (
	"strings"
)

// Operators PostgREST v14 accepts in filters.
var filterOps = map[string]bool{
	"eq": true, "neq": true, "gt": true, "gte": true, "lt": true, "lte": true,
	"like": true, "ilike": true, "match": true, "imatch": true,
	"in": true, "is": true, "isdistinct": true,
	"fts": true, "plfts": true, "phfts": true, "wfts": true,
	"cs": true, "cd": true, "ov": true, "sl": true, "sr": true, "nxr": true, "nxl": true, "adj": true,
}

var quantifiable = map[string]bool{"eq": true, "gt": true, "gte": true, "lt": true, "lte": true,
	"like": true, "ilike": true, "match": true, "imatch": true}

var ftsOps = map[string]bool{"fts": true, "plfts": true, "phfts": true, "wfts": true}

var isValues = map[string]bool{"null": true, "not_null": true, "true": true, "false": true, "unknown": true}

// parseFilterValue parses "[not.]op[(mod)].value" for field (a top-level filter:
// the value runs to the end of the parameter).
func parseFilterValue(field Field, s string) (Filter, error) {
	p := &parser{s: s, what: "filter"}
	f, err := p.opExpr(field, false)
	if err != nil {
		return f, err
	}
	if !p.eof() {
		return f, p.unexpected("end of input")
	}
	return f, nil
}

// opExpr parses the operator part; inTree limits the value to the next ',' or ')'.
func (p *parser) opExpr(field Field, inTree bool) (Filter, error) {
	f := Filter{Field: field}
	if p.has("not.") {
		f.Negate = true
		p.i += 4
	}
	start := p.i
	for !p.eof() && p.peek() >= 'a' && p.peek() <= 'z' {
		p.i++
	}
	f.Op = p.s[start:p.i]
	if !filterOps[f.Op] {
		p.i = start
		return f, p.unexpected("operator (eq, gt, ...)")
	}
	if !p.eof() && p.peek() == '(' {
		p.i++
		ms := p.i
		for !p.eof() && p.peek() != ')' {
			p.i++
		}
		if p.eof() {
			return f, p.unexpected("\")\"")
		}
		mod := p.s[ms:p.i]
		p.i++
		switch {
		case (mod == "any" || mod == "all") && quantifiable[f.Op]:
			f.Quant = mod
		case ftsOps[f.Op] && mod != "":
			f.Config = mod
		default:
			p.i = ms
			return f, p.unexpected("\"any\" or \"all\"")
		}
	}
	if err := p.expect('.'); err != nil {
		return f, err
	}
	switch f.Op {
	case "in":
		list, err := p.list()
		if err != nil {
			return f, err
		}
		f.List = list
		return f, nil
	case "is":
		v, err := p.value(inTree)
		if err != nil {
			return f, err
		}
		v = strings.ToLower(v)
		if !isValues[v] {
			return f, p.fail("unexpected %q expecting null, not_null, true, false or unknown", v)
		}
		f.Value = v
		return f, nil
	}
	v, err := p.value(inTree)
	if err != nil {
		return f, err
	}
	f.Value = v
	return f, nil
}

// value reads a filter value: the rest of the input, or in a logic tree a quoted
// string, a {...} array literal or text up to ',' or ')'.
func (p *parser) value(inTree bool) (string, error) {
	if !inTree {
		v := p.s[p.i:]
		p.i = len(p.s)
		return v, nil
	}
	if !p.eof() && p.peek() == '"' {
		return p.quoted()
	}
	start := p.i
	if !p.eof() && p.peek() == '{' {
		depth := 0
		for !p.eof() {
			c := p.peek()
			p.i++
			if c == '{' {
				depth++
			} else if c == '}' {
				depth--
				if depth == 0 {
					break
				}
			}
		}
		if depth != 0 {
			return "", p.unexpected("\"}\"")
		}
		return p.s[start:p.i], nil
	}
	for !p.eof() && p.peek() != ',' && p.peek() != ')' {
		p.i++
	}
	return p.s[start:p.i], nil
}

// list reads "(a,b,"c,d")".
func (p *parser) list() ([]string, error) {
	if err := p.expect('('); err != nil {
		return nil, err
	}
	out := []string{}
	if !p.eof() && p.peek() == ')' {
		p.i++
		return out, nil
	}
	for {
		var v string
		var err error
		if !p.eof() && p.peek() == '"' {
			v, err = p.quoted()
			if err != nil {
				return nil, err
			}
		} else {
			start := p.i
			for !p.eof() && p.peek() != ',' && p.peek() != ')' {
				p.i++
			}
			v = p.s[start:p.i]
		}
		out = append(out, v)
		if p.eof() {
			return nil, p.unexpected("\",\" or \")\"")
		}
		if p.peek() == ',' {
			p.i++
			continue
		}
		if p.peek() == ')' {
			p.i++
			return out, nil
		}
		return nil, p.unexpected("\",\" or \")\"")
	}
}

// parseLogic parses the value of an or=/and= parameter: "(f1,f2,...)".
func parseLogic(or, negate bool, s string) (LogicTree, error) {
	p := &parser{s: s, what: "logic tree"}
	t, err := p.logicBody(or, negate, 0)
	if err != nil {
		return t, err
	}
	if !p.eof() {
		return t, p.unexpected("end of input")
	}
	return t, nil
}

func (p *parser) logicBody(or, negate bool, depth int) (LogicTree, error) {
	t := LogicTree{Or: or, Negate: negate}
	if depth > maxSelectDepth {
		return t, p.fail("logic tree is nested too deeply")
	}
	if err := p.expect('('); err != nil {
		return t, err
	}
	for {
		neg := false
		if p.has("not.") {
			neg = true
			p.i += 4
		}
		if p.has("and(") || p.has("or(") {
			isOr := p.has("or(")
			if isOr {
				p.i += 2
			} else {
				p.i += 3
			}
			c, err := p.logicBody(isOr, neg, depth+1)
			if err != nil {
				return t, err
			}
			t.Children = append(t.Children, c)
			t.Order = append(t.Order, true)
		} else {
			if neg {
				p.i -= 4
			}
			fld, err := p.field()
			if err != nil {
				return t, err
			}
			if err := p.expect('.'); err != nil {
				return t, err
			}
			f, err := p.opExpr(fld, true)
			if err != nil {
				return t, err
			}
			t.Filters = append(t.Filters, f)
			t.Order = append(t.Order, false)
		}
		if p.eof() {
			return t, p.unexpected("\",\" or \")\"")
		}
		switch p.peek() {
		case ',':
			p.i++
		case ')':
			p.i++
			return t, nil
		default:
			return t, p.unexpected("\",\" or \")\"")
		}
	}
}

// parseOrder parses order=.
func parseOrder(s string) ([]OrderTerm, error) {
	p := &parser{s: s, what: "order"}
	var out []OrderTerm
	for {
		var t OrderTerm
		save := p.i
		if name, err := p.ident(); err == nil && !p.eof() && p.peek() == '(' {
			t.Relation = name
			p.i++
			f, err := p.field()
			if err != nil {
				return nil, err
			}
			if err := p.expect(')'); err != nil {
				return nil, err
			}
			t.Field = f
		} else {
			p.i = save
			f, err := p.field()
			if err != nil {
				return nil, err
			}
			t.Field = f
		}
		for !p.eof() && p.peek() == '.' {
			p.i++
			switch {
			case p.has("asc"):
				p.i += 3
			case p.has("desc"):
				t.Desc = true
				p.i += 4
			case p.has("nullsfirst"):
				t.Nulls = "first"
				p.i += 10
			case p.has("nullslast"):
				t.Nulls = "last"
				p.i += 9
			default:
				return nil, p.unexpected("\"asc\", \"desc\", \"nullsfirst\" or \"nullslast\"")
			}
		}
		out = append(out, t)
		if p.eof() {
			return out, nil
		}
		if p.peek() != ',' {
			return nil, p.unexpected("\",\" or end of input")
		}
		p.i++
	}
}

// parseNameList parses columns= and on_conflict=: names, optionally double-quoted.
func parseNameList(what, s string) ([]string, error) {
	p := &parser{s: s, what: what}
	var out []string
	for {
		p.skipSpace()
		n, err := p.ident()
		if err != nil {
			return nil, err
		}
		out = append(out, n)
		p.skipSpace()
		if p.eof() {
			return out, nil
		}
		if p.peek() != ',' {
			return nil, p.unexpected("\",\"")
		}
		p.i++
	}
}

// parseTreePath splits a filter key like "rel.sub.col->>k" into the embed path and the field.
func parseTreePath(key string) (string, Field, error) {
	p := &parser{s: key, what: "tree path"}
	var segs []string
	for {
		save := p.i
		f, err := p.field()
		if err != nil {
			return "", Field{}, err
		}
		if !p.eof() && p.peek() == '.' && len(f.Path) == 0 {
			segs = append(segs, f.Name)
			p.i++
			continue
		}
		if !p.eof() {
			p.i = save
			return "", Field{}, p.unexpected("\".\" or end of input")
		}
		return strings.Join(segs, "."), f, nil
	}
}
