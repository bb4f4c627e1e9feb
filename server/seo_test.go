package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"casarent/server/config"
	"casarent/server/pgtest"
)

func TestWithMetaEscapesAndReplacesTitle(t *testing.T) {
	index := []byte("<html><head><title>Generic</title></head><body></body></html>")
	out := string(withMeta(index, "https://site.test", "Site Name", "/cars/x", map[string]string{
		"title": `Clio "<script>"`, "description": "d & e", "image": "/storage/v1/object/public/car-images/a.jpg", "type": "product",
	}))
	for _, want := range []string{
		"<title>Clio &#34;&lt;script&gt;&#34;</title>",
		`<meta name="description" content="d &amp; e">`,
		`<link rel="canonical" href="https://site.test/cars/x">`,
		`<meta property="og:image" content="https://site.test/storage/v1/object/public/car-images/a.jpg">`,
		`<meta property="og:site_name" content="Site Name">`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %s in\n%s", want, out)
		}
	}
	if strings.Contains(out, "Generic") || strings.Contains(out, "<script>") {
		t.Errorf("generic title kept or markup not escaped:\n%s", out)
	}
	if string(withMeta(index, "https://site.test", "Site Name", "/", nil)) != string(index) {
		t.Error("a page without meta changed")
	}
}

func TestPageMetaAndSitemapComeFromTheDatabaseAsAnon(t *testing.T) {
	db := pgtest.New(t)
	db.Exec(t, `
		insert into public.cars (slug, name, brand, category, price, image, seats, transmission, fuel, rating, description)
		values ('clio-5', 'Clio 5', 'Renault', 'Économique', 300, '/storage/v1/object/public/car-images/c.jpg', 5, 'manual', 'gasoline', 4.5, 'Citadine');
		insert into public.blog_posts (title, slug, excerpt, content, status) values
		  ('Published post', 'published-post', 'Ex', '<p>x</p>', 'published'),
		  ('Secret draft', 'secret-draft', 'Ex', '<p>x</p>', 'draft');`)
	a := &app{cfg: &config.Config{SiteURL: "https://site.test"}, log: quietLog(), db: &database{Pool: db.Pool}}
	pages := &pageRenderer{pool: db.Pool}
	meta := func(path string) map[string]string {
		t.Helper()
		src, err := pages.read(context.Background(), []string{path})
		if err != nil || len(src) != 1 {
			t.Fatalf("%s: %v %v", path, src, err)
		}
		return src[0].meta["fr"]
	}

	if m := meta("/cars/clio-5"); m["title"] == "" || !strings.Contains(m["title"], "Clio 5") || m["type"] != "product" {
		t.Errorf("car meta = %v", m)
	}
	if m := meta("/blog/published-post"); m["title"] != "Published post" {
		t.Errorf("post meta = %v", m)
	}
	if m := meta("/blog/secret-draft"); m != nil {
		t.Errorf("a draft has a preview: %v", m)
	}

	rec := httptest.NewRecorder()
	a.handleSitemap(rec, httptest.NewRequest(http.MethodGet, "/sitemap.xml", nil))
	body := rec.Body.String()
	if rec.Code != 200 || !strings.Contains(body, "<loc>https://site.test/cars/clio-5</loc>") || !strings.Contains(body, "/blog/published-post") {
		t.Fatalf("sitemap %d:\n%s", rec.Code, body)
	}
	if strings.Contains(body, "secret-draft") {
		t.Error("the sitemap lists a draft")
	}
	// The legal pages are public pages too.
	for _, p := range []string{"/conditions-de-location", "/confidentialite", "/mentions-legales"} {
		if !strings.Contains(body, "<loc>https://site.test"+p+"</loc>") {
			t.Errorf("the sitemap lacks %s:\n%s", p, body)
		}
	}
}

