package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"casarent/server/pgtest"
)

// A project's config.toml at start: its buckets exist once the schema is there,
// and the keys nothing reads are logged, once, in one line.
func TestConfigTOMLBucketsAndIgnoredKeysAtStart(t *testing.T) {
	bin := buildServer(t)
	db := pgtest.New(t)
	project := t.TempDir()
	if err := os.MkdirAll(filepath.Join(project, "supabase"), 0o755); err != nil {
		t.Fatal(err)
	}
	toml := "[studio]\nport = 54323\n\n[storage.buckets.avatars]\npublic = true\nfile_size_limit = \"1MiB\"\nobjects_path = \"./avatars\"\n"
	if err := os.WriteFile(filepath.Join(project, "supabase", "config.toml"), []byte(toml), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startServer(t, bin, "PROJECT_DIR="+project, "DATABASE_URL="+db.AdminURL, "AUTHENTICATOR_URL="+db.URL,
		"FUNCTIONS_DB_PASSWORD="+pgtest.FunctionsDBPassword)
	var public bool
	var limit int64
	waitFor(t, 30*time.Second, "bucket avatars made", func() bool {
		err := db.Admin.QueryRow(context.Background(), `select public, file_size_limit from storage.buckets where id = 'avatars'`).Scan(&public, &limit)
		return err == nil
	})
	if !public || limit != 1<<20 {
		t.Errorf("avatars: public %v, limit %d", public, limit)
	}
	_ = p.cmd.Process.Kill()
	<-p.done
	logs := p.logs.String()
	want := "config.toml: not supported here, ignored: studio.port, storage.buckets.avatars.objects_path"
	if strings.Count(logs, "not supported here") != 1 || !strings.Contains(logs, want) {
		t.Errorf("want one %q in the log:\n%s", want, logs)
	}
}
