package website

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
	"github.com/prometheus/client_golang/prometheus"

	"casarent/functions"
	"casarent/rental"
	rentalconfig "casarent/rental/config"
	"casarent/server/pgtest"
	"casarent/server/ssr"
	"casarent/server/ssr/ssrtest"
)

// newTestWebsite is the website of a fresh database, its build files (name →
// content, e.g. "index.html" and the SSR bundle) in a folder of their own, as the
// server builds it: the rental's profile, the renderer PAGE_RENDERER=auto picks.
func newTestWebsite(t *testing.T, files map[string]string, siteURL string) (*Website, *pgtest.DB) {
	t.Helper()
	db := pgtest.New(t)
	dist := t.TempDir()
	for name, body := range files {
		write(t, dist+"/"+name, []byte(body))
	}
	w, err := New(Options{
		Files: Files(nil, dist), Runtime: RuntimeConfig{Payments: map[string]any{"mode": "off"}}, SiteURL: siteURL,
		Profile: Profile{Name: rental.SiteName, Disallow: rental.PrivatePaths, BrowserOnly: rental.BrowserOnlyPaths},
		Pool:    db.Pool, Log: quietLog(),
		Pages:    rentalconfig.Pages{StoreMaxBytes: 64 << 20, RecheckEvery: 5 * time.Minute, Renderer: "auto"},
		DenoPath: functions.FindDeno(""), DataDir: t.TempDir(),
	})
	if err != nil {
		t.Fatal(err)
	}
	return w, db
}

func write(t *testing.T, path string, body []byte) {
	t.Helper()
	if err := os.MkdirAll(path[:strings.LastIndex(path, "/")], 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, body, 0o644); err != nil {
		t.Fatal(err)
	}
}

// quietLog is a logger for tests that do not read the log.
func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// do answers a request without a body.
func do(h http.Handler, method, url string, hdr map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, url, nil)
	for k, v := range hdr {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// startPages runs the page renderer as the server does once the schema is there,
// and waits for its first round of renders.
func startPages(t *testing.T, w *Website) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); w.Run(ctx) }()
	stop := func() { cancel(); <-done }
	t.Cleanup(stop)
	stopPagesOf.Store(t, stop)
	for deadline := time.Now().Add(20 * time.Second); w.pages.State() == "starting"; {
		if time.Now().After(deadline) {
			t.Fatal("the pages were not built in 20 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// stopPagesOf stops the renderer startPages started for a test (tests that call
// the renderer's steps themselves must not race its goroutine).
var stopPagesOf sync.Map // *testing.T → func()

func stopPages(t *testing.T) {
	stop, _ := stopPagesOf.Load(t)
	stop.(func())()
}

// pagesSite is a site with the stand-in bundle and a few cars and posts, its pages built.
func pagesSite(t *testing.T) (*Website, *pgtest.DB) {
	t.Helper()
	index := `<!doctype html><html lang="fr" dir="ltr"><head><title>Site</title></head><body><div id="root"></div></body></html>`
	w, db := newTestWebsite(t, map[string]string{"index.html": index, "ssr/render.js": string(ssrtest.Bundle(t))}, "https://site.test")
	db.Exec(t, `
		insert into public.cars (id, slug, name, brand, category, price, image, seats, transmission, fuel, rating) values
		  (1, 'clio-5', 'Clio 5', 'Renault', 'Économique', 300, '/c.jpg', 5, 'manual', 'gasoline', 4.5),
		  (2, 'q7', 'Q7', 'Audi', 'SUV', 1200, '/q.jpg', 7, 'automatic', 'diesel', 4.9);
		insert into public.blog_posts (title, slug, excerpt, content, status) values ('Route', 'route', 'E', '<p>r</p>', 'published');`)
	startPages(t, w)
	return w, db
}

// metric reads one value of the website's collector, as /metrics shows it.
func metric(t *testing.T, w *Website, name string) float64 {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(w.Collector())
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != name || len(f.GetMetric()) != 1 {
			continue
		}
		if m := f.GetMetric()[0]; m.GetCounter() != nil {
			return m.GetCounter().GetValue()
		} else if m.GetGauge() != nil {
			return m.GetGauge().GetValue()
		}
	}
	t.Fatalf("the website's metrics have no %s", name)
	return 0
}

// rssBytes is this process's resident memory (Linux).
func rssBytes(t *testing.T) int64 {
	t.Helper()
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status:", err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return kb << 10
		}
	}
	t.Skip("no VmRSS")
	return 0
}

