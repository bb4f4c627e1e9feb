package config

import (
	"strings"
	"testing"
	"time"
)

func loadFns(t *testing.T, vars map[string]string) (Functions, error) {
	t.Helper()
	e := env{get: func(k string) string { return vars[k] }}
	f := loadFunctions(e, ".data", ":54321")
	if e.err != nil {
		return f, e.err
	}
	return f, f.validate()
}

// The file functions follow the Supabase CLI's layout and edge-runtime's limits;
// functions reach this server on its own port.
func TestFileFunctionsDefaults(t *testing.T) {
	f, err := loadFns(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	ff := f.Files
	if ff.Dir != "supabase/functions" || ff.ConfigPath != "supabase/config.toml" || ff.DenoDir != ".data/deno" ||
		ff.SupabaseURL != "http://127.0.0.1:54321" || !ff.HotReload || ff.CPUTime != 2*time.Second ||
		ff.WallClock != 150*time.Second || ff.MemoryMB != 256 {
		t.Fatalf("defaults: %+v", ff)
	}
	f, _ = loadFns(t, map[string]string{"ENVIRONMENT": "production", "FUNCTIONS_DIR": "/srv/fns"})
	if f.Files.HotReload || f.Files.ConfigPath != "/srv/config.toml" {
		t.Fatalf("production: %+v", f.Files)
	}
	if _, err := loadFns(t, map[string]string{"FUNCTIONS_MAX_CONCURRENT": "0"}); err == nil || !strings.Contains(err.Error(), "FUNCTIONS_MAX_CONCURRENT") {
		t.Fatalf("FUNCTIONS_MAX_CONCURRENT=0: %v", err)
	}
}
