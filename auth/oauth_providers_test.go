package auth_test

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"maps"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"casarent/server/config"
)

// idTokenSigner is the signing key of an ID-token issuer stand-in (azure,
// apple): it signs the tokens and publishes its public half as a JWKS.
type idTokenSigner struct {
	key *rsa.PrivateKey
	kid string
}

func newIDTokenSigner(t *testing.T, kid string) *idTokenSigner {
	t.Helper()
	k, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	return &idTokenSigner{key: k, kid: kid}
}

// sign makes an RS256 ID token of claims (an hour's expiry added).
func (s *idTokenSigner) sign(t *testing.T, claims map[string]any) string {
	t.Helper()
	c := jwt.MapClaims{"iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix()}
	maps.Copy(c, claims)
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, c)
	tok.Header["kid"] = s.kid
	raw, err := tok.SignedString(s.key)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

func (s *idTokenSigner) jwks() map[string]any {
	pub := s.key.PublicKey
	return map[string]any{"keys": []any{map[string]any{
		"kty": "RSA", "kid": s.kid, "use": "sig", "alg": "RS256",
		"n": base64.RawURLEncoding.EncodeToString(pub.N.Bytes()),
		"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(pub.E)).Bytes()),
	}}}
}

// serveIssuer adds an OpenID Connect issuer's discovery document and JWKS
// under issuerPath of the stand-in whose address base will be known later.
func serveIssuer(mux *http.ServeMux, base *string, issuerPath string, s *idTokenSigner) {
	mux.HandleFunc("GET "+issuerPath+"/.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		iss := *base + issuerPath
		json.NewEncoder(w).Encode(map[string]any{"issuer": iss, "authorization_endpoint": iss + "/authorize",
			"token_endpoint": iss + "/token", "jwks_uri": iss + "/keys"})
	})
	mux.HandleFunc("GET "+issuerPath+"/keys", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(s.jwks())
	})
}

// Each provider's stand-in answers its token endpoint and its user-info call
// with the JSON the provider documents; the identity stored is GoTrue's.
func TestProvidersUserInfo(t *testing.T) {
	cases := []struct {
		provider, tokenPath, userPath string
		user                          any
		idToken                       map[string]any
		wantID, wantEmail             string
		wantVerified                  bool
		wantData                      map[string]any
	}{
		{provider: "google", tokenPath: "/token", userPath: "/userinfo/v2/me",
			user:   map[string]any{"id": "1089", "email": "g@example.test", "verified_email": true, "name": "Gee Oogle", "given_name": "Gee", "family_name": "Oogle", "picture": "https://lh3.example.test/p.jpg", "locale": "fr"},
			wantID: "1089", wantEmail: "g@example.test", wantVerified: true,
			wantData: map[string]any{"full_name": "Gee Oogle", "avatar_url": "https://lh3.example.test/p.jpg", "iss": "https://accounts.google.com"}},
		{provider: "gitlab", tokenPath: "/oauth/token", userPath: "/api/v4/user",
			user:   map[string]any{"id": 31, "username": "gl", "name": "Git Lab", "email": "gl@example.test", "avatar_url": "https://gl.example.test/a.png", "confirmed_at": ""},
			wantID: "31", wantEmail: "gl@example.test", wantVerified: false,
			wantData: map[string]any{"user_name": "gl", "full_name": "Git Lab"}},
		{provider: "azure", tokenPath: "/tid/oauth2/v2.0/token",
			idToken: map[string]any{"aud": "az-client", "sub": "az-sub", "email": "az@example.test", "name": "Az Ure"},
			wantID:  "az-sub", wantEmail: "az@example.test", wantVerified: false,
			wantData: map[string]any{"full_name": "Az Ure"}},
		{provider: "apple", tokenPath: "/auth/token",
			idToken: map[string]any{"aud": "az-client", "sub": "001.apple", "email": "ap@privaterelay.example.test", "email_verified": "true"},
			wantID:  "001.apple", wantEmail: "ap@privaterelay.example.test", wantVerified: true},
	}
	for _, tc := range cases {
		t.Run(tc.provider, func(t *testing.T) {
			mux := http.NewServeMux()
			var base string
			signer := newIDTokenSigner(t, "k1")
			issuerPath := idTokenIssuerPath[tc.provider]
			serveIssuer(mux, &base, issuerPath, signer)
			mux.HandleFunc("POST "+tc.tokenPath, func(w http.ResponseWriter, r *http.Request) {
				_ = r.ParseForm()
				if r.Form.Get("client_secret") != "az-secret" || r.Form.Get("code") != "the-code" {
					http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
					return
				}
				ans := map[string]any{"access_token": "at-1", "token_type": "Bearer", "refresh_token": "rt-1"}
				if tc.idToken != nil {
					claims := map[string]any{"iss": base + issuerPath}
					maps.Copy(claims, tc.idToken)
					ans["id_token"] = signer.sign(t, claims)
				}
				json.NewEncoder(w).Encode(ans)
			})
			if tc.userPath != "" {
				mux.HandleFunc("GET "+tc.userPath, func(w http.ResponseWriter, r *http.Request) {
					if r.Header.Get("Authorization") != "Bearer at-1" {
						http.Error(w, "{}", http.StatusUnauthorized)
						return
					}
					json.NewEncoder(w).Encode(tc.user)
				})
			}
			standIn := httptest.NewServer(mux)
			defer standIn.Close()
			base = standIn.URL
			e := newEnv(t, func(c *config.Auth) {
				c.MailerAutoconfirm = true
				c.External[tc.provider] = config.ExternalProvider{Enabled: true, ClientID: "az-client", Secret: "az-secret", URL: standIn.URL + providerURLPath[tc.provider]}
			})
			auth := e.authorize("provider=" + tc.provider)
			if auth.Scheme+"://"+auth.Host != standIn.URL {
				t.Fatalf("authorization URL %s", auth)
			}
			f := fragment(e.callback(auth.Query().Get("state"), "the-code"))
			if f.Get("provider_refresh_token") != "rt-1" {
				t.Fatalf("fragment: %v", f)
			}
			u := must(t, e.call("GET", "/user", nil, f.Get("access_token")), 200).Body
			id := u["identities"].([]any)[0].(map[string]any)
			data := id["identity_data"].(map[string]any)
			if id["provider"] != tc.provider || id["id"] != tc.wantID || data["sub"] != tc.wantID || data["provider_id"] != tc.wantID ||
				data["email"] != tc.wantEmail || data["email_verified"] != tc.wantVerified || u["email"] != tc.wantEmail {
				t.Fatalf("identity: %v / user %v", id, u)
			}
			for k, v := range tc.wantData {
				if data[k] != v {
					t.Fatalf("identity_data[%s] = %v, want %v (%v)", k, data[k], v, data)
				}
			}
		})
	}
}

