package config

// Rest configures /rest/v1 (PostgREST names where they exist).
type Rest struct {
	Schemas []string // PGRST_DB_SCHEMAS, default "public"; the first is the default profile
	MaxRows int      // PGRST_DB_MAX_ROWS, 0 = unlimited
}

func loadRest(e env) Rest {
	r := Rest{Schemas: e.list("PGRST_DB_SCHEMAS"), MaxRows: e.int("PGRST_DB_MAX_ROWS", 0)}
	if len(r.Schemas) == 0 {
		r.Schemas = []string{"public"}
	}
	return r
}
