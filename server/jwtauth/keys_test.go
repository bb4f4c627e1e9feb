package jwtauth

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// keysJSON renders JWKs as JWT_KEYS holds them.
func keysJSON(t *testing.T, keys ...map[string]any) string {
	t.Helper()
	b, err := json.Marshal(keys)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func newJWK(t *testing.T, alg, kid string) map[string]any {
	t.Helper()
	k, err := NewPrivateJWK(alg, kid)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// retire makes a copy of k that only verifies, retired at `at`.
func retire(k map[string]any, at time.Time) map[string]any {
	c := map[string]any{}
	maps.Copy(c, k)
	c["key_ops"] = []string{"verify"}
	c["retired_at"] = at.UTC().Format(time.RFC3339)
	return c
}

func userClaims(now time.Time) jwt.MapClaims {
	return jwt.MapClaims{"role": "authenticated", "sub": "u1", "iat": now.Unix(), "exp": now.Add(time.Hour).Unix(), "custom": "x"}
}

// TestKeySetRotation: the current key signs with its kid; the previous key keeps
// verifying and stays published until its grace ends, then both stop.
func TestKeySetRotation(t *testing.T) {
	now := time.Now()
	oldK, newK, rsaK := newJWK(t, "ES256", "old"), newJWK(t, "ES256", "new"), newJWK(t, "RS256", "rsa")
	oldOnly, err := ParseKeySet(keysJSON(t, oldK), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	oldToken, err := oldOnly.Sign(userClaims(now))
	if err != nil {
		t.Fatal(err)
	}
	hdr, _ := base64.RawURLEncoding.DecodeString(strings.Split(oldToken, ".")[0])
	if !strings.Contains(string(hdr), `"kid":"old"`) || !strings.Contains(string(hdr), `"alg":"ES256"`) {
		t.Fatalf("header %s", hdr)
	}

	// Rotated ten minutes ago: "new" signs, "old" verifies for JWT_EXP more.
	retiredAt := now.Add(-10 * time.Minute)
	rotated, err := ParseKeySet(keysJSON(t, retire(oldK, retiredAt), newK, retire(rsaK, now)), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if rotated.SigningKID() != "new" {
		t.Fatalf("signing kid %q", rotated.SigningKID())
	}
	newToken, _ := rotated.Sign(userClaims(now))
	v := NewVerifier(secret, Keys{}).WithKeySet(rotated)
	for name, tok := range map[string]string{"new": newToken, "old, within grace": oldToken} {
		if id, err := v.Verify(tok); err != nil || id.Subject != "u1" || !strings.Contains(string(id.ClaimsJSON), `"custom":"x"`) {
			t.Fatalf("%s: %v %+v", name, err, id)
		}
	}
	kids := func(at time.Time) (out []string) {
		for _, k := range rotated.JWKS(at) {
			out = append(out, k["kid"].(string))
		}
		return out
	}
	if got := strings.Join(kids(now), ","); got != "old,new,rsa" {
		t.Fatalf("published %s", got)
	}

	// Past the grace (retired_at + JWT_EXP + leeway), "old" is refused and unpublished.
	later := retiredAt.Add(time.Hour + time.Minute)
	v.WithClock(func() time.Time { return later })
	if _, err := v.Verify(oldToken); err == nil || !strings.Contains(err.Error(), "retired") {
		t.Fatalf("retired key accepted: %v", err)
	}
	if got := strings.Join(kids(later), ","); got != "new,rsa" {
		t.Fatalf("published after grace %s", got)
	}
	if _, err := v.Verify(newToken); err != nil {
		t.Fatalf("current key refused after the old one's grace: %v", err)
	}
}

// TestJWKSPublicOnly: jwks.json holds public members only, with use "sig".
func TestJWKSPublicOnly(t *testing.T) {
	ks, err := ParseKeySet(keysJSON(t, newJWK(t, "ES256", "ec"), retire(newJWK(t, "RS256", "rs"), time.Now())), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(ks.JWKS(time.Now()))
	for _, private := range []string{`"d"`, `"p"`, `"q"`, `"dp"`, `"dq"`, `"qi"`, `"k"`, "retired_at", `"sign"`} {
		if strings.Contains(string(b), private) {
			t.Fatalf("jwks publishes %s: %s", private, b)
		}
	}
	for _, want := range []string{`"kid":"ec"`, `"alg":"ES256"`, `"crv":"P-256"`, `"kid":"rs"`, `"alg":"RS256"`, `"use":"sig"`, `"key_ops":["verify"]`} {
		if !strings.Contains(string(b), want) {
			t.Fatalf("jwks lacks %s: %s", want, b)
		}
	}
	var nilSet *KeySet
	if got := nilSet.JWKS(time.Now()); got == nil || len(got) != 0 {
		t.Fatalf("no keys: %v", got)
	}
}

// HS256 keys (kty oct) of JWT_KEYS, as GoTrue takes them: the signing one signs
// with its kid, a token naming an oct key is checked with that secret only, the
// anon and service keys (no kid) stay JWT_SECRET's, and no oct key is published.
func TestKeySetTakesHS256Keys(t *testing.T) {
	enc := base64.RawURLEncoding.EncodeToString
	hsNew := map[string]any{"kty": "oct", "kid": "hs-new", "k": enc([]byte(strings.Repeat("n", 40))), "key_ops": []string{"sign", "verify"}}
	hsOld := map[string]any{"kty": "oct", "kid": "hs-old", "alg": "HS256", "k": enc([]byte(strings.Repeat("o", 40))), "key_ops": []string{"verify"}}
	ec := newJWK(t, "ES256", "ec")
	ec["key_ops"] = []string{"verify"}
	ks, err := ParseKeySet(keysJSON(t, hsNew, hsOld, ec), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if ks.SigningAlg() != "HS256" || ks.SigningKID() != "hs-new" {
		t.Fatalf("signer %s %s", ks.SigningAlg(), ks.SigningKID())
	}
	tok, err := ks.Sign(userClaims(time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	v := NewVerifier(secret, Keys{}).WithKeySet(ks)
	if id, err := v.Verify(tok); err != nil || id.Subject != "u1" {
		t.Fatalf("a token of the HS256 signing key: %v %+v", err, id)
	}
	signed := func(key []byte, kid string) string {
		t.Helper()
		tk := jwt.NewWithClaims(jwt.SigningMethodHS256, userClaims(time.Now()))
		if kid != "" {
			tk.Header["kid"] = kid
		}
		s, err := tk.SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for name, c := range map[string]struct {
		tok string
		ok  bool
	}{
		"old oct key, its kid":          {signed([]byte(strings.Repeat("o", 40)), "hs-old"), true},
		"JWT_SECRET, no kid":            {signed([]byte(secret), ""), true},
		"JWT_SECRET, an oct key's kid":  {signed([]byte(secret), "hs-old"), false},
		"an oct secret, no kid":         {signed([]byte(strings.Repeat("o", 40)), ""), false},
		"an oct secret, another's kid":  {signed([]byte(strings.Repeat("o", 40)), "hs-new"), false},
		"HS256 naming the EC key's kid": {signed([]byte(strings.Repeat("o", 40)), "ec"), false},
	} {
		if _, err := v.Verify(c.tok); (err == nil) != c.ok {
			t.Errorf("%s: accepted %v, want %v (%v)", name, err == nil, c.ok, err)
		}
	}
	b, _ := json.Marshal(ks.JWKS(time.Now()))
	if strings.Contains(string(b), "hs-") || strings.Contains(string(b), `"oct"`) || !strings.Contains(string(b), `"kid":"ec"`) {
		t.Fatalf("jwks %s: the EC key only", b)
	}
}

// TestVerifyAlgorithmConfusion: every way of pointing a token at the wrong key fails.
func TestVerifyAlgorithmConfusion(t *testing.T) {
	now := time.Now()
	ecK, rsK := newJWK(t, "ES256", "ec"), retire(newJWK(t, "RS256", "rs"), now)
	ks, err := ParseKeySet(keysJSON(t, ecK, rsK), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	v := NewVerifier(secret, Keys{}).WithKeySet(ks)
	good, _ := ks.Sign(userClaims(now))
	if _, err := v.Verify(good); err != nil {
		t.Fatal(err)
	}
	withKid := func(m jwt.SigningMethod, key any, kid string) string {
		tok := jwt.NewWithClaims(m, userClaims(now))
		if kid != "" {
			tok.Header["kid"] = kid
		}
		s, err := tok.SignedString(key)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	pubJSON, _ := json.Marshal(ks.JWKS(now)[0])
	x, _ := base64.RawURLEncoding.DecodeString(ecK["x"].(string))
	stranger, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	parts := strings.Split(good, ".")
	cases := map[string]string{
		// The published key (its JWK text, or its x coordinate) used as an HMAC secret.
		"HS256 with the public JWK as secret": withKid(jwt.SigningMethodHS256, pubJSON, "ec"),
		"HS256 with the public x as secret":   withKid(jwt.SigningMethodHS256, x, "ec"),
		"alg none with a kid":                 withKid(jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, "ec"),
		"ES256 by a key not in the set":       withKid(jwt.SigningMethodES256, stranger, "ec"),
		"ES256 with an unknown kid":           withKid(jwt.SigningMethodES256, stranger, "nope"),
		"ES256 without kid":                   withKid(jwt.SigningMethodES256, stranger, ""),
		"RS256 header on the EC key's kid":    base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"RS256","kid":"ec","typ":"JWT"}`)) + "." + parts[1] + "." + parts[2],
		"ES384 refused":                       withKid(jwt.SigningMethodES384, mustEC384(t), "ec"),
		"signature of another payload":        parts[0] + "." + base64.RawURLEncoding.EncodeToString([]byte(`{"role":"service_role","exp":9999999999}`)) + "." + parts[2],
	}
	for name, tok := range cases {
		if id, err := v.Verify(tok); err == nil {
			t.Errorf("%s: accepted as %+v", name, id)
		}
	}
	// Without JWT_KEYS, an ES256 token is refused whatever it says: HS256 only, as before.
	if _, err := NewVerifier(secret, Keys{}).Verify(good); err == nil {
		t.Fatal("HS256-only verifier accepted ES256")
	}
	// HS256 with JWT_SECRET stays accepted next to the key set (legacy anon/service keys).
	if _, err := v.Verify(sign(t, jwt.SigningMethodHS256, []byte(secret), userClaims(now))); err != nil {
		t.Fatal(err)
	}
}

func mustEC384(t *testing.T) *ecdsa.PrivateKey {
	k, err := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func TestParseKeySetErrors(t *testing.T) {
	a, b := newJWK(t, "ES256", "a"), newJWK(t, "ES256", "b")
	pubOnly := map[string]any{}
	for k, v := range a {
		if k != "d" {
			pubOnly[k] = v
		}
	}
	cases := map[string]string{
		"not json":               "nope",
		"two signers":            keysJSON(t, a, b),
		"no signer":              keysJSON(t, retire(a, time.Now()), retire(b, time.Now())),
		"signer without d":       keysJSON(t, pubOnly),
		"duplicate kid":          keysJSON(t, a, retire(a, time.Now())),
		"oct key under 32 bytes": `[{"kty":"oct","kid":"h","k":"c2VjcmV0","key_ops":["sign"]}]`,
		"oct key not HS256":      `[{"kty":"oct","kid":"h","alg":"ES256","k":"` + base64.RawURLEncoding.EncodeToString([]byte(strings.Repeat("s", 32))) + `"}]`,
		"no kid":                 `[{"kty":"EC","crv":"P-256","x":"` + a["x"].(string) + `","y":"` + a["y"].(string) + `"}]`,
		"alg mismatch":           keysJSON(t, map[string]any{"kty": "EC", "crv": "P-256", "kid": "x", "alg": "RS256", "x": a["x"], "y": a["y"], "d": a["d"]}),
		"d of another key":       keysJSON(t, map[string]any{"kty": "EC", "crv": "P-256", "kid": "x", "x": a["x"], "y": a["y"], "d": b["d"]}),
		"retired signer":         keysJSON(t, map[string]any{"kty": "EC", "crv": "P-256", "kid": "x", "x": a["x"], "y": a["y"], "d": a["d"], "key_ops": []string{"sign"}, "retired_at": "2026-01-01T00:00:00Z"}),
		"bad retired_at":         keysJSON(t, b, map[string]any{"kty": "EC", "crv": "P-256", "kid": "x", "x": a["x"], "y": a["y"], "retired_at": "yesterday"}),
		"unsupported P-384 EC":   `[{"kty":"EC","crv":"P-384","kid":"x","x":"AA","y":"AA"}]`,
	}
	for name, raw := range cases {
		_, err := ParseKeySet(raw, time.Hour)
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if strings.Contains(err.Error(), a["d"].(string)) || strings.Contains(err.Error(), b["d"].(string)) {
			t.Errorf("%s: the error quotes a private key: %v", name, err)
		}
	}
	// The accepted forms: a lone key without key_ops, and a {"keys": [...]} set.
	delete(a, "key_ops")
	if ks, err := ParseKeySet(keysJSON(t, a), time.Hour); err != nil || ks.SigningKID() != "a" {
		t.Fatalf("lone key: %v", err)
	}
	if ks, err := ParseKeySet(`{"keys":`+keysJSON(t, b)+`}`, time.Hour); err != nil || ks.SigningKID() != "b" {
		t.Fatalf("key set: %v", err)
	}
}
