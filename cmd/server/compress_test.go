package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"
	"github.com/jackc/pgx/v5"
	"github.com/klauspost/compress/zstd"
)

// decode undoes a response's Content-Encoding.
func decode(t *testing.T, encoding string, body []byte) []byte {
	t.Helper()
	var r io.Reader
	var err error
	switch encoding {
	case "":
		return body
	case "br":
		r = brotli.NewReader(bytes.NewReader(body))
	case "gzip":
		r, err = gzip.NewReader(bytes.NewReader(body))
	case "zstd":
		var d *zstd.Decoder
		d, err = zstd.NewReader(bytes.NewReader(body))
		if err == nil {
			defer d.Close()
			r = d
		}
	default:
		t.Fatalf("unexpected Content-Encoding %q", encoding)
	}
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatalf("%s body does not decode: %v", encoding, err)
	}
	return out
}

func TestResponsesAreCompressedByAcceptEncoding(t *testing.T) {
	dist := t.TempDir()
	js := []byte(strings.Repeat("export const greeting = 'bonjour, marhaba, hello';\n", 200))
	var br, gz bytes.Buffer
	bw := brotli.NewWriterLevel(&br, brotli.BestCompression)
	bw.Write(js)
	bw.Close()
	gw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	gw.Write(js)
	gw.Close()
	write(t, filepath.Join(dist, "index.html"), []byte("<html><head><title>Site</title></head><body>"+strings.Repeat("<p>page</p>", 200)+"</body></html>"))
	write(t, filepath.Join(dist, "assets", "app-1234.js"), js)
	write(t, filepath.Join(dist, "assets", "app-1234.js.br"), br.Bytes())
	write(t, filepath.Join(dist, "assets", "app-1234.js.gz"), gz.Bytes())
	png := append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0}, 4096)...)
	write(t, filepath.Join(dist, "assets", "hero.png"), png)
	a, h := newTestApp(t, map[string]string{"FRONTEND_DIST": dist})

	t.Run("precompressed asset by Accept-Encoding", func(t *testing.T) {
		for _, c := range []struct{ accept, want string }{
			{"gzip, deflate, br, zstd", "br"},
			{"br;q=0, gzip", "gzip"},
			{"gzip;q=0.5", "gzip"},
			{"identity", ""},
			{"", ""},
			{"br;q=0, gzip;q=0, *", ""}, // "*" gives a coding we have no file for
		} {
			rec := do(h, http.MethodGet, "/assets/app-1234.js", map[string]string{"Accept-Encoding": c.accept})
			enc := rec.Header().Get("Content-Encoding")
			if rec.Code != 200 || enc != c.want {
				t.Errorf("Accept-Encoding %q: %d, Content-Encoding %q, want %q", c.accept, rec.Code, enc, c.want)
				continue
			}
			if !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
				t.Errorf("Accept-Encoding %q: no Vary: %v", c.accept, rec.Header())
			}
			if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
				t.Errorf("Accept-Encoding %q: Content-Type %q", c.accept, ct)
			}
			if got := decode(t, enc, rec.Body.Bytes()); !bytes.Equal(got, js) {
				t.Errorf("Accept-Encoding %q: %d bytes decoded, not the file", c.accept, len(got))
			}
		}
	})

	// A read answers a Content-Range of rows ("0-49/*"): still compressed, range kept.
	admin, err := pgx.Connect(context.Background(), a.cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(context.Background())
	if _, err := admin.Exec(context.Background(), `create table public.notes as select g as id, repeat('note ', 20) as body from generate_series(1, 50) g;
		grant select on public.notes to service_role`); err != nil {
		t.Fatal(err)
	}
	if err := a.rest.Reload(context.Background()); err != nil {
		t.Fatal(err)
	}

	t.Run("HTML and API JSON on the fly", func(t *testing.T) {
		for _, path := range []string{"/vehicles", "/rest/v1/", "/rest/v1/notes?select=*"} {
			rec := do(h, http.MethodGet, path, map[string]string{"Accept-Encoding": "gzip", "apikey": a.cfg.ServiceRoleKey})
			if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" || !strings.Contains(rec.Header().Get("Vary"), "Accept-Encoding") {
				t.Errorf("%s: %d %v", path, rec.Code, rec.Header())
				continue
			}
			plain := do(h, http.MethodGet, path, map[string]string{"apikey": a.cfg.ServiceRoleKey})
			if plain.Header().Get("Content-Encoding") != "" || plain.Body.Len() < 1024 {
				t.Errorf("%s without Accept-Encoding: %v, %d bytes", path, plain.Header(), plain.Body.Len())
			}
			if cr := plain.Header().Get("Content-Range"); rec.Header().Get("Content-Range") != cr || rec.Header().Get("X-Httpx-Row-Range") != "" {
				t.Errorf("%s: Content-Range %q compressed, %q plain", path, rec.Header().Get("Content-Range"), cr)
			}
			if got := decode(t, "gzip", rec.Body.Bytes()); !bytes.Equal(got, plain.Body.Bytes()) {
				t.Errorf("%s: gzip body decodes to %d bytes, plain is %d", path, len(got), plain.Body.Len())
			}
		}
	})

	t.Run("small and media responses go out as they are", func(t *testing.T) {
		if rec := do(h, http.MethodGet, "/assets/hero.png", map[string]string{"Accept-Encoding": "gzip, br"}); rec.Code != 200 ||
			rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), png) {
			t.Errorf("png: %d %v", rec.Code, rec.Header())
		}
		if rec := do(h, http.MethodGet, "/health", map[string]string{"Accept-Encoding": "gzip"}); rec.Header().Get("Content-Encoding") != "" {
			t.Errorf("a %d-byte body was compressed", rec.Body.Len())
		}
	})
}
