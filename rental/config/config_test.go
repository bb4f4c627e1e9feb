package config

import (
	"strings"
	"testing"
	"time"
)

func load(vars map[string]string) (Config, error) {
	return Load(func(k string) string { return vars[k] })
}

func TestDefaults(t *testing.T) {
	c, err := load(nil)
	if err != nil {
		t.Fatal(err)
	}
	p := c.PayPal
	if p.BaseURL != PayPalSandboxURL || p.Currency != "EUR" || p.MADPerUnit != "10.8" || p.Configured() || p.Simulated || p.Timeout != 15*time.Second {
		t.Fatalf("defaults: %+v", p)
	}
	if c.Outbox.PollInterval != 2*time.Second || c.Outbox.BatchSize != 20 || c.HoldExpiryEvery != time.Minute || c.PickupReminderEvery != 5*time.Minute || c.AgencyEmail != "" || !c.AdminMFARequired {
		t.Fatalf("defaults: %+v", c)
	}
}

func TestValidation(t *testing.T) {
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
		{map[string]string{"ADMIN_MFA_REQUIRED": "false", "ENVIRONMENT": "production"}, "ADMIN_MFA_REQUIRED cannot be false in production"},
		{map[string]string{"PAYPAL_ABANDON_AFTER": "5m"}, "PAYPAL_ABANDON_AFTER"},
		{map[string]string{"PAYPAL_RECONCILE_INTERVAL": "-1m"}, "PAYPAL_RECONCILE_INTERVAL"},
		{map[string]string{"HOLD_EXPIRY_INTERVAL": "-1m"}, "HOLD_EXPIRY_INTERVAL"},
		{map[string]string{"OUTBOX_BATCH_SIZE": "0"}, "OUTBOX_BATCH_SIZE"},
		// Malformed values are reported as the server's own settings are.
		{map[string]string{"PAYPAL_TIMEOUT": "soon"}, `PAYPAL_TIMEOUT="soon" is not a duration`},
		{map[string]string{"PAYPAL_SIMULATED": "maybe"}, "PAYPAL_SIMULATED"},
	} {
		_, err := load(tc.vars)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.vars, err, tc.want)
		}
	}
	c, err := load(map[string]string{"PAYPAL_CLIENT_ID": "id", "PAYPAL_CLIENT_SECRET": "s", "PAYPAL_BASE_URL": "https://api-m.paypal.com/",
		"PAYPAL_CURRENCY": "usd", "PAYPAL_MAD_PER_UNIT": "9.95", "AGENCY_EMAIL": "a@b.ma", "HOLD_EXPIRY_INTERVAL": "30", "ADMIN_MFA_REQUIRED": "false"})
	if err != nil || !c.PayPal.Configured() || c.PayPal.BaseURL != PayPalLiveURL || c.PayPal.Currency != "USD" ||
		c.PayPal.ReconcileEvery != 5*time.Minute || c.PayPal.AbandonAfter != 3*time.Hour || c.AgencyEmail != "a@b.ma" ||
		c.HoldExpiryEvery != 30*time.Second || c.AdminMFARequired {
		t.Fatalf("live: %+v %v", c, err)
	}
}
