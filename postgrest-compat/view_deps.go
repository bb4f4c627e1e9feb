package postgrest

import (
	"strconv"
	"strings"
)

// viewColumnSources reads a view's _RETURN rule (pg_rewrite.ev_action, a
// pg_node_tree) and returns, for each output column of the outermost query,
// the table column it is a plain reference to (resorigtbl/resorigcol of its
// TARGETENTRY). Columns computed by expressions have no source.
func viewColumnSources(action string, rels map[uint32]*Table) map[string]colRef {
	toks := nodeTokens(action)
	out := map[string]colRef{}
	depth := 0
	i := 0
	// Find ":targetList" at the depth of the outermost QUERY's fields.
	queryDepth := -1
	for ; i < len(toks); i++ {
		switch toks[i] {
		case "(", "{":
			depth++
			if toks[i] == "{" && queryDepth < 0 && i+1 < len(toks) && toks[i+1] == "QUERY" {
				queryDepth = depth
			}
			continue
		case ")", "}":
			depth--
			continue
		}
		if depth == queryDepth && toks[i] == ":targetList" {
			i++
			break
		}
	}
	if i >= len(toks) || toks[i] != "(" {
		return out
	}
	listDepth := depth + 1
	entryDepth := listDepth + 1
	var name string
	var tbl uint64
	var col int
	for ; i < len(toks); i++ {
		t := toks[i]
		switch t {
		case "(", "{":
			depth++
			if t == "{" && depth == entryDepth {
				name, tbl, col = "", 0, 0
			}
			continue
		case ")", "}":
			if t == "}" && depth == entryDepth && name != "" && tbl != 0 && col > 0 {
				if rt := rels[uint32(tbl)]; rt != nil {
					for _, c := range rt.Columns {
						if c.Position == col {
							if _, dup := out[name]; !dup {
								out[name] = colRef{rel: uint32(tbl), col: c.Name}
							}
						}
					}
				}
			}
			depth--
			if depth < listDepth {
				return out
			}
			continue
		}
		if depth != entryDepth || i+1 >= len(toks) {
			continue
		}
		switch t {
		case ":resname":
			name = toks[i+1]
		case ":resorigtbl":
			tbl, _ = strconv.ParseUint(toks[i+1], 10, 32)
		case ":resorigcol":
			col, _ = strconv.Atoi(toks[i+1])
		case ":resjunk":
			if toks[i+1] == "true" {
				name = ""
			}
		}
	}
	return out
}

// nodeTokens splits a pg_node_tree text into tokens: brackets are tokens of
// their own, backslash escapes are undone, "<>" stays as is (empty).
func nodeTokens(s string) []string {
	var toks []string
	var cur strings.Builder
	inTok := false
	flush := func() {
		if inTok {
			toks = append(toks, cur.String())
			cur.Reset()
			inTok = false
		}
	}
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inTok = true
		case ch == '(' || ch == ')' || ch == '{' || ch == '}':
			flush()
			toks = append(toks, string(ch))
		case ch == ' ' || ch == '\n' || ch == '\t':
			flush()
		default:
			cur.WriteByte(ch)
			inTok = true
		}
	}
	flush()
	return toks
}
