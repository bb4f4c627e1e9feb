// Package ssr runs the frontend's server bundle (frontend/dist/ssr/render.js, built
// by frontend/vite.ssr.config.ts) in goja, a JavaScript VM written in Go, so public
// pages are answered as HTML that already shows them; the browser then hydrates.
//
// The package knows the bundle's contract, not the pages: the bundle defines the
// global CasaRentSSR with warm() (render every route once so lazy modules resolve)
// and render(input) → {html, lang, dir} (html "" = not a server-rendered page).
// A VM is single-threaded, so a Renderer keeps a small pool of them.
package ssr

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"runtime"
	"time"

	"github.com/dop251/goja"
	"github.com/microcosm-cc/bluemonday"
)

// Input is one page to render.
type Input struct {
	URL  string          `json:"url"`  // the path the router renders, without query string: a page is the same for every visitor of its language
	Path string          `json:"path"` // the escaped path, the key of Data
	Lang string          `json:"lang"` // the page's language (the server's rule, server/lang.go)
	Data json.RawMessage `json:"data"` // public.page_data(path)
}

// Output is the rendered markup of #root and the document's language.
type Output struct {
	HTML string `json:"html"`
	Lang string `json:"lang"`
	Dir  string `json:"dir"`
}

// Renderer renders with a pool of VMs built from one compiled bundle.
type Renderer struct {
	ready   chan struct{} // closed once the bundle is compiled and the first VM built
	err     error         // why it never became ready
	program *goja.Program
	pool    chan *vm      // idle VMs
	unbuilt chan struct{} // one token per VM the pool may still build
	timeout time.Duration
	log     *slog.Logger
	cache   *cache
}

type vm struct {
	rt     *goja.Runtime
	render goja.Callable
}

// ErrNotReady is returned while the renderer is still starting (or failed to).
var ErrNotReady = errors.New("ssr: renderer not ready")

// New starts compiling the bundle and building the first VM in the background
// (seconds for a full site bundle), so the server starts at once; until then
// Render waits as long as its context allows. A broken bundle is logged.
func New(src []byte, name string, log *slog.Logger) *Renderer {
	// Half the processors at most, as for image renders: pages must not starve the API.
	size := max(1, runtime.GOMAXPROCS(0)/2)
	r := &Renderer{ready: make(chan struct{}), pool: make(chan *vm, size), unbuilt: make(chan struct{}, size),
		timeout: 2 * time.Second, log: log, cache: newCache(512)}
	go func() {
		defer close(r.ready)
		start := time.Now()
		r.program, r.err = goja.Compile(name, string(src), false)
		if r.err != nil {
			r.err = fmt.Errorf("ssr: compile %s: %w", name, r.err)
			log.Error("server-side rendering is off", "err", r.err)
			return
		}
		first, err := r.newVM()
		if err != nil {
			r.err = err
			log.Error("server-side rendering is off", "err", err)
			return
		}
		r.pool <- first
		// The others are built on demand, up to the pool's size.
		for range size - 1 {
			r.unbuilt <- struct{}{}
		}
		log.Info("server-side rendering ready", "bundle", name, "took", time.Since(start).Round(time.Millisecond))
	}()
	return r
}

// State says whether pages are rendered yet: "starting", "ready" or "failed".
func (r *Renderer) State() string {
	select {
	case <-r.ready:
		if r.err != nil {
			return "failed"
		}
		return "ready"
	default:
		return "starting"
	}
}

