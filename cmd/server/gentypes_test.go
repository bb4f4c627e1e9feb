package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"casarent/server/pgtest"
)

// typesFile is the site's copy of the generated Database type.
const typesFile = "../../frontend/src/lib/database.types.ts"

// TestDatabaseTypesUpToDate fails when the committed frontend types differ
// from what the migrations produce, so a migration lands with its types.
func TestDatabaseTypesUpToDate(t *testing.T) {
	db := pgtest.New(t) // a fresh database with every migration applied
	env := map[string]string{"DATABASE_URL": db.AdminURL, "DATA_DIR": t.TempDir(),
		"JWT_SECRET": pgtest.JWTSecret, "AUTHENTICATOR_PASSWORD": pgtest.AuthenticatorPassword,
		"FUNCTIONS_DB_PASSWORD": pgtest.FunctionsDBPassword}
	var out bytes.Buffer
	if err := run(context.Background(), []string{"gen", "types"}, func(k string) string { return env[k] }, &out); err != nil {
		t.Fatalf("server gen types: %v", err)
	}
	got := out.String()
	want, err := os.ReadFile(typesFile)
	if err != nil {
		t.Fatal(err)
	}
	if got == string(want) {
		return
	}
	wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
	line := 0
	for line < len(wl) && line < len(gl) && wl[line] == gl[line] {
		line++
	}
	t.Errorf("%s is out of date with the migrations (first difference at line %d).\n"+
		"Regenerate it with `make types` (scripts/gen-types.sh: migrates a throw-away database and runs\n"+
		"`server gen types > frontend/src/lib/database.types.ts`).", typesFile, line+1)
}