// Where the azure and apple stand-ins live: EXTERNAL_AZURE_URL names a tenant
// (its issuer is <tenant>/v2.0, as Microsoft's), EXTERNAL_APPLE_URL Apple's
// issuer itself.
var (
	providerURLPath   = map[string]string{"azure": "/tid"}
	idTokenIssuerPath = map[string]string{"azure": "/tid/v2.0", "apple": ""}
)

// Azure's and Apple's ID tokens are checked as any OpenID Connect provider's:
// a token whose signature is not the issuer's key, from another issuer, or
// for another client signs nobody in.
func TestProvidersRefuseIDTokensTheIssuerDidNotSign(t *testing.T) {
	for _, provider := range []string{"azure", "apple"} {
		for _, bad := range []string{"forged", "other issuer", "other client"} {
			t.Run(provider+"/"+bad, func(t *testing.T) {
				mux := http.NewServeMux()
				var base string
				signer, forger := newIDTokenSigner(t, "k1"), newIDTokenSigner(t, "k1")
				issuerPath := idTokenIssuerPath[provider]
				serveIssuer(mux, &base, issuerPath, signer)
				tokenPath := map[string]string{"azure": "/tid/oauth2/v2.0/token", "apple": "/auth/token"}[provider]
				mux.HandleFunc("POST "+tokenPath, func(w http.ResponseWriter, r *http.Request) {
					claims := map[string]any{"iss": base + issuerPath, "aud": "az-client", "sub": "victim-sub", "email": "victim@example.test", "email_verified": true}
					by := signer
					switch bad {
					case "forged":
						by = forger
					case "other issuer":
						claims["iss"] = "https://login.microsoftonline.com/attacker/v2.0"
					case "other client":
						claims["aud"] = "another-client"
					}
					json.NewEncoder(w).Encode(map[string]any{"access_token": "at-1", "token_type": "Bearer", "id_token": by.sign(t, claims)})
				})
				standIn := httptest.NewServer(mux)
				defer standIn.Close()
				base = standIn.URL
				e := newEnv(t, func(c *config.Auth) {
					c.MailerAutoconfirm = true
					c.External[provider] = config.ExternalProvider{Enabled: true, ClientID: "az-client", Secret: "az-secret", URL: standIn.URL + providerURLPath[provider]}
				})
				auth := e.authorize("provider=" + provider)
				back := e.callback(auth.Query().Get("state"), "the-code")
				f := fragment(back)
				if f.Get("access_token") != "" || !strings.Contains(f.Get("error_description"), "user profile") {
					t.Fatalf("signed in with a %s token: %s", bad, back)
				}
				users := must(t, e.admin("GET", "/admin/users", nil), 200).Body["users"].([]any)
				if len(users) != 0 {
					t.Fatalf("users made: %v", users)
				}
			})
		}
	}
}
