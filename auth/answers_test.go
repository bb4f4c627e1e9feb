package auth_test

import "testing"

// A factor verification without any Authorization header is refused for the
// missing token before its body is looked at, as GoTrue's authentication runs
// before the handler.
func TestFactorVerifyWithoutBearerAsksForOne(t *testing.T) {
	e := mfaEnv(t, nil)
	r := e.call("POST", "/factors/6b1b4c0a-3f6e-4d53-9d0e-2a7f6f0c1d11/verify", map[string]any{"challenge_id": "x"}, "", "Authorization", "")
	wantError(t, r, 401, "no_authorization")
	if r.str("msg") != "This endpoint requires a Bearer token" {
		t.Fatalf("GoTrue's wording: %s", r.Raw)
	}
	// The same answer wherever a signed-in user is required.
	r = e.call("GET", "/user", nil, "", "Authorization", "")
	wantError(t, r, 401, "no_authorization")
	if r.str("msg") != "This endpoint requires a Bearer token" {
		t.Fatalf("GET /user: %s", r.Raw)
	}
}

// verifyOtp with a phone number and a phone type reports phone logins off, as
// every other phone request does.
func TestVerifyOTPWithPhoneSaysPhoneLoginsAreDisabled(t *testing.T) {
	e := newEnv(t, nil)
	for _, typ := range []string{"sms", "phone_change"} {
		r := e.call("POST", "/verify", map[string]any{"type": typ, "phone": "+212600000000", "token": "123456"}, "")
		wantError(t, r, 422, "phone_provider_disabled")
		if r.str("msg") != "Phone logins are disabled" {
			t.Fatalf("%s: %s", typ, r.Raw)
		}
	}
}
