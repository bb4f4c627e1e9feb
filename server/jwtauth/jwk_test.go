package jwtauth

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"testing"
	"time"
)

// The keys a KeySet publishes read back as the same public keys, and a public
// JWK outside JWT_KEYS's rules is refused.
func TestParsePublicJWK(t *testing.T) {
	ks, err := ParseKeySet(keysJSON(t, newJWK(t, "ES256", "ec"), retire(newJWK(t, "RS256", "rsa"), time.Now())), time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	for _, pub := range ks.JWKS(time.Now()) {
		raw, _ := json.Marshal(pub)
		kid, key, err := ParsePublicJWK(raw)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		want, err := ks.verifyKey(kid, pub["alg"].(string), time.Now(), 0)
		if err != nil {
			t.Fatal(err)
		}
		if k, ok := key.(interface{ Equal(crypto.PublicKey) bool }); !ok || !k.Equal(want) {
			t.Errorf("%s read as %v, want %v", kid, key, want)
		}
	}

	small, err := rsa.GenerateKey(rand.Reader, 1024)
	if err != nil {
		t.Fatal(err)
	}
	enc := base64.RawURLEncoding.EncodeToString
	p384 := mustEC384(t)
	for name, jwk := range map[string]map[string]any{
		"RSA under 2048 bits": {"kty": "RSA", "kid": "small", "n": enc(small.N.Bytes()), "e": enc(big.NewInt(int64(small.E)).Bytes())},
		"EC off P-256":        {"kty": "EC", "kid": "p384", "crv": "P-384", "x": enc(p384.X.Bytes()), "y": enc(p384.Y.Bytes())},
		"EC point off curve":  {"kty": "EC", "kid": "bad", "crv": "P-256", "x": enc(make([]byte, 32)), "y": enc(make([]byte, 32))},
		"symmetric":           {"kty": "oct", "kid": "hs", "k": enc([]byte("secret"))},
	} {
		raw, _ := json.Marshal(jwk)
		if _, key, err := ParsePublicJWK(raw); err == nil {
			t.Errorf("%s: accepted as %v", name, key)
		}
	}
	if _, _, err := ParsePublicJWK(json.RawMessage(`"not a key"`)); err == nil {
		t.Error("a JSON string was read as a key")
	}
}
