package jwtauth

import (
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

const secret = "unit-test-secret-0123456789abcdef0123456789"

func sign(t *testing.T, method jwt.SigningMethod, key any, claims jwt.MapClaims) string {
	t.Helper()
	s, err := jwt.NewWithClaims(method, claims).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestVerify(t *testing.T) {
	now := time.Now()
	v := NewVerifier(secret, Keys{})
	good := jwt.MapClaims{"role": "authenticated", "sub": "u1", "exp": now.Add(time.Hour).Unix(), "custom": "x"}
	tests := []struct {
		name    string
		token   string
		wantErr error
	}{
		{"valid", sign(t, jwt.SigningMethodHS256, []byte(secret), good), nil},
		{"wrong secret", sign(t, jwt.SigningMethodHS256, []byte("another-secret-0123456789abcdef0123"), good), ErrInvalidToken},
		{"HS512 refused", sign(t, jwt.SigningMethodHS512, []byte(secret), good), ErrInvalidToken},
		{"alg none refused", sign(t, jwt.SigningMethodNone, jwt.UnsafeAllowNoneSignatureType, good), ErrInvalidToken},
		{"expired", sign(t, jwt.SigningMethodHS256, []byte(secret), jwt.MapClaims{"role": "anon", "exp": now.Add(-time.Hour).Unix()}), ErrExpiredToken},
		{"unknown role", sign(t, jwt.SigningMethodHS256, []byte(secret), jwt.MapClaims{"role": "postgres", "exp": now.Add(time.Hour).Unix()}), ErrUnknownRole},
		{"no role", sign(t, jwt.SigningMethodHS256, []byte(secret), jwt.MapClaims{"exp": now.Add(time.Hour).Unix()}), ErrUnknownRole},
		{"garbage", "not.a.jwt", ErrInvalidToken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, err := v.Verify(tt.token)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatal(err)
				}
				if id.Role != "authenticated" || id.Subject != "u1" || !strings.Contains(string(id.ClaimsJSON), `"custom":"x"`) {
					t.Fatalf("identity %+v claims %s", id, id.ClaimsJSON)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr.Error()) {
				t.Fatalf("err = %v, want %v", err, tt.wantErr)
			}
		})
	}
}

func TestAuthenticateCredentialRules(t *testing.T) {
	anonKey := sign(t, jwt.SigningMethodHS256, []byte(secret), jwt.MapClaims{"role": "anon", "exp": time.Now().Add(time.Hour).Unix()})
	serviceKey := sign(t, jwt.SigningMethodHS256, []byte(secret), jwt.MapClaims{"role": "service_role", "exp": time.Now().Add(time.Hour).Unix()})
	user := sign(t, jwt.SigningMethodHS256, []byte(secret), jwt.MapClaims{"role": "authenticated", "sub": "u9", "exp": time.Now().Add(time.Hour).Unix()})
	v := NewVerifier(secret, Keys{Anon: anonKey, Service: serviceKey, Publishable: "sb_publishable_abc", Secret: "sb_secret_xyz"})
	tests := []struct {
		name, apikey, bearer, query string
		wantRole                    string
		wantErr                     bool
	}{
		{name: "nothing is anon", wantRole: "anon"},
		{name: "anon key", apikey: anonKey, wantRole: "anon"},
		{name: "service key", apikey: serviceKey, wantRole: "service_role"},
		{name: "apikey in query", query: "?apikey=" + serviceKey, wantRole: "service_role"},
		{name: "user bearer replaces apikey", apikey: anonKey, bearer: user, wantRole: "authenticated"},
		{name: "publishable key as bearer", apikey: "sb_publishable_abc", bearer: "sb_publishable_abc", wantRole: "anon"},
		{name: "secret key as bearer", apikey: "sb_secret_xyz", bearer: "sb_secret_xyz", wantRole: "service_role"},
		{name: "unknown apikey", apikey: "sb_publishable_wrong", wantErr: true},
		{name: "forged bearer", apikey: anonKey, bearer: user[:len(user)-3] + "abc", wantErr: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/rest/v1/x"+tt.query, nil)
			if tt.apikey != "" {
				r.Header.Set("apikey", tt.apikey)
			}
			if tt.bearer != "" {
				r.Header.Set("Authorization", "Bearer "+tt.bearer)
			}
			id, err := v.Authenticate(r)
			if tt.wantErr {
				if err == nil {
					t.Fatalf("accepted as %s", id.Role)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if id.Role != tt.wantRole {
				t.Fatalf("role %s, want %s", id.Role, tt.wantRole)
			}
		})
	}
}

// A signed token whose role no request may run as is refused as ErrUnknownRole
// (every surface), yet carries its verified identity for auth's JWT_ADMIN_ROLES;
// a forged one carries nothing.
func TestRoleErrorKeepsVerifiedIdentity(t *testing.T) {
	v := NewVerifier(secret, Keys{})
	claims := jwt.MapClaims{"role": "supabase_admin", "exp": time.Now().Add(time.Hour).Unix()}
	_, err := v.Verify(sign(t, jwt.SigningMethodHS256, []byte(secret), claims))
	var re *RoleError
	if !errors.Is(err, ErrUnknownRole) || !errors.As(err, &re) || re.Identity.Role != "supabase_admin" {
		t.Fatalf("err = %#v", err)
	}
	_, err = v.Verify(sign(t, jwt.SigningMethodHS256, []byte("another-secret-0123456789abcdef0123"), claims))
	if errors.As(err, &re) || !errors.Is(err, ErrInvalidToken) {
		t.Fatalf("forged token: err = %v", err)
	}
}
