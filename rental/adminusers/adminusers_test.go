package adminusers_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/pquerna/otp/totp"

	"casarent/auth"
	"casarent/functions"
	"casarent/functions/fnkit/fntest"
	postgrest "casarent/postgrest-compat"
	"casarent/rental/adminusers"
	"casarent/server/config"
	"casarent/server/jwtauth"
	"casarent/server/pgtest"
)

// env mounts the real /auth/v1 and the admin-users function as the server does.
type env struct {
	t       *testing.T
	db      *pgtest.DB
	srv     *httptest.Server
	anon    string
	service string
}

// newEnv is the server as the test servers run it: ADMIN_MFA_REQUIRED=false.
func newEnv(t *testing.T) *env {
	t.Helper()
	return newEnvWith(t, false, nil)
}

// newEnvWith starts the server with ADMIN_MFA_REQUIRED=mfaRequired and the auth
// settings changed by tweak.
func newEnvWith(t *testing.T, mfaRequired bool, tweak func(*config.Auth)) *env {
	t.Helper()
	db := pgtest.New(t)
	if err := adminusers.ApplySettings(context.Background(), db.Pool, mfaRequired); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	if tweak != nil {
		tweak(&cfg.Auth)
	}
	cfg.Auth.BcryptCost = 4
	cfg.Auth.RateLimit.MaxFrequency = 0
	now := time.Now()
	anon, _ := jwtauth.Sign(pgtest.JWTSecret, jwtauth.KeyClaims(jwtauth.RoleAnon, now))
	service, _ := jwtauth.Sign(pgtest.JWTSecret, jwtauth.KeyClaims(jwtauth.RoleService, now))
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	authH := auth.New(auth.Options{Pool: db.Pool, Config: cfg.Auth, JWTSecret: pgtest.JWTSecret, SiteURL: "http://site.test",
		APIExternalURL: "http://api.test", Mailer: nil, Logger: logger})
	v := jwtauth.NewVerifier(pgtest.JWTSecret, jwtauth.Keys{Anon: anon, Service: service})
	fns := functions.New(functions.Options{Functions: adminusers.Functions(adminusers.Deps{
		Pool: db.Pool, AuthAdmin: v.Middleware(authH), ServiceRoleKey: service, Logger: logger})})
	// Mounted as cmd/server/routes.go does (chi routers, so the in-process call to
	// /auth/v1 must not inherit the outer routing state).
	rest := postgrest.New(postgrest.Options{Pool: db.Pool, Rest: config.RestDefaults()})
	if err := rest.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}
	r := chi.NewRouter()
	api := r.With(v.Middleware)
	api.Mount("/rest/v1", http.StripPrefix("/rest/v1", rest))
	api.Mount("/auth/v1", http.StripPrefix("/auth/v1", authH))
	api.Mount("/functions/v1", http.StripPrefix("/functions/v1", fns))
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	return &env{t: t, db: db, srv: srv, anon: anon, service: service}
}

type resp struct {
	status int
	body   map[string]any
}

func (e *env) do(method, path string, body any, apikey, bearer string) resp {
	e.t.Helper()
	hdr := map[string]string{"Content-Type": "application/json"}
	if apikey != "" {
		hdr["apikey"] = apikey
	}
	if bearer != "" {
		hdr["Authorization"] = "Bearer " + bearer
	}
	r := fntest.Call(e.t, method, e.srv.URL+path, body, hdr)
	if r.JSON == nil {
		r.JSON = map[string]any{}
	}
	return resp{r.Status, r.JSON}
}

// fn invokes admin-users as supabase-js does (apikey + the session's token).
func (e *env) fn(token string, body map[string]any) resp {
	return e.do(http.MethodPost, "/functions/v1/admin-users", body, e.anon, token)
}

type session struct{ access, refresh, id string }

func (e *env) signUp(email, password string, admin bool) string {
	e.t.Helper()
	r := e.do("POST", "/auth/v1/admin/users", map[string]any{"email": email, "password": password, "email_confirm": true}, e.service, e.service)
	if r.status != 200 {
		e.t.Fatalf("create %s: %d %v", email, r.status, r.body)
	}
	id := r.body["id"].(string)
	if admin {
		if _, err := e.db.Admin.Exec(context.Background(), `update public.profiles set role = 'admin' where id = $1`, id); err != nil {
			e.t.Fatal(err)
		}
	}
	return id
}

