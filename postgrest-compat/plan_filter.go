package postgrest

import (
	"fmt"
	"slices"
	"strings"
)

// filterSQL renders one filter at a level.
func (p *planner) filterSQL(lv *level, rel relInfo, a string, f Filter) (string, error) {
	if len(f.Field.Path) == 0 {
		if ei, ok := lv.embedKey[f.Field.Name]; ok && rel.colMap[f.Field.Name] == nil {
			if f.Op != "is" || (f.Value != "null" && f.Value != "not_null") {
				return "", newErr(400, "PGRST120", fmt.Sprintf("Bad operator on the '%s' embedded resource", f.Field.Name)).
					withDetails("Only is null or not is null filters are allowed on embedded resources")
			}
			isNull := (f.Value == "null") != f.Negate
			if !slices.Contains(lv.inner, ei.join) {
				lv.inner = append(lv.inner, ei.join)
			}
			col := ident(ei.alias) + ".body"
			if ei.spread {
				// A spread lateral has the child's columns; a missing row is a NULL whole-row value.
				if isNull {
					return ident(ei.alias) + " IS NULL", nil
				}
				return "NOT (" + ident(ei.alias) + " IS NULL)", nil
			}
			if isNull {
				return col + " IS NULL", nil
			}
			return col + " IS NOT NULL", nil
		}
	}
	lhs, col, err := p.fieldExpr(rel, a, f.Field)
	if err != nil {
		return "", err
	}
	var s string
	val := f.Value
	switch f.Op {
	case "eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "match", "imatch":
		op := map[string]string{"eq": "=", "neq": "<>", "gt": ">", "gte": ">=", "lt": "<", "lte": "<=",
			"like": "LIKE", "ilike": "ILIKE", "match": "~", "imatch": "~*"}[f.Op]
		if f.Op == "like" || f.Op == "ilike" {
			val = strings.ReplaceAll(val, "*", "%")
		}
		if f.Quant != "" {
			s = lhs + " " + op + " " + strings.ToUpper(f.Quant) + "(" + p.b.param(val) + ")"
		} else {
			s = lhs + " " + op + " " + p.b.param(val)
		}
	case "in":
		s = lhs + " = ANY(" + p.b.param(pgArrayLiteral(f.List)) + ")"
	case "is":
		s = lhs + " IS " + map[string]string{"null": "NULL", "not_null": "NOT NULL", "true": "TRUE", "false": "FALSE", "unknown": "UNKNOWN"}[val]
	case "isdistinct":
		s = lhs + " IS DISTINCT FROM " + p.b.param(val)
	case "fts", "plfts", "phfts", "wfts":
		fn := map[string]string{"fts": "to_tsquery", "plfts": "plainto_tsquery", "phfts": "phraseto_tsquery", "wfts": "websearch_to_tsquery"}[f.Op]
		cfg := ""
		if f.Config != "" {
			cfg = p.b.param(f.Config) + "::regconfig, "
		}
		if col == nil || col.BaseType != "tsvector" || len(f.Field.Path) > 0 {
			lhs = "to_tsvector(" + cfg + lhs + ")"
		}
		s = lhs + " @@ " + fn + "(" + cfg + p.b.param(val) + ")"
	default:
		op := map[string]string{"cs": "@>", "cd": "<@", "ov": "&&", "sl": "<<", "sr": ">>", "nxr": "&<", "nxl": "&>", "adj": "-|-"}[f.Op]
		s = lhs + " " + op + " " + p.b.param(val)
	}
	if f.Negate {
		s = "NOT (" + s + ")"
	}
	return s, nil
}

// pgArrayLiteral renders a list as a PostgreSQL array literal (a bind value, not SQL).
func pgArrayLiteral(list []string) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, v := range list {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		b.WriteString(strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v))
		b.WriteByte('"')
	}
	b.WriteByte('}')
	return b.String()
}

func (p *planner) logicSQL(lv *level, rel relInfo, a string, t LogicTree) (string, error) {
	var parts []string
	fi, ci := 0, 0
	for _, isTree := range t.Order {
		if isTree {
			s, err := p.logicSQL(lv, rel, a, t.Children[ci])
			if err != nil {
				return "", err
			}
			ci++
			parts = append(parts, s)
			continue
		}
		s, err := p.filterSQL(lv, rel, a, t.Filters[fi])
		if err != nil {
			return "", err
		}
		fi++
		parts = append(parts, s)
	}
	joiner := " AND "
	if t.Or {
		joiner = " OR "
	}
	s := "(" + strings.Join(parts, joiner) + ")"
	if len(parts) == 0 {
		s = "TRUE"
	}
	if t.Negate {
		s = "NOT " + s
	}
	return s, nil
}

func (p *planner) orderSQL(lv *level, rel relInfo, a string, t OrderTerm) (string, error) {
	var expr string
	if t.Relation != "" {
		ei, ok := lv.embedKey[t.Relation]
		if !ok {
			return "", errNotEmbedded(t.Relation)
		}
		if !ei.toOne {
			return "", newErr(400, "PGRST118", fmt.Sprintf("A related order on '%s' is not possible", t.Relation)).
				withDetails(fmt.Sprintf("'%s' and '%s' do not form a many-to-one or one-to-one relationship", rel.name, t.Relation))
		}
		if ei.spread {
			if !slices.Contains(ei.keys, t.Field.Name) {
				return "", errUndefinedColumn(t.Relation, t.Field.Name)
			}
			expr = ident(ei.alias) + "." + ident(t.Field.Name)
		} else {
			expr = ident(ei.alias) + ".body->" + p.b.param(t.Field.Name) + "::text"
		}
	} else {
		e, _, err := p.fieldExpr(rel, a, t.Field)
		if err != nil {
			return "", err
		}
		expr = e
	}
	if t.Desc {
		expr += " DESC"
	} else {
		expr += " ASC"
	}
	switch t.Nulls {
	case "first":
		expr += " NULLS FIRST"
	case "last":
		expr += " NULLS LAST"
	}
	return expr, nil
}
