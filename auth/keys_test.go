package auth_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"encoding/base64"
	"encoding/json"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"casarent/server/jwtauth"
)

// header decodes a JWT's header.
func header(t *testing.T, token string) map[string]any {
	t.Helper()
	p, err := jwt.NewParser().DecodeSegment(splitJWT(token)[0])
	if err != nil {
		t.Fatal(err)
	}
	h := map[string]any{}
	if err := json.Unmarshal(p, &h); err != nil {
		t.Fatal(err)
	}
	return h
}

func splitJWT(token string) []string {
	var parts []string
	start := 0
	for i := range len(token) {
		if token[i] == '.' {
			parts = append(parts, token[start:i])
			start = i + 1
		}
	}
	return append(parts, token[start:])
}

func privateJWK(t *testing.T, alg, kid string) map[string]any {
	t.Helper()
	k, err := jwtauth.NewPrivateJWK(alg, kid)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func keySet(t *testing.T, grace time.Duration, keys ...map[string]any) *jwtauth.KeySet {
	t.Helper()
	b, _ := json.Marshal(keys)
	ks, err := jwtauth.ParseKeySet(string(b), grace)
	if err != nil {
		t.Fatal(err)
	}
	return ks
}

// TestJWKSWithoutKeys: without JWT_KEYS nothing changes: HS256 tokens without
// kid, and an empty key set (GoTrue never publishes the HS256 secret).
func TestJWKSWithoutKeys(t *testing.T) {
	e := newEnv(t, nil)
	r := must(t, e.call("GET", "/.well-known/jwks.json", nil, ""), 200)
	if r.Raw != `{"keys":[]}`+"\n" && r.Raw != `{"keys":[]}` {
		t.Fatalf("jwks %q", r.Raw)
	}
	e.createUser("hs@example.test", "pass-word-1", nil)
	tok := must(t, e.signIn("hs@example.test", "pass-word-1"), 200).str("access_token")
	if h := header(t, tok); h["alg"] != "HS256" || h["kid"] != nil {
		t.Fatalf("header %v", h)
	}
}

// TestAsymmetricSigningAndRotation: with JWT_KEYS the current key signs (kid in
// the header), jwks.json publishes the public halves that verify the tokens, the
// retired key keeps working for JWT_EXP after its retirement and is then refused
// and unpublished.
func TestAsymmetricSigningAndRotation(t *testing.T) {
	oldK, newK := privateJWK(t, "RS256", "key-2025"), privateJWK(t, "ES256", "key-2026")
	// The rotated configuration: the old key verifies only, retired now.
	retired := map[string]any{}
	maps.Copy(retired, oldK)
	retired["key_ops"] = []string{"verify"}
	retired["retired_at"] = time.Now().UTC().Format(time.RFC3339)
	e := newEnvKeys(t, nil, keySet(t, time.Hour, retired, newK))
	e.createUser("rot@example.test", "pass-word-1", nil)
	oldSigner := keySet(t, time.Hour, oldK)

	s := must(t, e.signIn("rot@example.test", "pass-word-1"), 200)
	tok := s.str("access_token")
	if h := header(t, tok); h["alg"] != "ES256" || h["kid"] != "key-2026" || h["typ"] != "JWT" {
		t.Fatalf("new header %v", h)
	}
	// The published key verifies the token, with no secret of the server's.
	jwks := must(t, e.call("GET", "/.well-known/jwks.json", nil, ""), 200)
	keys, _ := jwks.Body["keys"].([]any)
	if len(keys) != 2 {
		t.Fatalf("jwks %s", jwks.Raw)
	}
	pub := publicEC(t, keys, "key-2026")
	if _, err := jwt.Parse(tok, func(*jwt.Token) (any, error) { return pub, nil }, jwt.WithValidMethods([]string{"ES256"})); err != nil {
		t.Fatalf("published key does not verify the token: %v", err)
	}
	for _, k := range keys {
		m := k.(map[string]any)
		if m["d"] != nil || m["p"] != nil || m["use"] != "sig" {
			t.Fatalf("jwks entry %v", m)
		}
	}

	// A token the old key signed before the rotation, for a live session.
	claims := jwt.MapClaims{}
	if _, _, err := jwt.NewParser().ParseUnverified(tok, claims); err != nil {
		t.Fatal(err)
	}
	oldTok, err := oldSigner.Sign(claims)
	if err != nil {
		t.Fatal(err)
	}
	if h := header(t, oldTok); h["alg"] != "RS256" || h["kid"] != "key-2025" {
		t.Fatalf("old header %v", h)
	}

	// Both tokens are accepted within the grace; refresh signs with the new key.
	must(t, e.call("GET", "/user", nil, tok), 200)
	must(t, e.call("GET", "/user", nil, oldTok), 200)
	ref := must(t, e.call("POST", "/token?grant_type=refresh_token", map[string]any{"refresh_token": s.str("refresh_token")}, ""), 200)
	if h := header(t, ref.str("access_token")); h["kid"] != "key-2026" {
		t.Fatalf("refreshed header %v", h)
	}

	// Past retired_at + JWT_EXP the old key is refused and unpublished. A fresh
	// token of the old key stands for one whose exp is not the reason.
	e.clock.Add(time.Hour + time.Minute)
	claims["exp"] = e.clock.Now().Add(time.Hour).Unix()
	lateOld, err := oldSigner.Sign(claims)
	if err != nil {
		t.Fatal(err)
	}
	r := e.call("GET", "/user", nil, lateOld)
	wantError(t, r, 403, "bad_jwt")
	if !strings.Contains(r.str("msg"), "retired") {
		t.Fatalf("refused for another reason: %s", r.Raw)
	}
	jwks = must(t, e.call("GET", "/.well-known/jwks.json", nil, ""), 200)
	if keys, _ := jwks.Body["keys"].([]any); len(keys) != 1 || keys[0].(map[string]any)["kid"] != "key-2026" {
		t.Fatalf("jwks after grace %s", jwks.Raw)
	}
	// The legacy HS256 anon key still works next to the keys.
	must(t, e.call("GET", "/settings", nil, e.anon), 200)
}

func publicEC(t *testing.T, keys []any, kid string) *ecdsa.PublicKey {
	t.Helper()
	for _, k := range keys {
		m := k.(map[string]any)
		if m["kid"] != kid {
			continue
		}
		x, _ := base64.RawURLEncoding.DecodeString(m["x"].(string))
		y, _ := base64.RawURLEncoding.DecodeString(m["y"].(string))
		pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
		if err != nil {
			t.Fatal(err)
		}
		return pub
	}
	t.Fatalf("no key %s", kid)
	return nil
}
