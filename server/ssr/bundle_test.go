package ssr

import (
	"encoding/json"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"
)

// siteBundle is the frontend's real server bundle (npm run build), if built.
func siteBundle(t *testing.T) *VM {
	t.Helper()
	src, err := os.ReadFile("../../frontend/dist/ssr/render.js")
	if err != nil {
		t.Skip("frontend/dist/ssr/render.js is not built (cd frontend && npm run build)")
	}
	start := time.Now()
	v, err := Open(src, "render.js", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("VM built and warmed in %v", time.Since(start))
	return v
}

// A long post (~70 KB of markup) renders in one piece with React's own server
// renderer, its text in the page, in the page's language and direction.
func TestTheSiteBundleRendersALongPost(t *testing.T) {
	r := siteBundle(t)
	var body strings.Builder
	for i := range 400 {
		body.WriteString("<p>Paragraphe " + strings.Repeat("é", 3) + " numéro " + string(rune('a'+i%26)) + strings.Repeat(" texte de la route", 8) + ".</p>")
	}
	post := map[string]any{
		"id": "00000000-0000-0000-0000-000000000001", "slug": "long", "title": "Un long article", "content": body.String(),
		"excerpt": "x", "author": "CasaRent", "status": "published", "tags": []string{}, "translations": map[string]any{},
		"created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
		"featured_image": nil, "meta_title": nil, "meta_description": nil,
	}
	data, _ := json.Marshal(map[string]any{"post": post, "similarPosts": []any{}})
	start := time.Now()
	out, err := r.Render(Input{URL: "/blog/long", Path: "/blog/long", Lang: "ar", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("first render %v, %d bytes", time.Since(start), len(out.HTML))
	if len(out.HTML) < 70_000 || !strings.Contains(out.HTML, "Un long article") || !strings.Contains(out.HTML, "numéro z") {
		t.Errorf("the post is not in the page (%d bytes): %.300s", len(out.HTML), out.HTML)
	}
	if out.Lang != "ar" || out.Dir != "rtl" {
		t.Errorf("lang, dir = %q, %q", out.Lang, out.Dir)
	}
	start = time.Now()
	if _, err := r.Render(Input{URL: "/blog/long", Path: "/blog/long", Lang: "fr", Data: data}); err != nil {
		t.Fatal(err)
	}
	t.Logf("a render: %v", time.Since(start))
}
