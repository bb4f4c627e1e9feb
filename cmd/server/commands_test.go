package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"casarent/server/config"
)

// `server help` lists every command and every surface; a command it does not
// know is refused as such, before any setting is needed.
func TestHelpAndUnknownCommands(t *testing.T) {
	noEnv := func(string) string { return "" }
	var out bytes.Buffer
	if err := run(context.Background(), []string{"help"}, noEnv, &out); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"serve", "migrate", "seed", "keys", "jwk", "gen types", "functions deploy", "secrets set",
		"/rest/v1", "/auth/v1", "/storage/v1", "/functions/v1", "/realtime/v1"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("help lacks %q:\n%s", want, out.String())
		}
	}
	err := run(context.Background(), []string{"nope"}, noEnv, &out)
	if err == nil || !strings.Contains(err.Error(), `unknown command "nope"`) {
		t.Errorf("an unknown command: %v", err)
	}
}

// `server keys` prints the keys of a server that exists: pointed at a folder no
// server has started in, it refuses instead of making up a secret of its own;
// pointed at the server's data folder, it prints the keys the server accepts.
func TestKeysNeverInventASecret(t *testing.T) {
	empty := t.TempDir()
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	var out bytes.Buffer
	err := run(context.Background(), []string{"keys"}, env(map[string]string{"DATA_DIR": empty}), &out)
	if err == nil || !strings.Contains(err.Error(), "secrets.env") || out.Len() != 0 {
		t.Fatalf("keys in a folder without secrets: %v, printed %q", err, out.String())
	}
	if entries, _ := os.ReadDir(empty); len(entries) != 0 {
		t.Fatalf("keys wrote %v into a folder that had no secrets", entries)
	}
	data := t.TempDir()
	cfg, err := config.Load(env(map[string]string{"DATA_DIR": data}))
	if err == nil {
		err = cfg.FillSecrets() // what the server does at its first start
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"keys"}, env(map[string]string{"DATA_DIR": data}), &out); err != nil ||
		!strings.Contains(out.String(), "ANON_KEY="+cfg.AnonKey+"\n") || !strings.Contains(out.String(), "SERVICE_ROLE_KEY="+cfg.ServiceRoleKey+"\n") {
		t.Fatalf("keys of the server's folder: %v %q", err, out.String())
	}
	out.Reset()
	if err := run(context.Background(), []string{"keys"}, env(map[string]string{"DATA_DIR": empty, "JWT_SECRET": strings.Repeat("j", 40)}), &out); err != nil ||
		!strings.Contains(out.String(), "ANON_KEY=") {
		t.Fatalf("keys with JWT_SECRET set: %v %q", err, out.String())
	}
}

// The first screen of `server serve` names what a client and a SQL tool need:
// outside production the keys and the database URL; in production no secret.
func TestFirstScreen(t *testing.T) {
	env := map[string]string{"DATA_DIR": t.TempDir(), "DATABASE_URL": "postgres://postgres:pw@127.0.0.1:5432/postgres",
		"API_EXTERNAL_URL": "http://api.test", "JWT_SECRET": strings.Repeat("s", 40)}
	screen := func() string {
		cfg, err := config.Load(func(k string) string { return env[k] })
		if err == nil {
			err = cfg.FillSecrets()
		}
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		printFirstScreen(&out, cfg)
		return out.String()
	}
	dev := screen()
	for _, want := range []string{"http://api.test", env["DATA_DIR"], "anon key:", "service_role key:", env["DATABASE_URL"]} {
		if !strings.Contains(dev, want) {
			t.Errorf("development's first screen lacks %q:\n%s", want, dev)
		}
	}
	env["ENVIRONMENT"] = "production"
	prod := screen()
	for _, secret := range []string{"service_role key:", "anon key:", "pw@"} {
		if strings.Contains(prod, secret) {
			t.Errorf("production's first screen shows %q:\n%s", secret, prod)
		}
	}
	if !strings.Contains(prod, "http://api.test") || !strings.Contains(prod, "server keys") {
		t.Errorf("production's first screen:\n%s", prod)
	}
}
