package postgrest

import (
	"math"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
)

// Prefs is the Prefer header (Preferences.hs): the first occurrence of each kind wins.
type Prefs struct {
	Return      string // minimal | headers-only | representation
	Count       string // exact | planned | estimated
	Resolution  string // merge-duplicates | ignore-duplicates
	Missing     string // default | null
	Tx          string // commit | rollback
	Handling    string // strict | lenient
	Timezone    string
	MaxAffected *int64
	Invalid     []string
}

var prefValues = map[string]map[string]bool{
	"return":     {"minimal": true, "headers-only": true, "representation": true},
	"count":      {"exact": true, "planned": true, "estimated": true},
	"resolution": {"merge-duplicates": true, "ignore-duplicates": true},
	"missing":    {"default": true, "null": true},
	"tx":         {"commit": true, "rollback": true},
	"handling":   {"strict": true, "lenient": true},
}

// field is where the value of a preference kind is kept (nil for max-affected, parsed apart).
func (p *Prefs) field(kind string) *string {
	return map[string]*string{
		"return":     &p.Return,
		"count":      &p.Count,
		"resolution": &p.Resolution,
		"missing":    &p.Missing,
		"tx":         &p.Tx,
		"handling":   &p.Handling,
		"timezone":   &p.Timezone,
	}[kind]
}

func parsePrefs(h http.Header) Prefs {
	var p Prefs
	seen := map[string]bool{}
	for _, line := range h.Values("Prefer") {
		for tok := range strings.SplitSeq(line, ",") {
			tok = strings.TrimSpace(tok)
			if tok == "" {
				continue
			}
			k, v, _ := strings.Cut(tok, "=")
			k, v = strings.TrimSpace(k), strings.TrimSpace(v)
			valid := false
			switch k {
			case "timezone":
				valid = v != ""
			case "max-affected":
				n, err := strconv.ParseInt(v, 10, 64)
				valid = err == nil && n >= 0
				if valid && !seen[k] {
					p.MaxAffected = &n
				}
			default:
				valid = prefValues[k][v]
			}
			if !valid {
				p.Invalid = append(p.Invalid, tok)
				continue
			}
			if seen[k] {
				continue
			}
			seen[k] = true
			if f := p.field(k); f != nil {
				*f = v
			}
		}
	}
	return p
}

// kv is one query parameter, in request order.
type kv struct{ key, val string }

// splitQuery decodes a raw query string keeping the parameters' order ('+' is a space).
func splitQuery(raw string) ([]kv, error) {
	var out []kv
	for part := range strings.SplitSeq(raw, "&") {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		dk, err := url.QueryUnescape(k)
		if err != nil {
			return nil, newErr(400, "PGRST100", "\"failed to parse query string\"").withDetails(err.Error())
		}
		dv, err := url.QueryUnescape(v)
		if err != nil {
			return nil, newErr(400, "PGRST100", "\"failed to parse query string\"").withDetails(err.Error())
		}
		out = append(out, kv{dk, dv})
	}
	return out, nil
}

// parseQuery turns the URL query into a Request. Parameters that are neither
// reserved nor filters are returned in rest (RPC arguments on GET).
func parseQuery(raw string, rpc bool) (*Request, []kv, error) {
	params, err := splitQuery(raw)
	if err != nil {
		return nil, nil, err
	}
	req := &Request{Nodes: map[string]*Node{"": {}}}
	var rest []kv
	hasSelect := false
	for _, p := range params {
		if done, err := req.reservedParam(p); done || err != nil {
			if err != nil {
				return nil, nil, err
			}
			hasSelect = hasSelect || p.key == "select"
			continue
		}
		path, last := "", p.key
		if i := strings.LastIndexByte(p.key, '.'); i >= 0 && !strings.Contains(p.key[i:], "->") && !strings.Contains(p.key, "\"") {
			path, last = p.key[:i], p.key[i+1:]
		}
		if done, err := req.nodeParam(path, last, p.val); done || err != nil {
			if err != nil {
				return nil, nil, err
			}
			continue
		}
		aside, err := req.filterParam(p, rpc)
		if err != nil {
			return nil, nil, err
		}
		if aside {
			rest = append(rest, p)
		}
	}
	if !hasSelect {
		req.Select = []SelectItem{{Field: Field{Name: "*"}}}
	}
	return req, rest, nil
}

