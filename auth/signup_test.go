package auth_test

import (
	"strings"
	"testing"

	"casarent/server/config"
)

func TestSignupAutoconfirmGivesSession(t *testing.T) {
	e := newEnv(t, func(c *config.Auth) { c.MailerAutoconfirm = true })
	r := must(t, e.call("POST", "/signup", map[string]any{"email": "Eve@Example.test", "password": "pass-word",
		"data": map[string]any{"first_name": "Eve", "last_name": "Adams"}, "gotrue_meta_security": map[string]any{},
		"code_challenge": nil, "code_challenge_method": nil}, ""), 200)
	if r.str("access_token") == "" || r.str("refresh_token") == "" {
		t.Fatalf("no session: %s", r.Raw)
	}
	u := r.user()
	meta := u["user_metadata"].(map[string]any)
	if meta["first_name"] != "Eve" || meta["email_verified"] != true || u["email_confirmed_at"] == nil {
		t.Fatalf("user: %v", u)
	}
	// The app's trigger made a profile (inserts go through the normal table).
	var first string
	if err := e.db.Admin.QueryRow(t.Context(), `select first_name from public.profiles where id = $1`, u["id"]).Scan(&first); err != nil || first != "Eve" {
		t.Fatalf("profile: %q %v", first, err)
	}
	// No email is sent when confirming automatically.
	if n := len(e.sink.Messages()); n != 0 {
		t.Fatalf("%d emails sent", n)
	}
	wantError(t, e.call("POST", "/signup", map[string]any{"email": "eve@example.test", "password": "another-pass"}, ""), 422, "user_already_exists")
}

func TestSignupWithConfirmationEmail(t *testing.T) {
	e := newEnv(t, nil)
	r := must(t, e.call("POST", "/signup?redirect_to="+siteURL+"/welcome", map[string]any{"email": "fay@example.test", "password": "pass-word",
		"data": map[string]any{"first_name": "Fay"}}, ""), 200)
	if r.str("access_token") != "" || r.str("id") == "" || r.Body["confirmation_sent_at"] == nil || r.Body["email_confirmed_at"] != nil {
		t.Fatalf("want a bare unconfirmed user: %s", r.Raw)
	}
	if ids := r.Body["identities"].([]any); len(ids) != 1 {
		t.Fatalf("identities: %v", ids)
	}
	wantError(t, e.signIn("fay@example.test", "pass-word"), 400, "email_not_confirmed")
	wantError(t, e.signIn("fay@example.test", "wrong-pass"), 400, "invalid_credentials")

	m, link := e.lastLink("fay@example.test", 1)
	if m.Subject != "Confirmez votre adresse e-mail" || !strings.Contains(m.HTML, `lang="fr"`) || !strings.Contains(m.Text, "Bonjour Fay") {
		t.Fatalf("French confirmation expected: %q %q", m.Subject, m.Text)
	}
	if link.Host != "api.test" || link.Query().Get("type") != "signup" || link.Query().Get("redirect_to") != siteURL+"/welcome" {
		t.Fatalf("link: %s", link)
	}
	loc := e.follow(link)
	f := fragment(loc)
	if loc.Host != "site.test" || loc.Path != "/welcome" || f.Get("access_token") == "" || f.Get("refresh_token") == "" ||
		f.Get("token_type") != "bearer" || f.Get("type") != "signup" || f.Get("expires_in") != "3600" || f.Get("expires_at") == "" {
		t.Fatalf("redirect: %s", loc)
	}
	u := must(t, e.call("GET", "/user", nil, f.Get("access_token")), 200)
	if u.Body["email_confirmed_at"] == nil || u.Body["user_metadata"].(map[string]any)["email_verified"] != true {
		t.Fatalf("not confirmed: %s", u.Raw)
	}
	must(t, e.signIn("fay@example.test", "pass-word"), 200)

	// The link is single-use.
	again := fragment(e.follow(link))
	if again.Get("error_code") != "otp_expired" || again.Get("error") != "access_denied" || again.Get("access_token") != "" {
		t.Fatalf("reused link: %v", again)
	}

	// Signing up again with the confirmed address: a fake user, no email, no session.
	fake := must(t, e.call("POST", "/signup", map[string]any{"email": "fay@example.test", "password": "pass-word-2"}, ""), 200)
	if ids := fake.Body["identities"].([]any); len(ids) != 0 || fake.str("id") == u.str("id") || fake.str("access_token") != "" {
		t.Fatalf("fake user: %s", fake.Raw)
	}
	if n := len(e.sink.To("fay@example.test")); n != 1 {
		t.Fatalf("%d emails", n)
	}
}

func TestSignupValidation(t *testing.T) {
	e := newEnv(t, func(c *config.Auth) { c.PasswordMinLength = 8 })
	r := e.call("POST", "/signup", map[string]any{"email": "gil@example.test", "password": "short"}, "")
	wantError(t, r, 422, "weak_password")
	wp := r.Body["weak_password"].(map[string]any)
	if reasons := wp["reasons"].([]any); len(reasons) != 1 || reasons[0] != "length" || !strings.Contains(r.str("msg"), "8 characters") {
		t.Fatalf("weak password: %s", r.Raw)
	}
	wantError(t, e.call("POST", "/signup", map[string]any{"email": "gil@example.test", "password": strings.Repeat("x", 73)}, ""), 400, "validation_failed")
	wantError(t, e.call("POST", "/signup", map[string]any{"email": "not-an-email", "password": "long-enough"}, ""), 400, "validation_failed")
	wantError(t, e.call("POST", "/signup", map[string]any{"email": "gil@example.test"}, ""), 400, "validation_failed")

	off := newEnv(t, func(c *config.Auth) { c.DisableSignup = true })
	wantError(t, off.call("POST", "/signup", map[string]any{"email": "gil@example.test", "password": "long-enough"}, ""), 422, "signup_disabled")
	s := must(t, off.call("GET", "/settings", nil, ""), 200)
	if s.Body["disable_signup"] != true || s.Body["external"].(map[string]any)["email"] != true || s.Body["password_min_length"] != float64(6) {
		t.Fatalf("settings: %s", s.Raw)
	}
}

func TestRequiredCharacters(t *testing.T) {
	e := newEnv(t, func(c *config.Auth) { c.PasswordRequiredCharacters = "abcdefghijklmnopqrstuvwxyz:0123456789" })
	r := e.call("POST", "/signup", map[string]any{"email": "hal@example.test", "password": "onlyletters"}, "")
	wantError(t, r, 422, "weak_password")
	if reasons := r.Body["weak_password"].(map[string]any)["reasons"].([]any); reasons[0] != "characters" {
		t.Fatalf("%s", r.Raw)
	}
	must(t, e.call("POST", "/signup", map[string]any{"email": "hal@example.test", "password": "letters4and2digits"}, ""), 200)
}
