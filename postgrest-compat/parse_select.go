package postgrest

import (
	"strconv"
	"strings"
)

var aggregates = map[string]bool{"count": true, "sum": true, "avg": true, "max": true, "min": true}

// parseSelect parses the select= forest.
func parseSelect(s string) ([]SelectItem, error) {
	p := &parser{s: s, what: "select parameter"}
	items, err := p.forest(0)
	if err != nil {
		return nil, err
	}
	if !p.eof() {
		return nil, p.unexpected("\",\" or end of input")
	}
	return items, nil
}

const maxSelectDepth = 32

func (p *parser) forest(depth int) ([]SelectItem, error) {
	if depth > maxSelectDepth {
		return nil, p.fail("select is nested too deeply")
	}
	var items []SelectItem
	for {
		p.skipSpace()
		if p.eof() || p.peek() == ')' {
			if len(items) > 0 || depth == 0 && !p.eof() {
				return nil, p.unexpected("field")
			}
			return items, nil
		}
		it, err := p.item(depth)
		if err != nil {
			return nil, err
		}
		items = append(items, it)
		p.skipSpace()
		if !p.eof() && p.peek() == ',' {
			p.i++
			continue
		}
		return items, nil
	}
}

// item reads one select item: ...spread(...), *, or an optional "alias:" then
// count(), an embedded resource, or a column.
func (p *parser) item(depth int) (SelectItem, error) {
	if p.has("...") {
		p.i += 3
		e, err := p.embedTail(depth)
		if err != nil {
			return SelectItem{}, err
		}
		e.Spread = true
		return SelectItem{Embed: e}, nil
	}
	if p.has("*") {
		p.i++
		return SelectItem{Field: Field{Name: "*"}}, nil
	}
	alias := p.alias()
	if p.has("count()") {
		p.i += len("count()")
		it := SelectItem{Alias: alias, Agg: "count"}
		var err error
		it.AggCast, err = p.optionalCast()
		return it, err
	}
	// Embed when a name is followed by '!' or '('.
	save := p.i
	if name, err := p.ident(); err == nil && !p.eof() && (p.peek() == '(' || p.peek() == '!') && name != "count" {
		p.i = save
		e, err := p.embedTail(depth)
		if err != nil {
			return SelectItem{}, err
		}
		return SelectItem{Alias: alias, Embed: e}, nil
	}
	p.i = save
	return p.column(alias)
}

// alias reads "name:" (not a "::" cast), or nothing.
func (p *parser) alias() string {
	start := p.i
	if name, err := p.ident(); err == nil && !p.eof() && p.peek() == ':' && !p.has("::") {
		p.i++
		return name
	}
	p.i = start
	return ""
}

// optionalCast reads "::type", or nothing.
func (p *parser) optionalCast() (string, error) {
	if !p.has("::") {
		return "", nil
	}
	p.i += 2
	return p.castName()
}

// column reads field[::cast][.aggregate()[::cast]].
func (p *parser) column(alias string) (SelectItem, error) {
	f, err := p.field()
	if err != nil {
		return SelectItem{}, err
	}
	it := SelectItem{Alias: alias, Field: f}
	if it.Cast, err = p.optionalCast(); err != nil {
		return it, err
	}
	if p.eof() || p.peek() != '.' {
		return it, nil
	}
	p.i++
	start := p.i
	for !p.eof() && p.peek() >= 'a' && p.peek() <= 'z' {
		p.i++
	}
	agg := p.s[start:p.i]
	if !aggregates[agg] || !p.has("()") {
		p.i = start
		return it, p.unexpected("aggregate function")
	}
	p.i += 2
	it.Agg = agg
	it.AggCast, err = p.optionalCast()
	return it, err
}

func (p *parser) embedTail(depth int) (*EmbedItem, error) {
	name, err := p.ident()
	if err != nil {
		return nil, err
	}
	e := &EmbedItem{Name: name}
	for n := 0; !p.eof() && p.peek() == '!'; n++ {
		p.i++
		h, err := p.ident()
		if err != nil {
			return nil, err
		}
		if n >= 2 {
			return nil, p.unexpected("\"(\"")
		}
		if (h == "inner" || h == "left") && e.Join == "" {
			e.Join = h
		} else if e.Hint == "" {
			e.Hint = h
		} else {
			return nil, p.unexpected("\"(\"")
		}
	}
	if err := p.expect('('); err != nil {
		return nil, err
	}
	items, err := p.forest(depth + 1)
	if err != nil {
		return nil, err
	}
	if err := p.expect(')'); err != nil {
		return nil, err
	}
	e.Items = items
	return e, nil
}

// outputKey is the JSON key an item produces.
func (it *SelectItem) outputKey() string {
	if it.Alias != "" {
		return it.Alias
	}
	if it.Embed != nil {
		return it.Embed.Name
	}
	if it.Agg != "" {
		return it.Agg
	}
	for i := len(it.Field.Path) - 1; i >= 0; i-- {
		if !it.Field.Path[i].Index {
			return it.Field.Path[i].Key
		}
	}
	return it.Field.Name
}

// parseInt64 parses a non-negative limit or offset.
func parseCount(what, s string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return 0, &parseError{what: what, input: s, details: "unexpected input expecting digit"}
	}
	return n, nil
}
