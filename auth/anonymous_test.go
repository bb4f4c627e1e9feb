package auth_test

import (
	"context"
	"encoding/base64"
	"strings"
	"testing"
	"time"

	"casarent/server/config"
	"casarent/server/pgrole"
)

func anonEnv(t *testing.T, tweak func(*config.Auth)) *env {
	return newEnv(t, func(c *config.Auth) {
		c.AnonymousUsersEnabled = true
		c.RateLimit.Header = "X-Real-Client-Ip"
		if tweak != nil {
			tweak(c)
		}
	})
}

func TestAnonymousSignInIsOffByDefault(t *testing.T) {
	e := newEnv(t, nil)
	wantError(t, e.call("POST", "/signup", map[string]any{}, ""), 422, "anonymous_provider_disabled")
	if ext := must(t, e.call("GET", "/settings", nil, ""), 200).Body["external"].(map[string]any); ext["anonymous_users"] != false {
		t.Fatalf("settings: %v", ext)
	}
}

func TestAnonymousSignInMakesAGuest(t *testing.T) {
	e := anonEnv(t, nil)
	r := must(t, e.call("POST", "/signup", map[string]any{"data": map[string]any{"locale": "fr"}}, ""), 200)
	u := r.user()
	if u["is_anonymous"] != true || u["email"] != "" || len(u["identities"].([]any)) != 0 {
		t.Fatalf("user: %v", u)
	}
	if am := u["app_metadata"].(map[string]any); am["provider"] != "anonymous" {
		t.Fatalf("app_metadata: %v", am)
	}
	if um := u["user_metadata"].(map[string]any); um["locale"] != "fr" {
		t.Fatalf("user_metadata: %v", um)
	}
	c := decodeClaims(t, r.str("access_token"))
	amr := c["amr"].([]any)
	if c["is_anonymous"] != true || c["role"] != "authenticated" || c["sub"] != u["id"] || amr[0].(map[string]any)["method"] != "anonymous" {
		t.Fatalf("claims: %v", c)
	}
	var stored bool
	if err := e.db.Admin.QueryRow(context.Background(), `select is_anonymous from auth.users where id = $1`, u["id"]).Scan(&stored); err != nil || !stored {
		t.Fatalf("auth.users.is_anonymous = %v (%v)", stored, err)
	}
	// The guest's session refreshes like any other and keeps the claim.
	rr := must(t, e.call("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": r.str("refresh_token")}, ""), 200)
	if decodeClaims(t, rr.str("access_token"))["is_anonymous"] != true {
		t.Fatal("refreshed token lost is_anonymous")
	}
	if ext := must(t, e.call("GET", "/settings", nil, ""), 200).Body["external"].(map[string]any); ext["anonymous_users"] != true {
		t.Fatalf("settings: %v", ext)
	}
	// A password alone would give a guest nothing to sign in with.
	wantError(t, e.call("PUT", "/user", map[string]any{"password": "pass-word-1"}, r.str("access_token")), 422, "validation_failed")
}

// Anonymous sign-ins have their own bucket per address: using it up leaves
// e-mail sign-ups from that address alone, and other addresses unaffected.
func TestAnonymousSignInsHaveTheirOwnRateLimit(t *testing.T) {
	e := anonEnv(t, func(c *config.Auth) {
		c.RateLimit.Anonymous = config.Rate{N: 2, Period: time.Hour}
		c.MailerAutoconfirm = true
	})
	for range 2 {
		must(t, e.call("POST", "/signup", map[string]any{}, "", fromIP("203.0.113.9")...), 200)
	}
	wantError(t, e.call("POST", "/signup", map[string]any{}, "", fromIP("203.0.113.9")...), 429, "over_request_rate_limit")
	must(t, e.call("POST", "/signup", map[string]any{}, "", fromIP("203.0.113.10")...), 200)
	must(t, e.call("POST", "/signup", map[string]any{"email": "ana@example.test", "password": "pass-word-1"}, "", fromIP("203.0.113.9")...), 200)
}

