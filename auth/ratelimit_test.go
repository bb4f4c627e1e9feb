package auth_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"casarent/server/config"
)

func TestRateLimitsPerIPInPostgres(t *testing.T) {
	e := newEnv(t, func(c *config.Auth) {
		c.RateLimit.OTP = config.Rate{N: 3, Period: 5 * time.Minute}
		c.RateLimit.TokenRefresh = config.Rate{N: 4, Period: time.Minute}
		c.RateLimit.Header = "X-Real-Client-Ip"
	})
	ip := func(addr string) []string { return []string{"X-Real-Client-Ip", addr} }
	for range 3 {
		must(t, e.call("POST", "/recover", map[string]any{"email": "x@example.test"}, "", ip("203.0.113.7")...), 200)
	}
	wantError(t, e.call("POST", "/recover", map[string]any{"email": "x@example.test"}, "", ip("203.0.113.7")...), 429, "over_request_rate_limit")
	// Another client is not affected, nor is another endpoint of the same client.
	must(t, e.call("POST", "/recover", map[string]any{"email": "x@example.test"}, "", ip("203.0.113.8")...), 200)
	must(t, e.call("POST", "/signup", map[string]any{"email": "y@example.test", "password": "pass-word"}, "", ip("203.0.113.7")...), 200)
	// X-Forwarded-For is not the trusted header: it cannot dodge the limit.
	wantError(t, e.call("POST", "/recover", map[string]any{"email": "x@example.test"}, "", "X-Real-Client-Ip", "203.0.113.7", "X-Forwarded-For", "198.51.100.1"), 429, "over_request_rate_limit")
	// The bucket refills with time: 3 per 5 minutes is one per 100 s.
	e.clock.Add(101 * time.Second)
	must(t, e.call("POST", "/recover", map[string]any{"email": "x@example.test"}, "", ip("203.0.113.7")...), 200)
	wantError(t, e.call("POST", "/recover", map[string]any{"email": "x@example.test"}, "", ip("203.0.113.7")...), 429, "over_request_rate_limit")

	// Concurrent requests cannot overspend the bucket (one atomic statement per take).
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for range 10 {
		wg.Go(func() {
			r := e.call("POST", "/token?grant_type=password", map[string]any{"email": "z@example.test", "password": "x"}, "", ip("192.0.2.1")...)
			mu.Lock()
			codes[r.Status]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if codes[400] != 4 || codes[429] != 6 {
		t.Fatalf("token limiter let through %v", codes)
	}
	r := e.call("POST", "/token?grant_type=password", map[string]any{"email": "z@example.test", "password": "x"}, "", ip("192.0.2.1")...)
	if r.Status != 429 || r.str("error_code") != "over_request_rate_limit" || r.str("error") == "" || r.Header.Get("Retry-After") == "" {
		t.Fatalf("/token 429 shape: %s", r.Raw)
	}
}

func TestEmailSendLimitPerAddress(t *testing.T) {
	e := newEnv(t, func(c *config.Auth) { c.RateLimit.EmailSent = config.Rate{N: 2, Period: time.Hour} })
	must(t, e.call("POST", "/signup", map[string]any{"email": "q@example.test", "password": "pass-word"}, ""), 200)
	must(t, e.call("POST", "/resend", map[string]any{"type": "signup", "email": "q@example.test"}, ""), 200)
	// Over the address's budget: nothing sent, and 200 as for an address without an account.
	must(t, e.call("POST", "/resend", map[string]any{"type": "signup", "email": "q@example.test"}, ""), 200)
	// Another address has its own budget.
	must(t, e.call("POST", "/signup", map[string]any{"email": "r@example.test", "password": "pass-word"}, ""), 200)
	if n := len(e.sink.To("q@example.test")); n != 2 {
		t.Fatalf("%d emails to q", n)
	}
}

// Failed password sign-ins are limited per account: from one address, and from
// every address together; the owner, elsewhere, still signs in; a right
// password costs nothing; unknown addresses are limited alike.
func TestPasswordSignInFailuresAreLimitedPerAccount(t *testing.T) {
	e := newEnv(t, func(c *config.Auth) {
		c.RateLimit.Header = "X-Real-Client-Ip"
		c.RateLimit.SignInFailures = config.Rate{N: 5, Period: 10 * time.Minute}
		c.RateLimit.SignInFailuresAccount = config.Rate{N: 12, Period: time.Hour}
	})
	e.createUser("owner@example.test", "right-password-1", nil)
	try := func(email, password, addr string) resp {
		return e.call("POST", "/token?grant_type=password", map[string]any{"email": email, "password": password}, "", "X-Real-Client-Ip", addr)
	}
	for i := range 5 {
		wantError(t, try("owner@example.test", fmt.Sprintf("guess-%d", i), "203.0.113.1"), 400, "invalid_credentials")
	}
	r := try("owner@example.test", "guess-5", "203.0.113.1")
	wantError(t, r, 429, "over_request_rate_limit")
	if r.str("error") != "slow_down" || r.Header.Get("Retry-After") != "120" {
		t.Fatalf("429 shape: %s %v", r.Raw, r.Header)
	}
	// Even the right password waits on that address; the owner elsewhere is not blocked.
	wantError(t, try("owner@example.test", "right-password-1", "203.0.113.1"), 429, "over_request_rate_limit")
	must(t, try("owner@example.test", "right-password-1", "198.51.100.9"), 200)
	// The budget refills: 5 per 10 minutes is one try every 2 minutes.
	e.clock.Add(121 * time.Second)
	wantError(t, try("owner@example.test", "guess-6", "203.0.113.1"), 400, "invalid_credentials")
	wantError(t, try("owner@example.test", "guess-7", "203.0.113.1"), 429, "over_request_rate_limit")

	// Many addresses together: the account's own budget (12 per hour; 6 failures spent, the success gave its try back).
	for i := range 4 {
		wantError(t, try("owner@example.test", "guess", fmt.Sprintf("192.0.2.%d", i)), 400, "invalid_credentials")
	}
	wantError(t, try("owner@example.test", "guess", "192.0.2.10"), 400, "invalid_credentials")
	wantError(t, try("owner@example.test", "guess", "192.0.2.11"), 400, "invalid_credentials")
	wantError(t, try("owner@example.test", "guess", "192.0.2.12"), 429, "over_request_rate_limit")
	// Another account is not affected.
	e.createUser("other@example.test", "other-password-1", nil)
	must(t, try("other@example.test", "other-password-1", "192.0.2.12"), 200)

	// An address without an account is limited alike: the 429 tells nothing.
	for range 5 {
		wantError(t, try("nobody@example.test", "guess", "203.0.113.2"), 400, "invalid_credentials")
	}
	wantError(t, try("nobody@example.test", "guess", "203.0.113.2"), 429, "over_request_rate_limit")

	// A right password clears its address's count.
	e.createUser("forgetful@example.test", "right-password-2", nil)
	for range 4 {
		wantError(t, try("forgetful@example.test", "guess", "203.0.113.3"), 400, "invalid_credentials")
	}
	must(t, try("forgetful@example.test", "right-password-2", "203.0.113.3"), 200)
	for range 5 {
		wantError(t, try("forgetful@example.test", "guess", "203.0.113.3"), 400, "invalid_credentials")
	}
}
