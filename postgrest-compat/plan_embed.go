package postgrest

import (
	"fmt"
	"strings"
)

// findRel picks the relationship an embed names (Plan.hs findRel, paraphrased).
//
//   - A computed relationship is named by its function.
//   - A self reference (one foreign key, two directions) is named by the table for
//     the children (one-to-many) and by the foreign key column for the parent
//     (many-to-one); with a hint, only the children are reachable, the hint naming
//     their foreign key column ("collections!parent_id").
//   - Otherwise, without a hint the name is the target table or view, or a
//     foreign key constraint or single origin column, which select only targets
//     that are tables (views over the target are left out, so naming the key
//     does not make the embed ambiguous); with a hint the name is the target and
//     the hint a constraint, a single column of either side, or (many-to-many) the
//     junction table.
func (p *planner) findRel(origin relInfo, e *EmbedItem) (*Relationship, error) {
	var found []*Relationship
	for _, r := range p.cache.Rels[origin.qi] {
		if r.computed != nil {
			if r.Constraint == e.Name {
				found = append(found, r)
			}
			continue
		}
		if matchRel(r, e.Name, e.Hint, p.targetIsView(r)) {
			found = append(found, r)
		}
	}
	if len(found) == 0 {
		return nil, relNotFound(origin.name, e.Name, e.Hint, p.schema)
	}
	if len(found) > 1 {
		return nil, ambiguous(origin.name, e.Name, found)
	}
	return found[0], nil
}

func (p *planner) targetIsView(r *Relationship) bool {
	t := p.cache.Tables[r.Target]
	return t != nil && t.IsView()
}

// matchRel reports whether the embed name (and hint) select r; see findRel.
func matchRel(r *Relationship, name, hint string, targetIsView bool) bool {
	originCol := r.Card != M2M && len(r.Cols) == 1 && r.Cols[0] == name
	if r.IsSelf && r.Card != M2M {
		if hint == "" {
			return r.Target.Name == name && r.Card == O2M || originCol && r.Card == M2O
		}
		return r.Target.Name == name && r.Card == O2M && len(r.FCols) == 1 && r.FCols[0] == hint
	}
	if hint == "" {
		return r.Target.Name == name ||
			!targetIsView && r.Card != M2M && r.Constraint == name ||
			!targetIsView && originCol
	}
	if r.Target.Name != name {
		return false
	}
	if r.Card == M2M {
		return r.Junction.Name == hint
	}
	return r.Constraint == hint || fkColumnIs(r, hint) || refColumnIs(r, hint)
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
