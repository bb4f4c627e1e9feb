package functions

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// fileFunction is one function folder of FUNCTIONS_DIR as last scanned.
type fileFunction struct {
	Name       string
	Dir        string // absolute
	Entry      string // absolute path of the module that calls Deno.serve
	VerifyJWT  bool
	ImportMap  string // absolute, "" = none (deno.json's own imports still apply)
	DenoConfig string // absolute deno.json / deno.jsonc in the folder, "" = none
	Secrets    map[string]string
	// Version names what is served: a digest of the folder's files (names, sizes,
	// times), the shared folder, config.toml and the secrets file. A new one
	// replaces the worker.
	Version string
}

// resolutionArgs are Deno's flags for how fn's imports resolve, the same when
// it runs and when it is bundled: its folder's deno.json, or none (so that no
// config file above the folder applies), and its import map.
func (fn *fileFunction) resolutionArgs() []string {
	args := []string{"--no-config"}
	if fn.DenoConfig != "" {
		args = []string{"--config", fn.DenoConfig}
	}
	if fn.ImportMap != "" {
		args = append(args, "--import-map", fn.ImportMap)
	}
	return args
}

var (
	envName      = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
	entryNames   = []string{"index.ts", "index.js", "index.tsx", "index.jsx", "index.mjs"}
	sharedFolder = "_shared"
)

// isFunctionFolder: _shared and every folder starting with _ or . are not functions.
func isFunctionFolder(name string) bool {
	return name != "" && name[0] != '_' && name[0] != '.' && validName.MatchString(name)
}

// scanFunctions lists the function folders of dir with config.toml's settings and the
// secrets of dir/.env. A missing dir is no functions.
// pickFunctions is the functions of dir named (all of them, by name, when names is
// empty), for the deploy client; a name with no folder is an error.
func pickFunctions(dir, configPath string, names []string) ([]*fileFunction, error) {
	fns, err := scanFunctions(dir, configPath)
	if err != nil {
		return nil, err
	}
	if len(names) == 0 {
		names = slices.Sorted(maps.Keys(fns))
	}
	out := make([]*fileFunction, 0, len(names))
	for _, name := range names {
		fn := fns[name]
		if fn == nil {
			return nil, fmt.Errorf("no function %q in %s", name, dir)
		}
		out = append(out, fn)
	}
	return out, nil
}

func scanFunctions(dir, configPath string) (map[string]*fileFunction, error) {
	out := map[string]*fileFunction{}
	dir, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return out, nil
	}
	if err != nil {
		return nil, fmt.Errorf("FUNCTIONS_DIR: %w", err)
	}
	configs, configDir, configStamp, err := readConfig(dir, configPath)
	if err != nil {
		return nil, err
	}
	secrets, secretStamp, err := readSecrets(dir)
	if err != nil {
		return nil, err
	}
	shared := folderDigest(filepath.Join(dir, sharedFolder))
	for _, e := range entries {
		if !e.IsDir() || !isFunctionFolder(e.Name()) {
			continue
		}
		fn := newFileFunction(filepath.Join(dir, e.Name()), configs[e.Name()], configDir)
		if fn.Entry == "" {
			continue // a folder without an entry module is not (yet) a function
		}
		fn.Secrets = secrets
		h := sha256.New()
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%s\x00%v", folderDigest(fn.Dir), shared, configStamp, secretStamp, fn.Entry, fn.VerifyJWT)
		fn.Version = hex.EncodeToString(h.Sum(nil))[:12]
		out[fn.Name] = fn
	}
	return out, nil
}

// functionConfig is one [functions.<name>] table of supabase/config.toml.
type functionConfig struct {
	VerifyJWT  *bool  `toml:"verify_jwt"` // nil: the default, true
	ImportMap  string `toml:"import_map"` // relative to config.toml's folder
	Entrypoint string `toml:"entrypoint"` // relative to config.toml's folder
}

// parseFunctionsConfig reads config.toml's [functions.<name>] tables; the
// server's configuration reads (and reports) the rest of the file.
func parseFunctionsConfig(r io.Reader) (map[string]*functionConfig, error) {
	var f struct {
		Functions map[string]*functionConfig `toml:"functions"`
	}
	if _, err := toml.NewDecoder(r).Decode(&f); err != nil {
		return nil, err
	}
	if f.Functions == nil {
		f.Functions = map[string]*functionConfig{}
	}
	return f.Functions, nil
}

