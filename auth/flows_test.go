package auth_test

import (
	"fmt"
	"strings"
	"testing"

	"casarent/server/config"
)

func TestRecoveryThroughEmailLink(t *testing.T) {
	e := newEnv(t, nil)
	e.createUser("lea@example.test", "old-password", nil)

	// Unknown address: the same answer, and no email.
	r := must(t, e.call("POST", "/recover", map[string]any{"email": "ghost@example.test"}, ""), 200)
	if r.Raw != "{}" {
		t.Fatalf("recover: %s", r.Raw)
	}
	must(t, e.call("POST", "/recover?redirect_to="+siteURL+"/reset", map[string]any{"email": "LEA@example.test"}, "", "Accept-Language", "ar-MA,ar;q=0.9,fr;q=0.5"), 200)
	if n := len(e.sink.To("ghost@example.test")); n != 0 {
		t.Fatalf("email to unknown address")
	}
	m, link := e.lastLink("lea@example.test", 1)
	if m.Subject != "إعادة تعيين كلمة المرور" || !strings.Contains(m.HTML, `dir="rtl"`) {
		t.Fatalf("Arabic recovery expected: %q", m.Subject)
	}
	f := fragment(e.follow(link))
	if f.Get("type") != "recovery" || f.Get("access_token") == "" {
		t.Fatalf("recovery redirect: %v", f)
	}
	must(t, e.call("PUT", "/user", map[string]any{"password": "brand-new-pass"}, f.Get("access_token")), 200)
	wantError(t, e.signIn("lea@example.test", "old-password"), 400, "invalid_credentials")
	must(t, e.signIn("lea@example.test", "brand-new-pass"), 200)
}

func TestMagicLinkAndOTPCode(t *testing.T) {
	e := newEnv(t, nil)
	e.createUser("max@example.test", "pass-word", nil)
	must(t, e.call("POST", "/otp", map[string]any{"email": "max@example.test", "create_user": true}, "", "Accept-Language", "en-GB,en;q=0.8"), 200)
	m, link := e.lastLink("max@example.test", 1)
	if m.Subject != "Your sign-in link" || link.Query().Get("type") != "magiclink" {
		t.Fatalf("magic link: %q %s", m.Subject, link)
	}
	// The code of the same email signs in through POST /verify.
	code := strings.TrimSpace(m.Text[strings.Index(m.Text, "Or enter this code:")+len("Or enter this code:"):])
	code = strings.Fields(code)[0]
	wantError(t, e.call("POST", "/verify", map[string]any{"type": "magiclink", "email": "max@example.test", "token": "000000x"}, ""), 403, "otp_expired")
	s := must(t, e.call("POST", "/verify", map[string]any{"type": "magiclink", "email": "max@example.test", "token": code}, ""), 200)
	if s.str("access_token") == "" || s.user()["email"] != "max@example.test" {
		t.Fatalf("verify code: %s", s.Raw)
	}
	// Used once only: the link is now dead too.
	if f := fragment(e.follow(link)); f.Get("error_code") != "otp_expired" {
		t.Fatalf("reused magic link: %v", f)
	}

	// create_user:false for an unknown address: 200 {} as for an existing one
	// (GoTrue says otp_disabled, which tells who has an account), and no email.
	must(t, e.call("POST", "/otp", map[string]any{"email": "new@example.test", "create_user": false}, ""), 200)
	if n := len(e.sink.To("new@example.test")); n != 0 {
		t.Fatalf("%d emails to an unknown address with create_user false", n)
	}
	// A new address gets a confirmation (sign-up) email.
	must(t, e.call("POST", "/otp", map[string]any{"email": "new@example.test", "data": map[string]any{"first_name": "Nour"}}, ""), 200)
	_, l2 := e.lastLink("new@example.test", 1)
	if l2.Query().Get("type") != "signup" {
		t.Fatalf("new user link: %s", l2)
	}
	// token_hash from the link works with POST /verify.
	s2 := must(t, e.call("POST", "/verify", map[string]any{"type": "email", "token_hash": l2.Query().Get("token")}, ""), 200)
	if s2.user()["user_metadata"].(map[string]any)["first_name"] != "Nour" {
		t.Fatalf("%s", s2.Raw)
	}
	wantError(t, e.call("POST", "/verify", map[string]any{"type": "signup", "token": "1", "token_hash": "2"}, ""), 400, "validation_failed")
}

func TestResendAndMaxFrequency(t *testing.T) {
	e := newEnv(t, func(c *config.Auth) { c.RateLimit.MaxFrequency = 60_000_000_000 })
	must(t, e.call("POST", "/signup", map[string]any{"email": "ned@example.test", "password": "pass-word"}, ""), 200)
	// Too soon: nothing is sent, and nothing is said (an unknown address would get 200 too).
	must(t, e.call("POST", "/resend", map[string]any{"type": "signup", "email": "ned@example.test"}, ""), 200)
	if n := len(e.sink.To("ned@example.test")); n != 1 {
		t.Fatalf("%d emails after a resend within the minute, want the first only", n)
	}
	e.clock.Add(61_000_000_000)
	must(t, e.call("POST", "/resend", map[string]any{"type": "signup", "email": "ned@example.test"}, ""), 200)
	_, first := e.lastLink("ned@example.test", 1)
	_, second := e.lastLink("ned@example.test", 2)
	// Only the newest link confirms.
	if f := fragment(e.follow(first)); f.Get("error_code") != "otp_expired" {
		t.Fatalf("old link still works: %v", f)
	}
	if f := fragment(e.follow(second)); f.Get("access_token") == "" {
		t.Fatalf("new link: %v", f)
	}
	// Nothing to resend: still 200, no email.
	must(t, e.call("POST", "/resend", map[string]any{"type": "signup", "email": "nobody@example.test"}, ""), 200)
}

func TestExpiredLink(t *testing.T) {
	e := newEnv(t, nil)
	must(t, e.call("POST", "/signup", map[string]any{"email": "oz@example.test", "password": "pass-word"}, ""), 200)
	_, link := e.lastLink("oz@example.test", 1)
	e.clock.Add(e.cfg.MailerOTPExp + 1_000_000_000)
	if f := fragment(e.follow(link)); f.Get("error_code") != "otp_expired" || !strings.Contains(f.Get("error_description"), "invalid or has expired") {
		t.Fatalf("expired link: %v", f)
	}
}

func TestRedirectToOutsideAllowListFallsBackToSiteURL(t *testing.T) {
	e := newEnv(t, func(c *config.Auth) {
		c.AdditionalRedirectURLs = []string{"http://localhost:5173/**", "https://*.casa.test/auth/*"}
	})
	for i, tc := range []struct{ asked, want string }{
		{"https://evil.test/steal", siteURL},
		{"http://localhost:5173/account/settings", "http://localhost:5173/account/settings"},
		{"https://fr.casa.test/auth/callback", "https://fr.casa.test/auth/callback"},
		{"https://fr.casa.test/auth/a/b", siteURL},
		{siteURL + "/deep/path", siteURL + "/deep/path"},
	} {
		email := fmt.Sprintf("redirect%d@example.test", i)
		must(t, e.call("POST", "/signup?redirect_to="+tc.asked, map[string]any{"email": email, "password": "pass-word"}, ""), 200)
		_, link := e.lastLink(email, 1)
		if got := link.Query().Get("redirect_to"); got != tc.want {
			t.Errorf("redirect_to %s: link has %s, want %s", tc.asked, got, tc.want)
		}
	}
}
