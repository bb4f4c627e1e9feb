package main

import (
	"context"
	"html"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/prometheus/client_golang/prometheus"

	"casarent/server/pgtest"
	"casarent/server/ssr/ssrtest"
)

// runPages runs a server's page renderer until the returned stop, and waits up
// to wait for its pages to be ready.
func runPages(t *testing.T, a *app, wait time.Duration) (stop func()) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); a.site.Run(ctx) }()
	stop = func() { cancel(); <-done }
	t.Cleanup(stop)
	for deadline := time.Now().Add(wait); ; time.Sleep(50 * time.Millisecond) {
		if state, _ := a.site.PagesState(); state != "starting" {
			return stop
		}
		if time.Now().After(deadline) {
			t.Fatalf("the pages were not ready in %v", wait)
		}
	}
}

// siteMetric reads one value of a server's page metrics.
func siteMetric(t *testing.T, a *app, name string) float64 {
	t.Helper()
	reg := prometheus.NewRegistry()
	reg.MustRegister(a.site.Collector())
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == name && len(f.GetMetric()) == 1 {
			m := f.GetMetric()[0]
			if m.GetCounter() != nil {
				return m.GetCounter().GetValue()
			}
			return m.GetGauge().GetValue()
		}
	}
	t.Fatalf("no metric %s", name)
	return 0
}

// grow grows the seeded site to cars cars and posts published posts
// (bench/pages/grow.sql).
func grow(t *testing.T, db *pgtest.DB, cars, posts int) {
	t.Helper()
	sql, err := os.ReadFile("../../bench/pages/grow.sql")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	err = pgx.BeginFunc(ctx, db.Admin, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `select set_config('grow.cars', $1, true), set_config('grow.posts', $2, true)`, strconv.Itoa(cars), strconv.Itoa(posts)); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, string(sql))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}

// builtSite is the site's real build, with its server bundle.
func builtSite(t *testing.T) string {
	t.Helper()
	dist, _ := filepath.Abs("../../frontend/dist")
	if _, err := os.Stat(filepath.Join(dist, "ssr/render.js")); err != nil {
		t.Skip("frontend/dist/ssr/render.js is not built (cd frontend && npm run build)")
	}
	return dist
}

// An agency's site (300 cars, 100 posts, the real build): every public page in
// every language is its full render, from a fresh start and after a restart,
// which renders nothing that did not change; one car's price change renders
// only the pages that show that car.
func TestPagesAtAnAgencysSize(t *testing.T) {
	dist := builtSite(t)
	db := pgtest.New(t)
	env := map[string]string{"FRONTEND_DIST": dist, "SITE_URL": "https://site.test"}
	if deno, err := filepath.Abs("../../.tools/deno/node_modules/.bin/deno"); err == nil {
		if _, err := os.Stat(deno); err == nil {
			env["DENO_PATH"] = deno
		}
	}
	cfg := testConfig(t, db, env)
	ctx := context.Background()
	if err := seedCommand(ctx, cfg, quietLog(), io.Discard, nil); err != nil {
		t.Fatal(err)
	}
	grow(t, db, 300, 100)
	type car struct {
		id         int64
		slug, name string
	}
	var cars []car
	rows, _ := db.Admin.Query(ctx, `select id, slug, name from public.cars order by id`)
	for rows.Next() {
		var c car
		if err := rows.Scan(&c.id, &c.slug, &c.name); err != nil {
			t.Fatal(err)
		}
		cars = append(cars, c)
	}
	var paths []string
	if err := db.Admin.QueryRow(ctx, `select array(select path from public.sitemap_paths())`).Scan(&paths); err != nil {
		t.Fatal(err)
	}
	if len(cars) != 300 || len(paths) < 400 {
		t.Fatalf("%d cars, %d pages", len(cars), len(paths))
	}

	check := func(h http.Handler) {
		t.Helper()
		bad := 0
		for _, p := range paths {
			for _, lang := range siteLanguages {
				rec := do(h, http.MethodGet, p, map[string]string{"Cookie": "language=" + lang})
				body := rec.Body.String()
				ok := rec.Code == http.StatusOK && strings.Contains(body, `<html lang="`+lang+`"`) &&
					!strings.Contains(body, `<div id="root"></div>`) && strings.Contains(body, `<script id="page-data"`)
				if slug, isCar := strings.CutPrefix(p, "/cars/"); isCar && ok {
					for _, c := range cars {
						if c.slug == slug {
							ok = strings.Contains(body, html.EscapeString(c.name))
						}
					}
				}
				if p == "/" || p == "/vehicles" {
					for _, c := range cars[:12] {
						ok = ok && strings.Contains(body, html.EscapeString(c.name))
					}
				}
				if !ok {
					if bad++; bad <= 3 {
						t.Errorf("%s in %s is not its full render: %d\n%.600s", p, lang, rec.Code, body)
					}
				}
			}
		}
		if bad > 0 {
			t.Fatalf("%d of %d page-languages are not their full render", bad, len(paths)*len(siteLanguages))
		}
	}

	a, h := appOn(t, cfg)
	start := time.Now()
	stop := runPages(t, a, 10*time.Minute)
	t.Logf("fresh start: %d pages (%d page-languages) rendered in %v", len(paths), int(siteMetric(t, a, "site_pages_rendered_total")), time.Since(start).Round(time.Millisecond))
	check(h)
	var tableBytes, tableRows int64
	if err := db.Admin.QueryRow(ctx, `select count(*), coalesce(sum(length(body)), 0) from site_pages.pages`).Scan(&tableRows, &tableBytes); err != nil {
		t.Fatal(err)
	}
	t.Logf("stored: %d page-languages, %d KB gzip", tableRows, tableBytes>>10)
	stop()

	a, h = appOn(t, cfg)
	start = time.Now()
	runPages(t, a, 10*time.Minute)
	t.Logf("after a restart: ready in %v, %v page-languages rendered again", time.Since(start).Round(time.Millisecond), siteMetric(t, a, "site_pages_rendered_total"))
	check(h)

	// The last car: no other car page suggests it (suggestions are the first of a
	// category), so the home page, the fleet and its own page show its price.
	last := cars[len(cars)-1]
	before, bursts := siteMetric(t, a, "site_pages_rendered_total"), siteMetric(t, a, "site_page_bursts_total")
	if _, err := db.Admin.Exec(ctx, `update public.cars set price = price + 7 where id = $1`, last.id); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); siteMetric(t, a, "site_page_bursts_total") == bursts; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no burst a minute after a price change")
		}
	}
	var showing int
	if err := db.Admin.QueryRow(ctx, `select count(*) from public.sitemap_paths() p
		where public.page_data(p.path)::text like '%"slug": "' || $1 || '"%' or public.page_data(p.path)::text like '%"slug":"' || $1 || '"%'`, last.slug).Scan(&showing); err != nil {
		t.Log("cannot count the pages that show the car:", err)
	}
	rendered := siteMetric(t, a, "site_pages_rendered_total") - before
	t.Logf("one car's price change rendered %v page-languages (%d pages show that car, in %d languages)", rendered, showing, len(siteLanguages))
	if rendered == 0 || rendered > 30 || (showing > 0 && int(rendered) > showing*len(siteLanguages)) {
		t.Errorf("one car's price change rendered %v page-languages", rendered)
	}
}

