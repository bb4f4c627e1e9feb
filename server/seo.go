package main

import (
	"bytes"
	"encoding/xml"
	"errors"
	"html"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/pgrole"
)

// Crawlers and link previews do not run JavaScript, so the server puts each page's
// title, description and Open Graph tags into the HTML, and serves sitemap.xml and
// robots.txt. What a page is comes from two SQL functions of the schema
// (public.page_meta, public.sitemap_paths), run as anon; the server knows nothing
// about the pages themselves.

var anonSession = pgrole.Session{Role: "anon", ReadOnly: true, Method: "GET", Path: "/"}

func isUndefinedFunction(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "42883"
}

// withMeta returns index.html with the page's title, description, canonical URL and
// Open Graph / Twitter tags.
func withMeta(index []byte, siteURL, path string, meta map[string]string) []byte {
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
		{"og:url", siteURL + path}, {"og:image", abs(meta["image"])}, {"og:site_name", "Casablanca Airport Car Rental"},
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

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

type sitemapDoc struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

func (a *app) handleSitemap(w http.ResponseWriter, r *http.Request) {
	doc := sitemapDoc{NS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	err := pgrole.Query(r.Context(), a.db.Pool, anonSession, false, "select path, lastmod from public.sitemap_paths()", nil, func(rows pgx.Rows) error {
		for rows.Next() {
			var p string
			var mod *time.Time
			if err := rows.Scan(&p, &mod); err != nil {
				return err
			}
			u := sitemapURL{Loc: a.cfg.SiteURL + p}
			if mod != nil {
				u.LastMod = mod.UTC().Format("2006-01-02")
			}
			doc.URLs = append(doc.URLs, u)
		}
		return nil
	})
	if err != nil {
		a.log.ErrorContext(r.Context(), "sitemap", "err", err)
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

func (a *app) handleRobots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: " + a.cfg.SiteURL + "/sitemap.xml\n"))
}
