package postgrest

import (
	"fmt"
	"strings"
)

// findRel picks the relationship an embed names (Plan.hs findRel, paraphrased):
// without a hint the name is the target table, a foreign key constraint or a
// single foreign key column; a hint narrows by constraint, column or junction.
func (p *planner) findRel(origin relInfo, e *EmbedItem) (*Relationship, error) {
	originIsView := origin.table != nil && origin.table.IsView()
	var found []*Relationship
	for _, r := range p.cache.Rels[origin.qi] {
		if r.computed != nil {
			if r.Constraint == e.Name && e.Hint == "" {
				found = append(found, r)
			}
			continue
		}
		if e.Hint == "" {
			switch {
			case r.Target.Name == e.Name:
				// A self reference named by its table embeds the children (one-to-many side).
				if r.IsSelf && r.FKOnOrigin && r.Card != M2M {
					continue
				}
				found = append(found, r)
			case !originIsView && r.Card != M2M && r.Constraint == e.Name:
				found = append(found, r)
			case !originIsView && r.Card != M2M && r.FKOnOrigin && len(r.Cols) == 1 && r.Cols[0] == e.Name:
				found = append(found, r)
			}
			continue
		}
		if r.Target.Name != e.Name {
			continue
		}
		h := e.Hint
		switch {
		case r.Card == M2M && (r.Junction.Name == h || r.JConstraint1 == h || r.JConstraint2 == h):
			found = append(found, r)
		case r.Card != M2M && r.Constraint == h:
			found = append(found, r)
		case r.Card != M2M && fkColumnIs(r, h):
			found = append(found, r)
		case r.Card != M2M && refColumnIs(r, h):
			found = append(found, r)
		}
	}
	// Relationships through views duplicate the base one for the same pair; keep distinct pairs.
	if len(found) == 0 {
		return nil, relNotFound(origin.name, e.Name, e.Hint, p.schema)
	}
	if len(found) > 1 {
		return nil, ambiguous(origin.name, e.Name, found)
	}
	return found[0], nil
}

// fkColumnIs: the hint names the single column that holds the foreign key.
func fkColumnIs(r *Relationship, h string) bool {
	if r.FKOnOrigin {
		return len(r.Cols) == 1 && r.Cols[0] == h
	}
	return len(r.FCols) == 1 && r.FCols[0] == h
}

// refColumnIs: the hint names the single referenced column.
func refColumnIs(r *Relationship, h string) bool {
	if r.FKOnOrigin {
		return len(r.FCols) == 1 && r.FCols[0] == h
	}
	return len(r.Cols) == 1 && r.Cols[0] == h
}

func relNotFound(origin, target, hint, schema string) *apiError {
	using := ""
	if hint != "" {
		using = fmt.Sprintf(" using the hint '%s'", hint)
	}
	return newErr(400, "PGRST200", fmt.Sprintf("Could not find a relationship between '%s' and '%s' in the schema cache", origin, target)).
		withDetails(fmt.Sprintf("Searched for a foreign key relationship between '%s' and '%s'%s in the schema '%s', but no matches were found.", origin, target, using, schema))
}

func ambiguous(origin, target string, rels []*Relationship) *apiError {
	var details []any
	var hints []string
	for _, r := range rels {
		var relDesc, hint string
		if r.Card == M2M {
			relDesc = fmt.Sprintf("%s using %s(%s) and %s(%s)", r.Junction, r.JConstraint1, strings.Join(r.JCols, ", "),
				r.JConstraint2, strings.Join(r.JFCols, ", "))
			hint = target + "!" + r.Junction.Name
		} else {
			relDesc = fmt.Sprintf("%s using %s(%s) and %s(%s)", r.Constraint, r.Origin.Name, strings.Join(r.Cols, ", "),
				r.Target.Name, strings.Join(r.FCols, ", "))
			hint = target + "!" + r.Constraint
		}
		details = append(details, map[string]any{
			"cardinality":  r.Card.String(),
			"embedding":    origin + " with " + target,
			"relationship": relDesc,
		})
		hints = append(hints, "'"+hint+"'")
	}
	return newErr(300, "PGRST201", fmt.Sprintf("Could not embed because more than one relationship was found for '%s' and '%s'", origin, target)).
		withDetails(details).
		withHint(fmt.Sprintf("Try changing '%s' to one of the following: %s. Find the desired relationship in the 'details' key.", target, strings.Join(hints, ", ")))
}
