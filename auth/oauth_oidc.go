package auth

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"casarent/server/jwtauth"
)

// oidcDiscovery is the part of an issuer's /.well-known/openid-configuration used here.
type oidcDiscovery struct {
	Issuer                string `json:"issuer"`
	AuthorizationEndpoint string `json:"authorization_endpoint"`
	TokenEndpoint         string `json:"token_endpoint"`
	UserinfoEndpoint      string `json:"userinfo_endpoint"`
	JWKSURI               string `json:"jwks_uri"`
}

// oidcIssuer is one OpenID Connect issuer: its discovery document, read once
// (a failed read is retried on the next sign-in), and its signing keys, read
// again when an ID token names a key not seen yet (key rotation).
type oidcIssuer struct {
	url    string
	client *http.Client

	mu   sync.Mutex
	disc *oidcDiscovery
	keys map[string]any // kid → *rsa.PublicKey | *ecdsa.PublicKey
}

func (o *oidcIssuer) discovery(ctx context.Context) (*oidcDiscovery, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.disc != nil {
		return o.disc, nil
	}
	var d oidcDiscovery
	if err := getJSON(ctx, o.client, o.url+"/.well-known/openid-configuration", "", &d); err != nil {
		return nil, fmt.Errorf("oidc discovery of %s: %w", o.url, err)
	}
	// OpenID Connect Discovery 1.0 §4.3: the document must name the issuer it was fetched from.
	if d.Issuer != o.url {
		return nil, fmt.Errorf("oidc discovery of %s names issuer %q", o.url, d.Issuer)
	}
	if d.AuthorizationEndpoint == "" || d.TokenEndpoint == "" || d.JWKSURI == "" {
		return nil, fmt.Errorf("oidc discovery of %s lacks an endpoint", o.url)
	}
	o.disc = &d
	return o.disc, nil
}

// key returns the public key kid of the issuer, fetching the JWKS when unknown.
func (o *oidcIssuer) key(ctx context.Context, kid string) (any, error) {
	d, err := o.discovery(ctx)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if k, ok := o.keys[kid]; ok {
		return k, nil
	}
	var set struct {
		Keys []json.RawMessage `json:"keys"`
	}
	if err := getJSON(ctx, o.client, d.JWKSURI, "", &set); err != nil {
		return nil, fmt.Errorf("jwks of %s: %w", o.url, err)
	}
	o.keys = map[string]any{}
	for _, raw := range set.Keys {
		if kid, k, err := jwtauth.ParsePublicJWK(raw); err == nil {
			o.keys[kid] = k
		}
	}
	if k, ok := o.keys[kid]; ok {
		return k, nil
	}
	return nil, fmt.Errorf("no key %q in the jwks of %s", kid, o.url)
}

// verifyIDToken checks an ID token's signature (the issuer's JWKS, RS256 or
// ES256), issuer, audience (our client id) and expiry, and returns its claims.
func (o *oidcIssuer) verifyIDToken(ctx context.Context, raw, clientID string, now time.Time) (jwt.MapClaims, error) {
	claims := jwt.MapClaims{}
	_, err := jwt.ParseWithClaims(raw, claims, func(t *jwt.Token) (any, error) {
		kid, _ := t.Header["kid"].(string)
		return o.key(ctx, kid)
	}, jwt.WithValidMethods([]string{"RS256", "ES256"}), jwt.WithIssuer(o.url), jwt.WithAudience(clientID),
		jwt.WithExpirationRequired(), jwt.WithTimeFunc(func() time.Time { return now }), jwt.WithLeeway(time.Minute))
	if err != nil {
		return nil, fmt.Errorf("id_token: %w", err)
	}
	return claims, nil
}

// getJSON GETs url (with a bearer token when given) and decodes a 200 answer,
// at most 1 MiB of it.
func getJSON(ctx context.Context, client *http.Client, url, bearer string, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: status %d", url, res.StatusCode)
	}
	return json.NewDecoder(http.MaxBytesReader(nil, res.Body, 1<<20)).Decode(out)
}
