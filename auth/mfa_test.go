package auth_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"casarent/server/config"
)

// mfaUser is a signed-in user with a verified TOTP factor, all from one address.
type mfaUser struct {
	e               *env
	email, password string
	factorID        string
	secret          string
}

// fromIP are the headers that make a request come from addr (RATE_LIMIT_HEADER
// is X-Real-Client-Ip in these tests).
func fromIP(addr string) []string { return []string{"X-Real-Client-Ip", addr} }

func mfaEnv(t *testing.T, tweak func(*config.Auth)) *env {
	return newEnv(t, func(c *config.Auth) {
		c.RateLimit.Header = "X-Real-Client-Ip"
		if tweak != nil {
			tweak(c)
		}
	})
}

// enrollTOTP creates a user and enrolls and verifies a TOTP factor from addr.
func enrollTOTP(e *env, email, addr string) *mfaUser {
	e.t.Helper()
	u := &mfaUser{e: e, email: email, password: "pass-word-1"}
	e.createUser(email, u.password, nil)
	tok := u.signIn(addr)
	r := must(e.t, e.call("POST", "/factors", map[string]any{"factor_type": "totp", "friendly_name": "phone"}, tok, fromIP(addr)...), 200)
	u.factorID = r.str("id")
	u.secret, _ = r.Body["totp"].(map[string]any)["secret"].(string)
	must(e.t, u.verify(tok, u.challenge(tok, addr), u.code(), addr), 200)
	return u
}

func (u *mfaUser) signIn(addr string) string {
	u.e.t.Helper()
	r := must(u.e.t, u.e.call("POST", "/token?grant_type=password",
		map[string]any{"email": u.email, "password": u.password}, "", fromIP(addr)...), 200)
	return r.str("access_token")
}

func (u *mfaUser) challenge(tok, addr string) string {
	u.e.t.Helper()
	return must(u.e.t, u.e.call("POST", "/factors/"+u.factorID+"/challenge", map[string]any{}, tok, fromIP(addr)...), 200).str("id")
}

func (u *mfaUser) verify(tok, challengeID, code, addr string) resp {
	u.e.t.Helper()
	return u.e.call("POST", "/factors/"+u.factorID+"/verify", map[string]any{"challenge_id": challengeID, "code": code}, tok, fromIP(addr)...)
}

// code is the authenticator's code at the harness clock's now.
func (u *mfaUser) code() string {
	u.e.t.Helper()
	c, err := totp.GenerateCode(u.secret, u.e.clock.Now())
	if err != nil {
		u.e.t.Fatal(err)
	}
	return c
}

func TestTOTPCodeOpensOneSession(t *testing.T) {
	e := mfaEnv(t, nil)
	const addr = "203.0.113.10"
	u := enrollTOTP(e, "admin@example.test", addr)
	used := u.code() // spent by the enrolment's verify

	// Someone who saw the code (or the password holder racing the owner)
	// signs in and offers it for a second session: refused as a wrong code.
	tok := u.signIn(addr)
	wantError(t, u.verify(tok, u.challenge(tok, addr), used, addr), 422, "mfa_verification_failed")
	// Nor does the code of the step before, still inside the drift window.
	prev, _ := totp.GenerateCode(u.secret, e.clock.Now().Add(-30*time.Second))
	wantError(t, u.verify(tok, u.challenge(tok, addr), prev, addr), 422, "mfa_verification_failed")

	// The next step's code works once.
	e.clock.Add(30 * time.Second)
	r := must(t, u.verify(tok, u.challenge(tok, addr), u.code(), addr), 200)
	if r.user()["factors"] == nil || r.str("access_token") == "" {
		t.Fatalf("verify answer: %s", r.Raw)
	}

	// Two verifies racing with one fresh code: exactly one wins.
	e.clock.Add(30 * time.Second)
	tok = r.str("access_token")
	code := u.code()
	ch := []string{u.challenge(tok, addr), u.challenge(tok, addr), u.challenge(tok, addr)}
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	for _, id := range ch {
		wg.Go(func() {
			r := e.call("POST", "/factors/"+u.factorID+"/verify", map[string]any{"challenge_id": id, "code": code}, tok, fromIP(addr)...)
			mu.Lock()
			statuses[r.Status]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if statuses[200] != 1 || statuses[422] != len(ch)-1 {
		t.Fatalf("racing verifies with one code: %v", statuses)
	}
}

func TestMFAVerifyLimitCannotLockOwnerOut(t *testing.T) {
	e := mfaEnv(t, func(c *config.Auth) { c.RateLimit.Verify = config.Rate{N: 4, Period: 5 * time.Minute} })
	const owner, intruder = "203.0.113.20", "198.51.100.30"
	u := enrollTOTP(e, "owner@example.test", owner)

	// The intruder holds the password and guesses from one address until refused.
	tok := u.signIn(intruder)
	limited := false
	for i := 0; i < 10 && !limited; i++ {
		guess := fmt.Sprintf("%06d", i)
		if guess == u.code() {
			continue
		}
		r := u.verify(tok, u.challenge(tok, intruder), guess, intruder)
		switch r.Status {
		case 422:
		case 429:
			wantError(t, r, 429, "over_request_rate_limit")
			limited = true
		default:
			t.Fatalf("guess %d: %d %s", i, r.Status, r.Raw)
		}
	}
	if !limited {
		t.Fatal("the intruder's guesses were never limited")
	}

	// The owner, from their own address, still raises a session to aal2.
	e.clock.Add(30 * time.Second)
	mine := u.signIn(owner)
	must(t, u.verify(mine, u.challenge(mine, owner), u.code(), owner), 200)
}