// Visitors cannot make the server render: 2,000 requests with random query
// strings, cookies and languages are answered from the store, each with its
// page's content, and memory does not grow with them.
func TestAFloodOfDistinctRequestsRendersNothing(t *testing.T) {
	w, _ := pagesSite(t)
	before := metric(t, w, "site_pages_rendered_total")
	if before == 0 {
		t.Fatal("nothing was rendered at start")
	}
	pages := []struct{ path, content string }{{"/", "<li>Clio 5</li>"}, {"/vehicles", "<li>Q7</li>"}, {"/cars/clio-5", "<h1>Clio 5</h1>"}}
	languages := []string{"fr", "ar-MA,ar;q=0.9", "en-GB", "de", "zh-CN,zh;q=0.9", "", "*"}
	debug.FreeOSMemory() // what the test's own garbage holds is not the server's growth
	rss := rssBytes(t)
	var took []time.Duration
	for i := range 2000 {
		p := pages[i%len(pages)]
		url := fmt.Sprintf("%s?q%d=%d&utm_source=%x", p.path, i, rand.Int64(), rand.Uint64())
		hdr := map[string]string{
			"Accept-Language": languages[rand.IntN(len(languages))],
			"Cookie":          fmt.Sprintf("session=%x; consent=%d", rand.Uint64(), i),
			"Accept-Encoding": []string{"", "gzip", "zstd, gzip"}[i%3],
		}
		start := time.Now()
		rec := do(w, http.MethodGet, url, hdr)
		took = append(took, time.Since(start))
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d", url, rec.Code)
		}
		if body := decoded(t, rec); !strings.Contains(body, p.content) {
			t.Fatalf("%s %v lacks %s:\n%s", url, hdr, p.content, body)
		}
	}
	if after := metric(t, w, "site_pages_rendered_total"); after != before {
		t.Errorf("renders: %v before the flood, %v after", before, after)
	}
	debug.FreeOSMemory()
	if grew := rssBytes(t) - rss; grew >= 20<<20 {
		t.Errorf("RSS grew by %d MB", grew>>20)
	}
	slices.Sort(took)
	t.Logf("answers: p50 %v, p99 %v (in memory, no network)", took[len(took)/2], took[len(took)*99/100])
}

// Unknown paths, cars and posts are 404 with the not-found page in the visitor's
// language, kept out of search engines; known pages keep canonical and hreflang.
func TestUnknownPagesAreNotFoundInEveryLanguage(t *testing.T) {
	h, _ := pagesSite(t)
	for _, p := range []string{"/cars/no-such-car", "/blog/no-such-post", "/no-such-page"} {
		for _, lang := range siteLanguages {
			rec := do(h, http.MethodGet, p+"?x=1", map[string]string{"Cookie": "language=" + lang})
			body := rec.Body.String()
			if rec.Code != http.StatusNotFound {
				t.Errorf("%s in %s: %d, want 404", p, lang, rec.Code)
			}
			for _, want := range []string{`<meta name="robots" content="noindex">`, `<html lang="` + lang + `"`, " " + lang + " /404</p>"} {
				if !strings.Contains(body, want) {
					t.Errorf("%s in %s lacks %s:\n%s", p, lang, want, body)
				}
			}
			if strings.Contains(body, "canonical") || strings.Contains(body, "hreflang") {
				t.Errorf("%s in %s has a canonical or alternates:\n%s", p, lang, body)
			}
		}
	}
	rec := do(h, http.MethodGet, "/cars/clio-5", map[string]string{"Accept-Language": "ar"})
	for _, want := range []string{`<link rel="canonical" href="https://site.test/cars/clio-5">`, `hreflang="ar" href="https://site.test/cars/clio-5?lang=ar"`, `<html lang="ar" dir="rtl">`} {
		if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), want) {
			t.Errorf("/cars/clio-5: %d, lacks %s", rec.Code, want)
		}
	}
	if strings.Contains(rec.Body.String(), "noindex") {
		t.Error("a known page is noindex")
	}
	// The browser's own pages stay the shell, whatever follows them.
	if rec := do(h, http.MethodGet, "/booking/clio-5", nil); rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), "noindex") {
		t.Errorf("/booking/clio-5: %d %s", rec.Code, rec.Body)
	}
}

