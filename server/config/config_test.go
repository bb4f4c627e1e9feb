package config

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"casarent/server/jwtauth"
)

func load(t *testing.T, env map[string]string) (*Config, error) {
	t.Helper()
	return Load(func(k string) string { return env[k] })
}

func TestGeneratedSecretsAreStableAndKeysDerived(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"DATABASE_URL": "postgres://x@127.0.0.1/db", "DATA_DIR": dir}
	c1, err := load(t, env)
	if err != nil {
		t.Fatal(err)
	}
	if err := c1.FillSecrets(); err != nil {
		t.Fatal(err)
	}
	if err := c1.Validate(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(filepath.Join(dir, "secrets.env"))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("secrets.env: %v %v", err, st)
	}
	c2, _ := load(t, env)
	if err := c2.FillSecrets(); err != nil {
		t.Fatal(err)
	}
	if c1.FunctionsDBPassword == "" || c1.FunctionsDBPassword == c1.AuthenticatorPassword {
		t.Fatal("no FUNCTIONS_DB_PASSWORD of its own generated")
	}
	if c1.JWTSecret != c2.JWTSecret || c1.AnonKey != c2.AnonKey || c1.AuthenticatorPassword != c2.AuthenticatorPassword ||
		c1.FunctionsDBPassword != c2.FunctionsDBPassword {
		t.Fatal("a second start generated other secrets")
	}
	if c1.AnonKey == c1.ServiceRoleKey || c1.AnonKey == "" {
		t.Fatal("keys not derived")
	}
}

func TestProductionNeverGeneratesSecrets(t *testing.T) {
	c, err := load(t, map[string]string{"ENVIRONMENT": "production", "DATABASE_URL": "postgres://x@h/db", "DATA_DIR": t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.FillSecrets(); err != nil {
		t.Fatal(err)
	}
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "JWT_SECRET") {
		t.Fatalf("production without JWT_SECRET validated: %v", err)
	}
}

func TestMalformedValuesAreReported(t *testing.T) {
	if _, err := load(t, map[string]string{"DB_MAX_CONNS": "many"}); err == nil || !strings.Contains(err.Error(), "DB_MAX_CONNS") {
		t.Fatalf("err = %v", err)
	}
	c, _ := load(t, map[string]string{"JWT_SECRET": strings.Repeat("s", 40), "DATABASE_URL": "postgres://x@h/db", "SITE_URL": "not a url"})
	if err := c.Validate(); err == nil || !strings.Contains(err.Error(), "SITE_URL") {
		t.Fatalf("err = %v", err)
	}
}

// A secrets file that exists with looser permissions (copied, restored from a
// backup, written by hand) is tightened to 0600, both when it is only read and
// when a missing secret is added to it.
func TestSecretsFileIsTightenedTo0600(t *testing.T) {
	for name, body := range map[string]string{
		"complete":   "JWT_SECRET=" + strings.Repeat("a", 40) + "\nAUTHENTICATOR_PASSWORD=pw\n",
		"incomplete": "JWT_SECRET=" + strings.Repeat("a", 40) + "\n",
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, "secrets.env")
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(path, 0o644); err != nil { // whatever the umask
			t.Fatal(err)
		}
		c, err := load(t, map[string]string{"DATABASE_URL": "postgres://x@127.0.0.1/db", "DATA_DIR": dir})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.FillSecrets(); err != nil {
			t.Fatal(err)
		}
		if st, err := os.Stat(path); err != nil || st.Mode().Perm() != 0o600 {
			t.Errorf("%s: secrets.env mode %v (%v), want 0600", name, st.Mode().Perm(), err)
		}
		if c.JWTSecret != strings.Repeat("a", 40) {
			t.Errorf("%s: the saved secret was not kept", name)
		}
	}
}

