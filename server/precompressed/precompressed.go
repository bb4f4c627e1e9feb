// Package precompressed answers a built site's text assets from the compressed
// copies the build writes beside them, and holds the Accept-Encoding and Vary
// rules every compressed answer of the site follows.
package precompressed

import (
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
)

// The build writes name.br and name.gz beside each text asset (frontend/vite.config.ts):
// compressed once at the best levels instead of on every request.
var encodings = []struct{ coding, suffix string }{{"br", ".br"}, {"gzip", ".gz"}}

// Serve answers name of files from its precompressed sibling when the request
// accepts that encoding, and says whether it did. Every answer for a file that has
// siblings carries Vary: Accept-Encoding, as caches must keep the variants apart.
func Serve(w http.ResponseWriter, r *http.Request, files fs.FS, name string) bool {
	h := w.Header()
	varies := false
	for _, e := range encodings {
		f, err := files.Open(name + e.suffix)
		if err != nil {
			continue
		}
		if !varies {
			AddVary(h, "Accept-Encoding")
			varies = true
		}
		rs, ok := f.(io.ReadSeeker)
		st, err := f.Stat()
		if !ok || err != nil || !Accepts(r.Header.Get("Accept-Encoding"), e.coding) {
			f.Close()
			continue
		}
		defer f.Close()
		ct := mime.TypeByExtension(path.Ext(name))
		if ct == "" {
			ct = "application/octet-stream"
		}
		h.Set("Content-Type", ct)
		h.Set("Content-Encoding", e.coding)
		http.ServeContent(w, r, name, st.ModTime(), rs)
		return true
	}
	return false
}

// Accepts reports whether an Accept-Encoding value admits coding (RFC 9110 12.5.3:
// q=0 refuses; "*" stands for any coding not named).
func Accepts(header, coding string) bool {
	star := false
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		q := 1.0
		for p := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(k, "q") {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		switch {
		case strings.EqualFold(name, coding):
			return q > 0
		case name == "*":
			star = q > 0
		}
	}
	return star
}

// AddVary adds field to the Vary header unless it is named there already.
func AddVary(h http.Header, field string) {
	for _, v := range h.Values("Vary") {
		for f := range strings.SplitSeq(v, ",") {
			if strings.EqualFold(strings.TrimSpace(f), field) {
				return
			}
		}
	}
	h.Add("Vary", field)
}
