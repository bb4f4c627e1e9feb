package main

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"casarent/rental/website"
	"casarent/server/pgtest"
	"casarent/server/ssr/ssrtest"
)

// adminExec runs sql as the cluster's superuser (the app's pool is the authenticator).
func adminExec(t *testing.T, a *app, sql string) (pgconn.CommandTag, error) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), a.cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	return conn.Exec(context.Background(), sql)
}

// The browser's first render reuses page_data instead of querying, so
// each key must be exactly what the site's own query returns (frontend/src/features/*/api.ts).
func TestPageDataIsWhatTheSiteQueriesReturn(t *testing.T) {
	a, h := newTestApp(t, nil)
	_, err := adminExec(t, a, `
		insert into public.cars (id, slug, name, brand, category, price, image, seats, transmission, fuel, rating, description, not_available_until) values
		  (1, 'clio-5', 'Clio 5', 'Renault', 'Économique', 300, '/c.jpg', 5, 'manual', 'gasoline', 4.5, 'Citadine', null),
		  (2, 'sandero', 'Sandero', 'Dacia', 'Économique', 250, '/s.jpg', 5, 'manual', 'diesel', 4.2, null, '2030-01-01'),
		  (3, 'q7', 'Q7', 'Audi', 'SUV', 1200, '/q.jpg', 7, 'automatic', 'diesel', 4.9, 'Grand', null),
		  (4, 'duster', 'Duster', 'Dacia', 'SUV', 1180, '/d.jpg', 5, 'manual', 'diesel', 4.4, null, null);
		insert into public.car_images (car_id, image_url, alt_text, display_order) values (1, '/c2.jpg', 'Arrière', 2), (1, '/c1.jpg', null, 1);
		insert into public.blog_posts (title, slug, excerpt, content, status, tags, created_at) values
		  ('One', 'one', 'E1', '<p>1</p>', 'published', '{a,b}', now() - interval '4 days'),
		  ('Two', 'two', null, '<p>2</p>', 'published', '{}', now() - interval '3 days'),
		  ('Trois', 'trois', 'E3', '<p>3</p>', 'published', '{}', now() - interval '2.5 days'),
		  ('Three', 'three', 'E3', '<p>3</p>', 'published', '{c}', now() - interval '2 days'),
		  ('Four', 'four', 'E4', '<p>4</p>', 'published', '{}', now() - interval '1 day'),
		  ('Draft', 'draft', 'D', '<p>d</p>', 'draft', '{}', now());
		update public.cars set translations = '{"en":{"description":"City car"},"ar":{"description":"سيارة مدينة"}}' where id = 1;
		update public.blog_posts set translations = '{"en":{"title":"Three","excerpt":"X3","content":"<p>three</p>","tags":["t"]},"ar":{"title":"ثلاثة"}}' where slug = 'trois';
		update public.blog_posts set translations = '{"en":{"title":"Secret"}}' where slug = 'draft';`)
	if err != nil {
		t.Fatal(err)
	}
	rest := func(q string) any {
		t.Helper()
		rec := do(h, http.MethodGet, "/rest/v1/"+q, map[string]string{"apikey": a.cfg.AnonKey})
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", q, rec.Code, rec.Body)
		}
		var v any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	first := func(v any) any { return v.([]any)[0] }
	terms := func() any { // rentalTermsApi.ts: rpc rental_terms
		t.Helper()
		rec := do(h, http.MethodPost, "/rest/v1/rpc/rental_terms", map[string]string{"apikey": a.cfg.AnonKey})
		if rec.Code != 200 {
			t.Fatalf("rental_terms: %d %s", rec.Code, rec.Body)
		}
		var v any
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	// What the page renderer reads, as anon: the same function over /rest/v1.
	read := func(path string) json.RawMessage {
		t.Helper()
		rec := do(h, http.MethodGet, "/rest/v1/rpc/page_data?p_path="+url.QueryEscape(path), map[string]string{"apikey": a.cfg.AnonKey})
		if rec.Code != 200 {
			t.Fatalf("%s: %d %s", path, rec.Code, rec.Body)
		}
		if rec.Body.String() == "null" {
			return nil
		}
		return rec.Body.Bytes()
	}
	data := func(path string) map[string]any {
		t.Helper()
		var m map[string]any
		if err := json.Unmarshal(read(path), &m); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return m
	}
	const summary = "select=id,title,slug,excerpt,featured_image,tags,created_at,summary_translations&status=eq.published&order=created_at.desc"
	cases := []struct {
		path, key string
		want      any
	}{
		{"/", "fleet", rest("cars?select=*,bookable&order=id")},
		{"/", "latestPosts", rest("blog_posts?" + summary + "&limit=3")},
		{"/vehicles", "fleet", rest("cars?select=*,bookable&order=id")},
		{"/cars/clio-5", "car", first(rest("cars?select=*,bookable&slug=eq.clio-5"))},
		{"/cars/clio-5", "carImages", rest("car_images?select=*&car_id=eq.1&order=display_order")},
		{"/cars/clio-5", "suggestions", rest("cars?select=*,bookable&id=neq.1&category=eq.Économique&limit=4&order=id")},
		{"/cars/q7", "suggestions", rest("cars?select=*,bookable&id=neq.3&category=eq.SUV&limit=4&order=id")},
		{"/blog", "posts", rest("blog_posts?" + summary)},
		{"/blog/two", "post", first(rest("blog_posts?select=*&slug=eq.two&status=eq.published"))},
		{"/blog/two", "similarPosts", rest("blog_posts?" + summary + "&slug=neq.two&limit=3")},
		{"/blog/trois", "post", first(rest("blog_posts?select=*&slug=eq.trois&status=eq.published"))},
		{"/", "rentalTerms", terms()},
		{"/contact", "rentalTerms", terms()},
		{"/pourquoi-nous", "rentalTerms", terms()},
		{"/conditions-de-location", "rentalTerms", terms()},
		{"/cars/clio-5", "rentalTerms", terms()},
	}
	for _, c := range cases {
		got, ok := data(c.path)[c.key]
		if !ok {
			t.Errorf("%s: no %q", c.path, c.key)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s %s:\n got %v\nwant %v", c.path, c.key, got, c.want)
		}
	}
	// What anon may not read is not on the page either; unknown pages have no data.
	if m := data("/blog/draft"); m["post"] != nil {
		t.Errorf("a draft is rendered: %v", m["post"])
	}
	if m := data("/cars/nope"); m["car"] != nil || len(m["carImages"].([]any)) != 0 {
		t.Errorf("an unknown car: %v", m)
	}
	if d := read("/notre-agence"); d != nil {
		t.Errorf("/notre-agence data = %s", d)
	}
}

// With a server bundle in the build, pages come with their markup, their data for
// hydration and the language the visitor asks for; the bundle itself is not served.
func TestPagesAreServedRendered(t *testing.T) {
	index := `<!doctype html><html lang="fr" dir="ltr"><head><title>Site</title></head><body><div id="root"></div></body></html>`
	a, h := newTestApp(t, map[string]string{"FRONTEND_DIST": siteDist(t, map[string]string{"index.html": index, "ssr/render.js": string(ssrtest.Bundle(t))})})
	if _, err := adminExec(t, a, `insert into public.blog_posts (title, slug, content, status) values ('Hi </script>', 'hi', '<p>x</p>', 'published')`); err != nil {
		t.Fatal(err)
	}
	startPages(t, a)
	rec := do(h, http.MethodGet, "/blog/hi?utm_source=x", map[string]string{"Accept-Language": "ar-MA,fr;q=0.8", "Cookie": "language=ar"})
	body := rec.Body.String()
	for _, want := range []string{
		`<html lang="ar" dir="rtl">`,
		`<div id="root"><main><h1>Hi </script></h1></main><p>2 2 `, // the stand-in bundle does not escape
		` ar /blog/hi</p>`,                                         // rendered at the page's path, whatever the query
		`<script id="page-data" type="application/json">{"path":"/blog/hi","lang":"ar","data":{"post":`,
		`Hi \u003c/script\u003e`, // the data cannot close its script element
	} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %s:\n%s", want, body)
		}
	}
	if rec.Header().Get("Last-Modified") != "" {
		t.Errorf("a page with live data has Last-Modified %q", rec.Header().Get("Last-Modified"))
	}
	if body := do(h, http.MethodGet, "/health", nil).Body.String(); !strings.Contains(body, `"pages":"ready"`) {
		t.Errorf("/health = %s, want the render's state", body)
	}
	if rec := do(h, http.MethodGet, "/ssr/render.js", nil); rec.Code != http.StatusNotFound {
		t.Errorf("/ssr/render.js: %d, want 404", rec.Code)
	}
}

