package ssr

import (
	"context"
	"log/slog"
	"os"
	"strings"
	"testing"

	"casarent/server/ssr/ssrtest"
)

// The test binary is the child when run as "render-pages" (as the server is).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == "render-pages" {
		if err := ServeChild(os.Stdin, os.Stdout, slog.New(slog.DiscardHandler)); err != nil {
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestAChildProcessRendersAsTheVMDoes(t *testing.T) {
	src := ssrtest.Bundle(t)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p, err := StartProcess(context.Background(), exe, []string{"render-pages"}, src)
	if err != nil {
		t.Fatal(err)
	}
	wantRendersAsTheVM(t, p)
	if err := p.Close(); err != nil {
		t.Errorf("the child did not exit cleanly: %v", err)
	}
	// A bundle that does not open is the start's error.
	if _, err := StartProcess(context.Background(), exe, []string{"render-pages"}, []byte("var x = 1;")); err == nil || !strings.Contains(err.Error(), "CasaRentSSR") {
		t.Errorf("err = %v, want the missing entry point", err)
	}
}

// wantRendersAsTheVM checks an engine running the stand-in bundle renders what
// the VM in the server would: the blog's HTML through the server's sanitizer,
// each language in turn, a throwing render as an error that leaves the engine
// usable.
func wantRendersAsTheVM(t *testing.T, e Engine) {
	t.Helper()
	for i, lang := range []string{"fr", "ar"} {
		out, err := e.Render(Input{URL: "/x", Path: "/x", Lang: lang, Data: []byte(`{"html":"<b onclick=\"x()\">b</b><script>alert(1)</script>"}`)})
		if err != nil {
			t.Fatal(err)
		}
		want := "<main><b>b</b></main><p>2 2 " + string(rune('1'+i)) + " " + lang + " /x</p>"
		if out.HTML != want || out.Lang != lang {
			t.Errorf("%s: %+v, want %s", lang, out, want)
		}
	}
	if _, err := e.Render(Input{Path: "/throw", Data: []byte(`{}`)}); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("a throwing render: %v", err)
	}
	if out, err := e.Render(Input{URL: "/", Path: "/", Lang: "fr", Data: []byte(`{}`)}); err != nil || !strings.Contains(out.HTML, " 3 fr /") {
		t.Errorf("after a throw: %v, %v", out, err)
	}
}
