// Package ssrtest gives tests the stand-in for the site's server bundle
// (server/ssr/testdata/render.js): a small script with the real bundle's
// contract, so renderers and the page store are tested without a site build.
package ssrtest

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Bundle is the stand-in bundle's source.
func Bundle(t testing.TB) []byte {
	t.Helper()
	_, here, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("ssrtest: cannot tell where its source is")
	}
	src, err := os.ReadFile(filepath.Join(filepath.Dir(here), "..", "testdata", "render.js"))
	if err != nil {
		t.Fatal(err)
	}
	return src
}
