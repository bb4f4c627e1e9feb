package postgrest

import (
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// QI is a qualified identifier.
type QI struct{ Schema, Name string }

func (q QI) String() string { return q.Schema + "." + q.Name }

// Cache is one immutable snapshot of the catalog; a reload builds a new one and
// swaps the pointer, so requests in flight keep the snapshot they started with.
type Cache struct {
	Tables map[QI]*Table
	Funcs  map[QI][]*Function
	Rels   map[QI][]*Relationship // by origin
	Types  map[string]bool        // type names a select cast may name
	// GeoJSON is PostGIS's ST_AsGeoJSON(record), schema-qualified and quoted, or
	// "" without PostGIS (Accept: application/geo+json is then 406).
	GeoJSON string

	// reads caches built read statements by everything that shapes them (method,
	// path, query, Accept, Prefer, Range, profile). It lives in the snapshot, so a
	// reload starts empty.
	reads  sync.Map
	nReads atomic.Int64
}

// maxCachedReads bounds the read-statement cache; past it the cache starts over.
const maxCachedReads = 4096

// builtRead is a cached read: the statement and what the response needs.
type builtRead struct {
	st  *statement
	req *Request
	acc accept
}

func (c *Cache) cachedRead(key string) *builtRead {
	if v, ok := c.reads.Load(key); ok {
		return v.(*builtRead)
	}
	return nil
}

func (c *Cache) storeRead(key string, b *builtRead) {
	if c.nReads.Add(1) > maxCachedReads {
		c.reads.Clear()
		c.nReads.Store(1)
	}
	c.reads.Store(key, b)
}

// Table is a table, view, materialized view or foreign table.
type Table struct {
	QI
	OID        uint32
	Kind       byte // r, p, v, m, f
	Comment    string
	Insertable bool
	Updatable  bool
	Deletable  bool
	Columns    []*Column
	ColMap     map[string]*Column
	PK         []string
	Computed   map[string]*Function // computed fields: f(table) returning a scalar
}

// IsView reports whether the relation is a view-like object.
func (t *Table) IsView() bool { return t.Kind == 'v' || t.Kind == 'm' }

// Column is one attribute.
type Column struct {
	Name       string
	Type       string // format_type, qualified when outside pg_catalog
	BaseType   string // typname after domains are resolved (int4, jsonb, ...)
	Category   byte   // pg_type.typcategory of the base type (A array, N numeric, ...)
	Nullable   bool
	Default    string // the default as PostgREST reads it: nextval(seq) for identity BY DEFAULT, none for generated; "" when none
	Identity   bool
	Generated  bool
	Position   int
	Enum       []string
	MaxLen     int
	Comment    string
	IsPK, IsFK bool
	FKRef      string // "table.column" for OpenAPI
}

// IsJSON reports whether JSON arrows apply to the column directly.
func (c *Column) IsJSON() bool { return c.BaseType == "json" || c.BaseType == "jsonb" }

// Cardinality of a relationship seen from its origin.
type Cardinality int

const (
	M2O Cardinality = iota
	O2M
	O2O
	M2M
)

func (c Cardinality) String() string {
	return [...]string{"many-to-one", "one-to-many", "one-to-one", "many-to-many"}[c]
}

// Relationship links an origin relation to a target one.
type Relationship struct {
	Origin, Target QI
	Card           Cardinality
	Constraint     string
	Cols, FCols    []string // origin-side and target-side join columns (pairwise)
	FKOnOrigin     bool     // the FK constraint lives on the origin (M2O, or O2O from the FK side)
	IsSelf         bool
	// Many-to-many through a junction: origin.Cols = junction.JCols, junction.JFCols = target.FCols.
	Junction      QI
	JConstraint1  string
	JConstraint2  string
	JCols, JFCols []string
	// computed is set for a computed relationship: the target rows come from computed(origin row).
	computed *Function
}

// ToOne reports whether an embed along r yields an object rather than an array.
func (r *Relationship) ToOne() bool { return r.Card == M2O || r.Card == O2O }

// Function is a callable function.
type Function struct {
	QI
	OID        uint32
	Comment    string
	Params     []Param // input parameters in declaration order
	Volatility byte    // i, s, v
	RetSet     bool
	RetOneRow  bool   // SETOF declared ROWS 1: a computed relationship over it is to-one
	RetType    string // format_type of the return type
	RetVoid    bool
	RetScalar  bool      // not composite: bare value(s)
	RetTable   *Table    // when it returns rows of an exposed table or view
	RetColumns []*Column // columns of a composite / TABLE result
	Variadic   bool
}

// Param is one input parameter.
type Param struct {
	Name     string
	Type     string
	BaseType string
	Required bool
	Variadic bool
}

// table finds a relation.
func (c *Cache) table(schema, name string) *Table { return c.Tables[QI{schema, name}] }

// suggestTable returns the closest relation name in schema, for PGRST205's hint.
func (c *Cache) suggestTable(schema, name string) string {
	best, bestD := "", 1<<30
	for q := range c.Tables {
		if q.Schema != schema {
			continue
		}
		if d := levenshtein(strings.ToLower(q.Name), strings.ToLower(name)); d < bestD || (d == bestD && q.Name < best) {
			best, bestD = q.Name, d
		}
	}
	if bestD > len(name)/2+2 {
		return ""
	}
	return best
}

func levenshtein(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur := make([]int, len(rb)+1)
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}

// sortedTables returns the relations of schema by name (OpenAPI).
func (c *Cache) sortedTables(schema string) []*Table {
	var out []*Table
	for q, t := range c.Tables {
		if q.Schema == schema {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func (c *Cache) sortedFuncs(schema string) []*Function {
	var out []*Function
	for q, fs := range c.Funcs {
		if q.Schema == schema {
			out = append(out, fs...)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return len(out[i].Params) < len(out[j].Params)
	})
	return out
}
