package website

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

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
	w := &Website{siteURL: "https://site.test", log: quietLog(), pool: db.Pool}
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
	w.ServeSitemap(rec, httptest.NewRequest(http.MethodGet, "/sitemap.xml", nil))
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
