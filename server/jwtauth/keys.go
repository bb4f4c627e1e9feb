package jwtauth

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// KeySet is the signing keys of JWT_KEYS (GoTrue's GOTRUE_JWT_KEYS): a JSON array
// of JWKs (or a {"keys": [...]} set), ES256, RS256, or HS256 (kty "oct", as GoTrue
// takes them: a token naming its kid is checked with that secret only). The key whose key_ops has "sign"
// signs new access tokens; the others only verify, so tokens signed before a
// rotation stay valid. A verify-only key may carry "retired_at" (RFC 3339 or Unix
// seconds: when it stopped signing); it is then published and accepted for Grace
// more (the longest life of a token it signed), and refused after that.
// A symmetric key is never published; JWT_SECRET stays the HS256 key of tokens
// that name no kid (the anon and service keys).
type KeySet struct {
	keys   []*signingKey
	signer *signingKey
	// Grace is how long a retired key keeps verifying: JWT_EXP.
	Grace time.Duration
}

type signingKey struct {
	kid, alg  string
	private   crypto.Signer // nil for a public-only (verify) key
	public    crypto.PublicKey
	secret    []byte    // HS256 (kty oct): signs and verifies; never published
	retiredAt time.Time // zero: not retired
	jwk       map[string]any
}

// jwk is the members of a JWK this server reads.
type jwk struct {
	Kty    string   `json:"kty"`
	Kid    string   `json:"kid"`
	Alg    string   `json:"alg"`
	Use    string   `json:"use"`
	KeyOps []string `json:"key_ops"`
	// EC
	Crv string `json:"crv"`
	X   string `json:"x"`
	Y   string `json:"y"`
	// RSA
	N  string `json:"n"`
	E  string `json:"e"`
	P  string `json:"p"`
	Q  string `json:"q"`
	DP string `json:"dp"`
	DQ string `json:"dq"`
	QI string `json:"qi"`
	// private part (EC and RSA)
	D string `json:"d"`
	// oct
	K string `json:"k"`

	RetiredAt json.RawMessage `json:"retired_at"`
}

// ParseKeySet reads JWT_KEYS. Errors never quote the value: it holds private keys.
func ParseKeySet(raw string, grace time.Duration) (*KeySet, error) {
	raw = strings.TrimSpace(raw)
	var list []json.RawMessage
	if strings.HasPrefix(raw, "{") {
		var set struct {
			Keys []json.RawMessage `json:"keys"`
		}
		if err := json.Unmarshal([]byte(raw), &set); err != nil {
			return nil, errors.New("JWT_KEYS is not a JSON array of JWKs")
		}
		list = set.Keys
	} else if err := json.Unmarshal([]byte(raw), &list); err != nil {
		return nil, errors.New("JWT_KEYS is not a JSON array of JWKs")
	}
	ks := &KeySet{Grace: grace}
	seen := map[string]bool{}
	for i, m := range list {
		var j jwk
		if err := json.Unmarshal(m, &j); err != nil {
			return nil, fmt.Errorf("JWT_KEYS[%d]: not a JWK", i)
		}
		k, err := parseJWK(j)
		if err != nil {
			return nil, fmt.Errorf("JWT_KEYS[%d] (kid %q): %w", i, j.Kid, err)
		}
		if seen[k.kid] {
			return nil, fmt.Errorf("JWT_KEYS: kid %q appears twice", k.kid)
		}
		seen[k.kid] = true
		// A lone key without key_ops signs: the common one-key setup.
		if slices.Contains(j.KeyOps, "sign") || (len(list) == 1 && len(j.KeyOps) == 0 && k.retiredAt.IsZero()) {
			switch {
			case ks.signer != nil:
				return nil, errors.New("JWT_KEYS: more than one key has key_ops \"sign\"")
			case k.private == nil && k.secret == nil:
				return nil, fmt.Errorf("JWT_KEYS: the signing key %q has no private part (d)", k.kid)
			case !k.retiredAt.IsZero():
				return nil, fmt.Errorf("JWT_KEYS: the signing key %q is retired", k.kid)
			}
			ks.signer = k
		}
		ks.keys = append(ks.keys, k)
	}
	if ks.signer == nil {
		return nil, errors.New("JWT_KEYS: no key has key_ops \"sign\"")
	}
	return ks, nil
}

