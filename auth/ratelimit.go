package auth

import (
	"context"
	"math/rand/v2"
	"net/http"
	"time"

	"casarent/server/config"
	"casarent/server/httpx"
)

// clientIP: see httpx.ClientIP (RATE_LIMIT_HEADER is the trusted header).
func (a *api) clientIP(r *http.Request) string { return httpx.ClientIP(r, a.cfg.RateLimit.Header) }

// limit counts one request of the client's IP against a limiter.
func (a *api) limit(r *http.Request, name string, rate config.Rate) error {
	ok, err := a.take(r.Context(), r, "ip:"+name+":"+a.clientIP(r), rate)
	if err != nil {
		return err
	}
	if !ok {
		return withRetryAfter(errRateLimited(), rate)
	}
	return nil
}

// withRetryAfter tells the client when the bucket of rate has a token again.
func withRetryAfter(e *apiError, rate config.Rate) *apiError {
	wait := time.Minute
	if rate.N > 0 {
		wait = rate.Period / time.Duration(rate.N)
	}
	return e.retryAfter(wait)
}

// limitEmail counts one email to addr (RATE_LIMIT_EMAIL_SENT).
func (a *api) limitEmail(ctx context.Context, r *http.Request, addr string) error {
	ok, err := a.take(ctx, r, "email:"+normalizeEmail(addr), a.cfg.RateLimit.EmailSent)
	if err != nil {
		return err
	}
	if !ok {
		return withRetryAfter(errEmailRateLimited(), a.cfg.RateLimit.EmailSent)
	}
	return nil
}

// take removes one token from the bucket key (capacity rate.N, refilled at
// rate.N per rate.Period) and reports whether there was one. The bucket lives in
// PostgreSQL, so every replica shares it (store.TakeRateToken).
func (a *api) take(ctx context.Context, r *http.Request, key string, rate config.Rate) (bool, error) {
	if rate.N <= 0 || rate.Period <= 0 {
		return true, nil
	}
	now := a.now()
	perSec := rate.N / rate.Period.Seconds()
	allowed, err := a.store.TakeRateToken(ctx, session(r), key, rate.N, perSec, now)
	if err != nil {
		return false, err
	}
	if rand.IntN(200) == 0 { // now and then, forget buckets idle for a day
		_ = a.store.DeleteIdleBuckets(ctx, session(r), now.Add(-24*time.Hour))
	}
	return allowed, nil
}

// Failed password sign-ins are limited per account (GoTrue has no such limit):
// per account and client IP (RATE_LIMIT_SIGNIN_FAILURES), so one address
// guesses slowly and its failures never block the owner elsewhere; and per
// account from every address (RATE_LIMIT_SIGNIN_FAILURES_ACCOUNT), so many
// addresses together still guess slowly. Keyed by the address typed, whether or
// not an account has it, so a 429 tells nothing about who has an account.
func signInKeys(email, ip string) (perIP, perAccount string) {
	return "signin-fail:" + email + ":" + ip, "signin-fail:" + email
}

// takeSignInTry spends one try of both budgets, or answers 429 when either is
// empty (the one that was not is given its try back).
func (a *api) takeSignInTry(r *http.Request, email string) error {
	perIP, perAccount := signInKeys(email, a.clientIP(r))
	rl := a.cfg.RateLimit
	ok, err := a.take(r.Context(), r, perIP, rl.SignInFailures)
	if err != nil {
		return err
	}
	if !ok {
		return withRetryAfter(errRateLimited(), rl.SignInFailures)
	}
	if ok, err = a.take(r.Context(), r, perAccount, rl.SignInFailuresAccount); err != nil {
		return err
	}
	if !ok {
		if err := a.giveBack(r, perIP, rl.SignInFailures); err != nil {
			return err
		}
		return withRetryAfter(errRateLimited(), rl.SignInFailuresAccount)
	}
	return nil
}

// signInSucceeded: the right password costs no try. The count of this address
// is cleared (it knows the password), the account's gets its try back.
func (a *api) signInSucceeded(r *http.Request, email string) error {
	perIP, perAccount := signInKeys(email, a.clientIP(r))
	if err := a.store.DeleteBucket(r.Context(), session(r), perIP); err != nil {
		return err
	}
	return a.giveBack(r, perAccount, a.cfg.RateLimit.SignInFailuresAccount)
}

// giveBack returns one token to the bucket key (never above its capacity).
func (a *api) giveBack(r *http.Request, key string, rate config.Rate) error {
	if rate.N <= 0 || rate.Period <= 0 {
		return nil
	}
	return a.store.GiveBackRateToken(r.Context(), session(r), key, rate.N)
}