// readConfig reads config.toml's function tables (none when it does not exist);
// paths in it are relative to its folder.
func readConfig(dir, configPath string) (map[string]*functionConfig, string, string, error) {
	configs := map[string]*functionConfig{}
	if configPath == "" {
		return configs, filepath.Dir(dir), "", nil
	}
	configPath, _ = filepath.Abs(configPath)
	f, err := os.Open(configPath)
	if errors.Is(err, fs.ErrNotExist) {
		return configs, filepath.Dir(configPath), "", nil
	}
	if err != nil {
		return nil, "", "", err
	}
	defer f.Close()
	st, _ := f.Stat()
	if configs, err = parseFunctionsConfig(f); err != nil {
		return nil, "", "", fmt.Errorf("%s: %w", configPath, err)
	}
	return configs, filepath.Dir(configPath), stamp(st), nil
}

// readSecrets reads dir/.env. Supabase refuses secrets named SUPABASE_*: those are
// the platform's, so they are dropped.
func readSecrets(dir string) (map[string]string, string, error) {
	f, err := os.Open(filepath.Join(dir, ".env"))
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	defer f.Close()
	st, _ := f.Stat()
	secrets, err := parseDotenv(f)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", filepath.Join(dir, ".env"), err)
	}
	for k := range secrets {
		if strings.HasPrefix(k, "SUPABASE_") {
			delete(secrets, k)
		}
	}
	return secrets, stamp(st), nil
}

// newFileFunction applies a folder's files and its config.toml table; Entry is ""
// when the folder has no entry module.
func newFileFunction(dir string, c *functionConfig, configDir string) *fileFunction {
	fn := &fileFunction{Name: filepath.Base(dir), Dir: dir, VerifyJWT: true}
	if c == nil {
		c = &functionConfig{}
	}
	if c.VerifyJWT != nil {
		fn.VerifyJWT = *c.VerifyJWT
	}
	if c.Entrypoint != "" {
		fn.Entry = resolveFrom(configDir, c.Entrypoint)
	} else {
		for _, n := range entryNames {
			if st, err := os.Stat(filepath.Join(dir, n)); err == nil && !st.IsDir() {
				fn.Entry = filepath.Join(dir, n)
				break
			}
		}
	}
	if c.ImportMap != "" {
		fn.ImportMap = resolveFrom(configDir, c.ImportMap)
	} else if _, err := os.Stat(filepath.Join(dir, "import_map.json")); err == nil {
		fn.ImportMap = filepath.Join(dir, "import_map.json")
	}
	for _, n := range []string{"deno.json", "deno.jsonc"} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			fn.DenoConfig = filepath.Join(dir, n)
			break
		}
	}
	return fn
}

func resolveFrom(base, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(base, p)
}

func stamp(st fs.FileInfo) string {
	if st == nil {
		return ""
	}
	return fmt.Sprintf("%d.%d", st.Size(), st.ModTime().UnixNano())
}

// folderDigest summarises a folder's files by name, size and modification time
// (cheap enough to poll every second); "" when it does not exist.
func folderDigest(dir string) string {
	var lines []string
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() && p != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if info, err := d.Info(); err == nil && !d.IsDir() {
			lines = append(lines, p+"\x00"+stamp(info))
		}
		return nil
	})
	sort.Strings(lines)
	h := sha256.Sum256([]byte(strings.Join(lines, "\n")))
	return hex.EncodeToString(h[:])
}

// DefaultDenoPath is where scripts/lib.sh's ensure_deno installs Deno, relative to
// the repository (the server's working folder under `make run`).
const DefaultDenoPath = ".tools/deno/node_modules/.bin/deno"

// FindDeno resolves the DENO_PATH setting: that file when set, else
// DefaultDenoPath, else deno on PATH; "" when there is none.
func FindDeno(setting string) string {
	candidates := []string{setting}
	if setting == "" {
		candidates = []string{DefaultDenoPath, "deno"}
	}
	for _, c := range candidates {
		if p, err := exec.LookPath(c); err == nil {
			if abs, err := filepath.Abs(p); err == nil {
				return abs
			}
			return p
		}
	}
	return ""
}
