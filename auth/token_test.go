package auth_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"casarent/server/pgtest"
)

func decodeClaims(t *testing.T, tok string) map[string]any {
	t.Helper()
	claims := jwt.MapClaims{}
	parsed, err := jwt.ParseWithClaims(tok, claims, func(*jwt.Token) (any, error) { return []byte(pgtest.JWTSecret), nil },
		jwt.WithValidMethods([]string{"HS256"}))
	if err != nil || !parsed.Valid {
		t.Fatalf("access token does not verify: %v", err)
	}
	// aud must be a plain string, as GoTrue signs it.
	part := strings.Split(tok, ".")[1]
	raw, _ := base64.RawURLEncoding.DecodeString(part)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return m
}

func TestPasswordGrantIssuesGoTrueSession(t *testing.T) {
	e := newEnv(t, nil)
	id := e.createUser("Ana@Example.test", "s3cret-pass", map[string]any{"first_name": "Ana"})

	r := must(t, e.signIn("ana@example.test", "s3cret-pass"), 200)
	if r.str("token_type") != "bearer" || r.str("refresh_token") == "" || r.Body["expires_in"].(float64) != 3600 {
		t.Fatalf("session: %s", r.Raw)
	}
	if exp := int64(r.Body["expires_at"].(float64)); exp != e.clock.Now().Add(time.Hour).Unix() {
		t.Fatalf("expires_at %d", exp)
	}
	u := r.user()
	if u["id"] != id || u["email"] != "ana@example.test" || u["aud"] != "authenticated" || u["role"] != "authenticated" {
		t.Fatalf("user: %v", u)
	}
	if u["last_sign_in_at"] == nil || u["email_confirmed_at"] == nil {
		t.Fatalf("user timestamps: %v", u)
	}
	if am := u["app_metadata"].(map[string]any); am["provider"] != "email" {
		t.Fatalf("app_metadata %v", am)
	}
	if ids := u["identities"].([]any); len(ids) != 1 || ids[0].(map[string]any)["provider"] != "email" {
		t.Fatalf("identities %v", ids)
	}

	c := decodeClaims(t, r.str("access_token"))
	if c["sub"] != id || c["aud"] != "authenticated" || c["role"] != "authenticated" || c["email"] != "ana@example.test" ||
		c["aal"] != "aal1" || c["is_anonymous"] != false || c["iss"] != extURL+"/auth/v1" {
		t.Fatalf("claims: %v", c)
	}
	if c["exp"].(float64)-c["iat"].(float64) != 3600 {
		t.Fatalf("lifetime: %v", c)
	}
	if c["session_id"] == nil || c["user_metadata"].(map[string]any)["first_name"] != "Ana" || c["phone"] != "" {
		t.Fatalf("claims: %v", c)
	}
	amr := c["amr"].([]any)
	if len(amr) != 1 || amr[0].(map[string]any)["method"] != "password" {
		t.Fatalf("amr: %v", amr)
	}

	// The user endpoint accepts the token.
	got := must(t, e.call("GET", "/user", nil, r.str("access_token")), 200)
	if got.str("id") != id {
		t.Fatalf("GET /user: %s", got.Raw)
	}

	// The database holds a SHA-256 of the refresh token, never the token.
	var stored string
	if err := e.db.Admin.QueryRow(t.Context(), `select token from auth.refresh_tokens where user_id = $1`, id).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(r.str("refresh_token")))
	if stored == r.str("refresh_token") || stored != hex.EncodeToString(sum[:]) {
		t.Fatalf("stored refresh token %q", stored)
	}
	if len(r.str("refresh_token")) < 32 {
		t.Fatalf("refresh token too short: %q", r.str("refresh_token"))
	}
}

