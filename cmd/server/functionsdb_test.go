package main

import (
	"net/url"
	"testing"

	"casarent/server/config"
)

// The functions' SUPABASE_DB_URL is never DATABASE_URL (a superuser): it logs in as
// functions_db on the same database, and the server dials the database for them.
func TestFunctionsDBURLIsTheirOwnRole(t *testing.T) {
	cfg := &config.Config{DatabaseURL: "postgres://postgres:owner-secret@127.0.0.1:25341/app?sslmode=disable", FunctionsDBPassword: "fn-pw"}
	got, addr, err := functionsDB(cfg)
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(got)
	if err != nil {
		t.Fatal(err)
	}
	pw, _ := u.User.Password()
	if u.User.Username() != "functions_db" || pw != "fn-pw" || u.Host != "127.0.0.1:25341" || u.Path != "/app" || u.Query().Get("sslmode") != "disable" {
		t.Errorf("SUPABASE_DB_URL %s", got)
	}
	if addr != "127.0.0.1:25341" {
		t.Errorf("dialled at %q", addr)
	}

	// PostgreSQL's own socket folder: the functions name it localhost, the server dials the socket.
	cfg.DatabaseURL = "postgres://postgres@/app?host=/run/postgresql&port=5433"
	if got, addr, err = functionsDB(cfg); err != nil || addr != "/run/postgresql/.s.PGSQL.5433" {
		t.Errorf("socket: %s %q %v", got, addr, err)
	}
	if u, _ := url.Parse(got); u.Host != "localhost:5433" || u.User.Username() != "functions_db" {
		t.Errorf("socket: SUPABASE_DB_URL %s", got)
	}

	// Without a password (production, FUNCTIONS_DB_PASSWORD unset) the functions get none.
	cfg.FunctionsDBPassword = ""
	if got, _, _ := functionsDB(cfg); got != "" {
		t.Errorf("without a password: %s", got)
	}
}
