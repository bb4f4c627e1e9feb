package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	if c1.JWTSecret != c2.JWTSecret || c1.AnonKey != c2.AnonKey || c1.AuthenticatorPassword != c2.AuthenticatorPassword {
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
