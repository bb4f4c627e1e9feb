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

func TestFunctionsDefaults(t *testing.T) {
	f, err := loadFns(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	p := f.PayPal
	if p.BaseURL != PayPalSandboxURL || p.Currency != "EUR" || p.MADPerUnit != "10.8" || p.Configured() || p.Simulated || p.Timeout != 15*time.Second {
		t.Fatalf("defaults: %+v", p)
	}
	if f.Outbox.PollInterval != 2*time.Second || f.Outbox.BatchSize != 20 {
		t.Fatalf("outbox defaults: %+v", f.Outbox)
	}
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

func TestFunctionsValidation(t *testing.T) {
	for _, tc := range []struct {
		vars map[string]string
		want string
	}{
		{map[string]string{"PAYPAL_CURRENCY": "MAD"}, "cannot be MAD"},
		{map[string]string{"PAYPAL_CURRENCY": "euro"}, "3-letter"},
		{map[string]string{"PAYPAL_MAD_PER_UNIT": "0"}, "positive decimal"},
		{map[string]string{"PAYPAL_MAD_PER_UNIT": "-1"}, "positive decimal"},
		{map[string]string{"PAYPAL_CLIENT_ID": "x"}, "set together"},
		{map[string]string{"PAYPAL_BASE_URL": "api-m.paypal.com"}, "absolute"},
		{map[string]string{"PAYPAL_SIMULATED": "true", "ENVIRONMENT": "production"}, "production"},
		{map[string]string{"AGENCY_EMAIL": "agency"}, "AGENCY_EMAIL"},
		{map[string]string{"PAYPAL_ABANDON_AFTER": "5m"}, "PAYPAL_ABANDON_AFTER"},
		{map[string]string{"PAYPAL_RECONCILE_INTERVAL": "-1m"}, "PAYPAL_RECONCILE_INTERVAL"},
	} {
		_, err := loadFns(t, tc.vars)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.vars, err, tc.want)
		}
	}
	f, err := loadFns(t, map[string]string{"PAYPAL_CLIENT_ID": "id", "PAYPAL_CLIENT_SECRET": "s", "PAYPAL_BASE_URL": "https://api-m.paypal.com/",
		"PAYPAL_CURRENCY": "usd", "PAYPAL_MAD_PER_UNIT": "9.95", "AGENCY_EMAIL": "a@b.ma"})
	if err != nil || !f.PayPal.Configured() || f.PayPal.BaseURL != PayPalLiveURL || f.PayPal.Currency != "USD" ||
		f.PayPal.ReconcileEvery != 5*time.Minute || f.PayPal.AbandonAfter != 3*time.Hour {
		t.Fatalf("live: %+v %v", f.PayPal, err)
	}
}
