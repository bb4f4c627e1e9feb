package main

import (
	"net/http"
	"strings"
	"testing"
)

// The site as the whole server answers it: the pages, robots.txt and sitemap.xml
// routes, and what the product (casarent/rental) says the site is, as wired here.

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