// A page is stored compressed once, and revalidates with its ETag.
func TestStoredPagesComeCompressedWithAnETag(t *testing.T) {
	h, _ := pagesSite(t)
	for _, enc := range []string{"", "gzip", "zstd, gzip"} {
		rec := do(h, http.MethodGet, "/vehicles", map[string]string{"Accept-Encoding": enc, "Cookie": "language=en"})
		if got := rec.Header().Get("Content-Encoding"); got != strings.TrimPrefix(enc, "zstd, ") { // gzip: the one form stored
			t.Errorf("Accept-Encoding %q: Content-Encoding %q", enc, got)
		}
		if body := decoded(t, rec); !strings.Contains(body, "<li>Q7</li>") {
			t.Errorf("Accept-Encoding %q: %s", enc, body)
		}
		etag := rec.Header().Get("ETag")
		if etag == "" {
			t.Fatalf("Accept-Encoding %q: no ETag", enc)
		}
		again := do(h, http.MethodGet, "/vehicles?utm=1", map[string]string{"Accept-Encoding": enc, "Cookie": "language=en", "If-None-Match": etag})
		if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
			t.Errorf("Accept-Encoding %q, If-None-Match: %d %q", enc, again.Code, again.Body)
		}
		// Another language is another page.
		if other := do(h, http.MethodGet, "/vehicles", map[string]string{"Accept-Encoding": enc, "Cookie": "language=ar", "If-None-Match": etag}); other.Code != http.StatusOK {
			t.Errorf("Accept-Encoding %q, another language: %d", enc, other.Code)
		}
	}
	// ?lang= is the language's own address: its canonical names it.
	rec := do(h, http.MethodGet, "/cars/q7?lang=en", map[string]string{"Accept-Encoding": "gzip"})
	if body := decoded(t, rec); !strings.Contains(body, `<link rel="canonical" href="https://site.test/cars/q7?lang=en">`) || !strings.Contains(body, `<html lang="en"`) {
		t.Errorf("/cars/q7?lang=en:\n%s", body)
	}
}

// The cache keeps to its budget, the pages answered last; a drop forgets the
// pages it covers, and a page read from the table before a drop is not cached.
func TestThePageCacheIsBoundedInBytes(t *testing.T) {
	page := newStoredPage([]byte(strings.Repeat("<p>page</p>", 1000)))
	c := newPageCache(2*page.size() + 1)
	_, gen := c.get(pageKey{"/a", "fr"})
	c.put(pageKey{"/a", "fr"}, page, gen)
	c.put(pageKey{"/b", "fr"}, page, gen)
	c.get(pageKey{"/a", "fr"}) // /a answered last: /b goes first
	c.put(pageKey{"/c", "fr"}, page, gen)
	if n, size := c.stats(); n != 2 || size != 2*page.size() {
		t.Errorf("stats = %d pages, %d bytes", n, size)
	}
	if p, _ := c.get(pageKey{"/b", "fr"}); p != nil {
		t.Error("the page answered least recently is kept beyond the budget")
	}
	if p, _ := c.get(pageKey{"/a", "fr"}); p == nil {
		t.Error("the page answered last is not kept")
	}
	_, before := c.get(pageKey{"/d", "fr"})
	c.drop(func(p string) bool { return p == "/a" })
	if p, _ := c.get(pageKey{"/a", "fr"}); p != nil {
		t.Error("a dropped page is kept")
	}
	c.put(pageKey{"/d", "fr"}, page, before)
	if p, _ := c.get(pageKey{"/d", "fr"}); p != nil {
		t.Error("a page read before a drop is cached")
	}
}