func (r *Renderer) acquire(ctx context.Context) (*vm, error) {
	select {
	case <-r.ready:
		if r.err != nil {
			return nil, r.err
		}
	case <-ctx.Done():
		return nil, ErrNotReady
	}
	select {
	case v := <-r.pool:
		return v, nil
	default:
	}
	// None idle: grow the pool in the background if it may (a VM takes seconds to
	// build) and take the first VM that frees up.
	select {
	case <-r.unbuilt:
		go r.grow()
	default:
	}
	select {
	case v := <-r.pool:
		return v, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (r *Renderer) grow() {
	v, err := r.newVM()
	if err != nil {
		r.log.Error("ssr: a new VM", "err", err)
		r.unbuilt <- struct{}{}
		return
	}
	r.pool <- v
}

// Render renders one page, or returns its recent render of the same page, data and
// language. It waits for a free VM (or builds one) as long as ctx allows.
func (r *Renderer) Render(ctx context.Context, in Input) (Output, error) {
	key := cacheKey(in.URL, in.Path, in.Lang, in.Data, time.Now())
	if out, ok := r.cache.get(key); ok {
		return out, nil
	}
	v, err := r.acquire(ctx)
	if err != nil {
		return Output{}, err
	}
	out, err := r.renderOn(v, in)
	if err == nil {
		r.cache.put(key, out)
	}
	if errors.As(err, new(*goja.InterruptedError)) {
		// An interrupted VM may be mid-way through React's work: build a new one.
		r.unbuilt <- struct{}{}
	} else {
		r.pool <- v
	}
	return out, err
}

func (r *Renderer) renderOn(v *vm, in Input) (Output, error) {
	arg, err := json.Marshal(in)
	if err != nil {
		return Output{}, err
	}
	res, err := v.call(r.timeout, v.render, string(arg))
	if err != nil {
		return Output{}, fmt.Errorf("ssr: render %s: %w", in.URL, err)
	}
	var out Output
	if err := json.Unmarshal([]byte(res), &out); err != nil {
		return Output{}, fmt.Errorf("ssr: render %s: %w", in.URL, err)
	}
	return out, nil
}

// call runs one function of the bundle with a string argument, stopped after timeout.
func (v *vm) call(timeout time.Duration, fn goja.Callable, arg string) (string, error) {
	timer := time.AfterFunc(timeout, func() { v.rt.Interrupt("ssr: timed out") })
	defer func() {
		timer.Stop()
		v.rt.ClearInterrupt()
	}()
	res, err := fn(goja.Undefined(), v.rt.ToValue(arg))
	if err != nil {
		return "", err
	}
	return res.String(), nil
}

// firstVisits are the pages rendered ahead of their first visitor, in each language.
var firstVisits = []string{"/", "/vehicles", "/blog"}

// Prerender renders, once the renderer is ready, the first-visit pages in each
// language, with the data data(path) gives, so the first visitors of the day do not
// wait for a render.
func (r *Renderer) Prerender(ctx context.Context, data func(ctx context.Context, path string) json.RawMessage) {
	for _, path := range firstVisits {
		for _, lang := range []string{"fr", "en", "ar"} {
			if ctx.Err() != nil {
				return
			}
			in := Input{URL: path, Path: path, Lang: lang, Data: data(ctx, path)}
			if _, err := r.Render(ctx, in); err != nil {
				r.log.Warn("ssr: prerender", "url", path, "err", err)
			}
		}
	}
}

// newVM builds a VM: the stand-ins the bundle needs from a browser, the bundle, and
// one render of every route (warm) so lazily imported pages are ready.
func (r *Renderer) newVM() (*vm, error) {
	rt := goja.New()
	if err := installGlobals(rt, r.log); err != nil {
		return nil, err
	}
	if _, err := rt.RunProgram(r.program); err != nil {
		return nil, fmt.Errorf("ssr: run bundle: %w", err)
	}
	api := rt.Get("CasaRentSSR")
	if api == nil || goja.IsUndefined(api) {
		return nil, errors.New("ssr: the bundle defines no CasaRentSSR")
	}
	obj := api.ToObject(rt)
	fns := map[string]goja.Callable{}
	for _, name := range []string{"render", "warm"} {
		fn, ok := goja.AssertFunction(obj.Get(name))
		if !ok {
			return nil, fmt.Errorf("ssr: CasaRentSSR.%s is not a function", name)
		}
		fns[name] = fn
	}
	warm := fns["warm"]
	// Each call runs the promise jobs it queued before returning, so a second
	// pass finds the lazy modules the first one asked for.
	for range 2 {
		if _, err := warm(goja.Undefined()); err != nil {
			return nil, fmt.Errorf("ssr: warm: %w", err)
		}
	}
	return &vm{rt: rt, render: fns["render"]}, nil
}

// sanitizer keeps what the blog editor writes, as frontend/src/features/blog/sanitize.ts
// does with DOMPurify in the browser (the browser keeps the server's markup when it
// hydrates, so the two must agree): formatting, tables, links, images and data-*
// attributes (the editor's image alignment); no scripts, styles, forms or frames.
func sanitizer() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowDataAttributes()
	p.AllowAttrs("class", "dir", "lang", "title").Globally()
	p.AllowAttrs("target").Matching(regexp.MustCompile(`^(_blank|_self)$`)).OnElements("a")
	p.AllowAttrs("colspan", "rowspan").Matching(bluemonday.Integer).OnElements("td", "th")
	p.RequireNoFollowOnLinks(false)
	return p
}