func parseJWK(j jwk) (*signingKey, error) {
	if j.Kid == "" {
		return nil, errors.New("kid is required (tokens name their key by it)")
	}
	if j.Use != "" && j.Use != "sig" {
		return nil, fmt.Errorf("use must be \"sig\", not %q", j.Use)
	}
	k := &signingKey{kid: j.Kid, alg: j.Alg}
	var err error
	switch j.Kty {
	case "EC":
		err = k.parseEC(j)
	case "RSA":
		err = k.parseRSA(j)
	case "oct":
		err = k.parseOct(j)
	default:
		return nil, fmt.Errorf("kty must be EC, RSA or oct, not %q", j.Kty)
	}
	if err != nil {
		return nil, err
	}
	if (j.Kty == "EC" && k.alg != "ES256") || (j.Kty == "RSA" && k.alg != "RS256") || (j.Kty == "oct" && k.alg != "HS256") {
		return nil, fmt.Errorf("alg %q does not fit kty %s (ES256 for EC P-256, RS256 for RSA, HS256 for oct)", k.alg, j.Kty)
	}
	if len(j.RetiredAt) > 0 && string(j.RetiredAt) != "null" {
		t, err := parseTime(j.RetiredAt)
		if err != nil {
			return nil, err
		}
		k.retiredAt = t
	}
	if k.jwk != nil {
		k.jwk["kid"], k.jwk["alg"], k.jwk["use"], k.jwk["key_ops"] = k.kid, k.alg, "sig", []string{"verify"}
	}
	return k, nil
}

// parseOct reads an HS256 secret (k, base64url) of at least 32 bytes, as
// JWT_SECRET must be. It has no public half: nothing of it is published.
func (k *signingKey) parseOct(j jwk) error {
	if k.alg == "" {
		k.alg = "HS256"
	}
	secret, err := b64(j.K)
	if err != nil || len(secret) < 32 {
		return errors.New("k must be a base64url secret of at least 32 bytes")
	}
	k.secret = secret
	return nil
}

// parseEC reads an EC P-256 key (ES256): its point, and its private scalar
// when given, which must match it.
func (k *signingKey) parseEC(j jwk) error {
	pub, err := ecPublic(j)
	if err != nil {
		return err
	}
	if k.alg == "" {
		k.alg = "ES256"
	}
	k.public = pub
	if j.D != "" {
		d, err := b64(j.D)
		if err != nil {
			return errors.New("d is not base64url")
		}
		priv, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), d)
		if err != nil || !priv.PublicKey.Equal(pub) {
			return errors.New("d does not match x, y")
		}
		k.private = priv
	}
	k.jwk = map[string]any{"kty": "EC", "crv": "P-256", "x": j.X, "y": j.Y}
	return nil
}

// parseRSA reads an RSA key (RS256) of at least 2048 bits, and its private
// part when given.
func (k *signingKey) parseRSA(j jwk) error {
	if k.alg == "" {
		k.alg = "RS256"
	}
	pub, err := rsaPublic(j)
	if err != nil {
		return err
	}
	k.public = pub
	if j.D != "" {
		priv, err := rsaPrivate(pub, j)
		if err != nil {
			return err
		}
		k.private = priv
	}
	k.jwk = map[string]any{"kty": "RSA", "n": j.N, "e": j.E}
	return nil
}

func rsaPrivate(pub *rsa.PublicKey, j jwk) (*rsa.PrivateKey, error) {
	d, err := bigInt(j.D)
	if err != nil {
		return nil, errors.New("d is not base64url")
	}
	p, err1 := bigInt(j.P)
	q, err2 := bigInt(j.Q)
	if err1 != nil || err2 != nil {
		return nil, errors.New("an RSA private key needs p and q")
	}
	priv := &rsa.PrivateKey{PublicKey: *pub, D: d, Primes: []*big.Int{p, q}}
	if err := priv.Validate(); err != nil {
		return nil, fmt.Errorf("RSA private key: %v", err)
	}
	priv.Precompute()
	return priv, nil
}

func parseTime(raw json.RawMessage) (time.Time, error) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		if t, err := time.Parse(time.RFC3339, s); err == nil {
			return t, nil
		}
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return time.Unix(n, 0), nil
		}
		return time.Time{}, fmt.Errorf("retired_at %q is neither RFC 3339 nor Unix seconds", s)
	}
	var n int64
	if json.Unmarshal(raw, &n) == nil {
		return time.Unix(n, 0), nil
	}
	return time.Time{}, errors.New("retired_at is neither RFC 3339 nor Unix seconds")
}

func b64(s string) ([]byte, error) {
	return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
}

