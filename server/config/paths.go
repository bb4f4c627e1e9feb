package config

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// defaultDataDir is DATA_DIR's default, under the working folder.
const defaultDataDir = ".data"

// dataDir is DATA_DIR, or its default: .data in the working folder, unless that
// folder cannot hold it (a container started in /, as a user that cannot write
// there); then the user's own data folder ($XDG_DATA_HOME or ~/.local/share, then
// casarent), so a server started from anywhere keeps its secrets and files
// somewhere it can write.
func dataDir(e env) string {
	if set := e.str("DATA_DIR", ""); set != "" {
		return set
	}
	if usableDir(defaultDataDir) {
		return defaultDataDir
	}
	base := e.str("XDG_DATA_HOME", "")
	if !filepath.IsAbs(base) {
		home := e.str("HOME", "")
		if !filepath.IsAbs(home) {
			return defaultDataDir
		}
		base = filepath.Join(home, ".local", "share")
	}
	if dir := filepath.Join(base, "casarent"); usableDir(dir) {
		return dir
	}
	return defaultDataDir
}

// resolvePaths makes every path setting absolute, once, at start. Relative paths
// are taken from the working folder the server was started in, so nothing later
// (a child process with another working folder, a file:// URL, a comparison with
// an absolute path) can read them differently.
func (c *Config) resolvePaths() error {
	for _, p := range []*string{&c.DataDir, &c.ProjectDir, &c.FrontendDist, &c.Storage.FilePath, &c.Functions.Files.Dir,
		&c.Functions.Files.ConfigPath, &c.Functions.Files.DenoDir, &c.Functions.Files.DeployDir, &c.Studio.PackageDir} {
		if err := absolute(p); err != nil {
			return err
		}
	}
	// DENO_PATH may be a bare command name, looked up on PATH: only a path is made absolute.
	if strings.ContainsRune(c.Functions.Files.DenoPath, filepath.Separator) {
		return absolute(&c.Functions.Files.DenoPath)
	}
	return nil
}

func absolute(p *string) error {
	if *p == "" || filepath.IsAbs(*p) {
		return nil
	}
	abs, err := filepath.Abs(*p)
	if err != nil {
		return fmt.Errorf("config: path %q: %w", *p, err)
	}
	*p = abs
	return nil
}

// usableDir reports whether dir exists as a folder, or could be made (its
// nearest existing parent is a writable folder).
func usableDir(dir string) bool {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return false
	}
	for p := abs; ; p = filepath.Dir(p) {
		st, err := os.Stat(p)
		if err == nil {
			if !st.IsDir() {
				return false
			}
			return p == abs || writable(p)
		}
		if filepath.Dir(p) == p {
			return false
		}
	}
}

// writable tries what the server will do: create an entry in dir.
func writable(dir string) bool {
	f, err := os.CreateTemp(dir, ".casarent-write-check-*")
	if err != nil {
		return false
	}
	name := f.Name()
	f.Close()
	_ = os.Remove(name)
	return true
}

// ProjectFile is a path inside the project's supabase folder (config.toml,
// migrations, seed.sql).
func (c *Config) ProjectFile(name string) string {
	return filepath.Join(c.ProjectDir, "supabase", name)
}