// reservedParam reads select, columns and on_conflict (and skips apikey);
// done is false for any other parameter.
func (req *Request) reservedParam(p kv) (done bool, err error) {
	switch p.key {
	case "select":
		items, err := parseSelect(p.val)
		if err != nil {
			return true, asAPI(err)
		}
		req.Select = items
	case "columns":
		cols, err := parseNameList("columns parameter", p.val)
		if err != nil {
			return true, asAPI(err)
		}
		req.Columns, req.HasColumns = cols, true
	case "on_conflict":
		cols, err := parseNameList("on_conflict parameter", p.val)
		if err != nil {
			return true, asAPI(err)
		}
		req.OnConflict = cols
	case "apikey":
	default:
		return false, nil
	}
	return true, nil
}

// nodeParam reads order, limit, offset, or and and, addressed to the embed at
// path ("" for the root); done is false for any other parameter.
func (req *Request) nodeParam(path, last, val string) (done bool, err error) {
	switch last {
	case "order":
		terms, err := parseOrder(val)
		if err != nil {
			return true, asAPI(err)
		}
		n := req.node(path)
		n.Order = append(n.Order, terms...)
	case "limit", "offset":
		v, err := parseCount(last, val)
		if err != nil {
			return true, asAPI(err)
		}
		n := req.node(path)
		if last == "limit" {
			if v < 0 {
				return true, errRange("Limit should be greater than or equal to zero.")
			}
			n.Limit = &v
		} else {
			if v < 0 {
				return true, errRange("Offset should be greater than or equal to zero.")
			}
			n.Offset = &v
		}
	case "or", "and":
		negate := false
		if path == "not" {
			path, negate = "", true
		} else if before, ok := strings.CutSuffix(path, ".not"); ok {
			path, negate = before, true
		}
		t, err := parseLogic(last == "or", negate, val)
		if err != nil {
			return true, asAPI(err)
		}
		n := req.node(path)
		n.Logic = append(n.Logic, t)
	default:
		return false, nil
	}
	return true, nil
}

// filterParam reads a filter. On /rpc a root parameter may rather be a
// function argument: aside says to keep it for the plan to decide (a
// parameter that does not parse as a filter is then only an argument).
func (req *Request) filterParam(p kv, rpc bool) (aside bool, err error) {
	epath, field, err := parseTreePath(p.key)
	if err != nil {
		if rpc {
			return true, nil
		}
		return false, asAPI(err)
	}
	rootArg := rpc && epath == "" && len(field.Path) == 0
	f, err := parseFilterValue(field, p.val)
	if err != nil {
		if rootArg {
			return true, nil
		}
		return false, asAPI(err)
	}
	n := req.node(epath)
	n.Filters = append(n.Filters, f)
	return rootArg, nil
}

func asAPI(err error) error {
	if pe, ok := err.(*parseError); ok {
		return pe.api()
	}
	return err
}

var rangeRe = regexp.MustCompile(`^(?:items=)?\s*(\d+)-(\d*)\s*$`)

// parseRangeHeader reads "Range: a-b" / "a-"; ok is false when absent.
func parseRangeHeader(h string) (offset int64, limit *int64, ok bool, err error) {
	if h == "" {
		return 0, nil, false, nil
	}
	m := rangeRe.FindStringSubmatch(h)
	if m == nil {
		return 0, nil, false, nil
	}
	from, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil {
		return 0, nil, false, errRange("The Range header's lower boundary is out of range.")
	}
	if m[2] == "" {
		return from, nil, true, nil
	}
	to, err := strconv.ParseInt(m[2], 10, 64)
	if err != nil {
		return 0, nil, false, errRange("The Range header's upper boundary is out of range.")
	}
	if to < from {
		return 0, nil, false, errRange("The lower boundary must be lower than or equal to the upper boundary in the Range header.")
	}
	if to == math.MaxInt64 { // no row lies past it: open-ended, and no count overflows
		return from, nil, true, nil
	}
	n := to - from + 1
	return from, &n, true, nil
}
