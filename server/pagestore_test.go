package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http/httptest"

	"context"
	"fmt"
	"github.com/klauspost/compress/zstd"
	"math/rand/v2"
	"net/http"
	"os"
	"regexp"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"casarent/server/pgtest"
)

// testBundle is the stand-in for the site's server bundle (same contract).
func testBundle(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("ssr/testdata/render.js")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// startPages runs the page renderer as the server does once the schema is there,
// and waits for its first round of renders.
func startPages(t *testing.T, a *app) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); a.pages.Run(ctx) }()
	stop := func() { cancel(); <-done }
	t.Cleanup(stop)
	stopPagesOf.Store(t, stop)
	for deadline := time.Now().Add(20 * time.Second); a.pages.State() == "starting"; {
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
func pagesSite(t *testing.T, extra map[string]string) (*app, http.Handler) {
	t.Helper()
	index := `<!doctype html><html lang="fr" dir="ltr"><head><title>Site</title></head><body><div id="root"></div></body></html>`
	env := map[string]string{"FRONTEND_DIST": siteDist(t, map[string]string{"index.html": index, "ssr/render.js": testBundle(t)}), "SITE_URL": "https://site.test"}
	for k, v := range extra {
		env[k] = v
	}
	a, h := newTestApp(t, env)
	if _, err := adminExec(t, a, `
		insert into public.cars (id, slug, name, brand, category, price, image, seats, transmission, fuel, rating) values
		  (1, 'clio-5', 'Clio 5', 'Renault', 'Économique', 300, '/c.jpg', 5, 'manual', 'gasoline', 4.5),
		  (2, 'q7', 'Q7', 'Audi', 'SUV', 1200, '/q.jpg', 7, 'automatic', 'diesel', 4.9);
		insert into public.blog_posts (title, slug, excerpt, content, status) values ('Route', 'route', 'E', '<p>r</p>', 'published');`); err != nil {
		t.Fatal(err)
	}
	startPages(t, a)
	return a, h
}

// metric reads one value of /metrics.
func metric(t *testing.T, a *app, h http.Handler, name string) float64 {
	t.Helper()
	rec := do(h, http.MethodGet, "/metrics", map[string]string{"Authorization": "Bearer " + a.cfg.ServiceRoleKey})
	m := regexp.MustCompile(`(?m)^` + name + ` (\S+)$`).FindStringSubmatch(rec.Body.String())
	if m == nil {
		t.Fatalf("/metrics has no %s:\n%s", name, rec.Body)
	}
	v, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
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
	a, h := pagesSite(t, nil)
	before := metric(t, a, h, "site_pages_rendered_total")
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
		rec := do(h, http.MethodGet, url, hdr)
		took = append(took, time.Since(start))
		if rec.Code != http.StatusOK {
			t.Fatalf("%s: %d", url, rec.Code)
		}
		if body := decoded(t, rec); !strings.Contains(body, p.content) {
			t.Fatalf("%s %v lacks %s:\n%s", url, hdr, p.content, body)
		}
	}
	if after := metric(t, a, h, "site_pages_rendered_total"); after != before {
		t.Errorf("renders: %v before the flood, %v after", before, after)
	}
	debug.FreeOSMemory()
	if grew := rssBytes(t) - rss; grew >= 20<<20 {
		t.Errorf("RSS grew by %d MB", grew>>20)
	}
	slices.Sort(took)
	t.Logf("answers: p50 %v, p99 %v (in memory, no network)", took[len(took)/2], took[len(took)*99/100])
}

