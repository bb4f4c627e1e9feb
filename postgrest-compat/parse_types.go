package postgrest

// The request tree holds names and raw values only; nothing here has been
// checked against the schema cache yet (plan_*.go does that).

// JSONOp is one arrow of a JSON path: ->key, ->>key, ->0.
type JSONOp struct {
	Text  bool // ->> rather than ->
	Key   string
	Index bool // Key is an integer index
}

// Field is a column with an optional JSON path.
type Field struct {
	Name string
	Path []JSONOp
}

// SelectItem is one element of select=.
type SelectItem struct {
	Alias string
	// Column (also "*" for all columns), with cast, JSON path and aggregate.
	Field   Field
	Cast    string
	Agg     string // count, sum, avg, max, min; "count" with an empty Field.Name is count()
	AggCast string
	// Embed, when non-nil, makes this item an embedded resource.
	Embed *EmbedItem
}

// EmbedItem is rel(...), alias:rel!hint!inner(...), ...rel(...).
type EmbedItem struct {
	Name   string
	Hint   string
	Join   string // "", "inner", "left"
	Spread bool
	Items  []SelectItem
}

// Filter is field=[not.]op[(mod)].value.
type Filter struct {
	Field    Field
	Negate   bool
	Op       string
	Quant    string // any, all (eq(any).{a,b})
	Config   string // full-text configuration
	Value    string
	List     []string // in.(...)
	ListNull []bool   // which list elements were unquoted NULL (kept textual)
}

// LogicTree is and=(...)/or=(...), possibly negated; children are filters or trees.
type LogicTree struct {
	Or       bool
	Negate   bool
	Filters  []Filter
	Children []LogicTree
	Order    []bool // true = next child is a tree, false = next filter (keeps source order)
}

// OrderTerm is one element of order=.
type OrderTerm struct {
	Relation string // rel(col) ordering by a to-one embed's column
	Field    Field
	Desc     bool
	Nulls    string // "", "first", "last"
}

// Node carries the parameters addressed to one level of the select tree:
// the root ("" path) or an embed path like "a.b".
type Node struct {
	Filters []Filter
	Logic   []LogicTree
	Order   []OrderTerm
	Limit   *int64
	Offset  *int64
}

// Request is a parsed URL query plus headers.
type Request struct {
	Select     []SelectItem
	Nodes      map[string]*Node // by embed path; "" is the root
	Columns    []string
	OnConflict []string
	HasColumns bool
	RPCArgs    map[string][]string // GET/HEAD rpc: query params that are arguments
	Prefs      Prefs
}

func (r *Request) node(path string) *Node {
	if r.Nodes == nil {
		r.Nodes = map[string]*Node{}
	}
	n := r.Nodes[path]
	if n == nil {
		n = &Node{}
		r.Nodes[path] = n
	}
	return n
}
