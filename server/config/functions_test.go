package config

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func loadFns(t *testing.T, vars map[string]string) (Functions, error) {
	t.Helper()
	e := env{get: func(k string) string { return vars[k] }}
	f := loadFunctions(e, ".data", ".", ":54321")
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

// FUNCTIONS_NET_ALLOW takes addresses and CIDR ranges; a host name or a port is
// refused (Deno denies by resolved address, and not port by port).
func TestFunctionsNetAllow(t *testing.T) {
	f, err := loadFns(t, map[string]string{"FUNCTIONS_NET_ALLOW": "10.1.2.0/24, 192.168.1.5,[fd00::7]"})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(f.Files.NetAllow); got != "[10.1.2.0/24 192.168.1.5/32 fd00::7/128]" {
		t.Errorf("parsed %s", got)
	}
	for _, bad := range []string{"db.internal", "10.0.0.5:5432"} {
		if _, err := loadFns(t, map[string]string{"FUNCTIONS_NET_ALLOW": bad}); err == nil || !strings.Contains(err.Error(), "FUNCTIONS_NET_ALLOW") {
			t.Errorf("%s: %v, want refused", bad, err)
		}
	}
}
