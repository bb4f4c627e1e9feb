package auth_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"casarent/server/config"
	"casarent/server/jwtauth"
	"casarent/server/pgtest"
)

func TestAdminUsersCRUD(t *testing.T) {
	e := newEnv(t, nil)
	// Only service_role may use the admin API.
	wantError(t, e.call("GET", "/admin/users", nil, ""), 403, "not_admin")
	e.createUser("owner@example.test", "pass-word", nil)
	s := must(t, e.signIn("owner@example.test", "pass-word"), 200)
	wantError(t, e.call("GET", "/admin/users", nil, s.str("access_token")), 403, "not_admin")

	for i := range 3 {
		e.createUser(fmt.Sprintf("u%d@example.test", i), "pass-word", map[string]any{"n": i})
	}
	l := must(t, e.admin("GET", "/admin/users?page=1&per_page=2", nil), 200)
	if users := l.Body["users"].([]any); len(users) != 2 || l.Body["aud"] != "authenticated" {
		t.Fatalf("list: %s", l.Raw)
	}
	if l.Header.Get("X-Total-Count") != "4" || !strings.Contains(l.Header.Get("Link"), `rel="next"`) || !strings.Contains(l.Header.Get("Link"), "page=2") {
		t.Fatalf("paging headers: %v", l.Header)
	}

	c := must(t, e.admin("POST", "/admin/users", map[string]any{"email": "new@example.test", "password": "pass-word",
		"user_metadata": map[string]any{"first_name": "Nadia"}, "app_metadata": map[string]any{"plan": "gold"}}), 200)
	id := c.str("id")
	if c.Body["email_confirmed_at"] != nil || c.Body["app_metadata"].(map[string]any)["plan"] != "gold" || c.Body["app_metadata"].(map[string]any)["provider"] != "email" {
		t.Fatalf("create: %s", c.Raw)
	}
	wantError(t, e.admin("POST", "/admin/users", map[string]any{"email": "NEW@example.test", "password": "pass-word"}), 422, "email_exists")
	wantError(t, e.admin("POST", "/admin/users", map[string]any{"email": "weak@example.test", "password": "123"}), 422, "weak_password")
	if n := len(e.sink.Messages()); n != 0 {
		t.Fatalf("admin create sent %d emails", n)
	}

	g := must(t, e.admin("GET", "/admin/users/"+id, nil), 200)
	if g.str("email") != "new@example.test" {
		t.Fatalf("get: %s", g.Raw)
	}
	wantError(t, e.admin("GET", "/admin/users/00000000-0000-0000-0000-000000000000", nil), 404, "user_not_found")
	wantError(t, e.admin("GET", "/admin/users/not-a-uuid", nil), 404, "user_not_found")

	u := must(t, e.admin("PUT", "/admin/users/"+id, map[string]any{"email_confirm": true, "user_metadata": map[string]any{"last_name": "B"},
		"app_metadata": map[string]any{"plan": "silver"}, "password": "other-pass"}), 200)
	if u.Body["email_confirmed_at"] == nil || u.Body["user_metadata"].(map[string]any)["first_name"] != "Nadia" ||
		u.Body["app_metadata"].(map[string]any)["plan"] != "silver" {
		t.Fatalf("update: %s", u.Raw)
	}
	must(t, e.signIn("new@example.test", "other-pass"), 200)
	u = must(t, e.admin("PUT", "/admin/users/"+id, map[string]any{"email": "renamed@example.test"}), 200)
	if u.str("email") != "renamed@example.test" {
		t.Fatalf("admin email change: %s", u.Raw)
	}

	// Soft delete keeps the row out of sight and frees the address.
	must(t, e.admin("DELETE", "/admin/users/"+id, map[string]any{"should_soft_delete": true}), 200)
	wantError(t, e.admin("GET", "/admin/users/"+id, nil), 404, "user_not_found")
	wantError(t, e.signIn("renamed@example.test", "other-pass"), 400, "invalid_credentials")
	must(t, e.admin("POST", "/admin/users", map[string]any{"email": "renamed@example.test", "password": "pass-word"}), 200)

	// Hard delete removes it and its profile.
	victim := e.createUser("gone@example.test", "pass-word", nil)
	d := must(t, e.admin("DELETE", "/admin/users/"+victim, nil), 200)
	if d.Raw != "{}" {
		t.Fatalf("delete: %s", d.Raw)
	}
	var n int
	_ = e.db.Admin.QueryRow(t.Context(), `select count(*) from public.profiles where id = $1`, victim).Scan(&n)
	if n != 0 {
		t.Fatal("profile survived the user")
	}
	wantError(t, e.admin("DELETE", "/admin/users/"+victim, nil), 404, "user_not_found")
}

