package auth_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"casarent/server/config"
	"casarent/server/pgtest"
)

func TestUserUpdateAndLogoutScopes(t *testing.T) {
	e := newEnv(t, nil)
	e.createUser("ida@example.test", "pass-word", map[string]any{"first_name": "Ida", "city": "Rabat"})
	s1 := must(t, e.signIn("ida@example.test", "pass-word"), 200)
	at := s1.str("access_token")

	// data merges into user_metadata; null removes a key.
	u := must(t, e.call("PUT", "/user", map[string]any{"data": map[string]any{"last_name": "Idrissi", "city": nil}}, at), 200)
	meta := u.Body["user_metadata"].(map[string]any)
	if meta["first_name"] != "Ida" || meta["last_name"] != "Idrissi" || meta["city"] != nil {
		t.Fatalf("metadata: %v", meta)
	}
	wantError(t, e.call("PUT", "/user", map[string]any{"password": "pass-word"}, at), 422, "same_password")
	wantError(t, e.call("PUT", "/user", map[string]any{"password": "abc"}, at), 422, "weak_password")
	wantError(t, e.call("PUT", "/user", map[string]any{"app_metadata": map[string]any{"role": "admin"}}, at), 403, "not_admin")
	wantError(t, e.call("GET", "/user", nil, ""), 403, "bad_jwt") // the anon key is no user
	wantError(t, e.call("GET", "/user", nil, "", "Authorization", ""), 401, "no_authorization")
	wantError(t, e.call("GET", "/user", nil, pgtest.TamperSignature(at)), 403, "bad_jwt")

	// A second and third session; a password change ends the others.
	s2 := must(t, e.signIn("ida@example.test", "pass-word"), 200)
	must(t, e.call("PUT", "/user", map[string]any{"password": "new-pass-word"}, at), 200)
	wantError(t, e.call("GET", "/user", nil, s2.str("access_token")), 403, "session_not_found")
	wantError(t, e.signIn("ida@example.test", "pass-word"), 400, "invalid_credentials")

	// scope=others keeps the caller's session.
	s3 := must(t, e.signIn("ida@example.test", "new-pass-word"), 200)
	r := e.call("POST", "/logout?scope=others", nil, at)
	if r.Status != 204 || r.Raw != "" {
		t.Fatalf("logout others: %d %s", r.Status, r.Raw)
	}
	must(t, e.call("GET", "/user", nil, at), 200)
	wantError(t, e.call("GET", "/user", nil, s3.str("access_token")), 403, "session_not_found")
	wantError(t, e.call("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": s3.str("refresh_token")}, ""), 400, "refresh_token_not_found")

	// scope=local ends only the caller's session.
	s4 := must(t, e.signIn("ida@example.test", "new-pass-word"), 200)
	must(t, e.call("POST", "/logout?scope=local", nil, at), 204)
	wantError(t, e.call("GET", "/user", nil, at), 403, "session_not_found")
	must(t, e.call("GET", "/user", nil, s4.str("access_token")), 200)

	// global (the default) ends them all.
	s5 := must(t, e.signIn("ida@example.test", "new-pass-word"), 200)
	must(t, e.call("POST", "/logout", nil, s4.str("access_token")), 204)
	wantError(t, e.call("GET", "/user", nil, s5.str("access_token")), 403, "session_not_found")
	wantError(t, e.call("POST", "/logout?scope=everything", nil, s5.str("access_token")), 400, "validation_failed")
}

