package auth_test

import (
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"testing"

	"casarent/server/config"
)

// captchaEnv is a server with SECURITY_CAPTCHA_ENABLED (see withCaptchaSite).
func captchaEnv(t *testing.T) *env {
	t.Helper()
	return newEnv(t, withCaptchaSite(t))
}

// withCaptchaSite turns SECURITY_CAPTCHA_ENABLED on with a siteverify that is a
// stand-in of hCaptcha's: it accepts "good-token" with the configured secret.
func withCaptchaSite(t *testing.T) func(*config.Auth) {
	t.Helper()
	verify := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		ok := r.PostForm.Get("secret") == "captcha-secret" && r.PostForm.Get("response") == "good-token"
		ans := map[string]any{"success": ok}
		if !ok {
			ans["error-codes"] = []string{"invalid-input-response"}
		}
		json.NewEncoder(w).Encode(ans)
	}))
	t.Cleanup(verify.Close)
	return func(c *config.Auth) {
		c.Captcha = config.Captcha{Enabled: true, Provider: "hcaptcha", Secret: "captcha-secret", VerifyURL: verify.URL}
	}
}

func withCaptcha(body map[string]any, token string) map[string]any {
	out := map[string]any{}
	maps.Copy(out, body)
	if token != "" {
		out["gotrue_meta_security"] = map[string]any{"captcha_token": token}
	}
	return out
}

// GoTrue guards every endpoint that signs in or sends mail to an address with
// the captcha, not only sign-up: a password sign-in, /otp, /magiclink, /recover
// and /resend without a token are 500 "captcha verification process failed",
// with a refused one 400 captcha_failed, and pass with an accepted one.
func TestCaptchaGuardsSignInAndMailEndpoints(t *testing.T) {
	e := captchaEnv(t)
	e.createUser("held@example.test", "pass-word-1", nil)
	cases := []struct {
		path string
		body map[string]any
		ok   int
	}{
		{"/token?grant_type=password", map[string]any{"email": "held@example.test", "password": "pass-word-1"}, 200},
		{"/otp", map[string]any{"email": "held@example.test"}, 200},
		{"/magiclink", map[string]any{"email": "held@example.test"}, 200},
		{"/recover", map[string]any{"email": "held@example.test"}, 200},
		{"/resend", map[string]any{"type": "signup", "email": "held@example.test"}, 200},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			r := e.call("POST", c.path, withCaptcha(c.body, ""), "")
			wantError(t, r, 500, "unexpected_failure")
			if r.str("msg") != "captcha verification process failed" {
				t.Fatalf("no token: %s", r.Raw)
			}
			wantError(t, e.call("POST", c.path, withCaptcha(c.body, "bad-token"), ""), 400, "captcha_failed")
			must(t, e.call("POST", c.path, withCaptcha(c.body, "good-token"), ""), c.ok)
		})
	}
	// A refresh is no sign-in: GoTrue does not ask it for a captcha.
	tok := must(t, e.call("POST", "/token?grant_type=password", withCaptcha(map[string]any{"email": "held@example.test", "password": "pass-word-1"}, "good-token"), ""), 200)
	must(t, e.call("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": tok.str("refresh_token")}, ""), 200)
}

// Requests made with an administrator's key skip the captcha, as GoTrue's do
// (a server acting for its users has no captcha to solve).
func TestCaptchaSkippedForAdministrators(t *testing.T) {
	e := captchaEnv(t)
	e.createUser("held2@example.test", "pass-word-1", nil)
	must(t, e.call("POST", "/token?grant_type=password", map[string]any{"email": "held2@example.test", "password": "pass-word-1"}, e.service), 200)
	must(t, e.call("POST", "/signup", map[string]any{"email": "new2@example.test", "password": "pass-word-1"}, e.service), 200)
}
