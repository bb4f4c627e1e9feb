package ssr

import (
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/dop251/goja"

	"casarent/server/ssr/ssrtest"
)

func openTestVM(t *testing.T) *VM {
	t.Helper()
	src := ssrtest.Bundle(t)
	v, err := Open(src, "render.js", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestRenderRunsTheBundleWithItsStandIns(t *testing.T) {
	v := openTestVM(t)
	data, _ := json.Marshal(map[string]string{"html": `<p onclick="x()">Hi<script>alert(1)</script></p>`})
	out, err := v.Render(Input{URL: "/blog/x", Path: "/blog/x", Lang: "ar", Data: data})
	if err != nil {
		t.Fatal(err)
	}
	// warm ran twice (lazy modules), é is two UTF-8 bytes, the sanitizer dropped the script and handler.
	if want := "<main><p>Hi</p></main><p>2 2 1 ar /blog/x</p>"; out.HTML != want {
		t.Errorf("html = %q, want %q", out.HTML, want)
	}
	if out.Lang != "ar" || out.Dir != "rtl" {
		t.Errorf("lang, dir = %q, %q", out.Lang, out.Dir)
	}
	if _, err := v.Render(Input{Path: "/throw", Data: []byte(`{}`)}); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("a throwing render: err = %v", err)
	}
	// A render that throws leaves the VM usable.
	if out, err := v.Render(Input{URL: "/", Path: "/", Lang: "fr", Data: []byte(`{}`)}); err != nil || !strings.Contains(out.HTML, " 2 fr /") {
		t.Errorf("after a throw: %v, %v", out, err)
	}
}

func TestARunawayRenderIsStoppedAndBreaksItsVM(t *testing.T) {
	v := openTestVM(t)
	v.SetTimeout(200 * time.Millisecond)
	_, err := v.Render(Input{Path: "/loop", Data: []byte(`{}`)})
	var interrupted *goja.InterruptedError
	if !errors.As(err, &interrupted) {
		t.Fatalf("err = %v, want an interrupted render", err)
	}
	// React may have been stopped mid-way: the VM renders no more.
	if v.Broken() == nil {
		t.Error("an interrupted VM is not broken")
	}
	if _, err := v.Render(Input{Path: "/", Data: []byte(`{}`)}); err == nil {
		t.Error("a broken VM rendered")
	}
}

func TestABrokenBundleDoesNotOpen(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	if _, err := Open([]byte("this is not javascript ("), "render.js", log); err == nil || !strings.Contains(err.Error(), "compile") {
		t.Errorf("err = %v, want the compile error", err)
	}
	if _, err := Open([]byte("var x = 1;"), "render.js", log); err == nil || !strings.Contains(err.Error(), "CasaRentSSR") {
		t.Errorf("err = %v, want the missing entry point", err)
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
