// Package ssr runs the frontend's server bundle (frontend/dist/ssr/render.js, built
// by frontend/vite.ssr.config.ts) in goja, a JavaScript VM written in Go, to turn a
// public page and its data into HTML that already shows it; the browser then
// hydrates.
//
// The package knows the bundle's contract, not the pages: the bundle defines the
// global CasaRentSSR with warm() (render every route once so lazy modules resolve)
// and render(input) → {html, lang, dir} (html "" = not a server-rendered page).
//
// Pages are rendered ahead of visitors, in bursts (rental/website/pagerender.go): a burst
// opens a VM, renders the pages that changed, and drops it. A VM with the site's
// bundle holds tens of megabytes, so none is kept between bursts; a visitor's
// request never reaches this package.
package ssr

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"time"

	"github.com/dop251/goja"
	"github.com/microcosm-cc/bluemonday"
)

// Input is one page to render.
type Input struct {
	URL  string          `json:"url"`  // the page's path, without query string: a page is the same for every visitor of its language
	Path string          `json:"path"` // the escaped path, the key of Data
	Lang string          `json:"lang"` // the page's language (rental/website/lang.go)
	Data json.RawMessage `json:"data"` // public.page_data(path)
}

// Output is the rendered markup of #root and the document's language.
type Output struct {
	HTML string `json:"html"`
	Lang string `json:"lang"`
	Dir  string `json:"dir"`
}

// VM is one JavaScript VM with the bundle loaded and warmed. It renders one page
// at a time; drop it when the burst is over.
type VM struct {
	rt      *goja.Runtime
	render  goja.Callable
	timeout time.Duration
	broken  error // set when a render was interrupted: React may be mid-way
}

// Open compiles the bundle, runs it and warms it (seconds for the site's bundle).
func Open(src []byte, name string, log *slog.Logger) (*VM, error) {
	program, err := goja.Compile(name, string(src), false)
	if err != nil {
		return nil, fmt.Errorf("ssr: compile %s: %w", name, err)
	}
	rt := goja.New()
	if err := installGlobals(rt, log); err != nil {
		return nil, err
	}
	if _, err := rt.RunProgram(program); err != nil {
		return nil, fmt.Errorf("ssr: run bundle: %w", err)
	}
	api := rt.Get("CasaRentSSR")
	if api == nil || goja.IsUndefined(api) {
		return nil, errors.New("ssr: the bundle defines no CasaRentSSR")
	}
	obj := api.ToObject(rt)
	fns := map[string]goja.Callable{}
	for _, fn := range []string{"render", "warm"} {
		f, ok := goja.AssertFunction(obj.Get(fn))
		if !ok {
			return nil, fmt.Errorf("ssr: CasaRentSSR.%s is not a function", fn)
		}
		fns[fn] = f
	}
	// Each call runs the promise jobs it queued before returning, so a second
	// pass finds the lazy modules the first one asked for.
	for range 2 {
		if _, err := fns["warm"](goja.Undefined()); err != nil {
			return nil, fmt.Errorf("ssr: warm: %w", err)
		}
	}
	return &VM{rt: rt, render: fns["render"], timeout: 5 * time.Second}, nil
}

// SetTimeout bounds each render (5 s by default); a render that runs longer is
// stopped and the VM is broken.
func (v *VM) SetTimeout(d time.Duration) { v.timeout = d }

// Broken says why the VM may render no more (nil: it may).
func (v *VM) Broken() error { return v.broken }

// Render renders one page.
func (v *VM) Render(in Input) (Output, error) {
	if v.broken != nil {
		return Output{}, v.broken
	}
	arg, err := json.Marshal(in)
	if err != nil {
		return Output{}, err
	}
	timer := time.AfterFunc(v.timeout, func() { v.rt.Interrupt("ssr: timed out") })
	res, err := v.render(goja.Undefined(), v.rt.ToValue(string(arg)))
	timer.Stop()
	v.rt.ClearInterrupt()
	if err != nil {
		if errors.As(err, new(*goja.InterruptedError)) {
			v.broken = err
		}
		return Output{}, fmt.Errorf("ssr: render %s: %w", in.URL, err)
	}
	var out Output
	if err := json.Unmarshal([]byte(res.String()), &out); err != nil {
		return Output{}, fmt.Errorf("ssr: render %s: %w", in.URL, err)
	}
	return out, nil
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
