package website

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"io/fs"
	"log/slog"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"casarent/server/pglisten"
	"casarent/server/pgrole"
	"casarent/server/ssr"
)

// pageRenderer keeps the page store (pagestore.go) up to date, in the background:
// every public page (public.sitemap_paths, the sitemap's list) in every language,
// and the not-found page. It renders everything at start, then the pages whose
// data changed: each server LISTENs on page_content, where triggers on the tables
// page_data and page_meta read announce a committed change
// (notify_page_content, rental/supabase/schemas/content.sql), re-reads the data of the pages that show that table and
// renders those whose data is not what they were rendered from. Every
// PAGE_RECHECK_EVERY, and when the agency's day changes (pages show what is
// bookable today), it re-reads every page's data the same way.
//
// A burst starts a process that loads the site's server bundle and renders the
// pages, then exits: the engine with the bundle holds ~140 MB, which the server
// itself never does (docs/performance.md). The process is Deno when there is one
// (V8: about a second for a burst, so a changed price is on its pages within
// seconds), else the server binary's render-pages command with goja (server/ssr;
// ten to fifteen seconds). PAGE_RENDERER=inline builds a goja VM in the server
// instead, and drops it after the burst.
type pageRenderer struct {
	pages   *pageCache // the pages answered last, in front of the table
	pool    *pgxpool.Pool
	log     *slog.Logger
	files   fs.FS  // the site's build: its ssr/render.js, read at each burst
	bundle  bool   // the build has a server bundle (else pages are the shell with their meta)
	inline  bool   // render in this process (PAGE_RENDERER=inline), not in a child
	deno    string // the Deno a burst runs the bundle in ("": goja)
	cache   string // where Deno keeps the bundle's compiled code between bursts
	exe     string // the server binary, run as `render-pages` for a burst
	recheck time.Duration
	// compose builds a page's HTML from its meta, data and render (out nil: the
	// shell with the page's meta, as when there is no server bundle).
	compose  func(path, lang string, meta map[string]string, data json.RawMessage, out *ssr.Output) []byte
	notFound func(lang string, out *ssr.Output) []byte
	buildSum [32]byte // identifies the site's build (index.html and bundle): pages of another are rendered again

	rendered atomic.Int64 // pages rendered since start (the bundle ran)
	bursts   atomic.Int64 // bursts of builds finished
	state    atomic.Value // "starting", "ready" or "failed" (string)
	leader   atomic.Bool  // this server is the renderer
	site     atomic.Int64 // pages the site has (each language, the not-found pages too)

	from    map[pageKey][32]byte // what each stored page was built from
	changes changeLog            // the changes heard of, to mark pages stale
}

// bundlePath is the server bundle inside the site's build.
const bundlePath = "ssr/render.js"

// notFoundURL is the address the not-found page is rendered at: no route has it.
const notFoundURL = "/404"

// pageChanges is what a burst must look at.
type pageChanges struct {
	all      bool
	paths    map[string]bool
	prefixes map[string]bool
}

func (c *pageChanges) empty() bool { return !c.all && len(c.paths) == 0 && len(c.prefixes) == 0 }

