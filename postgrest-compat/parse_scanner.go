package postgrest

import (
	"fmt"
	"strconv"
	"strings"
)

// The scanner every query parameter's parser shares (select, filters, order,
// logic trees): a cursor over one value, its PGRST100 errors, and the tokens they
// all read (names, quoted names, fields with JSON paths, type names).

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
