// Package website is the rental's website as the server answers it: the built
// single-page app (its files, index.html for client routes, /app-config.js),
// the public pages rendered ahead of visitors with the frontend's server bundle
// (kept in a page store, re-rendered when their data changes), each page's meta
// and hreflang alternates, sitemap.xml and robots.txt.
//
// What a page shows comes from SQL functions of the schema run as anon
// (public.page_data, public.page_meta, public.sitemap_paths); what the site is
// (its name, its private paths) comes from the product (Profile, filled from
// casarent/rental by the command that wires the server, cmd/server).
package website

import (
	"context"
	"crypto/sha256"
	"io/fs"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	rentalconfig "casarent/rental/config"
)

// Profile is what the page layer needs to know of the product.
type Profile struct {
	Name        string   // og:site_name
	Disallow    []string // robots.txt Disallow lines
	BrowserOnly []string // paths (with their sub-paths) without alternates, never rendered ahead
}

// Options are what the website is built from.
type Options struct {
	Files   fs.FS         // the site's build (Files picks it); nil: the site answers 503
	Runtime RuntimeConfig // what the browser app learns from /app-config.js
	SiteURL string        // the site's public address (canonical URLs, sitemap)
	Profile Profile
	Pool    *pgxpool.Pool // the request pool; pages read their data as anon
	Log     *slog.Logger
	Pages   rentalconfig.Pages
	// DenoPath is the Deno a burst of renders runs the bundle in ("": none found;
	// PAGE_RENDERER=auto then renders with goja in a child process).
	DenoPath string
	// DataDir holds Deno's compiled bundle between bursts (DATA_DIR/render).
	DataDir string
}

// Website answers the site's pages and files.
type Website struct {
	site    *site
	pages   *pageRenderer // the public pages, built ahead of visitors
	siteURL string
	product Profile
	pool    *pgxpool.Pool
	log     *slog.Logger
}

// RenderCommand is the command of the server binary that a render process runs:
// the binary answers it with ssr.ServeChild (PAGE_RENDERER=process).
const RenderCommand = "render-pages"

// New builds the website; its pages are rendered once Run is started.
func New(o Options) (*Website, error) {
	s, err := newSite(o.Files, o.Runtime)
	if err != nil {
		return nil, err
	}
	w := &Website{site: s, siteURL: o.SiteURL, product: o.Profile, pool: o.Pool, log: o.Log}
	w.pages = &pageRenderer{
		pages: newPageCache(o.Pages.StoreMaxBytes), pool: o.Pool, log: o.Log.With("component", "pages"),
		files: s.files, recheck: o.Pages.RecheckEvery, inline: o.Pages.Renderer == "inline",
		compose: w.composePage, notFound: w.notFoundPage,
	}
	if r := o.Pages.Renderer; r == "deno" || r == "auto" {
		w.pages.deno = o.DenoPath
		w.pages.cache = filepath.Join(o.DataDir, "render")
		if w.pages.deno == "" && r == "deno" {
			o.Log.Warn("pages: PAGE_RENDERER=deno but no Deno is found (DENO_PATH, .tools/deno, PATH); rendering with goja in a child process")
		}
	}
	if s.files != nil {
		bundle, err := fs.ReadFile(s.files, bundlePath)
		w.pages.bundle = err == nil
		w.pages.buildSum = sha256.Sum256(append(append([]byte{}, s.index...), bundle...))
		if w.pages.exe, err = os.Executable(); err != nil {
			w.pages.inline = true // no binary to run as a child
		}
		s.pages = w.servePage
	}
	return w, nil
}

// Built says whether there is a site to serve (a build with index.html).
func (w *Website) Built() bool { return w.site.files != nil }

// Run keeps the public pages rendered until ctx ends; start it once the schema
// is there. Without a build there is nothing to render.
func (w *Website) Run(ctx context.Context) {
	if w.Built() {
		w.pages.Run(ctx)
	}
}

// PagesState says whether the pages are built: "starting", "ready" or "failed"
// (the bundle does not run: pages are the shell with their meta). rendered is
// false when the build has no server bundle: pages are then always the shell
// with their meta, built as well.
func (w *Website) PagesState() (state string, rendered bool) {
	return w.pages.State(), w.pages.bundle
}

// Collector exports the render counters and the page store's size.
func (w *Website) Collector() prometheus.Collector { return w.pages.collector() }

// ServeHTTP answers a file of the build, a stored page, or the shell.
func (w *Website) ServeHTTP(rw http.ResponseWriter, r *http.Request) { w.site.ServeHTTP(rw, r) }

// ServeConfig answers /app-config.js.
func (w *Website) ServeConfig(rw http.ResponseWriter, r *http.Request) { w.site.serveConfig(rw, r) }