func (e *env) signIn(email, password string) session {
	e.t.Helper()
	r := e.do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": email, "password": password}, e.anon, e.anon)
	if r.status != 200 {
		e.t.Fatalf("sign in %s: %d %v", email, r.status, r.body)
	}
	return session{r.body["access_token"].(string), r.body["refresh_token"].(string), r.body["user"].(map[string]any)["id"].(string)}
}

func (e *env) role(id string) string {
	var role string
	if err := e.db.Admin.QueryRow(context.Background(), `select coalesce((select role from public.profiles where id = $1), 'none')`, id).Scan(&role); err != nil {
		e.t.Fatal(err)
	}
	return role
}

func TestNonAdminIsRefused(t *testing.T) {
	e := newEnv(t)
	e.signUp("admin@example.com", "admin-pass", true)
	e.signUp("user@example.com", "user-pass", false)
	user := e.signIn("user@example.com", "user-pass")
	for _, body := range []map[string]any{
		{"action": "list"},
		{"action": "create", "email": "x@example.com", "password": "secret1", "firstName": "X", "lastName": "Y"},
		{"action": "revoke", "userId": user.id},
	} {
		r := e.fn(user.access, body)
		if r.status != 403 || r.body["code"] != "not_admin" || r.body["error"] != "Accès refusé : droits administrateur requis" {
			t.Fatalf("%v as a user: %d %v", body["action"], r.status, r.body)
		}
	}
	if r := e.fn(e.anon, map[string]any{"action": "list"}); r.status != 401 {
		t.Fatalf("anon key: %d %v", r.status, r.body)
	}
	if r := e.do("POST", "/functions/v1/admin-users", map[string]any{"action": "list"}, "", ""); r.status != 401 || r.body["code"] != "UNAUTHORIZED_NO_AUTH_HEADER" {
		t.Fatalf("no token: %d %v", r.status, r.body)
	}
	var n int
	_ = e.db.Admin.QueryRow(context.Background(), `select count(*) from auth.users where email = 'x@example.com'`).Scan(&n)
	if n != 0 {
		t.Fatal("a non-admin created a user")
	}
}

func TestCreateAndPromoteKeepCallerSession(t *testing.T) {
	e := newEnv(t)
	e.signUp("boss@example.com", "boss-pass", true)
	boss := e.signIn("boss@example.com", "boss-pass")
	existing := e.signUp("driver@example.com", "driver-pass", false)

	if r := e.fn(boss.access, map[string]any{"action": "create", "email": "new@example.com", "password": "12345678901", "firstName": "N", "lastName": "A"}); r.status != 400 || r.body["error"] != "Minimum 12 caractères" {
		t.Fatalf("short password: %d %v", r.status, r.body)
	}
	if r := e.fn(boss.access, map[string]any{"action": "create", "email": "bad", "password": "123456"}); r.status != 400 || r.body["error"] != "Email invalide" {
		t.Fatalf("bad email: %d %v", r.status, r.body)
	}

	r := e.fn(boss.access, map[string]any{"action": "create", "email": "New@Example.com", "password": "new-admin-pass", "firstName": "Nadia", "lastName": "Alami"})
	if r.status != 200 || r.body["created"] != true || r.body["message"] != "Administrateur créé avec succès" {
		t.Fatalf("create: %d %v", r.status, r.body)
	}
	u := r.body["user"].(map[string]any)
	if u["role"] != "admin" || u["email"] != "new@example.com" || u["first_name"] != "Nadia" || u["last_name"] != "Alami" {
		t.Fatalf("created profile: %v", u)
	}
	// The new administrator really can sign in, and is one.
	fresh := e.signIn("new@example.com", "new-admin-pass")
	if r := e.fn(fresh.access, map[string]any{"action": "list"}); r.status != 200 || len(r.body["admins"].([]any)) != 2 {
		t.Fatalf("new admin lists: %d %v", r.status, r.body)
	}

	r = e.fn(boss.access, map[string]any{"action": "create", "email": "driver@example.com", "password": "driver-admin-pass", "firstName": "Driss", "lastName": "B"})
	if r.status != 200 || r.body["promoted"] != true || r.body["message"] != "Utilisateur existant promu administrateur" || e.role(existing) != "admin" {
		t.Fatalf("promote: %d %v", r.status, r.body)
	}
	e.signIn("driver@example.com", "driver-admin-pass") // the password typed in the form

	// The caller's session is untouched: same user behind the token, refresh still valid.
	if r := e.do("GET", "/auth/v1/user", nil, e.anon, boss.access); r.status != 200 || r.body["email"] != "boss@example.com" {
		t.Fatalf("caller's /user after creating admins: %d %v", r.status, r.body)
	}
	r = e.do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": boss.refresh}, e.anon, e.anon)
	if r.status != 200 || r.body["user"].(map[string]any)["email"] != "boss@example.com" {
		t.Fatalf("caller's refresh: %d %v", r.status, r.body)
	}
	if r := e.fn(boss.access, map[string]any{"action": "list"}); r.status != 200 || len(r.body["admins"].([]any)) != 3 {
		t.Fatalf("list: %d %v", r.status, r.body)
	}
}

