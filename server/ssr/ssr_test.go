package ssr

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"
)

func testRenderer(t *testing.T, src string) *Renderer {
	t.Helper()
	return New([]byte(src), "render.js", slog.New(slog.DiscardHandler))
}

func TestRenderRunsTheBundleWithItsStandIns(t *testing.T) {
	src, err := os.ReadFile("testdata/render.js")
	if err != nil {
		t.Fatal(err)
	}
	r := testRenderer(t, string(src))
	data, _ := json.Marshal(map[string]string{"html": `<p onclick="x()">Hi<script>alert(1)</script></p>`})
	out, err := r.Render(context.Background(), Input{URL: "/blog/x", Path: "/blog/x", Lang: "ar", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	// warm ran twice (lazy modules), é is two UTF-8 bytes, the sanitizer dropped the script and handler.
	if want := "<main><p>Hi</p></main><p>2 2 1</p>"; out.HTML != want {
		t.Errorf("html = %q, want %q", out.HTML, want)
	}
	if out.Lang != "ar" || out.Dir != "rtl" {
		t.Errorf("lang, dir = %q, %q", out.Lang, out.Dir)
	}
	// The same page, data and language is the cached render; another language or other data renders again.
	render := func(in Input) string {
		t.Helper()
		out, err := r.Render(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		return out.HTML
	}
	same := Input{URL: "/blog/x", Path: "/blog/x", Lang: "ar", Data: data}
	if got := render(same); !strings.HasSuffix(got, " 1</p>") {
		t.Errorf("same page, data and language: rendered again (%s)", got)
	}
	if got := render(Input{URL: "/blog/x", Path: "/blog/x", Lang: "fr", Data: data}); !strings.HasSuffix(got, " 2</p>") {
		t.Errorf("another language: %s", got)
	}
	if got := render(Input{URL: "/blog/x", Path: "/blog/x", Lang: "fr", Data: []byte(`{"html":"new"}`)}); !strings.HasSuffix(got, " 3</p>") {
		t.Errorf("new data: %s", got)
	}
	if _, err := r.Render(context.Background(), Input{Path: "/throw", Data: []byte(`{}`)}); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("a throwing render: err = %v", err)
	}
}

func TestPrerenderFillsTheCacheForFirstVisits(t *testing.T) {
	src, _ := os.ReadFile("testdata/render.js")
	r := testRenderer(t, string(src))
	var asked []string
	r.Prerender(context.Background(), func(_ context.Context, path string) json.RawMessage {
		asked = append(asked, path)
		return json.RawMessage(`{"html":"x"}`)
	})
	if len(asked) != 9 {
		t.Fatalf("data asked for %v", asked)
	}
	// A first visit of /vehicles in Arabic is the prerendered page (the sixth render of the VM).
	out, err := r.Render(context.Background(), Input{URL: "/vehicles", Path: "/vehicles", Lang: "ar", Data: json.RawMessage(`{"html":"x"}`)})
	if err != nil || !strings.HasSuffix(out.HTML, " 6</p>") {
		t.Errorf("out = %v, %v", out, err)
	}
}

func TestARunawayRenderIsStoppedAndItsVMReplaced(t *testing.T) {
	src, _ := os.ReadFile("testdata/render.js")
	r := testRenderer(t, string(src))
	r.timeout = 200 * time.Millisecond
	_, err := r.Render(context.Background(), Input{Path: "/loop", Data: []byte(`{}`)})
	var interrupted *goja.InterruptedError
	if !errors.As(err, &interrupted) {
		t.Fatalf("err = %v, want an interrupted render", err)
	}
	// The pool still renders (a fresh VM took the interrupted one's place).
	for range 3 {
		if _, err := r.Render(context.Background(), Input{Path: "/", Data: []byte(`{}`)}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestABrokenBundleIsNeverReady(t *testing.T) {
	r := testRenderer(t, "this is not javascript (")
	if _, err := r.Render(context.Background(), Input{Path: "/", Data: []byte(`{}`)}); err == nil || !strings.Contains(err.Error(), "compile") {
		t.Errorf("err = %v, want the compile error", err)
	}
	r = testRenderer(t, "var x = 1;")
	if _, err := r.Render(context.Background(), Input{Path: "/", Data: []byte(`{}`)}); err == nil || !strings.Contains(err.Error(), "CasaRentSSR") {
		t.Errorf("err = %v, want the missing entry point", err)
	}
}

func TestRenderWaitsForReadinessOnlyAsLongAsItsContext(t *testing.T) {
	// A bundle that takes long to start: the caller's deadline wins.
	r := testRenderer(t, "var t = Date.now(); while (Date.now() - t < 1500) {} var CasaRentSSR = {warm: function(){}, render: function(){ return '{}' }};")
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := r.Render(ctx, Input{Path: "/", Data: []byte(`{}`)}); !errors.Is(err, ErrNotReady) {
		t.Errorf("err = %v, want ErrNotReady", err)
	}
}

// What the blog editor writes survives as DOMPurify (the browser) would keep it.
func TestSanitizerKeepsTheEditorsMarkup(t *testing.T) {
	p := sanitizer()
	for in, want := range map[string]string{
		`<p style="color:red" onclick="x()">Hi <strong>you</strong></p><script>alert(1)</script>`: `<p>Hi <strong>you</strong></p>`,
		`<img src="/a.jpg" alt="La route" data-align="full" style="width:100%">`:                  `<img src="/a.jpg" alt="La route" data-align="full">`,
		`<a href="https://x.test/" target="_blank">x</a>`:                                         `<a href="https://x.test/" target="_blank">x</a>`,
		`<a href="javascript:alert(1)">x</a>`:                                                     `x`,
		`<table><tbody><tr><td colspan="2">c</td></tr></tbody></table>`:                           `<table><tbody><tr><td colspan="2">c</td></tr></tbody></table>`,
		`<iframe src="https://x.test"></iframe><form><input></form>`:                              ``,
	} {
		if got := p.Sanitize(in); got != want {
			t.Errorf("%s\n got %s\nwant %s", in, got, want)
		}
	}
}
