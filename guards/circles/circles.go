// Package circles finds the circles of a directed graph: the sets of nodes
// that can all reach each other (Tarjan's strongly connected components). The
// house's rule tests use it: import circles between the module's folders
// (guards/cycles_test.go) and call circles between auth's files
// (auth/rooms_test.go).
package circles

import (
	"slices"
	"sort"
)

// Find lists each set of two or more nodes of the graph next (a node → the
// nodes it points at) that can all reach each other, each set sorted and the
// sets by their first node.
func Find(next map[string][]string) [][]string {
	nodes := make([]string, 0, len(next))
	for n := range next {
		nodes = append(nodes, n)
	}
	sort.Strings(nodes)
	index, low, onStack := map[string]int{}, map[string]int{}, map[string]bool{}
	var stack []string
	var out [][]string
	var visit func(n string)
	visit = func(n string) {
		index[n], low[n] = len(index), len(index)
		stack, onStack[n] = append(stack, n), true
		for _, m := range slices.Sorted(slices.Values(next[n])) {
			if _, seen := index[m]; !seen {
				visit(m)
				low[n] = min(low[n], low[m])
			} else if onStack[m] {
				low[n] = min(low[n], index[m])
			}
		}
		if low[n] != index[n] {
			return
		}
		var scc []string
		for {
			m := stack[len(stack)-1]
			stack, onStack[m] = stack[:len(stack)-1], false
			scc = append(scc, m)
			if m == n {
				break
			}
		}
		if len(scc) > 1 {
			sort.Strings(scc)
			out = append(out, scc)
		}
	}
	for _, n := range nodes {
		if _, seen := index[n]; !seen {
			visit(n)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
	return out
}
