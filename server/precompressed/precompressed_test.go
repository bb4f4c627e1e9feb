package precompressed

import (
	"net/http"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

func TestAcceptsFollowsQualities(t *testing.T) {
	for _, c := range []struct {
		header, coding string
		want           bool
	}{
		{"gzip, br", "br", true},
		{"gzip;q=0.5", "gzip", true},
		{"gzip;q=0", "gzip", false},
		{"*", "zstd", true},
		{"*;q=0, gzip", "br", false},
		{"br;q=0, *", "br", false}, // a coding refused by name is not admitted by the star
		{"", "gzip", false},
		{"GZIP", "gzip", true},
	} {
		if got := Accepts(c.header, c.coding); got != c.want {
			t.Errorf("Accepts(%q, %q) = %v", c.header, c.coding, got)
		}
	}
}

// A file with siblings is answered from the one the request accepts, and every
// answer for it says that it varies by Accept-Encoding.
func TestServePicksTheAcceptedSibling(t *testing.T) {
	files := fstest.MapFS{
		"app.js": {Data: []byte("plain")}, "app.js.br": {Data: []byte("brotli")}, "app.js.gz": {Data: []byte("gzip")},
		"solo.js": {Data: []byte("alone")},
	}
	serve := func(name, ae string) (*httptest.ResponseRecorder, bool) {
		r := httptest.NewRequest(http.MethodGet, "/"+name, nil)
		r.Header.Set("Accept-Encoding", ae)
		w := httptest.NewRecorder()
		return w, Serve(w, r, files, name)
	}
	for ae, want := range map[string]string{"br, gzip": "brotli", "gzip": "gzip", "br;q=0, gzip": "gzip"} {
		w, ok := serve("app.js", ae)
		if !ok || w.Body.String() != want || w.Header().Get("Vary") != "Accept-Encoding" || w.Header().Get("Content-Type") != "text/javascript; charset=utf-8" {
			t.Errorf("%q: %v %q %v", ae, ok, w.Body, w.Header())
		}
	}
	if w, ok := serve("app.js", "identity"); ok || w.Header().Get("Vary") != "Accept-Encoding" {
		t.Errorf("identity: served %v, Vary %q", ok, w.Header().Get("Vary"))
	}
	if w, ok := serve("solo.js", "br, gzip"); ok || w.Header().Get("Vary") != "" {
		t.Errorf("a file without siblings: served %v, Vary %q", ok, w.Header().Get("Vary"))
	}
}
