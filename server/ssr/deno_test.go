package ssr

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"casarent/server/denotest"
	"casarent/server/ssr/ssrtest"
)

func startTestDeno(t *testing.T, src []byte) *Deno {
	t.Helper()
	d, err := StartDeno(context.Background(), denotest.Path(t), "", src, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = d.Close() })
	return d
}

func TestDenoRendersAsTheVMDoes(t *testing.T) {
	d := startTestDeno(t, ssrtest.Bundle(t))
	wantRendersAsTheVM(t, d)
	if err := d.Close(); err != nil {
		t.Errorf("the process did not exit cleanly: %v", err)
	}
	if _, err := os.Stat(d.scratch); !os.IsNotExist(err) {
		t.Errorf("its files are left behind: %v", err)
	}
}

func TestARunawayRenderEndsTheDenoProcess(t *testing.T) {
	d := startTestDeno(t, ssrtest.Bundle(t))
	d.SetTimeout(300 * time.Millisecond)
	if _, err := d.Render(Input{Path: "/loop", Data: []byte(`{}`)}); err == nil || !strings.Contains(err.Error(), "timed out") {
		t.Fatalf("err = %v, want a timed out render", err)
	}
	if d.Broken() == nil {
		t.Fatal("the process is not marked broken")
	}
	if _, err := d.Render(Input{URL: "/", Path: "/", Lang: "fr", Data: []byte(`{}`)}); err == nil {
		t.Error("a broken process rendered")
	}
}

func TestABundleThatDoesNotOpenInDenoIsTheStartsError(t *testing.T) {
	for src, want := range map[string]string{"var x = 1;": "CasaRentSSR", "var CasaRentSSR = {": "SyntaxError"} {
		if _, err := StartDeno(context.Background(), denotest.Path(t), "", []byte(src), nil); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err = %v, want %s", src, err, want)
		}
	}
}

// With a cache directory, the bundle and the runner are written once, under
// names of their content, and a new build's bundle replaces the old one.
func TestDenoKeepsOneBundleInItsCache(t *testing.T) {
	src := ssrtest.Bundle(t)
	cache := t.TempDir()
	for range 2 {
		d, err := StartDeno(context.Background(), denotest.Path(t), cache, src, nil)
		if err != nil {
			t.Fatal(err)
		}
		if out, err := d.Render(Input{URL: "/", Path: "/", Lang: "fr", Data: []byte(`{}`)}); err != nil || !strings.Contains(out.HTML, " fr /") {
			t.Errorf("render: %v, %v", out, err)
		}
		if err := d.Close(); err != nil {
			t.Error(err)
		}
	}
	next := append([]byte("var built = 2;\n"), src...)
	d, err := StartDeno(context.Background(), denotest.Path(t), cache, next, nil)
	if err != nil {
		t.Fatal(err)
	}
	_ = d.Close()
	bundles, _ := filepath.Glob(filepath.Join(cache, "bundle-*.mjs"))
	runners, _ := filepath.Glob(filepath.Join(cache, "runner-*.js"))
	if len(bundles) != 1 || len(runners) != 1 {
		t.Errorf("bundles %v, runners %v: want one of each", bundles, runners)
	}
	if b, _ := os.ReadFile(bundles[0]); !strings.HasPrefix(string(b), "var built = 2;") {
		t.Errorf("the bundle kept is not the last build's: %.40s", b)
	}
}

// The site's bundle writes the same markup in both engines: the browser hydrates
// whichever rendered the page.
func TestTheSiteBundleRendersTheSameInDenoAndGoja(t *testing.T) {
	vm := siteBundle(t)
	src, _ := os.ReadFile("../../frontend/dist/ssr/render.js")
	start := time.Now()
	d := startTestDeno(t, src)
	t.Logf("Deno started and warmed in %v", time.Since(start))
	post := []byte(`{"post":{"id":"00000000-0000-0000-0000-000000000001","slug":"p","title":"Un article","content":"<p onclick=\"x()\">Texte <b>gras</b></p><script>alert(1)</script>","excerpt":"x","author":"CasaRent","status":"published","tags":[],"translations":{},"created_at":"2026-01-01T00:00:00Z","updated_at":"2026-01-01T00:00:00Z","featured_image":null,"meta_title":null,"meta_description":null},"similarPosts":[]}`)
	for _, lang := range []string{"fr", "en", "ar"} {
		for _, in := range []Input{{URL: "/", Path: "/", Data: []byte(`{}`)}, {URL: "/vehicles", Path: "/vehicles", Data: []byte(`{}`)}, {URL: "/blog/p", Path: "/blog/p", Data: post}} {
			in.Lang = lang
			a, err := vm.Render(in)
			if err != nil {
				t.Fatal(err)
			}
			b, err := d.Render(in)
			if err != nil {
				t.Fatal(err)
			}
			if a != b {
				t.Errorf("%s %s: goja and Deno differ:\n%.400s\n%.400s", lang, in.URL, a.HTML, b.HTML)
			}
		}
	}
}

// A cache named by a relative path (DATA_DIR=.data, as `make run` has it) keeps the
// bundle it has just written: the render starts and answers.
func TestDenoWithARelativeCacheKeepsItsBundle(t *testing.T) {
	src, deno := ssrtest.Bundle(t), denotest.Path(t)
	t.Chdir(t.TempDir())
	d, err := StartDeno(context.Background(), deno, filepath.Join(".data", "render"), src, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if out, err := d.Render(Input{URL: "/", Path: "/", Lang: "fr", Data: []byte(`{}`)}); err != nil || !strings.Contains(out.HTML, " fr /") {
		t.Errorf("render: %v, %v", out, err)
	}
}
