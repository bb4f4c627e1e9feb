package auth_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"casarent/server/config"
)

// githubStandIn answers GitHub's OAuth and REST endpoints with GitHub's
// documented JSON for the users it is given (by the code the test hands to
// /callback: the code names the user).
type githubStandIn struct {
	*httptest.Server
	mu    sync.Mutex
	users map[string]githubAccount
}

type githubAccount struct {
	ID       int64
	Login    string
	Name     string
	Email    string
	Verified bool
}

func newGitHubStandIn(t *testing.T) *githubStandIn {
	g := &githubStandIn{users: map[string]githubAccount{}}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /login/oauth/access_token", func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		if r.Form.Get("client_id") != "gh-client" || r.Form.Get("client_secret") != "gh-secret" {
			http.Error(w, `{"error":"incorrect_client_credentials"}`, http.StatusUnauthorized)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"access_token": "gho_" + r.Form.Get("code"), "token_type": "bearer", "scope": "user:email"})
	})
	account := func(r *http.Request) (githubAccount, bool) {
		g.mu.Lock()
		defer g.mu.Unlock()
		u, ok := g.users[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer gho_")]
		return u, ok
	}
	mux.HandleFunc("GET /api/v3/user", func(w http.ResponseWriter, r *http.Request) {
		u, ok := account(r)
		if !ok {
			http.Error(w, `{"message":"Bad credentials"}`, http.StatusUnauthorized)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"login": u.Login, "id": u.ID, "avatar_url": "https://avatars.example.test/u/1",
			"type": "User", "name": u.Name, "email": nil})
	})
	mux.HandleFunc("GET /api/v3/user/emails", func(w http.ResponseWriter, r *http.Request) {
		u, ok := account(r)
		if !ok {
			http.Error(w, `{"message":"Bad credentials"}`, http.StatusUnauthorized)
			return
		}
		json.NewEncoder(w).Encode([]map[string]any{
			{"email": u.Email, "primary": true, "verified": u.Verified, "visibility": "private"},
			{"email": "noreply-" + u.Login + "@users.noreply.github.test", "primary": false, "verified": true, "visibility": nil},
		})
	})
	g.Server = httptest.NewServer(mux)
	t.Cleanup(g.Close)
	return g
}

func (g *githubStandIn) add(code string, a githubAccount) {
	g.mu.Lock()
	g.users[code] = a
	g.mu.Unlock()
}

func oauthEnv(t *testing.T, tweak func(*config.Auth)) (*env, *githubStandIn) {
	g := newGitHubStandIn(t)
	e := newEnv(t, func(c *config.Auth) {
		c.External["github"] = config.ExternalProvider{Enabled: true, ClientID: "gh-client", Secret: "gh-secret", URL: g.URL}
		c.AdditionalRedirectURLs = []string{"http://app.test/**"}
		if tweak != nil {
			tweak(c)
		}
	})
	return e, g
}

const verifier = "a-code-verifier-of-forty-three-characters-or-more-0123"

func challengeOf(v string) string {
	s := sha256.Sum256([]byte(v))
	return base64.RawURLEncoding.EncodeToString(s[:])
}

// authorize starts a flow and returns the provider's authorization URL.
func (e *env) authorize(query string, bearer ...string) *url.URL {
	e.t.Helper()
	path := "/authorize?" + query
	b := ""
	if len(bearer) > 0 {
		path, b = "/user/identities/authorize?"+query, bearer[0]
	}
	r := e.call("GET", path, nil, b)
	if r.Status != http.StatusFound {
		e.t.Fatalf("authorize: %d %s", r.Status, r.Raw)
	}
	u, err := url.Parse(r.Header.Get("Location"))
	if err != nil {
		e.t.Fatal(err)
	}
	return u
}

// callback comes back from the provider with code and returns where the browser goes next.
func (e *env) callback(state, code string) *url.URL {
	e.t.Helper()
	r := e.call("GET", "/callback?"+url.Values{"state": {state}, "code": {code}}.Encode(), nil, "")
	if r.Status != http.StatusFound && r.Status != http.StatusSeeOther {
		e.t.Fatalf("callback: %d %s", r.Status, r.Raw)
	}
	u, _ := url.Parse(r.Header.Get("Location"))
	return u
}

// signInWithGitHub runs the PKCE flow for the stand-in's user behind code.
func (e *env) signInWithGitHub(code string) resp {
	e.t.Helper()
	auth := e.authorize("provider=github&redirect_to=" + url.QueryEscape("http://app.test/welcome") +
		"&code_challenge=" + challengeOf(verifier) + "&code_challenge_method=s256")
	back := e.callback(auth.Query().Get("state"), code)
	if back.Query().Get("code") == "" {
		e.t.Fatalf("no code in %s", back)
	}
	return e.call("POST", "/token?grant_type=pkce", map[string]any{"auth_code": back.Query().Get("code"), "code_verifier": verifier}, "")
}