// A price changed through /rest/v1 by the administrator reaches the page served
// without JavaScript, in every language, within seconds; pages that do not show
// cars are not rendered again.
func TestAChangedPriceReachesThePageInEveryLanguage(t *testing.T) {
	a, h := pagesSite(t, nil)
	admin := "11111111-2222-3333-4444-555555555555"
	if _, err := adminExec(t, a, `insert into auth.users (id, email, aud, role) values ('`+admin+`', 'admin@site.test', 'authenticated', 'authenticated');
		update public.profiles set role = 'admin' where id = '`+admin+`'`); err != nil {
		t.Fatal(err)
	}
	blogTag := do(h, http.MethodGet, "/blog", nil).Header().Get("ETag")
	rec := send(h, http.MethodPatch, "/rest/v1/cars?id=eq.1", `{"price": 345}`, map[string]string{
		"apikey": a.cfg.AnonKey, "Authorization": "Bearer " + pgtest.Token(t, "authenticated", admin, nil),
		"Content-Type": "application/json", "Prefer": "return=representation"})
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"price":345`) {
		t.Fatalf("PATCH: %d %s", rec.Code, rec.Body)
	}
	deadline := time.Now().Add(5 * time.Second)
	for _, lang := range siteLanguages {
		for {
			body := do(h, http.MethodGet, "/cars/clio-5", map[string]string{"Cookie": "language=" + lang}).Body.String()
			if strings.Contains(body, `<p class=price>345 DH</p>`) && strings.Contains(body, `<html lang="`+lang+`"`) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("after 5 s the %s page still shows:\n%s", lang, body)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	if got := do(h, http.MethodGet, "/blog", nil).Header().Get("ETag"); got != blogTag {
		t.Errorf("/blog was rebuilt for a car's price: ETag %s → %s", blogTag, got)
	}
}

// Unknown paths, cars and posts are 404 with the not-found page in the visitor's
// language, kept out of search engines; known pages keep canonical and hreflang.
func TestUnknownPagesAreNotFoundInEveryLanguage(t *testing.T) {
	_, h := pagesSite(t, nil)
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

// A page is compressed once, when stored, and revalidates with its ETag.
func TestStoredPagesComeCompressedWithAnETag(t *testing.T) {
	_, h := pagesSite(t, nil)
	for _, enc := range []string{"", "gzip", "zstd"} {
		rec := do(h, http.MethodGet, "/vehicles", map[string]string{"Accept-Encoding": enc, "Cookie": "language=en"})
		if got := rec.Header().Get("Content-Encoding"); got != enc {
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

// The store keeps to its budget: a page that does not fit is not kept.
func TestThePageStoreIsBoundedInBytes(t *testing.T) {
	page := newStoredPage([]byte(strings.Repeat("<p>page</p>", 1000)))
	s := newPageStore(2*page.size() + 1)
	if !s.put("/a", "fr", page) || !s.put("/b", "fr", page) {
		t.Fatal("two pages did not fit in their budget")
	}
	if s.put("/c", "fr", page) {
		t.Error("a third page was stored beyond the budget")
	}
	if !s.put("/a", "fr", page) {
		t.Error("a page replacing itself did not fit")
	}
	if n, size := s.stats(); n != 2 || size != 2*page.size() {
		t.Errorf("stats = %d pages, %d bytes", n, size)
	}
	s.setPublic([]string{"/b"})
	if n, _ := s.stats(); n != 1 {
		t.Errorf("a page no longer public is kept: %d pages", n)
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
// page renderer starts os.Executable() so).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == renderCommand {
		if err := run(context.Background(), os.Args[1:], os.Getenv, os.Stdout); err != nil {
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
	a, _ := pagesSite(t, nil)
	before, _, _ := a.pages.store.lookup("/cars/clio-5", "fr")
	if before == nil || bytes.Contains(before.raw, []byte(`"stale"`)) {
		t.Fatalf("the built page: %v", before)
	}
	// The renderer's next round, stopped before it renders: the data changed.
	stopPages(t)
	changed := []pageSource{{path: "/cars/clio-5", data: json.RawMessage(`{"car":{"name":"Clio 5","price":999}}`)}}
	if jobs := a.pages.plan("2030-01-01", changed); len(jobs) != 3+len(siteLanguages) {
		t.Errorf("%d pages to build, want the page in 3 languages and the not-found pages (a new day)", len(jobs))
	}
	after, _, _ := a.pages.store.lookup("/cars/clio-5", "fr")
	if !bytes.Contains(after.raw, []byte(`<script id="page-data" type="application/json">{"stale":true,"path":"/cars/clio-5"`)) ||
		!bytes.Contains(after.raw, []byte(`<p class=price>300 DH</p>`)) || after.etag == before.etag {
		t.Errorf("the page until its render:\n%s", after.raw)
	}
}

// A change is marked on the pages it covers as soon as it is heard of, and a
// render made from data read before it stays marked until one made after it.
func TestAChangeDuringARenderLeavesThePageMarkedStale(t *testing.T) {
	a, h := pagesSite(t, nil)
	stopPages(t)
	stale := func(path string) bool {
		t.Helper()
		return strings.Contains(decoded(t, do(h, http.MethodGet, path, map[string]string{"Cookie": "language=en"})), `{"stale":true,`)
	}
	seen := a.pages.changes.now()                                // a burst reads its data here…
	a.pages.markChanged(a.pages.changes.add(`{"table":"cars"}`)) // …then a car changes
	if !stale("/cars/clio-5") || !stale("/vehicles") || stale("/blog") || stale("/contact") {
		t.Errorf("stale: car %v, fleet %v, blog %v, contact %v", stale("/cars/clio-5"), stale("/vehicles"), stale("/blog"), stale("/contact"))
	}
	sources := []pageSource{{path: "/cars/clio-5", data: json.RawMessage(`{"car":{"name":"Clio 5","price":1}}`)}, {path: "/blog", data: json.RawMessage(`{"posts":[]}`)}}
	if err := a.pages.build(context.Background(), a.pages.plan("2030-01-01", sources), seen); err != nil {
		t.Fatal(err)
	}
	if !stale("/cars/clio-5") {
		t.Error("a render from data older than the change is not marked stale")
	}
	sources[0].data = json.RawMessage(`{"car":{"name":"Clio 5","price":2}}`)
	if err := a.pages.build(context.Background(), a.pages.plan("2030-01-01", sources), a.pages.changes.now()); err != nil {
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
	a, h := pagesSite(t, nil)
	stopPages(t)
	stale := func(path string) bool {
		t.Helper()
		return strings.Contains(decoded(t, do(h, http.MethodGet, path, map[string]string{"Cookie": "language=en"})), `{"stale":true,`)
	}
	sources := []pageSource{{path: "/cars/clio-5", data: json.RawMessage(`{"car":{"name":"Clio 5","price":7}}`)}}
	if err := a.pages.build(context.Background(), a.pages.plan("2030-01-01", sources), a.pages.changes.now()); err != nil {
		t.Fatal(err)
	}
	a.pages.markChanged(a.pages.changes.add(`{"table":"cars"}`)) // another car changed
	if !stale("/cars/clio-5") {
		t.Fatal("the change is not marked on the page it covers")
	}
	if jobs := a.pages.plan("2030-01-01", sources); len(jobs) != 0 {
		t.Errorf("%d pages to render, want none: the data is what the page was rendered from", len(jobs))
	}
	if stale("/cars/clio-5") {
		t.Error("the page whose data did not change is still marked stale")
	}
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
	for range 300 {
		l.add(`{"table":"cars"}`)
	}
	if !l.changedSince(start, "/contact") {
		t.Error("forgotten changes are not assumed to cover every page")
	}
}
