package config

import (
	"errors"
	"time"
)

// Studio configures /pg, the database API Supabase Studio manages the project
// through: the published postgres-meta, run by Deno as a child process of the
// server while Studio uses it (pgmeta/README.md).
type Studio struct {
	// PackageDir is the folder npm installed @supabase/postgres-meta into (it holds
	// package.json and node_modules). PG_META_PATH; empty: .tools/pgmeta (where
	// `make run` installs it). Without it, /pg answers 503.
	PackageDir string
	// DBPassword is the password of studio_admin, the role postgres-meta logs in
	// as (set by the server before it starts postgres-meta). PG_META_DB_PASSWORD;
	// derived like AUTHENTICATOR_PASSWORD when empty (secrets.go).
	DBPassword string
	// IdleTimeout: postgres-meta stops after this long without a request.
	// PG_META_IDLE_TIMEOUT, default 5m.
	IdleTimeout time.Duration
	// StartTimeout bounds postgres-meta's start. PG_META_START_TIMEOUT, default 60s.
	StartTimeout time.Duration
}

// DefaultPgMetaPath is where scripts/lib.sh's ensure_pgmeta installs postgres-meta,
// relative to the repository (the server's working folder under `make run`).
const DefaultPgMetaPath = ".tools/pgmeta"

func loadStudio(e env) Studio {
	return Studio{
		PackageDir:   e.str("PG_META_PATH", DefaultPgMetaPath),
		DBPassword:   e.str("PG_META_DB_PASSWORD", ""),
		IdleTimeout:  e.dur("PG_META_IDLE_TIMEOUT", 5*time.Minute),
		StartTimeout: e.dur("PG_META_START_TIMEOUT", 60*time.Second),
	}
}

func (s Studio) validate() error {
	if s.IdleTimeout <= 0 || s.StartTimeout <= 0 {
		return errors.New("PG_META_IDLE_TIMEOUT and PG_META_START_TIMEOUT must be positive")
	}
	return nil
}
