package config

import (
	"os"
	"path/filepath"
	"testing"
)

// Relative settings are read from the working folder at start and kept
// absolute: a later change of folder, a child process or a file:// URL sees the
// same files.
func TestPathSettingsAreAbsoluteOnceLoaded(t *testing.T) {
	work := t.TempDir()
	t.Chdir(work)
	c, err := load(t, map[string]string{"FRONTEND_DIST": "site", "FUNCTIONS_DIR": "project/functions", "DENO_PATH": "tools/deno"})
	if err != nil {
		t.Fatal(err)
	}
	ff := c.Functions.Files
	for name, want := range map[string][2]string{
		"DATA_DIR":             {c.DataDir, ".data"},
		"FRONTEND_DIST":        {c.FrontendDist, "site"},
		"storage":              {c.Storage.FilePath, ".data/storage"},
		"FUNCTIONS_DIR":        {ff.Dir, "project/functions"},
		"FUNCTIONS_CONFIG":     {ff.ConfigPath, "project/config.toml"},
		"FUNCTIONS_DENO_DIR":   {ff.DenoDir, ".data/deno"},
		"FUNCTIONS_DEPLOY_DIR": {ff.DeployDir, ".data/functions-deployed"},
		"DENO_PATH":            {ff.DenoPath, "tools/deno"},
	} {
		if got, rel := want[0], want[1]; got != filepath.Join(work, rel) {
			t.Errorf("%s = %q, want %q", name, got, filepath.Join(work, rel))
		}
	}
	t.Chdir(t.TempDir())
	if again, _ := load(t, map[string]string{"DENO_PATH": "deno"}); again.Functions.Files.DenoPath != "deno" {
		t.Errorf("a command name is looked up on PATH, not made a path: %q", again.Functions.Files.DenoPath)
	}
}

// Without DATA_DIR, a working folder that cannot hold .data (a container started
// in /) leaves the data in the user's own data folder.
func TestDataDirFallsBackToTheUsersDataFolder(t *testing.T) {
	work := t.TempDir()
	// A file named .data stands for a folder the server cannot make: root may
	// write anywhere, so a read-only folder would not show it.
	if err := os.WriteFile(filepath.Join(work, ".data"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Chdir(work)
	home := t.TempDir()
	c, err := load(t, map[string]string{"HOME": home})
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(home, ".local", "share", "casarent"); c.DataDir != want {
		t.Errorf("DATA_DIR = %q, want %q", c.DataDir, want)
	}
	if c, _ := load(t, map[string]string{"HOME": home, "DATA_DIR": "mine"}); c.DataDir != filepath.Join(work, "mine") {
		t.Errorf("a DATA_DIR set is kept: %q", c.DataDir)
	}
}