// A guest who adds an address and confirms it is the same user (same id, its
// rows kept) with is_anonymous cleared and an email identity; until then it
// is still a guest. An RLS policy reading is_anonymous from the JWT tells them apart.
func TestGuestConvertedByEmailKeepsItsIdAndRows(t *testing.T) {
	e := anonEnv(t, nil)
	ctx := context.Background()
	e.db.ExecFile(t, "contract/anonymous-fixture.sql") // the contract suite's guest_notes
	insert := func(tok, body string) error {
		payload, _ := base64.RawURLEncoding.DecodeString(strings.Split(tok, ".")[1])
		return pgrole.Do(ctx, e.db.Pool, pgrole.Session{Role: "authenticated", ClaimsJSON: payload, Method: "POST", Path: "/test"},
			func(c pgrole.Conn) error {
				_, err := c.Exec(ctx, `insert into public.guest_notes (body) values ($1)`, body)
				return err
			})
	}

	r := must(t, e.call("POST", "/signup", map[string]any{}, ""), 200)
	id, tok := r.user()["id"].(string), r.str("access_token")
	if err := insert(tok, "short"); err != nil {
		t.Fatalf("guest insert: %v", err)
	}
	if err := insert(tok, "a longer note"); err == nil || !strings.Contains(err.Error(), "row-level security") {
		t.Fatalf("a guest wrote a long note: %v", err)
	}

	u := must(t, e.call("PUT", "/user", map[string]any{"email": "guest@example.test"}, tok), 200)
	if u.Body["is_anonymous"] != true || u.Body["new_email"] != "guest@example.test" {
		t.Fatalf("before confirmation: %s", u.Raw)
	}
	_, link := e.lastLink("guest@example.test", 1)
	s := fragment(e.follow(link))
	tok2 := s.Get("access_token")
	if tok2 == "" {
		t.Fatalf("no session after confirming: %v", s)
	}
	got := must(t, e.call("GET", "/user", nil, tok2), 200)
	if got.Body["id"] != id || got.Body["is_anonymous"] != false || got.Body["email"] != "guest@example.test" {
		t.Fatalf("converted: %s", got.Raw)
	}
	ids := got.Body["identities"].([]any)
	if len(ids) != 1 || ids[0].(map[string]any)["provider"] != "email" {
		t.Fatalf("identities: %v", ids)
	}
	if p := got.Body["app_metadata"].(map[string]any)["providers"].([]any); len(p) != 1 || p[0] != "email" {
		t.Fatalf("providers: %v", p)
	}
	if decodeClaims(t, tok2)["is_anonymous"] != false {
		t.Fatal("the converted user's token still says anonymous")
	}
	if err := insert(tok2, "a longer note"); err != nil {
		t.Fatalf("member insert: %v", err)
	}
	var n int
	if err := e.db.Admin.QueryRow(ctx, `select count(*) from public.guest_notes where owner = $1`, id).Scan(&n); err != nil || n != 2 {
		t.Fatalf("rows of the converted guest: %d (%v)", n, err)
	}
	// Now a member, it signs in with a password set later like anyone.
	must(t, e.call("PUT", "/user", map[string]any{"password": "pass-word-1"}, tok2), 200)
	must(t, e.signIn("guest@example.test", "pass-word-1"), 200)
}

// With SECURITY_CAPTCHA_ENABLED, an anonymous sign-in needs a token the
// captcha provider (here a stand-in of hCaptcha's siteverify) accepts.
func TestAnonymousSignInPassesTheCaptcha(t *testing.T) {
	e := anonEnv(t, withCaptchaSite(t))
	wantError(t, e.call("POST", "/signup", map[string]any{}, ""), 500, "unexpected_failure")
	r := e.call("POST", "/signup", map[string]any{"gotrue_meta_security": map[string]any{"captcha_token": "bad-token"}}, "")
	wantError(t, r, 400, "captcha_failed")
	if !strings.Contains(r.str("msg"), "invalid-input-response") {
		t.Fatalf("message: %s", r.Raw)
	}
	must(t, e.call("POST", "/signup", map[string]any{"gotrue_meta_security": map[string]any{"captcha_token": "good-token"}}, ""), 200)
}

// A guest never holds an address it did not prove. Under MAILER_AUTOCONFIRM the
// guest's new address still waits for its link (the password sent with it opens
// nothing meanwhile); with no mail server the change cannot complete and the
// answer says so.
func TestGuestEmailChangeAlwaysNeedsTheLink(t *testing.T) {
	e := anonEnv(t, func(c *config.Auth) { c.MailerAutoconfirm = true })
	tok := must(t, e.call("POST", "/signup", map[string]any{}, ""), 200).str("access_token")
	u := must(t, e.call("PUT", "/user", map[string]any{"email": "newstaff@agency.test", "password": "guest-password-1"}, tok), 200)
	if u.Body["is_anonymous"] != true || u.Body["new_email"] != "newstaff@agency.test" || u.Body["email"] != "" {
		t.Fatalf("a guest's address was taken at once: %s", u.Raw)
	}
	wantError(t, e.signIn("newstaff@agency.test", "guest-password-1"), 400, "invalid_credentials")
	// The owner of the address confirms it: only then is it the account's.
	_, link := e.lastLink("newstaff@agency.test", 1)
	if s := fragment(e.follow(link)); s.Get("access_token") == "" {
		t.Fatalf("no session after confirming: %v", s)
	}
	must(t, e.signIn("newstaff@agency.test", "guest-password-1"), 200)

	n := anonEnvNoSMTP(t)
	tok = must(t, n.call("POST", "/signup", map[string]any{}, ""), 200).str("access_token")
	r := n.call("PUT", "/user", map[string]any{"email": "newstaff@agency.test", "password": "guest-password-1"}, tok)
	wantError(t, r, 500, "unexpected_failure")
	if !strings.Contains(r.str("msg"), "no mail server is configured") {
		t.Fatalf("message: %s", r.Raw)
	}
	got := must(t, n.call("GET", "/user", nil, tok), 200)
	if got.Body["is_anonymous"] != true || got.Body["email"] != "" || got.Body["new_email"] != nil {
		t.Fatalf("after the refused change: %s", got.Raw)
	}
	wantError(t, n.signIn("newstaff@agency.test", "guest-password-1"), 400, "invalid_credentials")
	// A member (not a guest) still changes address at once under autoconfirm.
	id := n.createUser("member@agency.test", "member-password-1", nil)
	mtok := must(t, n.signIn("member@agency.test", "member-password-1"), 200).str("access_token")
	if m := must(t, n.call("PUT", "/user", map[string]any{"email": "member2@agency.test"}, mtok), 200); m.Body["email"] != "member2@agency.test" || m.Body["id"] != id {
		t.Fatalf("member's change under autoconfirm: %s", m.Raw)
	}
}

func anonEnvNoSMTP(t *testing.T) *env {
	return newEnvNoSMTP(t, func(c *config.Auth) {
		c.AnonymousUsersEnabled = true
		c.MailerAutoconfirm = true // forced on without SMTP_HOST
	})
}