func TestGitHubSignInWithPKCE(t *testing.T) {
	e, g := oauthEnv(t, nil)
	g.add("c1", githubAccount{ID: 4242, Login: "octo", Name: "Octo Cat", Email: "Octo@Example.test", Verified: true})
	auth := e.authorize("provider=github&scopes=read:org&prompt=consent&redirect_to=" + url.QueryEscape("http://app.test/welcome") +
		"&code_challenge=" + challengeOf(verifier) + "&code_challenge_method=s256")
	q := auth.Query()
	if !strings.HasPrefix(auth.String(), g.URL+"/login/oauth/authorize?") || q.Get("client_id") != "gh-client" ||
		q.Get("scope") != "user:email read:org" || q.Get("prompt") != "consent" || q.Get("response_type") != "code" ||
		q.Get("redirect_uri") != extURL+"/auth/v1/callback" || q.Get("code_challenge") != "" {
		t.Fatalf("authorization URL: %s", auth)
	}
	back := e.callback(q.Get("state"), "c1")
	if back.Host != "app.test" || back.Path != "/welcome" || back.Query().Get("code") == "" {
		t.Fatalf("back: %s", back)
	}
	// The state is spent.
	wantError(t, e.call("GET", "/callback?state="+q.Get("state")+"&code=c1", nil, ""), 400, "bad_oauth_state")
	code := back.Query().Get("code")
	wantError(t, e.call("POST", "/token?grant_type=pkce", map[string]any{"auth_code": code, "code_verifier": verifier + "x"}, ""), 403, "bad_code_verifier")
	r := must(t, e.call("POST", "/token?grant_type=pkce", map[string]any{"auth_code": code, "code_verifier": verifier}, ""), 200)
	if r.str("provider_token") != "gho_c1" {
		t.Fatalf("provider_token: %s", r.Raw)
	}
	u := r.user()
	if u["email"] != "octo@example.test" || u["email_confirmed_at"] == nil {
		t.Fatalf("user: %v", u)
	}
	if am := u["app_metadata"].(map[string]any); am["provider"] != "github" || len(am["providers"].([]any)) != 1 {
		t.Fatalf("app_metadata: %v", am)
	}
	ids := u["identities"].([]any)
	id := ids[0].(map[string]any)
	data := id["identity_data"].(map[string]any)
	if len(ids) != 1 || id["provider"] != "github" || id["id"] != "4242" || data["sub"] != "4242" || data["provider_id"] != "4242" ||
		data["user_name"] != "octo" || data["preferred_username"] != "octo" || data["full_name"] != "Octo Cat" ||
		data["avatar_url"] != "https://avatars.example.test/u/1" || data["email_verified"] != true || data["iss"] != g.URL+"/api/v3" {
		t.Fatalf("identity: %v", id)
	}
	if um := u["user_metadata"].(map[string]any); um["user_name"] != "octo" || um["provider_id"] != "4242" {
		t.Fatalf("user_metadata: %v", um)
	}
	if c := decodeClaims(t, r.str("access_token")); c["amr"].([]any)[0].(map[string]any)["method"] != "oauth" {
		t.Fatalf("claims: %v", c)
	}
	// The code is single-use.
	wantError(t, e.call("POST", "/token?grant_type=pkce", map[string]any{"auth_code": code, "code_verifier": verifier}, ""), 404, "flow_state_not_found")

	// Signing in again finds the same user through the identity.
	again := must(t, e.signInWithGitHub("c1"), 200)
	if again.user()["id"] != u["id"] {
		t.Fatal("a second sign-in made another user")
	}
	var n int
	if err := e.db.Admin.QueryRow(t.Context(), `select count(*) from auth.flow_state`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("flow states left: %d %v", n, err)
	}
}

func TestGitHubSignInImplicitAndRedirectAllowList(t *testing.T) {
	e, g := oauthEnv(t, nil)
	g.add("c1", githubAccount{ID: 7, Login: "imp", Email: "imp@example.test", Verified: true})
	auth := e.authorize("provider=github&redirect_to=" + url.QueryEscape("https://evil.test/steal"))
	back := e.callback(auth.Query().Get("state"), "c1")
	if back.Scheme+"://"+back.Host != siteURL {
		t.Fatalf("redirect outside the allow-list went to %s", back)
	}
	f := fragment(back)
	if f.Get("access_token") == "" || f.Get("refresh_token") == "" || f.Get("provider_token") != "gho_c1" || f.Get("token_type") != "bearer" {
		t.Fatalf("fragment: %v", f)
	}
	must(t, e.call("GET", "/user", nil, f.Get("access_token")), 200)
}