// Agency content per language: the page's title and Open Graph tags
// are in its language (?lang=, else the cookie, else Accept-Language), and every
// public page names its alternates; the sitemap lists each language.
func TestPagesPerLanguage(t *testing.T) {
	dist := siteDist(t, map[string]string{
		"index.html": `<!doctype html><html lang="fr"><head><title>Site</title></head><body><div id="root"></div></body></html>`,
	})
	a, h := newTestApp(t, map[string]string{"FRONTEND_DIST": dist, "SITE_URL": "https://site.test"})
	if _, err := adminExec(t, a, `insert into public.blog_posts (title, slug, excerpt, content, status, translations) values
		('Titre', 'p', 'Résumé', '<p>x</p>', 'published', '{"en":{"title":"Title","excerpt":"Summary"},"ar":{"title":"عنوان"}}')`); err != nil {
		t.Fatal(err)
	}
	startPages(t, a) // pages are built ahead of visitors
	get := func(url string, headers map[string]string) string {
		t.Helper()
		rec := do(h, http.MethodGet, url, headers)
		if rec.Code != 200 {
			t.Fatalf("%s: %d", url, rec.Code)
		}
		return rec.Body.String()
	}
	for _, c := range []struct {
		url     string
		headers map[string]string
		want    []string
	}{
		// A crawler (no cookie) follows an alternate: ?lang= beats Accept-Language.
		{"/blog/p?lang=en", map[string]string{"Accept-Language": "ar"}, []string{
			"<title>Title</title>", `<meta property="og:description" content="Summary">`,
			`<link rel="canonical" href="https://site.test/blog/p?lang=en">`, `<meta property="og:url" content="https://site.test/blog/p?lang=en">`,
			`<meta property="og:locale" content="en_GB">`, `<meta property="og:locale:alternate" content="ar_MA">`}},
		// The visitor's own choice (the cookie) wins over ?lang= (as in lib/language.ts);
		// the URL stays the English version's address.
		{"/blog/p?lang=en", map[string]string{"Cookie": "language=ar", "Accept-Language": "fr"}, []string{
			"<title>عنوان</title>", `<link rel="canonical" href="https://site.test/blog/p?lang=en">`}},
		{"/blog/p", map[string]string{"Cookie": "language=ar"}, []string{
			"<title>عنوان</title>", `<meta property="og:description" content="Résumé">`, `<link rel="canonical" href="https://site.test/blog/p">`,
			`<meta property="og:locale" content="ar_MA">`}},
		{"/blog/p", map[string]string{"Accept-Language": "de;q=0.5, fr-MA;q=0.9"}, []string{"<title>Titre</title>", `<meta property="og:locale" content="fr_MA">`}},
		{"/blog/p", map[string]string{"Accept-Language": "es"}, []string{"<title>Title</title>"}},
	} {
		body := get(c.url, c.headers)
		for _, want := range append(c.want,
			`<link rel="alternate" hreflang="fr" href="https://site.test/blog/p?lang=fr">`,
			`<link rel="alternate" hreflang="en" href="https://site.test/blog/p?lang=en">`,
			`<link rel="alternate" hreflang="ar" href="https://site.test/blog/p?lang=ar">`,
			`<link rel="alternate" hreflang="x-default" href="https://site.test/blog/p">`) {
			if !strings.Contains(body, want) {
				t.Errorf("%s %v lacks %s:\n%s", c.url, c.headers, want, body)
			}
		}
	}
	if body := get("/contact?lang=ar", nil); !strings.Contains(body, `hreflang="ar" href="https://site.test/contact?lang=ar"`) {
		t.Errorf("a static page has no alternates:\n%s", body)
	}
	if body := get("/admin", nil); strings.Contains(body, "hreflang") {
		t.Errorf("the back office has alternates:\n%s", body)
	}
	// What the site is comes from the product room (casarent/rental), wired in run.go;
	// its name is the one the site shows (frontend/src/config/brand.json).
	if body := get("/booking-success/x", nil); strings.Contains(body, "hreflang") {
		t.Errorf("a booking outcome has alternates:\n%s", body)
	}
	if body := get("/blog/p", nil); !strings.Contains(body, `<meta property="og:site_name" content="CasaRent">`) {
		t.Errorf("no site name:\n%s", body)
	}
	if body := get("/robots.txt", nil); body != "User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: https://site.test/sitemap.xml\n" {
		t.Errorf("robots.txt = %q", body)
	}
	sitemap := get("/sitemap.xml", nil)
	for _, want := range []string{
		`xmlns:xhtml="http://www.w3.org/1999/xhtml"`,
		`<loc>https://site.test/blog/p?lang=ar</loc>`,
		`<loc>https://site.test/blog/p</loc>`,
		`<xhtml:link rel="alternate" hreflang="en" href="https://site.test/blog/p?lang=en"></xhtml:link>`,
		`<xhtml:link rel="alternate" hreflang="x-default" href="https://site.test/contact"></xhtml:link>`,
	} {
		if !strings.Contains(sitemap, want) {
			t.Errorf("sitemap lacks %s", want)
		}
	}
}