func TestPasswordGrantErrors(t *testing.T) {
	e := newEnv(t, nil)
	e.createUser("bo@example.test", "right-pass", nil)

	for _, tc := range []struct {
		name, email, pw string
	}{{"wrong password", "bo@example.test", "wrong-pass"}, {"unknown user", "nobody@example.test", "right-pass"}} {
		r := e.signIn(tc.email, tc.pw)
		wantError(t, r, 400, "invalid_credentials")
		if r.str("error") != "invalid_grant" || r.str("error_description") != "Invalid login credentials" || r.str("msg") != "Invalid login credentials" {
			t.Fatalf("%s: %s", tc.name, r.Raw)
		}
	}
	// Without the dated API header: legacy shape, status in "code".
	r := e.call("POST", "/token?grant_type=password", map[string]any{"email": "bo@example.test", "password": "x"}, "", "X-Supabase-Api-Version", "")
	if r.Status != 400 || r.Body["code"] != float64(400) || r.str("error_code") != "invalid_credentials" || r.Header.Get("X-Supabase-Api-Version") != "" {
		t.Fatalf("legacy shape: %v %s", r.Header, r.Raw)
	}
	wantError(t, e.call("POST", "/token?grant_type=password", map[string]any{"password": "x"}, ""), 400, "validation_failed")
	wantError(t, e.call("POST", "/token?grant_type=magic", map[string]any{}, ""), 400, "invalid_credentials")
	r = e.call("POST", "/token?grant_type=password", "{not json", "")
	wantError(t, r, 400, "bad_json")
	// An unknown apikey is refused.
	wantError(t, e.call("POST", "/token?grant_type=password", map[string]any{}, "", "apikey", "nope", "Authorization", ""), 401, "no_authorization")
}

func TestRefreshRotationAndReuse(t *testing.T) {
	e := newEnv(t, nil)
	e.createUser("cy@example.test", "pass-word", nil)
	s := must(t, e.signIn("cy@example.test", "pass-word"), 200)
	refresh := func(tok string) resp {
		return e.call("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": tok}, "")
	}

	t1 := s.str("refresh_token")
	r2 := must(t, refresh(t1), 200)
	t2 := r2.str("refresh_token")
	if t2 == t1 || r2.str("access_token") == "" || r2.user()["email"] != "cy@example.test" {
		t.Fatalf("rotation: %s", r2.Raw)
	}
	if decodeClaims(t, r2.str("access_token"))["session_id"] != decodeClaims(t, s.str("access_token"))["session_id"] {
		t.Fatal("refresh changed the session")
	}
	// The client lost the answer and retries with t1: it gets t2 back (its active child).
	again := must(t, refresh(t1), 200)
	if again.str("refresh_token") != t2 {
		t.Fatalf("retry of the parent gave %q, want the active child", again.str("refresh_token"))
	}
	t3 := must(t, refresh(t2), 200).str("refresh_token")

	// t1 is now two generations old; inside the reuse interval it still works (concurrent tabs).
	e.clock.Add(5 * time.Second)
	inside := must(t, refresh(t1), 200)
	if inside.str("refresh_token") == "" || inside.str("refresh_token") == t2 {
		t.Fatalf("inside interval: %s", inside.Raw)
	}

	// Outside the interval, reuse of t2 (revoked, not the parent of the active token)
	// revokes the whole session.
	e.clock.Add(11 * time.Second)
	wantError(t, refresh(t2), 400, "refresh_token_already_used")
	if refresh(t2).str("error") != "invalid_grant" {
		t.Fatal("OAuth error on /token expected")
	}
	wantError(t, refresh(t3), 400, "refresh_token_not_found")
	wantError(t, refresh(inside.str("refresh_token")), 400, "refresh_token_not_found")
	wantError(t, e.call("GET", "/user", nil, s.str("access_token")), 403, "session_not_found")
	wantError(t, refresh("not-a-token-at-all-000000"), 400, "refresh_token_not_found")
}

func TestRefreshRefusedForBannedUser(t *testing.T) {
	e := newEnv(t, nil)
	id := e.createUser("dee@example.test", "pass-word", nil)
	s := must(t, e.signIn("dee@example.test", "pass-word"), 200)
	must(t, e.admin("PUT", "/admin/users/"+id, map[string]any{"ban_duration": "24h"}), 200)
	wantError(t, e.call("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": s.str("refresh_token")}, ""), 400, "refresh_token_not_found")
	wantError(t, e.signIn("dee@example.test", "pass-word"), 400, "user_banned")
	must(t, e.admin("PUT", "/admin/users/"+id, map[string]any{"ban_duration": "none"}), 200)
	must(t, e.signIn("dee@example.test", "pass-word"), 200)
}