// JWT_ADMIN_ROLES defaults to GoTrue's service_role and supabase_admin, and
// reads the GOTRUE_ name too; reauthentication is off unless asked for.
func TestAuthAdminRolesAndReauthentication(t *testing.T) {
	c, err := load(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(c.Auth.JWTAdminRoles, ",") != "service_role,supabase_admin" || c.Auth.UpdatePasswordRequireReauthentication {
		t.Fatalf("defaults: %v %v", c.Auth.JWTAdminRoles, c.Auth.UpdatePasswordRequireReauthentication)
	}
	c, _ = load(t, map[string]string{"GOTRUE_JWT_ADMIN_ROLES": " service_role , ops_admin ", "SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION": "true"})
	if strings.Join(c.Auth.JWTAdminRoles, ",") != "service_role,ops_admin" || !c.Auth.UpdatePasswordRequireReauthentication {
		t.Fatalf("set: %v %v", c.Auth.JWTAdminRoles, c.Auth.UpdatePasswordRequireReauthentication)
	}
}

// TestJWTKeys: JWT_KEYS (or GoTrue's GOTRUE_JWT_KEYS) is parsed with JWT_EXP as
// the retirement grace; a malformed value fails without quoting private keys.
func TestJWTKeys(t *testing.T) {
	k, err := jwtauth.NewPrivateJWK("ES256", "k1")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal([]any{k})
	for _, name := range []string{"JWT_KEYS", "GOTRUE_JWT_KEYS"} {
		c, err := load(t, map[string]string{name: string(b), "JWT_EXP": "600"})
		if err != nil || c.JWTKeys == nil || c.JWTKeys.SigningKID() != "k1" || c.JWTKeys.Grace != 600*time.Second {
			t.Fatalf("%s: %v %+v", name, err, c.JWTKeys)
		}
	}
	if c, _ := load(t, nil); c.JWTKeys != nil {
		t.Fatal("keys without JWT_KEYS")
	}
	k["key_ops"] = []string{"verify"} // no signing key left
	b, _ = json.Marshal([]any{k})
	_, err = load(t, map[string]string{"JWT_KEYS": string(b)})
	if err == nil || !strings.Contains(err.Error(), "sign") || strings.Contains(err.Error(), k["d"].(string)) {
		t.Fatalf("err = %v", err)
	}
}

// Defaults are applied once, here; auth.New and storage.New use what
// they receive. So Load must leave no setting those surfaces need unset.
func TestLoadAppliesTheSurfacesDefaults(t *testing.T) {
	c, err := load(t, map[string]string{"API_EXTERNAL_URL": "https://api.example.test/",
		"UPLOAD_SIGNED_URL_EXPIRATION_TIME": "0", "IMAGE_MAX_PIXELS": "0", "STORAGE_ORPHAN_SWEEP_INTERVAL": "0",
		"PGRST_MAX_EMBED_DEPTH": "0", "PGRST_MAX_IN_VALUES": "0", "PGRST_MAX_ORDER_TERMS": "7"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Auth.JWTIssuer != "https://api.example.test/auth/v1" {
		t.Errorf("issuer = %q", c.Auth.JWTIssuer)
	}
	if c.Auth.JWTExp != time.Hour || c.Auth.BcryptCost != 10 || c.Auth.PasswordMinLength != 6 || len(c.Auth.JWTAdminRoles) != 2 {
		t.Errorf("auth defaults: %+v", c.Auth)
	}
	s := c.Storage
	if s.SignedUploadExpiry != 2*time.Hour || s.ImageMaxPixels != 40_000_000 || s.OrphanSweepInterval != time.Minute {
		t.Errorf("storage: zero settings keep their defaults: %v %v %v", s.SignedUploadExpiry, s.ImageMaxPixels, s.OrphanSweepInterval)
	}
	if r := c.Rest; r.MaxEmbedDepth != 6 || r.MaxSelectItems != 500 || len(r.Schemas) != 1 || r.Schemas[0] != "public" {
		t.Errorf("rest: %+v", r)
	}
	if r := c.Rest; r.MaxInValues != 1000 || r.MaxLogicTerms != 500 || r.MaxOrderTerms != 7 {
		t.Errorf("rest: the filter budget is read and zero keeps the default: %+v", r)
	}
	if r := RestDefaults(); r.MaxEmbedDepth != 6 || r.MaxSelectItems != 500 || r.MaxInValues != 1000 || r.MaxLogicTerms != 500 || r.MaxOrderTerms != 100 {
		t.Errorf("RestDefaults: %+v", r)
	}
	if d := StorageDefaults("/data"); d.FilePath != "/data/storage" || d.FileSizeLimit != 50<<20 || d.RenderBurst != 60 || len(d.RenderSizes) == 0 {
		t.Errorf("StorageDefaults: %+v", d)
	}
}

func TestReadReplicaSettings(t *testing.T) {
	base := map[string]string{"DATABASE_URL": "postgres://x@127.0.0.1/db", "JWT_SECRET": strings.Repeat("s", 32)}
	c, err := load(t, base)
	if err != nil || len(c.ReplicaURLs) != 0 || c.ReplicaMaxLag != 5*time.Second || c.Validate() != nil {
		t.Fatalf("defaults: %v %v %v", err, c.ReplicaURLs, c.ReplicaMaxLag)
	}
	base["DATABASE_REPLICA_URLS"] = "postgres://r1:5432, postgres://u:secret@r2:5433/app"
	base["DATABASE_REPLICA_MAX_LAG"] = "2s"
	c, _ = load(t, base)
	if len(c.ReplicaURLs) != 2 || c.ReplicaURLs[1] != "postgres://u:secret@r2:5433/app" || c.ReplicaMaxLag != 2*time.Second || c.Validate() != nil {
		t.Fatalf("set: %q %v %v", c.ReplicaURLs, c.ReplicaMaxLag, c.Validate())
	}
	base["DATABASE_REPLICA_URLS"] = "r1 with secret"
	c, _ = load(t, base)
	if err := c.Validate(); err == nil || strings.Contains(err.Error(), "secret") {
		t.Fatalf("a URL without a host: %v (and never the URL itself)", err)
	}
}
