package config

import "testing"

// Servers of one cluster agree on the passwords of its login roles without
// sharing a data folder: derived from the owner's password in DATABASE_URL, the
// same in every folder; a password given is kept; without an owner's password,
// each folder generates its own.
func TestLoginRolePasswordsAreTheClustersNotTheFolders(t *testing.T) {
	owner := "postgres://postgres:owner-secret@127.0.0.1:5432/one?sslmode=disable"
	fill := func(env map[string]string) *Config {
		t.Helper()
		env["DATA_DIR"] = t.TempDir()
		c, err := load(t, env)
		if err == nil {
			err = c.FillSecrets()
		}
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	a := fill(map[string]string{"DATABASE_URL": owner})
	b := fill(map[string]string{"DATABASE_URL": "postgres://postgres:owner-secret@localhost:5432/two"})
	if a.AuthenticatorPassword == "" || a.AuthenticatorPassword != b.AuthenticatorPassword || a.FunctionsDBPassword != b.FunctionsDBPassword {
		t.Fatalf("two folders, one cluster: authenticator %q / %q, functions_db %q / %q",
			a.AuthenticatorPassword, b.AuthenticatorPassword, a.FunctionsDBPassword, b.FunctionsDBPassword)
	}
	if a.AuthenticatorPassword == a.FunctionsDBPassword || a.AuthenticatorPassword == "owner-secret" {
		t.Fatal("the roles' passwords are one another's, or the owner's")
	}
	if other := fill(map[string]string{"DATABASE_URL": "postgres://postgres:another@127.0.0.1/one"}); other.AuthenticatorPassword == a.AuthenticatorPassword {
		t.Fatal("another owner's password derives the same")
	}
	if given := fill(map[string]string{"DATABASE_URL": owner, "AUTHENTICATOR_PASSWORD": "given"}); given.AuthenticatorPassword != "given" {
		t.Fatalf("AUTHENTICATOR_PASSWORD given: %q", given.AuthenticatorPassword)
	}
	x := fill(map[string]string{"DATABASE_URL": "postgres://postgres@127.0.0.1/one"})
	y := fill(map[string]string{"DATABASE_URL": "postgres://postgres@127.0.0.1/one"})
	if x.AuthenticatorPassword == "" || x.AuthenticatorPassword == y.AuthenticatorPassword {
		t.Fatalf("without an owner's password each folder generates its own: %q / %q", x.AuthenticatorPassword, y.AuthenticatorPassword)
	}
}
