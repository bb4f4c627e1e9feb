package website

import (
	"bytes"
	"encoding/xml"
	"html"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// Crawlers and link previews do not run JavaScript, so the server puts each page's
// title, description and Open Graph tags into the HTML, and serves sitemap.xml and
// robots.txt. What a page is comes from two SQL functions of the schema
// (public.page_meta, public.sitemap_paths), run as anon; what the site is (its
// name, its private paths) comes from the product (Profile, filled from
// casarent/rental in cmd/server): this package knows nothing about the pages themselves.

// browserOnlyPage reports whether path is one of the browser's own pages (or
// below one): no hreflang alternates for it.
func (p Profile) browserOnlyPage(path string) bool {
	for _, b := range p.BrowserOnly {
		if path == b || strings.HasPrefix(path, b+"/") {
			return true
		}
	}
	return false
}

var anonSession = pgrole.Session{Role: "anon", ReadOnly: true, Method: "GET", Path: "/"}

// withMeta returns index.html with the page's title, description, canonical URL and
// Open Graph / Twitter tags.
func withMeta(index []byte, siteURL, siteName, path string, meta map[string]string) []byte {
	if meta == nil {
		return index
	}
	abs := func(u string) string {
		if strings.HasPrefix(u, "/") {
			return siteURL + u
		}
		return u
	}
	e := html.EscapeString
	var b strings.Builder
	b.WriteString("<title>" + e(meta["title"]) + "</title>\n")
	b.WriteString(`<meta name="description" content="` + e(meta["description"]) + "\">\n")
	b.WriteString(`<link rel="canonical" href="` + e(siteURL+path) + "\">\n")
	og := [][2]string{
		{"og:type", meta["type"]}, {"og:title", meta["title"]}, {"og:description", meta["description"]},
		{"og:url", siteURL + path}, {"og:image", abs(meta["image"])}, {"og:site_name", siteName},
	}
	for _, p := range og {
		if p[1] != "" {
			b.WriteString(`<meta property="` + p[0] + `" content="` + e(p[1]) + "\">\n")
		}
	}
	b.WriteString(`<meta name="twitter:card" content="summary_large_image">` + "\n")
	b.WriteString(`<meta name="twitter:title" content="` + e(meta["title"]) + "\">\n")
	b.WriteString(`<meta name="twitter:description" content="` + e(meta["description"]) + "\">\n")
	if img := abs(meta["image"]); img != "" {
		b.WriteString(`<meta name="twitter:image" content="` + e(img) + "\">\n")
	}
	out := index
	// The page's own title replaces the generic one.
	if i := bytes.Index(out, []byte("<title>")); i >= 0 {
		if j := bytes.Index(out[i:], []byte("</title>")); j >= 0 {
			out = append(append([]byte{}, out[:i]...), out[i+j+len("</title>"):]...)
		}
	}
	i := bytes.Index(out, []byte("</head>"))
	if i < 0 {
		return index
	}
	return append(append(append([]byte{}, out[:i]...), b.String()...), out[i:]...)
}

// languageURL is the address of path in one language ("" for x-default: the
// language then follows the visitor's cookie and browser).
func languageURL(siteURL, path, lang string) string {
	if lang == "" {
		return siteURL + path
	}
	return siteURL + path + "?lang=" + lang
}

// withAlternates adds the page's hreflang alternates (one per language, and the
// bare URL as x-default) and its Open Graph locale. The site serves every language
// on the same path, choosing by cookie or Accept-Language; ?lang= addresses one
// (frontend/README.md "Languages").
func withAlternates(page []byte, siteURL, path, lang string, product Profile) []byte {
	if product.browserOnlyPage(path) {
		return page
	}
	i := bytes.Index(page, []byte("</head>"))
	if i < 0 {
		return page
	}
	e := html.EscapeString
	var b strings.Builder
	for _, l := range siteLanguages {
		b.WriteString(`<link rel="alternate" hreflang="` + l + `" href="` + e(languageURL(siteURL, path, l)) + "\">\n")
	}
	b.WriteString(`<link rel="alternate" hreflang="x-default" href="` + e(languageURL(siteURL, path, "")) + "\">\n")
	b.WriteString(`<meta property="og:locale" content="` + ogLocales[lang] + "\">\n")
	for _, l := range siteLanguages {
		if l != lang {
			b.WriteString(`<meta property="og:locale:alternate" content="` + ogLocales[l] + "\">\n")
		}
	}
	return append(append(append([]byte{}, page[:i]...), b.String()...), page[i:]...)
}

type sitemapLink struct {
	Rel      string `xml:"rel,attr"`
	HrefLang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

type sitemapURL struct {
	Loc     string        `xml:"loc"`
	LastMod string        `xml:"lastmod,omitempty"`
	Links   []sitemapLink `xml:"xhtml:link"`
}

type sitemapDoc struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	XHTML   string       `xml:"xmlns:xhtml,attr"`
	URLs    []sitemapURL `xml:"url"`
}

// ServeSitemap answers sitemap.xml: every public page in every language.
func (ws *Website) ServeSitemap(w http.ResponseWriter, r *http.Request) {
	doc := sitemapDoc{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	err := pgrole.Query(r.Context(), ws.pool, anonSession, false, "select path, lastmod from public.sitemap_paths()", nil, func(rows pgx.Rows) error {
		for rows.Next() {
			var p string
			var mod *time.Time
			if err := rows.Scan(&p, &mod); err != nil {
				return err
			}
			// Each page in each language (and its x-default address), every entry
			// listing all of them: the sitemap form of hreflang alternates.
			var links []sitemapLink
			for _, l := range append(append([]string{}, siteLanguages...), "") {
				hl := l
				if hl == "" {
					hl = "x-default"
				}
				links = append(links, sitemapLink{Rel: "alternate", HrefLang: hl, Href: languageURL(ws.siteURL, p, l)})
			}
			for _, link := range links {
				u := sitemapURL{Loc: link.Href, Links: links}
				if mod != nil {
					u.LastMod = mod.UTC().Format("2006-01-02")
				}
				doc.URLs = append(doc.URLs, u)
			}
		}
		return nil
	})
	if err != nil {
		ws.log.ErrorContext(r.Context(), "sitemap", "err", err)
		w.Header().Set("Retry-After", httpx.RetryAfterUnavailable) // its query failed: the database, usually
		http.Error(w, "sitemap unavailable", http.StatusServiceUnavailable)
		return
	}
	out, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		http.Error(w, "sitemap unavailable", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write(append([]byte(xml.Header), out...))
}

// ServeRobots answers robots.txt: the product's private paths are disallowed.
func (ws *Website) ServeRobots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	var b strings.Builder
	b.WriteString("User-agent: *\nAllow: /\n")
	for _, p := range ws.product.Disallow {
		b.WriteString("Disallow: " + p + "\n")
	}
	b.WriteString("\nSitemap: " + ws.siteURL + "/sitemap.xml\n")
	_, _ = w.Write([]byte(b.String()))
}