func (c *pageChanges) covers(path string) bool {
	if c.all || c.paths[path] {
		return true
	}
	for p := range c.prefixes {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// mark records a page_content notification: which pages show the table it names.
func (c *pageChanges) mark(payload string) {
	var n struct {
		Table string   `json:"table"`
		Slugs []string `json:"slugs"`
	}
	if c.paths == nil {
		c.paths, c.prefixes = map[string]bool{}, map[string]bool{}
	}
	if json.Unmarshal([]byte(payload), &n) != nil {
		c.all = true
		return
	}
	switch n.Table {
	case "cars": // the fleet, every car page (its suggestions show other cars)
		c.paths["/"], c.paths["/vehicles"], c.prefixes["/cars/"] = true, true, true
	case "blog_posts": // the latest posts, the blog, every post (similar posts)
		c.paths["/"], c.paths["/blog"], c.prefixes["/blog/"] = true, true, true
	case "car_images": // the pictures' own car pages
		if n.Slugs == nil {
			c.prefixes["/cars/"] = true
		}
		for _, s := range n.Slugs {
			c.paths["/cars/"+s] = true
		}
	case "category_key_facts", "category_excess", "category_deposits", "rental_rules":
		// the pages that state the terms (page_data's rentalTerms, rentalRules)
		for _, p := range []string{"/", "/contact", "/conditions-de-location", "/location-courte-duree", "/pourquoi-nous"} {
			c.paths[p] = true
		}
		c.prefixes["/cars/"] = true
	default:
		c.all = true
	}
}

// State says whether pages are rendered: "starting", "ready" or "failed" (the
// bundle does not run: pages are the shell with their meta).
func (r *pageRenderer) State() string {
	if s, ok := r.state.Load().(string); ok {
		return s
	}
	return "starting"
}

// Run keeps the table of pages up to date while this server is the renderer,
// and its cache in step with the table, until ctx ends. The servers of one
// database compete for one advisory lock, held on a connection of its own: its
// holder renders; when its connection ends (the server stopped or died),
// PostgreSQL releases the lock and the next server in line renders.
func (r *pageRenderer) Run(ctx context.Context) {
	go r.follow(ctx)
	for ctx.Err() == nil {
		lead, release, err := r.elect(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			r.log.Warn("pages: cannot wait for the renderer's lock; retrying", "err", err)
			select {
			case <-ctx.Done():
				return
			case <-time.After(5 * time.Second):
			}
			continue
		}
		r.log.Info("pages: this server is the renderer")
		r.leader.Store(true)
		r.lead(lead)
		r.leader.Store(false)
		release()
	}
}

// renderLock is the first key of the renderer's advisory lock (two-int form,
// the second 0); advisory locks are per database.
const renderLock = 1885431653 // "page"

// elect waits for the renderer's lock on a connection of its own, and returns a
// context that ends when that connection is lost, and what releases it.
func (r *pageRenderer) elect(ctx context.Context) (context.Context, func(), error) {
	conn, err := pgx.ConnectConfig(ctx, r.pool.Config().ConnConfig.Copy())
	if err != nil {
		return nil, nil, err
	}
	if _, err := conn.Exec(ctx, "set statement_timeout = 0"); err != nil {
		_ = conn.Close(context.Background())
		return nil, nil, err
	}
	if _, err := conn.Exec(ctx, "select pg_catalog.pg_advisory_lock($1, 0)", renderLock); err != nil {
		_ = conn.Close(context.Background())
		return nil, nil, err
	}
	lead, cancel := context.WithCancel(ctx)
	watched := make(chan struct{})
	go func() { // the lock lives as long as its connection: stop rendering when it is lost
		defer close(watched)
		t := time.NewTicker(2 * time.Second)
		defer t.Stop()
		for {
			select {
			case <-lead.Done():
				return
			case <-t.C:
				if err := conn.Ping(lead); err != nil && lead.Err() == nil {
					r.log.Warn("pages: the renderer's lock connection is lost", "err", err)
					cancel()
					return
				}
			}
		}
	}()
	return lead, func() { cancel(); <-watched; _ = conn.Close(context.Background()) }, nil
}

// follow keeps the cache in step with the table: page_store notifications name
// the pages written; after a reconnection (notifications may have been missed)
// the whole cache goes. A server that does not render is ready once the
// renderer says a burst is stored, or the table holds every page rendered.
func (r *pageRenderer) follow(ctx context.Context) {
	checkReady := func() {
		if r.leader.Load() || r.State() != "starting" {
			return
		}
		if ok, err := r.complete(ctx); err == nil && ok {
			r.state.Store("ready")
		}
	}
	l := &pglisten.Listener{
		Channel: "page_store",
		Config:  r.pool.Config().ConnConfig,
		Listening: func(first bool) {
			r.pages.drop(func(string) bool { return true })
			checkReady()
		},
		Notify: func(n *pgconn.Notification) {
			var c storeChange
			if json.Unmarshal([]byte(n.Payload), &c) != nil {
				c.All = true
			}
			r.pages.drop(c.covers)
			if c.Ready && !r.leader.Load() {
				r.state.Store("ready")
			}
		},
		Lost: func(err error) {
			r.log.Warn("pages: the page store listener stopped; pages may be answered from an old cache until it reconnects", "err", err)
			r.pages.drop(func(string) bool { return true })
		},
	}
	l.Run(ctx)
}

// lookup returns the page of path in lang and, when it is not stored, the
// not-found page of lang (both nil: nothing stored yet). From the cache, else
// from the table in one query; the not-found page is cached like a page, so an
// unknown address reads only its own row.
func (r *pageRenderer) lookup(ctx context.Context, path, lang string) (page, notFound *storedPage, err error) {
	k := pageKey{path, lang}
	page, gen := r.pages.get(k)
	if page != nil {
		return page, nil, nil
	}
	nk := pageKey{notFoundPath, lang}
	notFound, _ = r.pages.get(nk)
	page, readNotFound, err := r.readPage(ctx, path, lang, notFound == nil)
	if err != nil {
		return nil, nil, err
	}
	if page != nil {
		r.pages.put(k, page, gen)
		return page, nil, nil
	}
	if readNotFound != nil {
		r.pages.put(nk, readNotFound, gen)
		notFound = readNotFound
	}
	return nil, notFound, nil
}

// lead renders while this server holds the renderer's lock (until ctx ends).
func (r *pageRenderer) lead(ctx context.Context) {
	from, err := r.readSums(ctx)
	if err != nil {
		r.log.Warn("pages: cannot read what the stored pages were rendered from; rendering them all", "err", err)
		from = map[pageKey][32]byte{}
	}
	r.from = from
	notes := make(chan string, 256)
	listening := make(chan struct{})
	lctx, stop := context.WithCancel(ctx)
	defer stop()
	go r.listen(lctx, notes, listening)
	// The first render reads the data after LISTEN, so no change in between is
	// missed (a database that is slow to answer only delays the first burst).
	select {
	case <-listening:
	case <-time.After(5 * time.Second):
	case <-ctx.Done():
		return
	}
	todo := pageChanges{all: true}
	loc := agencyLocation()
	for {
		if !todo.empty() {
			if err := r.refresh(ctx, &todo); err != nil {
				if ctx.Err() != nil {
					return
				}
				r.log.Warn("pages: refresh failed; retrying", "err", err)
				select { // keep what is to do, try again soon
				case <-ctx.Done():
					return
				case <-time.After(5 * time.Second):
				}
				continue
			}
			todo = pageChanges{}
		}
		now := time.Now().In(loc)
		midnight := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 1, 0, loc)
		wait := time.NewTimer(min(r.recheck, midnight.Sub(now)))
		select {
		case <-ctx.Done():
			wait.Stop()
			return
		case <-wait.C:
			todo.all = true
		case n := <-notes:
			wait.Stop()
			todo.mark(n)
			// A transaction touching several tables notifies once each: take them together.
			settle := time.After(100 * time.Millisecond)
		drain:
			for {
				select {
				case n := <-notes:
					todo.mark(n)
				case <-settle:
					break drain
				}
			}
		}
	}
}

// listen forwards page_content notifications on its own connection, and closes
// listening once it first listens; "" (every page) after each reconnection, as
// notifications may have been missed.
func (r *pageRenderer) listen(ctx context.Context, notes chan<- string, listening chan struct{}) {
	l := &pglisten.Listener{
		Channel: "page_content",
		Config:  r.pool.Config().ConnConfig,
		Listening: func(first bool) {
			if first {
				close(listening)
			} else {
				notes <- ""
			}
		},
		Notify: func(n *pgconn.Notification) {
			if n.Payload != "" {
				r.markChanged(ctx, r.changes.add(n.Payload))
			}
			select {
			case notes <- n.Payload:
			default: // the queue is full: a burst is behind, and will look at everything
				notes <- ""
			}
		},
		Lost: func(err error) {
			r.log.Warn("pages: change listener stopped; rechecking periodically until it reconnects", "err", err)
		},
	}
	l.Run(ctx)
}

// pageSource is what one page is built from.
type pageSource struct {
	path string
	data json.RawMessage
	meta map[string]map[string]string // by language
}

// refresh lists the public pages, reads the data of those todo covers (and of
// those never built) and renders the ones whose data changed.
func (r *pageRenderer) refresh(ctx context.Context, todo *pageChanges) error {
	seen := r.changes.now() // the data read below shows every change up to here
	day, paths, err := r.list(ctx)
	if err != nil {
		return err
	}
	var check []string
	for _, p := range paths {
		if todo.covers(p) || r.missing(p) {
			check = append(check, p)
		}
	}
	sources, err := r.read(ctx, check)
	if err != nil {
		return err
	}
	jobs, err := r.plan(ctx, day, sources)
	if err != nil {
		return err
	}
	if len(jobs) == 0 {
		if r.State() == "starting" {
			r.state.Store("ready")
			return r.notifyReady(ctx)
		}
		return nil
	}
	return r.build(ctx, jobs, seen)
}

// list reads the agency's day and the public pages, and forgets the pages that
// are no longer among them.
func (r *pageRenderer) list(ctx context.Context) (day string, paths []string, err error) {
	err = pgrole.Query(ctx, r.pool, anonSession, false,
		"select (now() at time zone 'Africa/Casablanca')::date::text, array(select path from public.sitemap_paths())", nil,
		func(rows pgx.Rows) error {
			if rows.Next() {
				return rows.Scan(&day, &paths)
			}
			return rows.Err()
		})
	if err != nil {
		return "", nil, err
	}
	if err := r.deleteGone(ctx, paths); err != nil {
		return "", nil, err
	}
	r.site.Store(int64((len(paths) + 1) * len(siteLanguages)))
	if r.from == nil {
		r.from = map[pageKey][32]byte{}
	}
	public := make(map[string]bool, len(paths))
	for _, p := range paths {
		public[p] = true
	}
	for k := range r.from {
		if k.path != notFoundPath && !public[k.path] {
			delete(r.from, k)
		}
	}
	return day, paths, nil
}

// pageJob is one page to build in one language (src nil: the not-found page).
type pageJob struct {
	src  *pageSource
	lang string
	sum  [32]byte
}

// priority orders a burst: the pages most visited and most read by search
// engines first (home, fleet, blog, the fixed pages, the not-found page), then
// cars, then posts.
func priority(path string) int {
	switch {
	case path == "/":
		return 0
	case path == "/vehicles":
		return 1
	case path == "/blog":
		return 2
	case path == notFoundPath:
		return 4
	case strings.HasPrefix(path, "/cars/"):
		return 5
	case strings.HasPrefix(path, "/blog/"):
		return 6
	}
	return 3
}

// plan lists the pages whose sources are not what they were built from, most
// important first. Until its render is stored, a page never built is the shell
// with its meta, and a page built before is its last render marked stale.
func (r *pageRenderer) plan(ctx context.Context, day string, sources []pageSource) ([]pageJob, error) {
	var jobs []pageJob
	var shells []pageRow
	var stale, current []pageKey
	// A page not built yet is stored at once as its shell (meta and data, no
	// render), a few at a time: a burst does not hold a site's worth of shells.
	writeShells := func(min int) error {
		if len(shells) < min || len(shells) == 0 {
			return nil
		}
		err := r.writePages(ctx, shells, true)
		shells = shells[:0]
		return err
	}
	for i := range sources {
		s := &sources[i]
		for _, lang := range siteLanguages {
			k := pageKey{s.path, lang}
			sum := r.sourceSum(day, s.data, s.meta[lang])
			from, built := r.from[k]
			if built && from == sum {
				// Marked stale by a change that left what it shows as it was (or by
				// one during its render, whose data is read now): its render is current.
				current = append(current, k)
				continue
			}
			jobs = append(jobs, pageJob{s, lang, sum})
			if built {
				stale = append(stale, k)
			} else {
				shells = append(shells, pageRow{path: s.path, lang: lang, page: newStoredPage(r.compose(s.path, lang, s.meta[lang], s.data, nil))})
				if err := writeShells(32); err != nil {
					return nil, err
				}
			}
		}
	}
	for _, lang := range siteLanguages {
		k := pageKey{notFoundPath, lang}
		if sum := r.sourceSum(day, nil, nil); r.from[k] != sum {
			jobs = append(jobs, pageJob{nil, lang, sum})
			if _, built := r.from[k]; !built {
				shells = append(shells, pageRow{path: notFoundPath, lang: lang, page: newStoredPage(r.notFound(lang, nil))})
			}
		}
	}
	slices.SortStableFunc(jobs, func(a, b pageJob) int { return priority(pathOf(a.src)) - priority(pathOf(b.src)) })
	if err := writeShells(1); err != nil {
		return nil, err
	}
	if err := r.setStale(ctx, stale, true); err != nil {
		return nil, err
	}
	return jobs, r.setStale(ctx, current, false)
}

// build renders jobs in one burst and stores them, a few at a time so that the
// first are answered soon; seen is the last change the data they were built
// from shows.
func (r *pageRenderer) build(ctx context.Context, jobs []pageJob, seen int64) error {
	defer r.bursts.Add(1)
	start := time.Now()
	b := r.openBurst(ctx)
	defer b.close()
	var batch []pageRow
	var sums [][32]byte
	var size, stored int
	flush := func() error {
		if err := r.writePages(ctx, batch, false); err != nil {
			return err
		}
		for i, row := range batch {
			r.from[pageKey{row.path, row.lang}] = sums[i]
		}
		stored += len(batch)
		batch, sums, size = batch[:0], sums[:0], 0
		return nil
	}
	for _, j := range jobs {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		row := pageRow{path: pathOf(j.src), lang: j.lang, sum: j.sum[:]}
		if j.src == nil {
			out := b.render(ssr.Input{URL: notFoundURL, Path: notFoundURL, Lang: j.lang, Data: json.RawMessage("{}")})
			row.page = newStoredPage(r.notFound(j.lang, out))
		} else {
			data := j.src.data
			if data == nil {
				data = json.RawMessage("{}")
			}
			esc := escapedPath(j.src.path)
			out := b.render(ssr.Input{URL: esc, Path: esc, Lang: j.lang, Data: data})
			row.page = newStoredPage(r.compose(j.src.path, j.lang, j.src.meta[j.lang], j.src.data, out))
			row.stale = r.changes.changedSince(seen, j.src.path) // changed again while rendering
		}
		batch, sums = append(batch, row), append(sums, j.sum)
		if size += len(row.page.gz); len(batch) >= 32 || size >= 1<<20 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	if b.err != nil {
		r.state.Store("failed")
	} else {
		r.state.Store("ready")
	}
	r.log.Info("pages: built", "pages", len(jobs), "rendered", b.rendered, "took", time.Since(start).Round(time.Millisecond), "stored", stored)
	return r.notifyReady(ctx)
}

func pathOf(s *pageSource) string {
	if s == nil {
		return notFoundPath
	}
	return s.path
}

// missing says whether a page of path was never built.
func (r *pageRenderer) missing(path string) bool {
	for _, lang := range siteLanguages {
		if _, ok := r.from[pageKey{path, lang}]; !ok {
			return true
		}
	}
	return false
}

// read fetches the data and meta of paths as anon, 100 at a time (anon's
// statement_timeout bounds each query: a fleet of a thousand cars is not read in
// one).
func (r *pageRenderer) read(ctx context.Context, paths []string) ([]pageSource, error) {
	var out []pageSource
	for part := range slices.Chunk(paths, 100) {
		sources, err := r.readPart(ctx, part)
		if err != nil {
			return nil, err
		}
		out = append(out, sources...)
	}
	return out, nil
}

func (r *pageRenderer) readPart(ctx context.Context, paths []string) ([]pageSource, error) {
	var out []pageSource
	err := pgrole.Query(ctx, r.pool, anonSession, false, `
		select p, public.page_data(p), public.page_meta(p, 'fr'), public.page_meta(p, 'en'), public.page_meta(p, 'ar')
		from unnest($1::text[]) p`, []any{paths},
		func(rows pgx.Rows) error {
			for rows.Next() {
				var s pageSource
				var data []byte
				var fr, en, ar map[string]string
				if err := rows.Scan(&s.path, &data, &fr, &en, &ar); err != nil {
					return err
				}
				if data != nil {
					s.data = data
				}
				s.meta = map[string]map[string]string{"fr": fr, "en": en, "ar": ar}
				out = append(out, s)
			}
			return rows.Err()
		})
	return out, err
}

// sourceSum identifies what a page is built from: the site's build, its data,
// its meta and the day.
func (r *pageRenderer) sourceSum(day string, data json.RawMessage, meta map[string]string) [32]byte {
	b, _ := json.Marshal([]any{r.buildSum[:], day, data, meta})
	return sha256.Sum256(b)
}

// burst is one engine (a VM, or a child process with its own) for one round of
// renders, opened on first use.
type burst struct {
	r        *pageRenderer
	ctx      context.Context
	eng      ssr.Engine
	opens    int
	err      error // the bundle does not run: the rest of the burst is shells
	rendered int
}

func (r *pageRenderer) openBurst(ctx context.Context) *burst { return &burst{r: r, ctx: ctx} }

// render renders one page; nil when it cannot (no bundle, a failing page).
func (b *burst) render(in ssr.Input) *ssr.Output {
	if b.err != nil || !b.r.bundle {
		return nil
	}
	if b.eng == nil || b.eng.Broken() != nil {
		if b.opens == 3 { // a bundle that keeps breaking its engine: shells until the next burst
			b.err = b.eng.Broken()
			return nil
		}
		b.opens++
		b.close()
		if b.eng, b.err = b.r.open(b.ctx); b.err != nil {
			b.r.log.Error("pages: the server bundle does not run; pages are the shell", "err", b.err)
			b.eng = nil
			return nil
		}
	}
	out, err := b.eng.Render(in)
	if err != nil {
		b.r.log.Warn("pages: render", "url", in.URL, "lang", in.Lang, "err", err)
		return nil
	}
	b.r.rendered.Add(1)
	b.rendered++
	return &out
}

// open starts an engine with the build's bundle: a Deno process, a child process
// running the server binary's render-pages command, or (PAGE_RENDERER=inline) a
// VM here.
func (r *pageRenderer) open(ctx context.Context) (ssr.Engine, error) {
	src, err := fs.ReadFile(r.files, bundlePath)
	if err != nil {
		return nil, err
	}
	switch {
	case r.inline:
		return ssr.Open(src, bundlePath, r.log)
	case r.deno != "":
		return ssr.StartDeno(ctx, r.deno, r.cache, src, r.log)
	}
	return ssr.StartProcess(ctx, r.exe, []string{RenderCommand}, src)
}

// close drops the engine and gives its memory back to the system.
func (b *burst) close() {
	if b.eng == nil {
		return
	}
	if err := b.eng.Close(); err != nil {
		b.r.log.Warn("pages: the render process", "err", err)
	}
	b.eng = nil
	runtime.GC()
	debug.FreeOSMemory()
}

// agencyLocation is the agency's time zone (its day decides what is bookable).
func agencyLocation() *time.Location {
	if loc, err := time.LoadLocation("Africa/Casablanca"); err == nil {
		return loc
	}
	return time.FixedZone("Africa/Casablanca", 3600)
}

var (
	pagesRenderedDesc = prometheus.NewDesc("site_pages_rendered_total", "Public pages rendered by the server bundle in this server since start (each page in each language).", nil, nil)
	pagesBurstsDesc   = prometheus.NewDesc("site_page_bursts_total", "Bursts of page builds finished by this server since start.", nil, nil)
	pagesStoredDesc   = prometheus.NewDesc("site_page_cache_pages", "Pages in this server's cache in front of the table of pages (each language counts).", nil, nil)
	pagesBytesDesc    = prometheus.NewDesc("site_page_cache_bytes", "Bytes of this server's cache of pages.", nil, nil)
	sitePagesDesc     = prometheus.NewDesc("site_pages", "Pages the site has, each language counts (the not-found page too), as the renderer last listed them.", nil, nil)
	rendererDesc      = prometheus.NewDesc("site_page_renderer", "1 while this server is the one rendering the pages of the site.", nil, nil)
)

// collector exports the render counter and the cache's size on /metrics.
func (r *pageRenderer) collector() prometheus.Collector { return pageCollector{r} }

type pageCollector struct{ r *pageRenderer }

// Describe lists what Collect sends: one list of the metrics, in Collect.
func (c pageCollector) Describe(ch chan<- *prometheus.Desc) { prometheus.DescribeByCollect(c, ch) }

func (c pageCollector) Collect(ch chan<- prometheus.Metric) {
	n, size := c.r.pages.stats()
	leader := 0.0
	if c.r.leader.Load() {
		leader = 1
	}
	ch <- prometheus.MustNewConstMetric(pagesRenderedDesc, prometheus.CounterValue, float64(c.r.rendered.Load()))
	ch <- prometheus.MustNewConstMetric(pagesBurstsDesc, prometheus.CounterValue, float64(c.r.bursts.Load()))
	ch <- prometheus.MustNewConstMetric(pagesStoredDesc, prometheus.GaugeValue, float64(n))
	ch <- prometheus.MustNewConstMetric(pagesBytesDesc, prometheus.GaugeValue, float64(size))
	ch <- prometheus.MustNewConstMetric(sitePagesDesc, prometheus.GaugeValue, float64(c.r.site.Load()))
	ch <- prometheus.MustNewConstMetric(rendererDesc, prometheus.GaugeValue, leader)
}
