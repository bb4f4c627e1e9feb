package website

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"unicode/utf8"

	"casarent/server/precompressed"
)

// RuntimeConfig is what the browser app learns at run time from /app-config.js,
// so one build serves every environment.
type RuntimeConfig struct {
	SupabaseURL string         `json:"supabaseUrl"`
	AnonKey     string         `json:"anonKey"`
	Payments    map[string]any `json:"payments"`
}

// site serves the built single-page app: files as they are (hashed assets cached
// for a year), index.html for every other path so client routing works, and the
// runtime configuration script.
type site struct {
	files    fs.FS // nil when no build exists
	configJS []byte
	index    []byte
	// pages answers a page from the page store (pages.go) and says whether it
	// did; nil or false: index.html as it is (the shell).
	pages func(w http.ResponseWriter, r *http.Request) bool
	// plainNotFound is the not-found page until its render is stored.
	plainNotFound *storedPage
}

func newSite(files fs.FS, cfg RuntimeConfig) (*site, error) {
	b, err := json.Marshal(cfg)
	if err != nil {
		return nil, err
	}
	s := &site{files: files,
		configJS: []byte("window.__APP_CONFIG__ = " + string(b) + ";\n")}
	if files != nil {
		if s.index, err = fs.ReadFile(files, "index.html"); err != nil {
			s.files = nil // a folder without index.html is no site
		} else {
			s.index = inlineHead(s.index, files, s.configJS)
			s.plainNotFound = newStoredPage(withNoindex(s.index))
		}
	}
	return s, nil
}

// inlineHead puts the runtime configuration and the stylesheets into index.html:
// they are render-blocking, and each was one more round trip before the first paint
// on a phone (Lighthouse: 150-300 ms each on slow 4G). After the first page the site
// navigates in the browser, so the copy in each HTML costs nothing later.
func inlineHead(index []byte, files fs.FS, configJS []byte) []byte {
	index = bytes.Replace(index, []byte(`<script src="/app-config.js"></script>`),
		[]byte("<script>"+string(configJS)+"</script>"), 1)
	for _, m := range stylesheetLink.FindAllSubmatch(index, -1) {
		css, err := fs.ReadFile(files, strings.TrimPrefix(string(m[1]), "/"))
		if err != nil || len(css) > maxInlineCSS || bytes.Contains(bytes.ToLower(css), []byte("</style")) {
			continue
		}
		index = bytes.Replace(index, m[0], []byte("<style>"+string(css)+"</style>"), 1)
	}
	return index
}

// stylesheetLink is how Vite links the built CSS from index.html.
var stylesheetLink = regexp.MustCompile(`<link rel="stylesheet"(?: crossorigin)? href="(/assets/[^"]+\.css)">`)

// maxInlineCSS keeps a runaway stylesheet a file of its own.
const maxInlineCSS = 96 << 10

// Files picks the embedded build, else the folder on disk (FRONTEND_DIST,
// frontend/dist by default); nil when there is neither.
func Files(embedded fs.FS, dir string) fs.FS {
	if embedded != nil {
		return embedded
	}
	if dir == "" {
		dir = "frontend/dist"
	}
	if st, err := os.Stat(dir); err == nil && st.IsDir() {
		return os.DirFS(dir)
	}
	return nil
}

func (s *site) serveConfig(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	_, _ = w.Write(s.configJS)
}

func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	if s.files == nil {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusServiceUnavailable)
		_, _ = w.Write([]byte("The website is not built. Run `make run` (or `cd frontend && npm run build`).\n"))
		return
	}
	name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
	if !utf8.ValidString(name) { // e.g. /%c0%ae%c0%ae/: no file or page has such a name
		http.NotFound(w, r)
		return
	}
	if name == "ssr" || strings.HasPrefix(name, "ssr/") { // the server's own bundle
		http.NotFound(w, r)
		return
	}
	if name != "" && name != "index.html" {
		if f, err := s.files.Open(name); err == nil {
			st, err := f.Stat()
			if err == nil && !st.IsDir() {
				defer f.Close()
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "public, max-age=300")
				}
				if precompressed.Serve(w, r, s.files, name) {
					return
				}
				if rs, ok := f.(io.ReadSeeker); ok {
					http.ServeContent(w, r, st.Name(), st.ModTime(), rs)
					return
				}
			}
			f.Close()
		} else if !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENAMETOOLONG) {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		// A missing file with an extension is a real 404, not a page.
		if path.Ext(name) != "" && !strings.HasSuffix(name, ".html") {
			http.NotFound(w, r)
			return
		}
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	// Pages are never framed (the back office must not be clickjacked).
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", "frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	// No Last-Modified: the page holds the data of the moment (prices, posts), so a
	// revalidation must not be answered 304 from the server's start time; stored
	// pages carry an ETag of their content instead.
	if s.pages != nil && s.pages(w, r) {
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(s.index)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(s.index)
	}
}
