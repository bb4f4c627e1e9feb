package jwtauth

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"encoding/json"
	"errors"
	"fmt"
)

// The public half of a JWK, read the same way for JWT_KEYS and for the keys
// another issuer publishes.

// ParsePublicJWK reads the public key of one member of a JWKS (an OpenID
// issuer's, say) by the rules JWT_KEYS's keys follow: EC P-256 or RSA of at
// least 2048 bits. key is an *ecdsa.PublicKey or an *rsa.PublicKey.
func ParsePublicJWK(raw json.RawMessage) (kid string, key crypto.PublicKey, err error) {
	var j jwk
	if err := json.Unmarshal(raw, &j); err != nil {
		return "", nil, errors.New("not a JWK")
	}
	switch j.Kty {
	case "EC":
		pub, err := ecPublic(j)
		if err != nil {
			return j.Kid, nil, err
		}
		return j.Kid, pub, nil
	case "RSA":
		pub, err := rsaPublic(j)
		if err != nil {
			return j.Kid, nil, err
		}
		return j.Kid, pub, nil
	}
	return j.Kid, nil, fmt.Errorf("kty must be EC or RSA, not %q", j.Kty)
}

// ecPublic reads the point of an EC P-256 key.
func ecPublic(j jwk) (*ecdsa.PublicKey, error) {
	if j.Crv != "P-256" {
		return nil, fmt.Errorf("EC keys must be on P-256 (ES256), not %q", j.Crv)
	}
	x, err1 := b64(j.X)
	y, err2 := b64(j.Y)
	if err1 != nil || err2 != nil || len(x) != 32 || len(y) != 32 {
		return nil, errors.New("x and y must be 32-byte base64url values")
	}
	pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
	if err != nil {
		return nil, errors.New("x, y is not a point of P-256")
	}
	return pub, nil
}

// rsaPublic reads the modulus and exponent of an RSA key of at least 2048 bits.
func rsaPublic(j jwk) (*rsa.PublicKey, error) {
	n, err1 := bigInt(j.N)
	e, err2 := bigInt(j.E)
	if err1 != nil || err2 != nil || !e.IsInt64() || e.Int64() < 3 || e.Int64() > 1<<31 {
		return nil, errors.New("n and e must be base64url integers")
	}
	if n.BitLen() < 2048 {
		return nil, fmt.Errorf("RSA keys must have at least 2048 bits, not %d", n.BitLen())
	}
	return &rsa.PublicKey{N: n, E: int(e.Int64())}, nil
}
