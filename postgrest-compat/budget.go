package postgrest

import (
	"fmt"
	"net/url"
	"strings"
)

// The request budget on the size of filters and ordering (Options.MaxInValues,
// MaxLogicTerms, MaxOrderTerms). One URL of a few hundred kilobytes can name a
// 100,000-value in= list, an or= of 20,000 terms or an order of 60,000 columns,
// each costing seconds of CPU to parse, plan and run. budgetScan counts them in
// the raw query, one pass that stops at the first budget exceeded, before the
// query is parsed.

// budgetCounts is what one request's query names.
type budgetCounts struct {
	listItems  int // values of in=, ov= and other parenthesised lists, in filters and logic trees
	logicTerms int // conditions and nested groups of or=/and= trees
	orderTerms int // columns of order= (root and embedded)
}

// checkQueryBudget refuses a query over any of the budget's limits (400
// PGRSTX04, PGRSTX05, PGRSTX06); a query it cannot decode is left to the parser.
func (o *Options) checkQueryBudget(raw string) error {
	var c budgetCounts
	for part := range strings.SplitSeq(raw, "&") {
		k, v, _ := strings.Cut(part, "=")
		key, err := url.QueryUnescape(k)
		if err != nil {
			return nil
		}
		val, err := url.QueryUnescape(v)
		if err != nil {
			return nil
		}
		last := key
		if i := strings.LastIndexByte(key, '.'); i >= 0 {
			last = key[i+1:]
		}
		switch {
		case key == "select" || key == "columns" || key == "on_conflict" || key == "apikey" || last == "limit" || last == "offset":
		case last == "order":
			c.orderTerms += countTopLevel(val)
		default:
			c.scan(val, last == "or" || last == "and")
		}
		if err := o.overBudget(c); err != nil {
			return err
		}
	}
	return nil
}

func (o *Options) overBudget(c budgetCounts) error {
	switch {
	case c.listItems > o.MaxInValues:
		return newErr(400, "PGRSTX04", "Too many values in filter lists").
			withDetails(fmt.Sprintf("the filters list more than %d values; at most %d are allowed", o.MaxInValues, o.MaxInValues)).
			withHint("Filter on a range or a joined table, or split the request")
	case c.logicTerms > o.MaxLogicTerms:
		return newErr(400, "PGRSTX05", "Too many terms in logical operators").
			withDetails(fmt.Sprintf("or/and name more than %d conditions; at most %d are allowed", o.MaxLogicTerms, o.MaxLogicTerms)).
			withHint("Use in= for a list of values of one column, or split the request")
	case c.orderTerms > o.MaxOrderTerms:
		return newErr(400, "PGRSTX06", "Too many columns in order").
			withDetails(fmt.Sprintf("order names more than %d columns; at most %d are allowed", o.MaxOrderTerms, o.MaxOrderTerms)).
			withHint("Order by fewer columns")
	}
	return nil
}

// scan counts the list values and logic terms of a filter's value; logicRoot
// says the value is an or=/and= tree, whose outer parenthesis is a group.
// Parentheses right after "or"/"and" inside a group open a nested group; any
// other opens a list of values (in.(…), ov.(…), a range). Quoted text counts
// for nothing.
func (c *budgetCounts) scan(v string, logicRoot bool) {
	var groups []bool // the open parentheses: true = a logic group
	quoted := false
	for i := 0; i < len(v); i++ {
		ch := v[i]
		if quoted {
			if ch == '\\' {
				i++
			} else if ch == '"' {
				quoted = false
			}
			continue
		}
		switch ch {
		case '"':
			quoted = true
		case '(':
			inGroup := len(groups) > 0 && groups[len(groups)-1]
			logic := (i == 0 && logicRoot) || (inGroup && (strings.HasSuffix(v[:i], "or") || strings.HasSuffix(v[:i], "and")))
			groups = append(groups, logic)
			c.count(logic)
		case ')':
			if len(groups) > 0 {
				groups = groups[:len(groups)-1]
			}
		case ',':
			if len(groups) > 0 {
				c.count(groups[len(groups)-1])
			}
		}
	}
}

func (c *budgetCounts) count(logic bool) {
	if logic {
		c.logicTerms++
	} else {
		c.listItems++
	}
}

// countTopLevel counts the comma-separated items of v outside quotes and
// parentheses (an order's columns).
func countTopLevel(v string) int {
	if v == "" {
		return 0
	}
	n, depth, quoted := 1, 0, false
	for i := 0; i < len(v); i++ {
		switch ch := v[i]; {
		case quoted && ch == '\\':
			i++
		case ch == '"':
			quoted = !quoted
		case quoted:
		case ch == '(':
			depth++
		case ch == ')':
			depth = max(0, depth-1)
		case ch == ',' && depth == 0:
			n++
		}
	}
	return n
}