func bigInt(s string) (*big.Int, error) {
	b, err := b64(s)
	if err != nil || len(b) == 0 {
		return nil, errors.New("not a base64url integer")
	}
	return new(big.Int).SetBytes(b), nil
}

// live reports whether k still verifies at now (leeway: the verifier's clock skew).
func (ks *KeySet) live(k *signingKey, now time.Time, leeway time.Duration) bool {
	return k.retiredAt.IsZero() || now.Before(k.retiredAt.Add(ks.Grace+leeway))
}

// SigningKID is the kid new tokens carry.
func (ks *KeySet) SigningKID() string { return ks.signer.kid }

// SigningAlg is the algorithm new tokens are signed with.
func (ks *KeySet) SigningAlg() string { return ks.signer.alg }

// Sign signs claims with the current key and names it in the header's kid.
func (ks *KeySet) Sign(claims jwt.Claims) (string, error) {
	var m jwt.SigningMethod = jwt.SigningMethodES256
	var key any = ks.signer.private
	switch ks.signer.alg {
	case "RS256":
		m = jwt.SigningMethodRS256
	case "HS256":
		m, key = jwt.SigningMethodHS256, ks.signer.secret
	}
	t := jwt.NewWithClaims(m, claims)
	t.Header["kid"] = ks.signer.kid
	return t.SignedString(key)
}

// JWKS is the public half of every key that still verifies at now: what
// /.well-known/jwks.json publishes. Never a private member, never an HS256 key.
func (ks *KeySet) JWKS(now time.Time) []map[string]any {
	out := []map[string]any{}
	if ks == nil {
		return out
	}
	for _, k := range ks.keys {
		if k.jwk != nil && ks.live(k, now, defaultLeeway) {
			out = append(out, k.jwk)
		}
	}
	return out
}

// verifyKey finds the key that checks (kid, alg): a public key, or an HS256
// secret; the token's alg must be the key's.
func (ks *KeySet) verifyKey(kid, alg string, now time.Time, leeway time.Duration) (any, error) {
	for _, k := range ks.keys {
		if k.kid != kid {
			continue
		}
		if k.alg != alg {
			return nil, fmt.Errorf("key %q is %s, not %s", kid, k.alg, alg)
		}
		if !ks.live(k, now, leeway) {
			return nil, fmt.Errorf("key %q is retired", kid)
		}
		if k.secret != nil {
			return k.secret, nil
		}
		return k.public, nil
	}
	return nil, fmt.Errorf("unknown kid %q", kid)
}

// NewPrivateJWK generates a key for JWT_KEYS ("ES256" or "RS256") as a private
// JWK with key_ops ["sign", "verify"]: `server jwk`, tests and the bench use it.
func NewPrivateJWK(alg, kid string) (map[string]any, error) {
	enc := base64.RawURLEncoding.EncodeToString
	m := map[string]any{"kid": kid, "alg": alg, "use": "sig", "key_ops": []string{"sign", "verify"}}
	switch alg {
	case "ES256":
		priv, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
		if err != nil {
			return nil, err
		}
		d, err := priv.Bytes()
		if err != nil {
			return nil, err
		}
		pt, err := priv.PublicKey.Bytes() // 0x04 || x || y
		if err != nil {
			return nil, err
		}
		m["kty"], m["crv"], m["x"], m["y"], m["d"] = "EC", "P-256", enc(pt[1:33]), enc(pt[33:]), enc(d)
	case "RS256":
		priv, err := rsa.GenerateKey(rand.Reader, 2048)
		if err != nil {
			return nil, err
		}
		b := func(i *big.Int) string { return enc(i.Bytes()) }
		m["kty"], m["n"], m["e"], m["d"] = "RSA", b(priv.N), b(big.NewInt(int64(priv.E))), b(priv.D)
		m["p"], m["q"] = b(priv.Primes[0]), b(priv.Primes[1])
		m["dp"], m["dq"], m["qi"] = b(priv.Precomputed.Dp), b(priv.Precomputed.Dq), b(priv.Precomputed.Qinv)
	default:
		return nil, fmt.Errorf("alg must be ES256 or RS256, not %q", alg)
	}
	return m, nil
}

// hasSecret reports whether kid names an HS256 key of the set (nil: none).
func (ks *KeySet) hasSecret(kid string) bool {
	if ks == nil {
		return false
	}
	for _, k := range ks.keys {
		if k.kid == kid && k.secret != nil {
			return true
		}
	}
	return false
}
