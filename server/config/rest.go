package config

// Rest configures /rest/v1 (PostgREST names where they exist).
type Rest struct {
	Schemas []string // PGRST_DB_SCHEMAS, default "public"; the first is the default profile
	MaxRows int      // PGRST_DB_MAX_ROWS, 0 = unlimited
	// ExtraSearchPath follows the request's schema in search_path:
	// PGRST_DB_EXTRA_SEARCH_PATH, default "public" (Supabase's projects say "public, extensions").
	ExtraSearchPath []string
	// The request budget: how deeply select may embed and how many fields it may
	// name (PGRST_MAX_EMBED_DEPTH, default 6; PGRST_MAX_SELECT_ITEMS, default 500).
	MaxEmbedDepth  int
	MaxSelectItems int
	// And how much the filters and ordering may name in all: values of in= (and
	// other) lists, conditions of or=/and= trees, columns of order=
	// (PGRST_MAX_IN_VALUES, default 1000; PGRST_MAX_LOGIC_TERMS, default 500;
	// PGRST_MAX_ORDER_TERMS, default 100).
	MaxInValues   int
	MaxLogicTerms int
	MaxOrderTerms int
	// PlanEnabled serves explain() (Accept: application/vnd.pgrst.plan), as
	// PostgREST's db-plan-enabled: PGRST_DB_PLAN_ENABLED, default false.
	PlanEnabled bool
}

func loadRest(e env) Rest {
	r := Rest{Schemas: e.list("PGRST_DB_SCHEMAS"), MaxRows: e.int("PGRST_DB_MAX_ROWS", 0), ExtraSearchPath: e.list("PGRST_DB_EXTRA_SEARCH_PATH"),
		MaxEmbedDepth: e.int("PGRST_MAX_EMBED_DEPTH", 6), MaxSelectItems: e.int("PGRST_MAX_SELECT_ITEMS", 500),
		MaxInValues: e.int("PGRST_MAX_IN_VALUES", 1000), MaxLogicTerms: e.int("PGRST_MAX_LOGIC_TERMS", 500),
		MaxOrderTerms: e.int("PGRST_MAX_ORDER_TERMS", 100),
		PlanEnabled:   e.bool("PGRST_DB_PLAN_ENABLED", false)}
	if len(r.Schemas) == 0 {
		r.Schemas = []string{"public"}
	}
	// The request budget's defaults: deeper than anything supabase-js users write
	// by hand, far below what stalls PostgreSQL. Zero or less means the default.
	if r.MaxEmbedDepth <= 0 {
		r.MaxEmbedDepth = 6
	}
	if r.MaxSelectItems <= 0 {
		r.MaxSelectItems = 500
	}
	if r.MaxInValues <= 0 {
		r.MaxInValues = 1000
	}
	if r.MaxLogicTerms <= 0 {
		r.MaxLogicTerms = 500
	}
	if r.MaxOrderTerms <= 0 {
		r.MaxOrderTerms = 100
	}
	return r
}

// RestDefaults is the /rest/v1 configuration of an empty environment, for code
// that builds the surface without Load (tests, benchmarks).
func RestDefaults() Rest { return loadRest(env{get: func(string) string { return "" }}) }