// Two servers on one database: one renders, both answer what it stored, a price
// change reaches both within seconds; when the renderer stops, the other renders.
func TestOneRendererForTwoServers(t *testing.T) {
	index := `<!doctype html><html lang="fr" dir="ltr"><head><title>Site</title></head><body><div id="root"></div></body></html>`
	db := pgtest.New(t)
	cfg := testConfig(t, db, map[string]string{"FRONTEND_DIST": siteDist(t, map[string]string{"index.html": index, "ssr/render.js": string(ssrtest.Bundle(t))}), "SITE_URL": "https://site.test"})
	db.Exec(t, `
		insert into public.cars (id, slug, name, brand, category, price, image, seats, transmission, fuel, rating) values
		  (1, 'clio-5', 'Clio 5', 'Renault', 'Économique', 300, '/c.jpg', 5, 'manual', 'gasoline', 4.5),
		  (2, 'q7', 'Q7', 'Audi', 'SUV', 1200, '/q.jpg', 7, 'automatic', 'diesel', 4.9);`)
	a1, h1 := appOn(t, cfg)
	a2, h2 := appOn(t, cfg)
	stop1 := runPages(t, a1, 30*time.Second)
	runPages(t, a2, 30*time.Second)
	r1, r2 := siteMetric(t, a1, "site_pages_rendered_total"), siteMetric(t, a2, "site_pages_rendered_total")
	t.Logf("rendered: first server %v, second %v", r1, r2)
	if (r1 == 0) == (r2 == 0) {
		t.Fatalf("rendered: first server %v, second %v; want exactly one renderer", r1, r2)
	}
	shows := func(h http.Handler, price string) func() bool {
		return func() bool {
			for _, lang := range siteLanguages {
				body := do(h, http.MethodGet, "/cars/clio-5", map[string]string{"Cookie": "language=" + lang}).Body.String()
				if !strings.Contains(body, `<p class=price>`+price+` DH</p>`) || !strings.Contains(body, `<html lang="`+lang+`"`) {
					return false
				}
			}
			return true
		}
	}
	within := func(d time.Duration, what string, ok func() bool) {
		t.Helper()
		start := time.Now()
		for deadline := start.Add(d); !ok(); time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: not after %v", what, d)
			}
		}
		t.Logf("%s after %v", what, time.Since(start).Round(time.Millisecond))
	}
	if !shows(h1, "300")() || !shows(h2, "300")() {
		t.Fatal("the built pages are not served by both servers")
	}
	db.Exec(t, `update public.cars set price = 345 where id = 1`)
	within(5*time.Second, "the new price on both servers", func() bool { return shows(h1, "345")() && shows(h2, "345")() })
	if n := siteMetric(t, a1, "site_pages_rendered_total") + siteMetric(t, a2, "site_pages_rendered_total") - r1 - r2; n == 0 {
		t.Error("the change rendered nothing")
	}
	if r1 == 0 || siteMetric(t, a2, "site_pages_rendered_total") != r2 {
		t.Skip("the second server rendered: the failover below expects the first one to")
	}
	// The renderer stops: the other takes its lock and renders the next change.
	stop1()
	within(10*time.Second, "the second server renders", func() bool { return siteMetric(t, a2, "site_page_renderer") == 1 })
	db.Exec(t, `update public.cars set price = 346 where id = 1`)
	within(10*time.Second, "the next price on the remaining server", shows(h2, "346"))
}