// The render-blocking configuration script and stylesheet come inside the HTML.
func TestIndexInlinesConfigAndStylesheet(t *testing.T) {
	index := `<html><head><script src="/app-config.js"></script><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>`
	dist := siteDist(t, map[string]string{"index.html": index, "assets/index-1.css": "body{color:red}"})
	a, h := newTestApp(t, map[string]string{"FRONTEND_DIST": dist})
	body := do(h, http.MethodGet, "/contact", nil).Body.String()
	if !strings.Contains(body, "<style>body{color:red}</style>") || strings.Contains(body, "index-1.css") {
		t.Errorf("stylesheet not inlined: %s", body)
	}
	if !strings.Contains(body, "<script>window.__APP_CONFIG__ = ") || !strings.Contains(body, a.cfg.AnonKey) || strings.Contains(body, `src="/app-config.js"`) {
		t.Errorf("configuration not inlined: %s", body)
	}
}

// startPages runs the page renderer as the server does once the schema is there,
// and waits for its first round of renders.
func startPages(t *testing.T, a *app) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); a.site.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	for deadline := time.Now().Add(20 * time.Second); ; {
		if state, _ := a.site.PagesState(); state != "starting" {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the pages were not built in 20 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// pagesSite is the whole server with a site (the stand-in bundle) and a few cars
// and posts, its pages built.
func pagesSite(t *testing.T) (*app, http.Handler) {
	t.Helper()
	index := `<!doctype html><html lang="fr" dir="ltr"><head><title>Site</title></head><body><div id="root"></div></body></html>`
	a, h := newTestApp(t, map[string]string{"FRONTEND_DIST": siteDist(t, map[string]string{"index.html": index, "ssr/render.js": string(ssrtest.Bundle(t))}), "SITE_URL": "https://site.test"})
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

// siteLanguages are the languages every public page is rendered in.
var siteLanguages = []string{"fr", "en", "ar"}

// A price changed through /rest/v1 by the administrator reaches the page served
// without JavaScript, in every language, within seconds; pages that do not show
// cars are not rendered again.
func TestAChangedPriceReachesThePageInEveryLanguage(t *testing.T) {
	a, h := pagesSite(t)
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

// The test binary is the server's render process when run as render-pages (the
// page renderer starts os.Executable() so).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == website.RenderCommand {
		if err := run(context.Background(), os.Args[1:], os.Getenv, os.Stdout); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