func TestOAuthProviderNotEnabledAndSettings(t *testing.T) {
	e, _ := oauthEnv(t, nil)
	wantError(t, e.call("GET", "/authorize?provider=google", nil, ""), 400, "validation_failed")
	wantError(t, e.call("GET", "/authorize?provider=nope", nil, ""), 400, "validation_failed")
	ext := must(t, e.call("GET", "/settings", nil, ""), 200).Body["external"].(map[string]any)
	if ext["github"] != true || ext["google"] != false {
		t.Fatalf("settings: %v", ext)
	}
	wantError(t, e.call("GET", "/callback?state=6b1b4c0a-3f6e-4d53-9d0e-2a7f6f0c1d11&code=x", nil, ""), 400, "bad_oauth_state")
}

// A provider address links to the account holding it only when the provider
// verified it; an unverified one does not take the account over.
func TestOAuthLinksByVerifiedEmailOnly(t *testing.T) {
	e, g := oauthEnv(t, nil)
	owner := e.createUser("ana@example.test", "pass-word-1", nil)
	g.add("liar", githubAccount{ID: 1, Login: "liar", Email: "ana@example.test", Verified: false})
	g.add("ana", githubAccount{ID: 2, Login: "ana", Email: "ana@example.test", Verified: true})

	auth := e.authorize("provider=github&redirect_to=" + url.QueryEscape("http://app.test/x") +
		"&code_challenge=" + challengeOf(verifier) + "&code_challenge_method=s256")
	back := e.callback(auth.Query().Get("state"), "liar")
	if back.Query().Get("code") != "" || back.Query().Get("error_code") != "email_exists" {
		t.Fatalf("unverified address: %s", back)
	}
	var n int
	if err := e.db.Admin.QueryRow(t.Context(), `select count(*) from auth.identities where provider = 'github'`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("github identities after refusal: %d %v", n, err)
	}

	r := must(t, e.signInWithGitHub("ana"), 200)
	if r.user()["id"] != owner || len(r.user()["identities"].([]any)) != 2 {
		t.Fatalf("verified address did not link: %s", r.Raw)
	}
	must(t, e.signIn("ana@example.test", "pass-word-1"), 200)
}

func TestLinkAndUnlinkIdentity(t *testing.T) {
	e, g := oauthEnv(t, func(c *config.Auth) { c.ManualLinking = true })
	uid := e.createUser("bo@example.test", "pass-word-1", nil)
	tok := e.signIn("bo@example.test", "pass-word-1").str("access_token")
	g.add("bo", githubAccount{ID: 99, Login: "bo-gh", Email: "other@example.test", Verified: true})

	r := e.call("GET", "/user/identities/authorize?provider=github&skip_http_redirect=true&redirect_to="+url.QueryEscape("http://app.test/linked"), nil, tok)
	link, _ := url.Parse(must(t, r, 200).str("url"))
	back := e.callback(link.Query().Get("state"), "bo")
	if f := fragment(back); f.Get("access_token") == "" {
		t.Fatalf("link: %s", back)
	}
	u := must(t, e.call("GET", "/user", nil, tok), 200)
	ids := u.Body["identities"].([]any)
	if u.Body["id"] != uid || len(ids) != 2 {
		t.Fatalf("after link: %s", u.Raw)
	}
	var emailID, githubID string
	for _, i := range ids {
		m := i.(map[string]any)
		if m["provider"] == "github" {
			githubID = m["identity_id"].(string)
		} else {
			emailID = m["identity_id"].(string)
		}
	}
	// Another user cannot link the same GitHub account.
	e.createUser("cy@example.test", "pass-word-1", nil)
	tok2 := e.signIn("cy@example.test", "pass-word-1").str("access_token")
	link2, _ := url.Parse(must(t, e.call("GET", "/user/identities/authorize?provider=github&skip_http_redirect=true", nil, tok2), 200).str("url"))
	if f := fragment(e.callback(link2.Query().Get("state"), "bo")); f.Get("error_code") != "identity_already_exists" {
		t.Fatalf("second link: %v", f)
	}

	must(t, e.call("DELETE", "/user/identities/"+emailID, nil, tok), 200)
	u = must(t, e.call("GET", "/user", nil, tok), 200)
	if ids := u.Body["identities"].([]any); len(ids) != 1 || u.Body["app_metadata"].(map[string]any)["provider"] != "github" {
		t.Fatalf("after unlink: %s", u.Raw)
	}
	// The address was the email identity's: it becomes the GitHub one (verified there).
	if u.Body["email"] != "other@example.test" || u.Body["email_confirmed_at"] == nil {
		t.Fatalf("address after unlink: %s", u.Raw)
	}
	wantError(t, e.call("DELETE", "/user/identities/"+githubID, nil, tok), 422, "single_identity_not_deletable")
}