func TestInviteAndGenerateLink(t *testing.T) {
	e := newEnv(t, nil)
	wantError(t, e.call("POST", "/invite", map[string]any{"email": "inv@example.test"}, ""), 403, "not_admin")
	r := must(t, e.admin("POST", "/invite?redirect_to="+siteURL+"/set-password", map[string]any{"email": "inv@example.test", "data": map[string]any{"first_name": "Ines", "locale": "en"}}), 200)
	if r.Body["invited_at"] == nil || r.Body["email_confirmed_at"] != nil {
		t.Fatalf("invite: %s", r.Raw)
	}
	m, link := e.lastLink("inv@example.test", 1)
	if m.Subject != "You have been invited to site.test" || link.Query().Get("type") != "invite" {
		t.Fatalf("invite email: %q %s", m.Subject, link)
	}
	f := fragment(e.follow(link))
	if f.Get("type") != "invite" || f.Get("access_token") == "" {
		t.Fatalf("invite redirect: %v", f)
	}
	must(t, e.call("PUT", "/user", map[string]any{"password": "chosen-pass"}, f.Get("access_token")), 200)
	must(t, e.signIn("inv@example.test", "chosen-pass"), 200)
	wantError(t, e.admin("POST", "/invite", map[string]any{"email": "inv@example.test"}), 422, "email_exists")

	// generate_link: the link without an email.
	g := must(t, e.admin("POST", "/admin/generate_link", map[string]any{"type": "signup", "email": "gen@example.test", "password": "pass-word",
		"data": map[string]any{"first_name": "Gen"}, "redirect_to": siteURL + "/x"}), 200)
	if g.str("verification_type") != "signup" || g.str("hashed_token") == "" || len(g.str("email_otp")) != 6 ||
		!strings.HasPrefix(g.str("action_link"), extURL+"/auth/v1/verify?") || g.str("redirect_to") != siteURL+"/x" || g.str("email") != "gen@example.test" {
		t.Fatalf("generate_link: %s", g.Raw)
	}
	if n := len(e.sink.To("gen@example.test")); n != 0 {
		t.Fatal("generate_link sent an email")
	}
	s := must(t, e.call("POST", "/verify", map[string]any{"type": "signup", "token_hash": g.str("hashed_token")}, ""), 200)
	if s.user()["email_confirmed_at"] == nil {
		t.Fatalf("%s", s.Raw)
	}
	rec := must(t, e.admin("POST", "/admin/generate_link", map[string]any{"type": "recovery", "email": "gen@example.test"}), 200)
	s = must(t, e.call("POST", "/verify", map[string]any{"type": "recovery", "email": "gen@example.test", "token": rec.str("email_otp")}, ""), 200)
	if s.str("access_token") == "" {
		t.Fatal("recovery otp")
	}
	wantError(t, e.admin("POST", "/admin/generate_link", map[string]any{"type": "magiclink", "email": "nobody@example.test"}), 404, "user_not_found")
	ec := must(t, e.admin("POST", "/admin/generate_link", map[string]any{"type": "email_change_new", "email": "gen@example.test", "new_email": "gen2@example.test"}), 200)
	if ec.str("new_email") != "gen2@example.test" || ec.str("verification_type") != "email_change" {
		t.Fatalf("email_change link: %s", ec.Raw)
	}
	s = must(t, e.call("POST", "/verify", map[string]any{"type": "email_change", "token_hash": ec.str("hashed_token")}, ""), 200)
	if s.user()["email"] != "gen2@example.test" {
		t.Fatalf("email change applied: %s", s.Raw)
	}
}

// JWT_ADMIN_ROLES decides which roles are admins: narrowed to supabase_admin, the
// service key itself is refused and a supabase_admin token is let in.
func TestAdminRolesFromSettings(t *testing.T) {
	e := newEnv(t, func(c *config.Auth) { c.JWTAdminRoles = []string{"supabase_admin"} })
	wantError(t, e.admin("GET", "/admin/users", nil), 403, "not_admin")
	tok, err := jwtauth.Sign(pgtest.JWTSecret, jwt.MapClaims{"role": "supabase_admin", "exp": time.Now().Add(time.Hour).Unix()})
	if err != nil {
		t.Fatal(err)
	}
	must(t, e.call("GET", "/admin/users", nil, tok), 200)
	forged, _ := jwtauth.Sign("another-secret-0123456789abcdef0123456789", jwt.MapClaims{"role": "supabase_admin", "exp": time.Now().Add(time.Hour).Unix()})
	wantError(t, e.call("GET", "/admin/users", nil, forged), 403, "bad_jwt")
}

// A password the admin API sets ends every session of the user: whoever
// knew the previous password (or held a session) is out, refresh included.
func TestAdminPasswordChangeEndsTheUsersSessions(t *testing.T) {
	e := newEnv(t, nil)
	id := e.createUser("held@example.test", "old-password-1", nil)
	s := must(t, e.signIn("held@example.test", "old-password-1"), 200)
	must(t, e.admin("PUT", "/admin/users/"+id, map[string]any{"user_metadata": map[string]any{"x": 1}}), 200)
	must(t, e.call("GET", "/user", nil, s.str("access_token")), 200) // other changes keep sessions

	must(t, e.admin("PUT", "/admin/users/"+id, map[string]any{"password": "new-password-1"}), 200)
	wantError(t, e.call("GET", "/user", nil, s.str("access_token")), 403, "session_not_found")
	r := e.call("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": s.str("refresh_token")}, "")
	if r.Status != 400 {
		t.Fatalf("refresh after the password was set: %s", r.Raw)
	}
	wantError(t, e.signIn("held@example.test", "old-password-1"), 400, "invalid_credentials")
	must(t, e.signIn("held@example.test", "new-password-1"), 200)
}