// decoded is an answer's body, decompressed as its Content-Encoding says.
func decoded(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	switch rec.Header().Get("Content-Encoding") {
	case "gzip":
		r, err := gzip.NewReader(rec.Body)
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	case "zstd":
		d, _ := zstd.NewReader(nil)
		defer d.Close()
		b, err := d.DecodeAll(rec.Body.Bytes(), nil)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	return rec.Body.String()
}

// The test binary is the server's render process when run as render-pages (the
// page renderer starts os.Executable() so), as cmd/server answers it.
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == RenderCommand {
		if err := ssr.ServeChild(os.Stdin, os.Stdout, slog.New(slog.NewJSONHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Between a change and the new render, a page is its last render with its data
// marked stale: visitors without JavaScript keep the content, the browser reads
// the data again once it has hydrated.
func TestAChangedPageIsItsLastRenderMarkedStaleUntilRendered(t *testing.T) {
	w, _ := pagesSite(t)
	ctx := context.Background()
	before, _, _ := w.pages.lookup(ctx, "/cars/clio-5", "fr")
	if before == nil || bytes.Contains(before.html(), []byte(`"stale"`)) {
		t.Fatalf("the built page: %v", before)
	}
	// The renderer's next round, stopped before it renders: the data changed.
	stopPages(t)
	changed := []pageSource{{path: "/cars/clio-5", data: json.RawMessage(`{"car":{"name":"Clio 5","price":999}}`)}}
	if jobs, err := w.pages.plan(ctx, "2030-01-01", changed); err != nil || len(jobs) != 3+len(siteLanguages) {
		t.Errorf("%d pages to build (%v), want the page in 3 languages and the not-found pages (a new day)", len(jobs), err)
	}
	w.pages.pages.drop(func(string) bool { return true }) // as the notification does, once the renderer is stopped
	after, _, _ := w.pages.lookup(ctx, "/cars/clio-5", "fr")
	if !bytes.Contains(after.html(), []byte(`<script id="page-data" type="application/json">{"stale":true,"path":"/cars/clio-5"`)) ||
		!bytes.Contains(after.html(), []byte(`<p class=price>300 DH</p>`)) || after.etag == before.etag {
		t.Errorf("the page until its render:\n%s", after.html())
	}
}

// servedStale says whether the English page at path is served marked stale.
func servedStale(t *testing.T, w *Website, path string) bool {
	t.Helper()
	w.pages.pages.drop(func(string) bool { return true }) // the tests stop the renderer, and with it the cache's listener
	return strings.Contains(decoded(t, do(w, http.MethodGet, path, map[string]string{"Cookie": "language=en"})), `{"stale":true,`)
}

// A change is marked on the pages it covers as soon as it is heard of, and a
// render made from data read before it stays marked until one made after it.
func TestAChangeDuringARenderLeavesThePageMarkedStale(t *testing.T) {
	w, _ := pagesSite(t)
	stopPages(t)
	stale := func(path string) bool { return servedStale(t, w, path) }
	seen := w.pages.changes.now()                                                      // a burst reads its data here…
	w.pages.markChanged(context.Background(), w.pages.changes.add(`{"table":"cars"}`)) // …then a car changes
	if !stale("/cars/clio-5") || !stale("/vehicles") || stale("/blog") || stale("/contact") {
		t.Errorf("stale: car %v, fleet %v, blog %v, contact %v", stale("/cars/clio-5"), stale("/vehicles"), stale("/blog"), stale("/contact"))
	}
	sources := []pageSource{{path: "/cars/clio-5", data: json.RawMessage(`{"car":{"name":"Clio 5","price":1}}`)}, {path: "/blog", data: json.RawMessage(`{"posts":[]}`)}}
	if err := w.pages.build(context.Background(), plan(t, w, sources), seen); err != nil {
		t.Fatal(err)
	}
	if !stale("/cars/clio-5") {
		t.Error("a render from data older than the change is not marked stale")
	}
	sources[0].data = json.RawMessage(`{"car":{"name":"Clio 5","price":2}}`)
	if err := w.pages.build(context.Background(), plan(t, w, sources), w.pages.changes.now()); err != nil {
		t.Fatal(err)
	}
	if stale("/cars/clio-5") || stale("/blog") {
		t.Error("a render from data read after the change is still marked stale")
	}
}

// A page marked stale by a change that left its data as it was is current again
// once the data is read: it does not stay marked (its readers would refetch
// forever) and is not rendered again.
func TestAPageMarkedByAChangeThatLeftItsDataIsCurrentAgain(t *testing.T) {
	w, _ := pagesSite(t)
	stopPages(t)
	stale := func(path string) bool { return servedStale(t, w, path) }
	sources := []pageSource{{path: "/cars/clio-5", data: json.RawMessage(`{"car":{"name":"Clio 5","price":7}}`)}}
	if err := w.pages.build(context.Background(), plan(t, w, sources), w.pages.changes.now()); err != nil {
		t.Fatal(err)
	}
	w.pages.markChanged(context.Background(), w.pages.changes.add(`{"table":"cars"}`)) // another car changed
	if !stale("/cars/clio-5") {
		t.Fatal("the change is not marked on the page it covers")
	}
	if jobs := plan(t, w, sources); len(jobs) != 0 {
		t.Errorf("%d pages to render, want none: the data is what the page was rendered from", len(jobs))
	}
	if stale("/cars/clio-5") {
		t.Error("the page whose data did not change is still marked stale")
	}
}

// plan is the renderer's plan for sources on a day of 2030.
func plan(t *testing.T, w *Website, sources []pageSource) []pageJob {
	t.Helper()
	jobs, err := w.pages.plan(context.Background(), "2030-01-01", sources)
	if err != nil {
		t.Fatal(err)
	}
	return jobs
}

func TestTheChangeLogSaysWhatChangedSince(t *testing.T) {
	var l changeLog
	start := l.now()
	l.add(`{"table":"car_images","slugs":["q7"]}`)
	mid := l.now()
	l.add(`{"table":"blog_posts"}`)
	for _, c := range []struct {
		since int64
		path  string
		want  bool
	}{{start, "/cars/q7", true}, {start, "/cars/clio-5", false}, {mid, "/cars/q7", false}, {mid, "/blog/x", true}, {mid, "/", true}, {l.now(), "/", false}} {
		if got := l.changedSince(c.since, c.path); got != c.want {
			t.Errorf("changedSince(%d, %s) = %v", c.since, c.path, got)
		}
	}
	terms := l.now()
	l.add(`{"table":"category_key_facts"}`)
	for path, want := range map[string]bool{"/conditions-de-location": true, "/": true, "/contact": true, "/cars/q7": true, "/blog/x": false, "/vehicles": false} {
		if got := l.changedSince(terms, path); got != want {
			t.Errorf("after a key facts change, changedSince(%s) = %v", path, got)
		}
	}
	for range 300 {
		l.add(`{"table":"cars"}`)
	}
	if !l.changedSince(start, "/contact") {
		t.Error("forgotten changes are not assumed to cover every page")
	}
}