func TestLinkingIsOffByDefault(t *testing.T) {
	e, _ := oauthEnv(t, nil)
	e.createUser("di@example.test", "pass-word-1", nil)
	tok := e.signIn("di@example.test", "pass-word-1").str("access_token")
	wantError(t, e.call("GET", "/user/identities/authorize?provider=github", nil, tok), 404, "manual_linking_disabled")
}

// A guest who links a provider's identity is a guest no more (GoTrue's
// conversion by linkIdentity); its id stays.
func TestGuestConvertedByLinkingAnIdentity(t *testing.T) {
	e, g := oauthEnv(t, func(c *config.Auth) {
		c.ManualLinking = true
		c.AnonymousUsersEnabled = true
	})
	guest := must(t, e.call("POST", "/signup", map[string]any{}, ""), 200)
	g.add("guest", githubAccount{ID: 555, Login: "guest-gh", Email: "guest-gh@example.test", Verified: true})
	r := e.call("GET", "/user/identities/authorize?provider=github&skip_http_redirect=true", nil, guest.str("access_token"))
	link, _ := url.Parse(must(t, r, 200).str("url"))
	f := fragment(e.callback(link.Query().Get("state"), "guest"))
	if f.Get("access_token") == "" {
		t.Fatalf("link: %v", f)
	}
	if c := decodeClaims(t, f.Get("access_token")); c["is_anonymous"] != false || c["sub"] != guest.user()["id"] {
		t.Fatalf("claims after linking: %v", c)
	}
	u := must(t, e.call("GET", "/user", nil, f.Get("access_token")), 200)
	if u.Body["is_anonymous"] != false || len(u.Body["identities"].([]any)) != 1 || u.Body["email"] != "guest-gh@example.test" || u.Body["email_confirmed_at"] == nil {
		t.Fatalf("after linking: %s", u.Raw)
	}
}

// A flow nobody finished does not stay: its state expires, and the next flow
// to start removes it.
func TestAbandonedFlowsExpireAndGo(t *testing.T) {
	e, g := oauthEnv(t, nil)
	g.add("c1", githubAccount{ID: 8, Login: "late", Email: "late@example.test", Verified: true})
	old := e.authorize("provider=github").Query().Get("state")
	e.clock.Add(11 * time.Minute)
	wantError(t, e.call("GET", "/callback?state="+old+"&code=c1", nil, ""), 400, "bad_oauth_state")
	e.clock.Add(10 * time.Minute)
	e.authorize("provider=github")
	var n int
	if err := e.db.Admin.QueryRow(t.Context(), `select count(*) from auth.flow_state where id = $1`, old).Scan(&n); err != nil || n != 0 {
		t.Fatalf("abandoned flow still there: %d %v", n, err)
	}
}

// A new user whose provider did not verify the address is not signed in: the
// address is sent a confirmation first (MAILER_AUTOCONFIRM off), as GoTrue.
func TestOAuthUnverifiedNewAddressIsConfirmedByEmailFirst(t *testing.T) {
	e, g := oauthEnv(t, nil)
	g.add("c1", githubAccount{ID: 77, Login: "unv", Email: "unv@example.test", Verified: false})
	auth := e.authorize("provider=github&redirect_to=" + url.QueryEscape("http://app.test/x"))
	f := fragment(e.callback(auth.Query().Get("state"), "c1"))
	if f.Get("access_token") != "" || f.Get("error_code") != "provider_email_needs_verification" {
		t.Fatalf("fragment: %v", f)
	}
	// Signing in again before confirming gives no session either.
	again := fragment(e.callback(e.authorize("provider=github").Query().Get("state"), "c1"))
	if again.Get("access_token") != "" || again.Get("error_code") != "provider_email_needs_verification" {
		t.Fatalf("before confirming: %v", again)
	}
	_, link := e.lastLink("unv@example.test", 1)
	s := fragment(e.follow(link))
	u := must(t, e.call("GET", "/user", nil, s.Get("access_token")), 200)
	if u.Body["email"] != "unv@example.test" || u.Body["email_confirmed_at"] == nil || u.Body["identities"].([]any)[0].(map[string]any)["provider"] != "github" {
		t.Fatalf("confirmed user: %s", u.Raw)
	}
	// Confirmed now: the next GitHub sign-in opens a session.
	back := e.callback(e.authorize("provider=github").Query().Get("state"), "c1")
	if fragment(back).Get("access_token") == "" {
		t.Fatalf("second sign-in: %s", back)
	}
}
