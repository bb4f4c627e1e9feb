package postgrest

import (
	"fmt"
	"strconv"
	"strings"
)

// parser is a cursor over one parameter value.
type parser struct {
	s    string
	i    int
	what string // "select parameter", "filter", ... for PGRST100
}

type parseError struct {
	what, input, details string
	pos                  int
}

func (e *parseError) Error() string { return e.details }

func (e *parseError) api() *apiError {
	return newErr(400, "PGRST100", fmt.Sprintf("\"failed to parse %s (%s)\" (line 1, column %d)", e.what, e.input, e.pos+1)).
		withDetails(e.details)
}

func (p *parser) fail(format string, args ...any) *parseError {
	return &parseError{what: p.what, input: p.s, details: fmt.Sprintf(format, args...), pos: p.i}
}

func (p *parser) unexpected(expecting string) *parseError {
	if p.eof() {
		return p.fail("unexpected end of input expecting %s", expecting)
	}
	return p.fail("unexpected %q expecting %s", string(p.s[p.i]), expecting)
}

// expect consumes c, or reports what was expected where it is not.
func (p *parser) expect(c byte) error {
	if p.eof() || p.peek() != c {
		return p.unexpected(strconv.Quote(string(c)))
	}
	p.i++
	return nil
}

func (p *parser) eof() bool         { return p.i >= len(p.s) }
func (p *parser) peek() byte        { return p.s[p.i] }
func (p *parser) has(t string) bool { return strings.HasPrefix(p.s[p.i:], t) }

func (p *parser) skipSpace() {
	for !p.eof() && (p.peek() == ' ' || p.peek() == '\t' || p.peek() == '\n') {
		p.i++
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || c == '$' || c == ' ' || c >= 0x80 ||
		(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

// ident reads an unquoted name (letters, digits, _, $, spaces, inner '-' not part of an
// arrow) or a double-quoted one with backslash escapes.
func (p *parser) ident() (string, error) {
	if !p.eof() && p.peek() == '"' {
		return p.quoted()
	}
	start := p.i
	for !p.eof() {
		c := p.peek()
		if isIdentByte(c) {
			p.i++
			continue
		}
		if c == '-' && !p.has("->") && p.i > start && p.i+1 < len(p.s) && isIdentByte(p.s[p.i+1]) {
			p.i++
			continue
		}
		break
	}
	name := strings.TrimSpace(p.s[start:p.i])
	if name == "" {
		return "", p.unexpected("identifier")
	}
	return name, nil
}

func (p *parser) quoted() (string, error) {
	p.i++ // opening quote
	var b strings.Builder
	for !p.eof() {
		c := p.peek()
		switch {
		case c == '\\' && p.i+1 < len(p.s):
			b.WriteByte(p.s[p.i+1])
			p.i += 2
		case c == '"':
			p.i++
			return b.String(), nil
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	return "", p.unexpected("closing quote")
}

// field reads name followed by an optional JSON path.
func (p *parser) field() (Field, error) {
	name, err := p.ident()
	if err != nil {
		return Field{}, err
	}
	f := Field{Name: name}
	for p.has("->") {
		op := JSONOp{}
		p.i += 2
		if !p.eof() && p.peek() == '>' {
			op.Text = true
			p.i++
		}
		start := p.i
		if !p.eof() && p.peek() == '-' {
			p.i++
		}
		for !p.eof() && p.peek() >= '0' && p.peek() <= '9' {
			p.i++
		}
		if p.i > start && (p.eof() || !isIdentByte(p.peek())) && p.s[start:p.i] != "-" {
			op.Key, op.Index = p.s[start:p.i], true
		} else {
			p.i = start
			k, err := p.ident()
			if err != nil {
				return Field{}, err
			}
			op.Key = k
		}
		f.Path = append(f.Path, op)
	}
	return f, nil
}

func (p *parser) castName() (string, error) {
	start := p.i
	for !p.eof() && (isIdentByte(p.peek()) && p.peek() != '$') {
		p.i++
	}
	if p.has("[]") {
		p.i += 2
	}
	if p.i == start {
		return "", p.unexpected("type name")
	}
	return strings.ToLower(strings.TrimSpace(p.s[start:p.i])), nil
}

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
	// alias:
	start := p.i
	var alias string
	if name, err := p.ident(); err == nil && !p.eof() && p.peek() == ':' && !p.has("::") {
		alias = name
		p.i++
	} else {
		p.i = start
	}
	if p.has("count()") {
		p.i += len("count()")
		it := SelectItem{Alias: alias, Agg: "count"}
		if p.has("::") {
			p.i += 2
			c, err := p.castName()
			if err != nil {
				return it, err
			}
			it.AggCast = c
		}
		return it, nil
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
	f, err := p.field()
	if err != nil {
		return SelectItem{}, err
	}
	it := SelectItem{Alias: alias, Field: f}
	if p.has("::") {
		p.i += 2
		if it.Cast, err = p.castName(); err != nil {
			return it, err
		}
	}
	if !p.eof() && p.peek() == '.' {
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
		if p.has("::") {
			p.i += 2
			if it.AggCast, err = p.castName(); err != nil {
				return it, err
			}
		}
	}
	return it, nil
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
