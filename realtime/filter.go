package realtime

import (
	"bytes"
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Filter is one postgres_changes filter as realtime-js sends it: "column=op.value",
// with op one of eq, neq, lt, lte, gt, gte, in; for in the value is a list in
// parentheses, "status=in.(pending,confirmed)" (items may be double-quoted).
type Filter struct {
	Column string
	Op     string
	Values []string // one value, several for in
}

var filterOps = map[string]bool{"eq": true, "neq": true, "lt": true, "lte": true, "gt": true, "gte": true, "in": true}

// ParseFilter parses realtime-js's filter grammar. An empty string is no filter (nil).
func ParseFilter(s string) (*Filter, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return nil, nil
	}
	col, rest, ok := strings.Cut(s, "=")
	if !ok || col == "" {
		return nil, fmt.Errorf("invalid filter %q: expected column=op.value", s)
	}
	op, val, ok := strings.Cut(rest, ".")
	if !ok || !filterOps[op] {
		return nil, fmt.Errorf("invalid filter %q: operator must be one of eq, neq, lt, lte, gt, gte, in", s)
	}
	f := &Filter{Column: strings.TrimSpace(col), Op: op}
	if op != "in" {
		// realtime-js's filter builder double-quotes a value holding , ( ) " \ or
		// outer spaces (PostgREST's quoting); a hand-written filter keeps its value as is.
		if len(val) >= 2 && val[0] == '"' && val[len(val)-1] == '"' {
			items, err := splitList(val)
			if err != nil || len(items) != 1 {
				return nil, fmt.Errorf("invalid filter %q: badly quoted value", s)
			}
			val = items[0]
		}
		f.Values = []string{val}
		return f, nil
	}
	if len(val) < 2 || val[0] != '(' || val[len(val)-1] != ')' {
		return nil, fmt.Errorf("invalid filter %q: in expects a list in parentheses", s)
	}
	items, err := splitList(val[1 : len(val)-1])
	if err != nil {
		return nil, fmt.Errorf("invalid filter %q: %v", s, err)
	}
	if len(items) > 100 {
		return nil, fmt.Errorf("invalid filter %q: in accepts at most 100 values", s)
	}
	f.Values = items
	return f, nil
}

// splitList splits a,b,"c,d" (double quotes protect commas; \" and \\ escape).
func splitList(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	quoted, wasQuoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
		case c == '"':
			quoted = !quoted
			wasQuoted = true
		case c == ',' && !quoted:
			out = append(out, finishItem(cur.String(), wasQuoted))
			cur.Reset()
			wasQuoted = false
		default:
			cur.WriteByte(c)
		}
	}
	if quoted {
		return nil, fmt.Errorf("unterminated quote")
	}
	out = append(out, finishItem(cur.String(), wasQuoted))
	return out, nil
}

func finishItem(s string, quoted bool) string {
	if quoted {
		return s
	}
	return strings.TrimSpace(s)
}

// Values compare by the column's type, as realtime does by casting both sides to
// it in PostgreSQL: numbers as numbers (int2/4/8, float4/8, numeric, oid),
// booleans as booleans, uuid as 128-bit values (any case, braces or not),
// timestamptz as instants (PostgreSQL's "2026-03-01 10:00:00+00" against
// realtime-js's ISO "2026-03-01T10:00:00.000Z" or any offset), timestamp as wall
// clock times (an offset in the value is ignored, as the cast does), date as days;
// every other type as its text form (exact for text, enums). A value the type
// cannot read matches nothing (realtime refuses such a subscription).
var numericTypes = map[string]bool{"int2": true, "int4": true, "int8": true, "float4": true, "float8": true, "numeric": true, "oid": true}

// Match reports whether a record (column -> text value, nil for NULL) passes the
// filter; typ is the column's type name (pg_type.typname). A NULL never matches, as
// in SQL; neither does a column the record lacks.
func (f *Filter) Match(record map[string]*string, typ string) bool {
	if f == nil {
		return true
	}
	v, ok := record[f.Column]
	if !ok || v == nil {
		return false
	}
	if f.Op == "in" {
		for _, want := range f.Values {
			if c, ok := compare(*v, want, typ); ok && c == 0 {
				return true
			}
		}
		return false
	}
	c, ok := compare(*v, f.Values[0], typ)
	if !ok {
		return false
	}
	switch f.Op {
	case "eq":
		return c == 0
	case "neq":
		return c != 0
	case "lt":
		return c < 0
	case "lte":
		return c <= 0
	case "gt":
		return c > 0
	case "gte":
		return c >= 0
	}
	return false
}

// compare orders a column value and a filter value; ok is false when the filter
// value (or the column's) is not of the column's type.
func compare(have, want, typ string) (int, bool) {
	switch {
	case numericTypes[typ]:
		a, okA := new(big.Float).SetPrec(200).SetString(strings.TrimSpace(have))
		b, okB := new(big.Float).SetPrec(200).SetString(strings.TrimSpace(want))
		if !okA || !okB {
			return 0, false
		}
		return a.Cmp(b), true
	case typ == "bool":
		return strings.Compare(normBool(have), normBool(want)), true
	case typ == "uuid":
		a, errA := uuid.Parse(strings.TrimSpace(have))
		b, errB := uuid.Parse(strings.TrimSpace(want))
		if errA != nil || errB != nil {
			return 0, false
		}
		return bytes.Compare(a[:], b[:]), true
	case typ == "timestamptz" || typ == "timestamp" || typ == "date":
		a, okA := parseTime(have, typ)
		b, okB := parseTime(want, typ)
		if !okA || !okB {
			return 0, false
		}
		return a.Compare(b), true
	}
	return strings.Compare(have, want), true
}

// parseTime reads PostgreSQL's ISO output and ISO 8601 (T or space, Z or an
// offset of hh, hhmm or hh:mm, optional fraction; a date alone is midnight).
// Without an offset a timestamptz is read in UTC (the servers' session time zone).
// For timestamp the wall clock counts, for date the day.
func parseTime(s, typ string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	switch strings.ToLower(s) {
	case "infinity", "+infinity":
		return time.Date(294277, 1, 1, 0, 0, 0, 0, time.UTC), true
	case "-infinity":
		return time.Date(-4713, 1, 1, 0, 0, 0, 0, time.UTC), true
	}
	if len(s) > 10 && (s[10] == 'T' || s[10] == 't') {
		s = s[:10] + " " + s[11:]
	}
	var t time.Time
	var err error
	for _, layout := range timeLayouts {
		if t, err = time.Parse(layout, s); err == nil {
			break
		}
	}
	if err != nil {
		return time.Time{}, false
	}
	switch typ {
	case "timestamp":
		y, mo, d := t.Date()
		h, mi, sec := t.Clock()
		return time.Date(y, mo, d, h, mi, sec, t.Nanosecond(), time.UTC), true
	case "date":
		y, mo, d := t.Date()
		return time.Date(y, mo, d, 0, 0, 0, 0, time.UTC), true
	}
	return t, true
}

var timeLayouts = []string{
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999Z0700",
	"2006-01-02 15:04:05.999999999Z07",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02 15:04Z07:00",
	"2006-01-02 15:04",
	"2006-01-02",
}

func normBool(s string) string {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "t", "true", "1", "yes", "y", "on":
		return "t"
	case "f", "false", "0", "no", "n", "off":
		return "f"
	}
	return s
}