func TestRevokeAndDeleteRules(t *testing.T) {
	e := newEnv(t)
	aID := e.signUp("a@example.com", "a-password", true)
	a := e.signIn("a@example.com", "a-password")
	r := e.fn(a.access, map[string]any{"action": "create", "email": "b@example.com", "password": "b-password-12", "firstName": "B", "lastName": "B"})
	bID := r.body["user"].(map[string]any)["id"].(string)
	b := e.signIn("b@example.com", "b-password-12")

	if r := e.fn(a.access, map[string]any{"action": "revoke", "userId": aID}); r.status != 409 || r.body["code"] != "cannot_remove_self" {
		t.Fatalf("revoke self: %d %v", r.status, r.body)
	}
	if r := e.fn(a.access, map[string]any{"action": "delete", "userId": aID}); r.status != 409 || r.body["code"] != "cannot_remove_self" {
		t.Fatalf("delete self: %d %v", r.status, r.body)
	}
	if r := e.fn(a.access, map[string]any{"action": "revoke", "userId": bID}); r.status != 200 || e.role(bID) != "user" {
		t.Fatalf("revoke: %d %v", r.status, r.body)
	}
	if r := e.fn(b.access, map[string]any{"action": "list"}); r.status != 403 {
		t.Fatalf("revoked admin still allowed: %d", r.status)
	}
	if r := e.fn(a.access, map[string]any{"action": "revoke", "userId": bID}); r.status != 404 || r.body["code"] != "not_an_admin" {
		t.Fatalf("revoke a non-admin: %d %v", r.status, r.body)
	}
	e.fn(a.access, map[string]any{"action": "create", "email": "b@example.com", "password": "whatever-1234", "firstName": "B", "lastName": "B"})
	if r := e.fn(a.access, map[string]any{"action": "delete", "userId": bID}); r.status != 200 || e.role(bID) != "none" {
		t.Fatalf("delete: %d %v role %s", r.status, r.body, e.role(bID))
	}
	if r := e.do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "b@example.com", "password": "whatever-1234"}, e.anon, e.anon); r.status == 200 {
		t.Fatal("a deleted administrator can still sign in")
	}
	// a is the last administrator: even the service_role key cannot remove it.
	for _, action := range []string{"revoke", "delete"} {
		if r := e.do("POST", "/functions/v1/admin-users", map[string]any{"action": action, "userId": aID}, e.service, e.service); r.status != 409 || r.body["code"] != "last_admin" {
			t.Fatalf("%s last admin: %d %v", action, r.status, r.body)
		}
	}
	if e.role(aID) != "admin" {
		t.Fatal("last administrator lost the role")
	}
}

