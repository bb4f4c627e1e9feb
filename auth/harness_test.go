package auth_test

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"casarent/auth"
	"casarent/server/config"
	"casarent/server/jwtauth"
	"casarent/server/mail"
	"casarent/server/mail/mailtest"
	"casarent/server/pgtest"
)

const (
	siteURL = "http://site.test"
	extURL  = "http://api.test"
)

// clock is a settable time source shared by the handler and the verifier.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// env is one running auth surface: a fresh database, an SMTP sink, a server.
type env struct {
	t       *testing.T
	db      *pgtest.DB
	sink    *mailtest.Sink
	srv     *httptest.Server
	clock   *clock
	anon    string
	service string
	cfg     config.Auth
}

// newEnv starts the surface with the default configuration changed by tweak.
func newEnv(t *testing.T, tweak func(*config.Auth)) *env {
	t.Helper()
	return newEnvKeys(t, tweak, nil)
}

// newEnvKeys is newEnv with JWT_KEYS: the surface signs with keys and the
// verifier accepts them.
func newEnvKeys(t *testing.T, tweak func(*config.Auth), keys *jwtauth.KeySet) *env {
	t.Helper()
	return newEnvMail(t, tweak, keys, true)
}

// newEnvNoSMTP is newEnv without a mail server: messages go to the log sender,
// which reports itself not configured (as the server without SMTP_HOST).
func newEnvNoSMTP(t *testing.T, tweak func(*config.Auth)) *env {
	t.Helper()
	return newEnvMail(t, tweak, nil, false)
}

func newEnvMail(t *testing.T, tweak func(*config.Auth), keys *jwtauth.KeySet, smtp bool) *env {
	t.Helper()
	// The settings come from config.Load, which applies every default (the
	// issuer <API_EXTERNAL_URL>/auth/v1 included); auth.New adds none.
	cfg, err := config.Load(func(k string) string {
		return map[string]string{"SITE_URL": siteURL, "API_EXTERNAL_URL": extURL}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	ac := cfg.Auth
	ac.MailerAutoconfirm = false
	ac.BcryptCost = 4 // tests measure behaviour, not cost
	ac.RateLimit.MaxFrequency = 0
	ac.EmailReplyFloor = 0 // on in TestEmailEndpointsDoNotTellWhoHasAnAccount
	if tweak != nil {
		tweak(&ac)
	}
	db := pgtest.New(t)
	sink, err := mailtest.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sink.Close() })
	clk := &clock{t: time.Now()}
	var mailer mail.Sender // nil: auth's log sender
	if smtp {
		mailer = mail.NewSMTP(mail.SMTPConfig{Host: sink.Host(), Port: sink.Port(), From: "noreply@site.test", TLS: "none"})
	}
	h := auth.New(auth.Options{
		Pool: db.Pool, Config: ac, JWTSecret: pgtest.JWTSecret, SigningKeys: keys, SiteURL: siteURL, APIExternalURL: extURL,
		Mailer: mailer, Now: clk.Now, Logger: slog.New(slog.NewTextHandler(testLog{t}, &slog.HandlerOptions{Level: slog.LevelError})),
	})
	anon, _ := jwtauth.Sign(pgtest.JWTSecret, jwtauth.KeyClaims("anon", time.Now()))
	service, _ := jwtauth.Sign(pgtest.JWTSecret, jwtauth.KeyClaims("service_role", time.Now()))
	v := jwtauth.NewVerifier(pgtest.JWTSecret, jwtauth.Keys{Anon: anon, Service: service}).WithKeySet(keys).WithClock(clk.Now)
	srv := httptest.NewServer(http.StripPrefix("/auth/v1", v.Middleware(h)))
	t.Cleanup(srv.Close)
	return &env{t: t, db: db, sink: sink, srv: srv, clock: clk, anon: anon, service: service, cfg: ac}
}

// resp is a decoded answer.
type resp struct {
	Status int
	Header http.Header
	Body   map[string]any
	Raw    string
}

func (r resp) str(k string) string { s, _ := r.Body[k].(string); return s }

