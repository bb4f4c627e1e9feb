package auth_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"casarent/server/config"
)

// fakeIDToken is a JWT-shaped token whose claims azure and apple read from
// their token endpoint's answer.
func fakeIDToken(claims map[string]any) string {
	h := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"RS256","kid":"k"}`))
	b, _ := json.Marshal(claims)
	return h + "." + base64.RawURLEncoding.EncodeToString(b) + ".c2ln"
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
		{provider: "azure", tokenPath: "/oauth2/v2.0/token",
			idToken: map[string]any{"aud": "az-client", "iss": "https://login.microsoftonline.com/tid/v2.0", "sub": "az-sub", "email": "az@example.test", "name": "Az Ure"},
			wantID:  "az-sub", wantEmail: "az@example.test", wantVerified: false,
			wantData: map[string]any{"full_name": "Az Ure"}},
		{provider: "apple", tokenPath: "/auth/token",
			idToken: map[string]any{"aud": "az-client", "iss": "https://appleid.apple.com", "sub": "001.apple", "email": "ap@privaterelay.example.test", "email_verified": "true"},
			wantID:  "001.apple", wantEmail: "ap@privaterelay.example.test", wantVerified: true},
	}
	for _, tc := range cases {
		t.Run(tc.provider, func(t *testing.T) {
			mux := http.NewServeMux()
			mux.HandleFunc("POST "+tc.tokenPath, func(w http.ResponseWriter, r *http.Request) {
				_ = r.ParseForm()
				if r.Form.Get("client_secret") != "az-secret" || r.Form.Get("code") != "the-code" {
					http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
					return
				}
				ans := map[string]any{"access_token": "at-1", "token_type": "Bearer", "refresh_token": "rt-1"}
				if tc.idToken != nil {
					ans["id_token"] = fakeIDToken(tc.idToken)
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
			e := newEnv(t, func(c *config.Auth) {
				c.MailerAutoconfirm = true
				c.External[tc.provider] = config.ExternalProvider{Enabled: true, ClientID: "az-client", Secret: "az-secret", URL: standIn.URL}
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
