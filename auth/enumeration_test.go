package auth_test

import (
	"testing"
	"time"

	"casarent/server/config"
)

// The endpoints that take an email answer an address with an
// account exactly as one without, including when asked twice within a minute
// (the second time nothing is sent to either). They also take at least the reply
// floor, so the email sent for one does not show in the timing.
func TestEmailEndpointsDoNotTellWhoHasAnAccount(t *testing.T) {
	e := newEnv(t, func(c *config.Auth) {
		c.RateLimit.MaxFrequency = time.Minute
		c.EmailReplyFloor = 150 * time.Millisecond
		c.MailerAutoconfirm = true
	})
	must(t, e.call("POST", "/signup", map[string]any{"email": "known@example.test", "password": "pass-word"}, ""), 200)
	calls := []struct {
		path string
		body func(email string) map[string]any
	}{
		{"/otp", func(m string) map[string]any { return map[string]any{"email": m, "create_user": false} }},
		{"/recover", func(m string) map[string]any { return map[string]any{"email": m} }},
		{"/recover", func(m string) map[string]any { return map[string]any{"email": m} }}, // again within the minute
		{"/resend", func(m string) map[string]any { return map[string]any{"type": "signup", "email": m} }},
	}
	for _, c := range calls {
		start := time.Now()
		known := e.call("POST", c.path, c.body("known@example.test"), "")
		tookKnown := time.Since(start)
		start = time.Now()
		unknown := e.call("POST", c.path, c.body("nobody@example.test"), "")
		tookUnknown := time.Since(start)
		if known.Status != unknown.Status || known.Raw != unknown.Raw {
			t.Errorf("%s: an account gets %d %s, no account %d %s", c.path, known.Status, known.Raw, unknown.Status, unknown.Raw)
		}
		if tookKnown < 150*time.Millisecond || tookUnknown < 150*time.Millisecond {
			t.Errorf("%s answered in %s / %s, before the reply floor", c.path, tookKnown, tookUnknown)
		}
	}
	if n := len(e.sink.To("nobody@example.test")); n != 0 {
		t.Fatalf("%d emails to an address without an account", n)
	}
}
