package website

import (
	"bytes"
	"encoding/json"
	"html"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"

	"casarent/server/precompressed"
	"casarent/server/ssr"
)

// A page of the site as HTML: the built index.html with the page's meta tags
// (seo.go) and, when the frontend ships a server bundle (server/ssr), the page
// itself rendered with its data, the data embedded for hydration and <html lang
// dir> in its language. Pages are built ahead of visitors (pagerender.go) and
// answered from the store (pagestore.go); the language the request asks for
// (lang.go) picks among a page's stored languages, and nothing else of the
// request (its query string, its other cookies) matters.

// servePage answers r from the page store and says whether it did; false: the
// page is the shell (index.html as built), as for the browser's own pages and
// before the renderer stored anything.
func (ws *Website) servePage(w http.ResponseWriter, r *http.Request) bool {
	p := path.Clean("/" + r.URL.Path)
	if ws.product.browserOnlyPage(p) {
		return false
	}
	lang, urlLang := pageLanguage(r)
	page, nf, err := ws.pages.lookup(r.Context(), p, lang)
	if err != nil {
		ws.log.Warn("pages: cannot read the stored page; answering the shell", "path", p, "err", err)
		return false
	}
	h := w.Header()
	h.Add("Vary", "Cookie, Accept-Language")
	if page == nil {
		if nf == nil {
			return false // nothing stored yet
		}
		// Not a page of the site: the not-found page, kept out of search engines.
		writePage(w, r, nf, http.StatusNotFound)
		return true
	}
	if urlLang != "" {
		// The language's own address (an hreflang alternate): its canonical URL and
		// og:url name it. Derived from the stored page, sent uncompressed.
		raw := withLanguageURL(page.html(), ws.siteURL, p, urlLang)
		etag := strings.TrimSuffix(page.etag, `"`) + "-" + urlLang + `"`
		if notModified(w, r, etag) {
			return true
		}
		h.Set("ETag", etag)
		h.Set("Content-Length", strconv.Itoa(len(raw)))
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			_, _ = w.Write(raw)
		}
		return true
	}
	writePage(w, r, page, http.StatusOK)
	return true
}

// writePage answers a stored page: its gzip form as stored when the request
// accepts gzip, else decompressed.
func writePage(w http.ResponseWriter, r *http.Request, page *storedPage, status int) {
	h := w.Header()
	precompressed.AddVary(h, "Accept-Encoding")
	etag := page.etag
	gz := precompressed.Accepts(r.Header.Get("Accept-Encoding"), "gzip")
	if gz {
		etag = strings.TrimSuffix(etag, `"`) + `-gzip"`
	}
	if status == http.StatusOK && notModified(w, r, etag) {
		return
	}
	body := page.gz
	if gz {
		h.Set("Content-Encoding", "gzip")
	} else {
		body = page.html()
	}
	if status == http.StatusOK {
		h.Set("ETag", etag)
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// notModified answers 304 when If-None-Match names etag (or "*").
func notModified(w http.ResponseWriter, r *http.Request, etag string) bool {
	inm := r.Header.Get("If-None-Match")
	if inm == "" {
		return false
	}
	for t := range strings.SplitSeq(inm, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == etag || t == "*" {
			w.Header().Set("ETag", etag)
			w.WriteHeader(http.StatusNotModified)
			return true
		}
	}
	return false
}

// withLanguageURL points a page's canonical link and og:url at path?lang=lang.
func withLanguageURL(page []byte, siteURL, p, lang string) []byte {
	from := html.EscapeString(siteURL + p)
	to := html.EscapeString(languageURL(siteURL, p, lang))
	out := bytes.Replace(page, []byte(`<link rel="canonical" href="`+from+`">`), []byte(`<link rel="canonical" href="`+to+`">`), 1)
	return bytes.Replace(out, []byte(`<meta property="og:url" content="`+from+`">`), []byte(`<meta property="og:url" content="`+to+`">`), 1)
}

// escapedPath is path as the browser shows it (percent-encoded).
func escapedPath(p string) string { return (&url.URL{Path: p}).EscapedPath() }

// composePage builds a public page: index.html with its meta and alternates, and
// its render (out nil: the shell with the page's meta).
func (ws *Website) composePage(p, lang string, meta map[string]string, data json.RawMessage, out *ssr.Output) []byte {
	page := withAlternates(withMeta(ws.site.index, ws.siteURL, ws.product.Name, p, meta), ws.siteURL, p, lang, ws.product)
	if out == nil || out.HTML == "" {
		return page
	}
	if data == nil {
		data = json.RawMessage("{}")
	}
	return withRendered(page, *out, escapedPath(p), data)
}

// notFoundPage is the page of an unknown address in lang: no canonical, no
// alternates, noindex.
func (ws *Website) notFoundPage(lang string, out *ssr.Output) []byte {
	page := withNoindex(ws.site.index)
	if out == nil || out.HTML == "" {
		return page
	}
	return withRendered(page, *out, notFoundURL, json.RawMessage("{}"))
}

// withNoindex keeps a page out of search engines.
func withNoindex(page []byte) []byte {
	i := bytes.Index(page, []byte("</head>"))
	if i < 0 {
		return page
	}
	return append(append(append([]byte{}, page[:i]...), `<meta name="robots" content="noindex">`+"\n"...), page[i:]...)
}

// withRendered puts the rendered markup into #root, the data beside it and the
// language on <html>.
func withRendered(page []byte, out ssr.Output, escapedPath string, data json.RawMessage) []byte {
	root := []byte(`<div id="root"></div>`)
	before, after, ok := bytes.Cut(page, root)
	if !ok {
		return page
	}
	embedded, err := json.Marshal(struct {
		Path string          `json:"path"`
		Lang string          `json:"lang"`
		Data json.RawMessage `json:"data"`
	}{escapedPath, out.Lang, data})
	if err != nil {
		return page
	}
	var b bytes.Buffer
	b.Grow(len(page) + len(out.HTML) + len(embedded) + 100)
	b.Write(before)
	b.WriteString(`<div id="root">`)
	b.WriteString(out.HTML)
	b.WriteString(`</div><script id="page-data" type="application/json">`)
	b.Write(embedded) // json.Marshal escapes <, > and &: nothing in it can close the script
	b.WriteString(`</script>`)
	b.Write(after)
	res := b.Bytes()
	// <html lang="fr" dir="ltr"> of the build → the page's.
	if j := bytes.Index(res, []byte("<html")); j >= 0 {
		if k := bytes.IndexByte(res[j:], '>'); k >= 0 {
			tag := `<html lang="` + html.EscapeString(out.Lang) + `" dir="` + html.EscapeString(out.Dir) + `"`
			res = append(append(append([]byte{}, res[:j]...), tag...), res[j+k:]...)
		}
	}
	return res
}
