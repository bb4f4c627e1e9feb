package functions

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Sources is one function as `server functions deploy` sends it: its files, by
// path relative to the functions folder (e.g. "hello/index.ts",
// "_shared/cors.ts"), and its config.toml settings. The server bundles them.
type Sources struct {
	Name      string
	VerifyJWT bool
	// Entrypoint and ImportMap are config.toml's entrypoint and import_map made
	// relative to the functions folder; "" = the folder's own (index.ts,
	// import_map.json), as when the server runs a folder.
	Entrypoint string
	ImportMap  string
	Files      map[string][]byte
}

// DeployMetadata is the "metadata" part of a sources upload.
type DeployMetadata struct {
	Name           string `json:"name"`
	VerifyJWT      *bool  `json:"verify_jwt,omitempty"`
	EntrypointPath string `json:"entrypoint_path,omitempty"`
	ImportMapPath  string `json:"import_map_path,omitempty"`
}

// CollectSources reads the functions of dir (all of them when names is empty)
// with config.toml (configPath): each one's folder, its import map, and the
// files of dir it imports by relative path (e.g. _shared/), found by reading
// the import statements. No Deno is needed: the server bundles.
func CollectSources(dir, configPath string, names []string) ([]Sources, error) {
	fns, err := pickFunctions(dir, configPath, names)
	if err != nil {
		return nil, err
	}
	root, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	var out []Sources
	for _, fn := range fns {
		s, err := collectOne(root, fn)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", fn.Name, err)
		}
		out = append(out, s)
	}
	return out, nil
}

func collectOne(root string, fn *fileFunction) (Sources, error) {
	c := &collector{root: root, files: map[string][]byte{}}
	s := Sources{Name: fn.Name, VerifyJWT: fn.VerifyJWT, Files: c.files}
	if err := c.addTree(fn.Dir); err != nil {
		return s, err
	}
	var err error
	if s.Entrypoint, err = c.addFile(fn.Entry); err != nil {
		return s, fmt.Errorf("entrypoint: %w", err)
	}
	if fn.ImportMap != "" {
		if s.ImportMap, err = c.addFile(fn.ImportMap); err != nil {
			return s, fmt.Errorf("import map: %w", err)
		}
	}
	// What the folder's files import may pull in more (_shared/…), whose imports
	// may pull in more again.
	for len(c.queue) > 0 {
		p := c.queue[0]
		c.queue = c.queue[1:]
		if err := c.follow(p); err != nil {
			return s, err
		}
	}
	return s, nil
}

// collector gathers the files to send, each once, under root.
type collector struct {
	root  string
	files map[string][]byte
	queue []string // absolute paths whose references are still to follow
}

// rel is p relative to the root, or an error when p is outside it (after
// symbolic links: what is sent is what the server will read).
func (c *collector) rel(p string) (string, error) {
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", err
	}
	realRoot, err := filepath.EvalSymlinks(c.root)
	if err != nil {
		return "", err
	}
	r, err := filepath.Rel(realRoot, real)
	if err != nil || !filepath.IsLocal(r) {
		return "", fmt.Errorf("%s is outside the functions folder %s: only its files are sent", p, c.root)
	}
	// The name the function knows the file by (its link's), when that is inside too.
	if lr, err := filepath.Rel(c.root, p); err == nil && filepath.IsLocal(lr) {
		r = lr
	}
	return filepath.ToSlash(r), nil
}

func (c *collector) addFile(p string) (string, error) {
	r, err := c.rel(p)
	if err != nil {
		return "", err
	}
	if _, done := c.files[r]; done {
		return r, nil
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return "", err
	}
	c.files[r] = data
	c.queue = append(c.queue, p)
	return r, nil
}

// addTree adds a folder's files, less hidden folders and node_modules (as the
// runtime's digest skips them).
func (c *collector) addTree(dir string) error {
	return filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return fmt.Errorf("%s: a link to a folder is not sent; copy the folder", p)
		}
		_, err = c.addFile(p)
		return err
	})
}

// importSpec finds the specifiers of static and dynamic imports and re-exports.
var importSpec = regexp.MustCompile(`(?:\bfrom|\bimport)\s*\(?\s*["']([^"'\n]+)["']`)

var scriptExts = map[string]bool{".ts": true, ".tsx": true, ".js": true, ".jsx": true, ".mjs": true, ".mts": true, ".cjs": true, ".cts": true}

// follow adds what p refers to by relative path: a module's imports, an import
// map's or deno.json's local mappings (a folder mapping brings the folder).
// A specifier that names no file (in a comment, a string) is left to the
// server's bundler, which reports what is really missing.
func (c *collector) follow(p string) error {
	data := c.files[mustRel(c, p)]
	base := filepath.Dir(p)
	var targets []string
	switch ext := filepath.Ext(p); {
	case scriptExts[ext]:
		for _, m := range importSpec.FindAllSubmatch(data, -1) {
			targets = append(targets, string(m[1]))
		}
	case ext == ".json":
		var m struct {
			Imports   map[string]string            `json:"imports"`
			Scopes    map[string]map[string]string `json:"scopes"`
			ImportMap string                       `json:"importMap"`
		}
		if json.Unmarshal(data, &m) != nil {
			return nil
		}
		for _, v := range m.Imports {
			targets = append(targets, v)
		}
		for _, sc := range m.Scopes {
			for _, v := range sc {
				targets = append(targets, v)
			}
		}
		if m.ImportMap != "" {
			targets = append(targets, "./"+strings.TrimPrefix(m.ImportMap, "./"))
		}
	}
	for _, t := range targets {
		if !strings.HasPrefix(t, "./") && !strings.HasPrefix(t, "../") {
			continue
		}
		t, _, _ = strings.Cut(t, "?")
		abs := filepath.Join(base, filepath.FromSlash(t))
		st, err := os.Stat(abs)
		switch {
		case err != nil:
			continue
		case st.IsDir():
			if _, err := c.rel(abs); err != nil {
				return fmt.Errorf("%s maps %s: %w", mustRel(c, p), t, err)
			}
			err = c.addTree(abs)
		default:
			_, err = c.addFile(abs)
		}
		if err != nil {
			return fmt.Errorf("%s imports %s: %w", mustRel(c, p), t, err)
		}
	}
	return nil
}

func mustRel(c *collector, p string) string {
	r, _ := c.rel(p)
	return r
}

// DeploySources uploads s for the server to bundle; the answer is the new
// version. The format (functions/README.md): multipart/form-data with a
// "metadata" part (DeployMetadata, JSON) and one "file" part per file, its
// filename the path relative to the functions folder.
func (c DeployClient) DeploySources(ctx context.Context, s Sources) (int, error) {
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	verify := s.VerifyJWT
	meta, _ := json.Marshal(DeployMetadata{Name: s.Name, VerifyJWT: &verify, EntrypointPath: s.Entrypoint, ImportMapPath: s.ImportMap})
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="metadata"`)
	h.Set("Content-Type", "application/json")
	pw, err := mw.CreatePart(h)
	if err != nil {
		return 0, err
	}
	_, _ = pw.Write(meta)
	paths := make([]string, 0, len(s.Files))
	for p := range s.Files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		fw, err := mw.CreateFormFile("file", p)
		if err != nil {
			return 0, err
		}
		_, _ = fw.Write(s.Files[p])
	}
	if err := mw.Close(); err != nil {
		return 0, err
	}
	var res struct{ Version int }
	err = c.send(ctx, http.MethodPost, "/functions/v1/"+deployPath+"/"+url.PathEscape(s.Name), mw.FormDataContentType(), body.Bytes(), &res)
	return res.Version, err
}