func TestConcurrentRemovalsKeepAnAdministrator(t *testing.T) {
	e := newEnv(t)
	aID := e.signUp("a@example.com", "a-password", true)
	bID := e.signUp("b@example.com", "b-password", true)
	a, b := e.signIn("a@example.com", "a-password"), e.signIn("b@example.com", "b-password")
	for round := range 5 {
		var wg sync.WaitGroup
		results := make([]int, 2)
		for i, call := range []struct {
			tok, target string
		}{{a.access, bID}, {b.access, aID}} {
			wg.Go(func() {
				results[i] = e.fn(call.tok, map[string]any{"action": "revoke", "userId": call.target}).status
			})
		}
		wg.Wait()
		var admins int
		_ = e.db.Admin.QueryRow(context.Background(), `select count(*) from public.profiles where role = 'admin'`).Scan(&admins)
		if admins != 1 {
			t.Fatalf("round %d: %d administrators left (answers %v)", round, admins, results)
		}
		if _, err := e.db.Admin.Exec(context.Background(), `update public.profiles set role = 'admin'`); err != nil {
			t.Fatal(err)
		}
	}
}

// enrolTOTP enrols and verifies a TOTP factor from s: the
// answer is an aal2 session.
func (e *env) enrolTOTP(s session) (session, string) {
	e.t.Helper()
	r := e.do("POST", "/auth/v1/factors", map[string]any{"factor_type": "totp", "friendly_name": "phone"}, e.anon, s.access)
	if r.status != 200 {
		e.t.Fatalf("enroll: %d %v", r.status, r.body)
	}
	fid := r.body["id"].(string)
	secret := r.body["totp"].(map[string]any)["secret"].(string)
	ch := e.do("POST", "/auth/v1/factors/"+fid+"/challenge", nil, e.anon, s.access)
	code, err := totp.GenerateCode(secret, time.Now())
	if err != nil || ch.status != 200 {
		e.t.Fatalf("challenge: %d %v %v", ch.status, ch.body, err)
	}
	v := e.do("POST", "/auth/v1/factors/"+fid+"/verify", map[string]any{"challenge_id": ch.body["id"], "code": code}, e.anon, s.access)
	if v.status != 200 {
		e.t.Fatalf("verify: %d %v", v.status, v.body)
	}
	return session{v.body["access_token"].(string), v.body["refresh_token"].(string), s.id}, fid
}

// The recovery of an administrator who lost their authenticator: another
// administrator removes the factor; until then the password alone is no admin.
func TestResetMFA(t *testing.T) {
	e := newEnv(t)
	e.signUp("boss@example.com", "boss-pass", true)
	boss := e.signIn("boss@example.com", "boss-pass")
	lostID := e.signUp("lost@example.com", "lost-pass", true)
	lost := e.signIn("lost@example.com", "lost-pass")
	aal2, _ := e.enrolTOTP(lost)

	if r := e.fn(aal2.access, map[string]any{"action": "list"}); r.status != 200 {
		t.Fatalf("aal2 admin lists: %d %v", r.status, r.body)
	}
	mfaOf := func(r resp, id string) any {
		for _, a := range r.body["admins"].([]any) {
			if a.(map[string]any)["id"] == id {
				return a.(map[string]any)["mfa"]
			}
		}
		return nil
	}
	if r := e.fn(boss.access, map[string]any{"action": "list"}); mfaOf(r, lostID) != true || mfaOf(r, boss.id) != false {
		t.Fatalf("list's mfa flags: %v", r.body)
	}
	password := e.signIn("lost@example.com", "lost-pass") // aal1
	if r := e.fn(password.access, map[string]any{"action": "reset_mfa", "userId": boss.id}); r.status != 403 || r.body["code"] != "not_admin" {
		t.Fatalf("aal1 session of an enrolled admin: %d %v", r.status, r.body)
	}
	if r := e.fn(boss.access, map[string]any{"action": "reset_mfa", "userId": boss.id}); r.status != 409 || r.body["code"] != "cannot_reset_self" {
		t.Fatalf("own factor: %d %v", r.status, r.body)
	}
	r := e.fn(boss.access, map[string]any{"action": "reset_mfa", "userId": lostID})
	if r.status != 200 || r.body["removed"] != float64(1) || r.body["message"] != "Double authentification désactivée" {
		t.Fatalf("reset: %d %v", r.status, r.body)
	}
	// The password alone is enough again, until they enrol a new authenticator.
	if r := e.fn(password.access, map[string]any{"action": "list"}); r.status != 200 || mfaOf(r, lostID) != false {
		t.Fatalf("after reset: %d %v", r.status, r.body)
	}
}