func TestSecureEmailChange(t *testing.T) {
	e := newEnv(t, nil)
	e.createUser("jo@example.test", "pass-word", map[string]any{"locale": "en"})
	s := must(t, e.signIn("jo@example.test", "pass-word"), 200)
	at := s.str("access_token")
	e.createUser("taken@example.test", "pass-word", nil)
	wantError(t, e.call("PUT", "/user", map[string]any{"email": "taken@example.test"}, at), 422, "email_exists")

	u := must(t, e.call("PUT", "/user?redirect_to="+siteURL+"/account", map[string]any{"email": "Jo.New@example.test"}, at), 200)
	if u.str("email") != "jo@example.test" || u.str("new_email") != "jo.new@example.test" || u.Body["email_change_sent_at"] == nil {
		t.Fatalf("pending change: %s", u.Raw)
	}
	mOld, linkOld := e.lastLink("jo@example.test", 1)
	mNew, linkNew := e.lastLink("jo.new@example.test", 1)
	if mOld.Subject != "Confirm your email change" || !strings.Contains(mNew.Text, "jo.new@example.test") {
		t.Fatalf("emails: %q / %q", mOld.Subject, mNew.Text)
	}
	half := e.follow(linkOld)
	if !strings.Contains(fragment(half).Get("message"), "proceed to confirm link sent to the other email") {
		t.Fatalf("first half: %s", half)
	}
	if got := must(t, e.call("GET", "/user", nil, at), 200); got.str("email") != "jo@example.test" {
		t.Fatal("email changed after one confirmation")
	}
	done := fragment(e.follow(linkNew))
	if done.Get("access_token") == "" || done.Get("type") != "email_change" {
		t.Fatalf("second half: %v", done)
	}
	if got := must(t, e.call("GET", "/user", nil, done.Get("access_token")), 200); got.str("email") != "jo.new@example.test" || got.str("new_email") != "" {
		t.Fatalf("after change: %s", got.Raw)
	}
	must(t, e.signIn("jo.new@example.test", "pass-word"), 200)
	var profileEmail string
	if err := e.db.Admin.QueryRow(t.Context(), `select p.email from public.profiles p join auth.users u using (id) where u.email = 'jo.new@example.test'`).Scan(&profileEmail); err != nil || profileEmail != "jo.new@example.test" {
		t.Fatalf("profile email %q %v", profileEmail, err)
	}
}

func TestEmailChangeAutoconfirm(t *testing.T) {
	e := newEnv(t, func(c *config.Auth) { c.MailerAutoconfirm = true })
	e.createUser("kim@example.test", "pass-word", nil)
	s := must(t, e.signIn("kim@example.test", "pass-word"), 200)
	u := must(t, e.call("PUT", "/user", map[string]any{"email": "kim2@example.test"}, s.str("access_token")), 200)
	if u.str("email") != "kim2@example.test" {
		t.Fatalf("%s", u.Raw)
	}
}

// SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION: a session older than 24 hours
// needs the emailed nonce, which expires with MAILER_OTP_EXP and is used once.
func TestReauthenticationNonce(t *testing.T) {
	e := newEnv(t, func(c *config.Auth) { c.UpdatePasswordRequireReauthentication = true })
	e.createUser("rea@example.test", "pass-word", nil)
	s := must(t, e.signIn("rea@example.test", "pass-word"), 200)
	// Inside the window a nonce is neither needed nor checked.
	must(t, e.call("PUT", "/user", map[string]any{"password": "pass-word-2", "nonce": "nonsense"}, s.str("access_token")), 200)

	refresh := func() string { // a new access token of the same (ageing) session
		t.Helper()
		r := must(t, e.call("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": s.str("refresh_token")}, ""), 200)
		s = r
		return r.str("access_token")
	}
	e.clock.Add(25 * time.Hour)
	at := refresh()
	wantError(t, e.call("PUT", "/user", map[string]any{"password": "pass-word-3"}, at), 400, "reauthentication_needed")
	wantError(t, e.call("PUT", "/user", map[string]any{"password": "pass-word-3", "nonce": "123456"}, at), 422, "reauthentication_not_valid")

	must(t, e.call("GET", "/reauthenticate", nil, at), 200)
	msgs := e.sink.Received(t, "rea@example.test", 1)
	nonce := regexp.MustCompile(`\b\d{6}\b`).FindString(msgs[0].Text)
	if nonce == "" || linkRE.MatchString(msgs[0].Text) {
		t.Fatalf("want a code and no link: %q", msgs[0].Text)
	}
	// Expired after MAILER_OTP_EXP.
	e.clock.Add(e.cfg.MailerOTPExp + time.Minute)
	at = refresh()
	wantError(t, e.call("PUT", "/user", map[string]any{"password": "pass-word-3", "nonce": nonce}, at), 422, "reauthentication_not_valid")

	must(t, e.call("GET", "/reauthenticate", nil, at), 200)
	msgs = e.sink.Received(t, "rea@example.test", 2)
	nonce = regexp.MustCompile(`\b\d{6}\b`).FindString(msgs[1].Text)
	must(t, e.call("PUT", "/user", map[string]any{"password": "pass-word-3", "nonce": nonce}, at), 200)
	must(t, e.signIn("rea@example.test", "pass-word-3"), 200)
	wantError(t, e.call("PUT", "/user", map[string]any{"password": "pass-word-4", "nonce": nonce}, at), 422, "reauthentication_not_valid")
}
