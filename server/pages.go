package main

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"net/http"
	"path"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/pgrole"
	"casarent/server/ssr"
)

// A page of the site as HTML: the built index.html with the page's meta tags
// (seo.go) and, when the frontend ships a server bundle (server/ssr), the page
// itself rendered with its data, the data embedded for hydration and <html lang
// dir> in the visitor's language. One round trip to PostgreSQL: page_meta and
// page_data of the path, as anon.

// pageInfo is what the database says about a path.
type pageInfo struct {
	meta map[string]string
	data json.RawMessage // nil: not a page of the schema (or no page_data)
}

// lang is the page's language (pageLanguage): titles and descriptions come in it
// when the agency wrote them (issue 18).
func (a *app) pageInfo(ctx context.Context, p, lang string, withData bool) pageInfo {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var info pageInfo
	sql := "select public.page_meta($1, $2), public.page_data($1)"
	if !withData {
		sql = "select public.page_meta($1, $2), null::jsonb"
	}
	err := pgrole.Query(ctx, a.db.Pool, anonSession, false, sql, []any{p, lang}, func(rows pgx.Rows) error {
		if rows.Next() {
			var data []byte
			if err := rows.Scan(&info.meta, &data); err != nil {
				return err
			}
			if data != nil {
				info.data = data
			}
		}
		return nil
	})
	if err != nil && !isUndefinedFunction(err) {
		a.log.WarnContext(ctx, "page info", "path", p, "err", err)
	}
	return info
}

// renderPage builds the HTML of the page r asks for.
func (a *app) renderPage(r *http.Request, index []byte) []byte {
	p := path.Clean("/" + r.URL.Path)
	lang, urlLang := pageLanguage(r)
	info := a.pageInfo(r.Context(), p, lang, a.site.renderer != nil)
	// A page addressed by ?lang= is its own URL (canonical, og:url); without it,
	// the language follows the visitor and the URL is the x-default one.
	pageURL := p
	if urlLang != "" {
		pageURL = p + "?lang=" + urlLang
	}
	page := withAlternates(withMeta(index, a.cfg.SiteURL, a.product.name, pageURL, info.meta), a.cfg.SiteURL, p, lang, a.product)
	if a.site.renderer == nil {
		return page
	}
	data := info.data
	if data == nil {
		data = json.RawMessage("{}")
	}
	// A visitor does not wait long for the server's render: without it the page
	// is the single-page app it was before (the browser renders it).
	ctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
	defer cancel()
	out, err := a.site.renderer.Render(ctx, ssr.Input{
		// The page is the same whatever the query string or cookies: the browser
		// applies what they ask for once it has hydrated.
		URL: r.URL.EscapedPath(), Path: r.URL.EscapedPath(),
		Lang: lang, Data: data,
	})
	if err != nil {
		a.log.WarnContext(r.Context(), "server render", "path", p, "err", err)
		return page
	}
	if out.HTML == "" {
		return page
	}
	return withRendered(page, out, r.URL.EscapedPath(), data)
}

// withRendered puts the rendered markup into #root, the data beside it and the
// language on <html>.
func withRendered(page []byte, out ssr.Output, escapedPath string, data json.RawMessage) []byte {
	root := []byte(`<div id="root"></div>`)
	i := bytes.Index(page, root)
	if i < 0 {
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
	b.Write(page[:i])
	b.WriteString(`<div id="root">`)
	b.WriteString(out.HTML)
	b.WriteString(`</div><script id="page-data" type="application/json">`)
	b.Write(embedded) // json.Marshal escapes <, > and &: nothing in it can close the script
	b.WriteString(`</script>`)
	b.Write(page[i+len(root):])
	res := b.Bytes()
	// <html lang="fr" dir="ltr"> of the build → the visitor's.
	if j := bytes.Index(res, []byte("<html")); j >= 0 {
		if k := bytes.IndexByte(res[j:], '>'); k >= 0 {
			tag := `<html lang="` + html.EscapeString(out.Lang) + `" dir="` + html.EscapeString(out.Dir) + `"`
			res = append(append(append([]byte{}, res[:j]...), tag...), res[j+k:]...)
		}
	}
	return res
}