// profiles reads /rest/v1/profiles with token, as the back office does: the
// number of rows RLS lets it see (every profile for an administrator, its own
// for anyone else).
func (e *env) profiles(token string) int {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.srv.URL+"/rest/v1/profiles?select=id", nil)
	req.Header.Set("apikey", e.anon)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	var rows []map[string]any
	if err := json.NewDecoder(res.Body).Decode(&rows); err != nil || res.StatusCode != 200 {
		e.t.Fatalf("GET /rest/v1/profiles: %d %v", res.StatusCode, err)
	}
	return len(rows)
}

// The takeover of an administrator's account, replayed as each client acts: a
// guest (anonymous sign-ins on, no SMTP, so sign-ups are confirmed at once)
// claims the address the agency's next administrator will have, with a
// password; then the agency creates that administrator in « Administrateurs ».
func TestAGuestCannotBecomeTheAdministratorOfItsAddress(t *testing.T) {
	e := newEnvWith(t, false, func(c *config.Auth) { c.AnonymousUsersEnabled = true })
	e.signUp("boss@example.com", "boss-password-1", true)
	boss := e.signIn("boss@example.com", "boss-password-1")

	g := e.do("POST", "/auth/v1/signup", map[string]any{}, e.anon, e.anon)
	if g.status != 200 {
		t.Fatalf("guest: %d %v", g.status, g.body)
	}
	guest := session{g.body["access_token"].(string), g.body["refresh_token"].(string), g.body["user"].(map[string]any)["id"].(string)}
	// Without a mail server the guest's change cannot complete, and is refused.
	claim := e.do("PUT", "/auth/v1/user", map[string]any{"email": "newstaff@agency.test", "password": "guest-password-1"}, e.anon, guest.access)
	t.Logf("the guest's claim: %d %v", claim.status, claim.body)

	r := e.fn(boss.access, map[string]any{"action": "create", "email": "newstaff@agency.test", "password": "staff-password-12", "firstName": "Nour", "lastName": "Staff"})
	if r.status != 200 || r.body["created"] != true {
		t.Fatalf("the agency's new administrator: %d %v", r.status, r.body)
	}
	// Nothing the guest holds is an administrator's.
	if r := e.do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "newstaff@agency.test", "password": "guest-password-1"}, e.anon, e.anon); r.status == 200 {
		t.Fatal("the guest signs in as the new administrator with its own password")
	}
	if r := e.fn(guest.access, map[string]any{"action": "list"}); r.status != 403 {
		t.Fatalf("the guest's token: %d %v", r.status, r.body)
	}
	if r := e.do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": guest.refresh}, e.anon, e.anon); r.status == 200 {
		if r := e.fn(r.body["access_token"].(string), map[string]any{"action": "list"}); r.status != 403 {
			t.Fatalf("the guest's refreshed token: %d %v", r.status, r.body)
		}
	}
	staff := e.signIn("newstaff@agency.test", "staff-password-12")
	if staff.id == guest.id {
		t.Fatal("the new administrator's account is the guest's")
	}
	if r := e.fn(staff.access, map[string]any{"action": "list"}); r.status != 200 {
		t.Fatalf("the new administrator: %d %v", r.status, r.body)
	}
}