func (r resp) user() map[string]any {
	if u, ok := r.Body["user"].(map[string]any); ok {
		return u
	}
	return r.Body
}

// call sends a request the way auth-js does: apikey, Authorization (the key
// unless bearer is given), X-Supabase-Api-Version, JSON body.
func (e *env) call(method, path string, body any, bearer string, hdr ...string) resp {
	e.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, e.srv.URL+"/auth/v1"+path, rd)
	req.Header.Set("apikey", e.anon)
	if bearer == "" {
		bearer = e.anon
	}
	req.Header.Set("Authorization", "Bearer "+bearer)
	req.Header.Set("X-Supabase-Api-Version", "2024-01-01")
	req.Header.Set("Content-Type", "application/json;charset=UTF-8")
	for i := 0; i+1 < len(hdr); i += 2 {
		if hdr[i+1] == "" {
			req.Header.Del(hdr[i])
		} else {
			req.Header.Set(hdr[i], hdr[i+1])
		}
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	out := resp{Status: res.StatusCode, Header: res.Header, Raw: string(raw)}
	if len(raw) > 0 && raw[0] == '{' {
		if err := json.Unmarshal(raw, &out.Body); err != nil {
			e.t.Fatalf("%s %s: bad JSON %q", method, path, raw)
		}
	}
	return out
}

func (e *env) admin(method, path string, body any) resp {
	e.t.Helper()
	return e.call(method, path, body, e.service, "apikey", e.service)
}

// must fails the test unless r has status.
func must(t *testing.T, r resp, status int) resp {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Raw)
	}
	return r
}

// wantError checks GoTrue's error shape.
func wantError(t *testing.T, r resp, status int, code string) {
	t.Helper()
	if r.Status != status || r.str("code") != code || r.str("error_code") != code || r.str("msg") == "" || r.str("message") != r.str("msg") {
		t.Fatalf("want %d %s, got %d %s", status, code, r.Status, r.Raw)
	}
	if r.Header.Get("X-Sb-Error-Code") != code || r.Header.Get("X-Supabase-Api-Version") != "2024-01-01" {
		t.Fatalf("error headers: %v", r.Header)
	}
}

// createUser makes a confirmed user through the admin API.
func (e *env) createUser(email, password string, meta map[string]any) string {
	e.t.Helper()
	r := must(e.t, e.admin("POST", "/admin/users", map[string]any{"email": email, "password": password, "email_confirm": true, "user_metadata": meta}), 200)
	return r.str("id")
}

func (e *env) signIn(email, password string) resp {
	e.t.Helper()
	return e.call("POST", "/token?grant_type=password", map[string]any{"email": email, "password": password, "gotrue_meta_security": map[string]any{}}, "")
}

var linkRE = regexp.MustCompile(`https?://[^\s"<>]+/auth/v1/verify\?[^\s"<>]+`)

// lastLink waits for the n-th email to addr and returns its verify link.
func (e *env) lastLink(addr string, n int) (mailtest.Message, *url.URL) {
	e.t.Helper()
	m := e.sink.Received(e.t, addr, n)[n-1]
	link := linkRE.FindString(m.Text)
	if link == "" {
		e.t.Fatalf("no verify link in %q", m.Text)
	}
	u, err := url.Parse(link)
	if err != nil {
		e.t.Fatal(err)
	}
	return m, u
}

// follow opens an email link against the test server (its host is API_EXTERNAL_URL)
// and returns the redirect target.
func (e *env) follow(link *url.URL) *url.URL {
	e.t.Helper()
	req, _ := http.NewRequest("GET", e.srv.URL+link.Path+"?"+link.RawQuery, nil)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := client.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther {
		e.t.Fatalf("verify answered %d, want 303", res.StatusCode)
	}
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		e.t.Fatal(err)
	}
	return loc
}

func fragment(u *url.URL) url.Values {
	v, _ := url.ParseQuery(u.Fragment)
	return v
}

// testLog sends the surface's error log to the test's output.
type testLog struct{ t *testing.T }

func (l testLog) Write(p []byte) (int, error) {
	l.t.Log(strings.TrimSpace(string(p)))
	return len(p), nil
}