// Promotion takes an existing account from whoever set it up: anyone could sign
// up with the address (sign-ups confirmed without mail) and add a second factor
// of their own. After « Utilisateur existant promu administrateur » the password
// is the one typed in the form, their sessions (aal1 and aal2) and refresh
// tokens are dead, their factor is gone.
func TestPromotionTakesTheAccountFromWhoeverSetItUp(t *testing.T) {
	e := newEnvWith(t, false, nil)
	e.signUp("boss@example.com", "boss-password-1", true)
	boss := e.signIn("boss@example.com", "boss-password-1")

	up := e.do("POST", "/auth/v1/signup", map[string]any{"email": "newstaff@agency.test", "password": "squatter-pass-1"}, e.anon, e.anon)
	if up.status != 200 || up.body["access_token"] == nil {
		t.Fatalf("sign-up: %d %v", up.status, up.body)
	}
	squat := session{up.body["access_token"].(string), up.body["refresh_token"].(string), up.body["user"].(map[string]any)["id"].(string)}
	squat2, _ := e.enrolTOTP(squat)

	r := e.fn(boss.access, map[string]any{"action": "create", "email": "newstaff@agency.test", "password": "staff-password-12", "firstName": "Nour", "lastName": "Staff"})
	if r.status != 200 || r.body["promoted"] != true || e.role(squat.id) != "admin" {
		t.Fatalf("promote: %d %v", r.status, r.body)
	}
	if r := e.do("POST", "/auth/v1/token?grant_type=password", map[string]any{"email": "newstaff@agency.test", "password": "squatter-pass-1"}, e.anon, e.anon); r.status == 200 {
		t.Fatal("the squatter's password still opens the account")
	}
	for name, s := range map[string]session{"aal1": squat, "aal2": squat2} {
		if r := e.fn(s.access, map[string]any{"action": "list"}); r.status != 403 {
			t.Fatalf("the squatter's %s token after the promotion: %d %v", name, r.status, r.body)
		}
		if n := e.profiles(s.access); n > 1 {
			t.Fatalf("the squatter's %s token reads %d profiles", name, n)
		}
		if r := e.do("POST", "/auth/v1/token?grant_type=refresh_token", map[string]any{"refresh_token": s.refresh}, e.anon, e.anon); r.status == 200 {
			t.Fatalf("the squatter's %s refresh token still works", name)
		}
	}
	staff := e.signIn("newstaff@agency.test", "staff-password-12")
	if r := e.fn(staff.access, map[string]any{"action": "list"}); r.status != 200 {
		t.Fatalf("the new administrator (the squatter's factor removed): %d %v", r.status, r.body)
	}
}

// With ADMIN_MFA_REQUIRED (the default) an administrator is one only at aal2:
// through /rest/v1 the password session reads no one else's profile; after
// enrolling and verifying TOTP (aal2) it reads them all.
func TestAdministratorsNeedTheSecondFactor(t *testing.T) {
	e := newEnvWith(t, true, nil)
	e.signUp("boss@example.com", "boss-password-1", true)
	e.signUp("client@example.com", "client-password-1", false)
	boss := e.signIn("boss@example.com", "boss-password-1")
	if n := e.profiles(boss.access); n != 1 {
		t.Fatalf("aal1, no factor: %d profiles", n)
	}
	if r := e.fn(boss.access, map[string]any{"action": "list"}); r.status != 403 {
		t.Fatalf("aal1 admin-users: %d %v", r.status, r.body)
	}
	aal2, _ := e.enrolTOTP(boss)
	if n := e.profiles(aal2.access); n != 2 {
		t.Fatalf("aal2: %d profiles", n)
	}
	if r := e.fn(aal2.access, map[string]any{"action": "list"}); r.status != 200 {
		t.Fatalf("aal2 admin-users: %d %v", r.status, r.body)
	}
	// A new password session is aal1 again: the factor's code is asked.
	if n := e.profiles(e.signIn("boss@example.com", "boss-password-1").access); n != 1 {
		t.Fatalf("a later aal1 session: %d profiles", n)
	}
	// Relaxed (local development), an administrator without a factor passes at aal1.
	if err := adminusers.ApplySettings(context.Background(), e.db.Pool, false); err != nil {
		t.Fatal(err)
	}
	e.signUp("dev@example.com", "dev-password-12", true)
	if n := e.profiles(e.signIn("dev@example.com", "dev-password-12").access); n != 3 {
		t.Fatalf("relaxed, no factor: %d profiles", n)
	}
}
