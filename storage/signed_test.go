package storage_test

import (
	"bytes"
	"image"
	"image/jpeg"
	_ "image/png"
	"strings"
	"testing"
	"time"

	"casarent/server/pgtest"
)

func TestSignedURLs(t *testing.T) {
	bothBackends(t, func(t *testing.T, e *env) {
		e.privateBucket("docs")
		_, alice := e.user("user")
		_, bob := e.user("user")
		if r := e.upload("POST", "docs", "a b.txt", alice, "text/plain", []byte("secret"), false); r.status != 200 {
			t.Fatalf("upload: %d %s", r.status, r.body)
		}
		var signed struct{ SignedURL string }
		e.doJSON("POST", "/object/sign/docs/a b.txt", alice, map[string]any{"expiresIn": 60}).json(t, &signed)
		if !strings.HasPrefix(signed.SignedURL, "/object/sign/docs/a b.txt?token=") {
			t.Fatalf("signedURL %q", signed.SignedURL)
		}
		// storage-js encodeURI()s it; anyone with the URL may download.
		path := strings.ReplaceAll(signed.SignedURL, " ", "%20")
		r := e.do("GET", path, "", nil, nil)
		if r.status != 200 || string(r.body) != "secret" || r.header.Get("Expires") == "" {
			t.Fatalf("signed download: %d %s %v", r.status, r.body, r.header)
		}
		// The token is bound to its object.
		token := path[strings.Index(path, "token=")+6:]
		e.upload("POST", "docs", "other.txt", alice, "text/plain", []byte("other"), false)
		e.do("GET", "/object/sign/docs/other.txt?token="+token, "", nil, nil).wantError(t, "400", "InvalidSignature")
		e.do("GET", "/object/sign/docs/other.txt?token="+pgtest.TamperSignature(token), "", nil, nil).wantError(t, "400", "InvalidJWT")
		// A download token cannot upload.
		e.do("PUT", "/object/upload/sign/docs/a%20b.txt?token="+token, "", strings.NewReader("x"), map[string]string{"Content-Type": "text/plain"}).wantError(t, "400", "InvalidSignature")
		// Signing needs SELECT rights.
		e.doJSON("POST", "/object/sign/docs/a b.txt", bob, map[string]any{"expiresIn": 60}).wantError(t, "404", "NoSuchKey")
		e.doJSON("POST", "/object/sign/docs/a b.txt", alice, map[string]any{}).wantError(t, "400", "MissingParameter")

		// Batch.
		var batch []struct {
			Error     *string
			Path      string
			SignedURL *string
		}
		e.doJSON("POST", "/object/sign/docs", alice, map[string]any{"expiresIn": 60, "paths": []string{"a b.txt", "missing.txt"}}).json(t, &batch)
		if len(batch) != 2 || batch[0].SignedURL == nil || batch[0].Error != nil || batch[1].SignedURL != nil || batch[1].Error == nil {
			t.Fatalf("batch: %+v", batch)
		}

		// Signed upload URL: checked against RLS when created, usable without credentials.
		e.do("POST", "/object/upload/sign/docs/up.txt", "", nil, nil).wantError(t, "403", "AccessDenied")
		var su struct{ URL, Token string }
		e.do("POST", "/object/upload/sign/docs/up.txt", alice, nil, nil).json(t, &su)
		if !strings.HasPrefix(su.URL, "/object/upload/sign/docs/up.txt?token=") || su.Token == "" {
			t.Fatalf("signed upload: %+v", su)
		}
		r = e.do("PUT", "/object/upload/sign/docs/up.txt?token="+su.Token, "", strings.NewReader("via signed url"), map[string]string{"Content-Type": "text/plain"})
		if r.status != 200 || !strings.Contains(string(r.body), `"Key":"docs/up.txt"`) {
			t.Fatalf("upload to signed url: %d %s", r.status, r.body)
		}
		// The owner is the user who asked for the URL, so she reads it.
		if r := e.do("GET", "/object/docs/up.txt", alice, nil, nil); string(r.body) != "via signed url" {
			t.Fatalf("read back: %d %s", r.status, r.body)
		}
		// Without upsert in the token the same name cannot be written twice.
		e.do("PUT", "/object/upload/sign/docs/up.txt?token="+su.Token, "", strings.NewReader("again"), map[string]string{"Content-Type": "text/plain"}).wantError(t, "409", "ResourceAlreadyExists")
		// Another name with that token: refused.
		e.do("PUT", "/object/upload/sign/docs/up2.txt?token="+su.Token, "", strings.NewReader("x"), map[string]string{"Content-Type": "text/plain"}).wantError(t, "400", "InvalidSignature")
	})
}

// A signed URL works until its expiresIn has gone by on the surface's clock.
func TestSignedURLExpiry(t *testing.T) {
	e := newEnv(t, fsKind().make(t), nil)
	e.sql(`insert into storage.buckets (id, name) values ('b', 'b')`)
	e.upload("POST", "b", "x.txt", e.svcKey, "text/plain", []byte("x"), false)
	var signed struct{ SignedURL string }
	e.doJSON("POST", "/object/sign/b/x.txt", e.svcKey, map[string]any{"expiresIn": 1}).json(t, &signed)
	if r := e.do("GET", signed.SignedURL, "", nil, nil); r.status != 200 || string(r.body) != "x" {
		t.Fatalf("before it expires: %d %s", r.status, r.body)
	}
	e.advance(2 * time.Second)
	r := e.do("GET", signed.SignedURL, "", nil, nil)
	r.wantError(t, "400", "InvalidJWT")
	if _, _, msg := r.storageError(t); msg != "jwt expired" {
		t.Fatalf("message %q", msg)
	}
}

func decodeImage(t *testing.T, b []byte) (image.Image, string) {
	t.Helper()
	img, format, err := image.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode rendered image (%d bytes): %v", len(b), err)
	}
	return img, format
}

func TestRenderImage(t *testing.T) {
	bothBackends(t, func(t *testing.T, e *env) {
		e.sql(`insert into storage.buckets (id, name, public) values ('pub', 'pub', true)`)
		e.upload("POST", "pub", "wide.png", e.svcKey, "image/png", pngBytes(t, 400, 200), false)
		var jb bytes.Buffer
		jpeg.Encode(&jb, image.NewRGBA(image.Rect(0, 0, 300, 600)), &jpeg.Options{Quality: 90})
		e.upload("POST", "pub", "tall.jpg", e.svcKey, "image/jpeg", jb.Bytes(), false)

		cases := []struct {
			path, query string
			w, h        int
			format      string
		}{
			{"wide.png", "width=100&height=100", 100, 100, "png"},               // cover: cropped
			{"wide.png", "width=100&height=100&resize=contain", 100, 50, "png"}, // contain: fits
			{"wide.png", "width=100&height=100&resize=fill", 100, 100, "png"},   // fill: stretched
			{"wide.png", "width=200", 200, 100, "png"},                          // one side keeps the ratio
			{"tall.jpg", "height=300&quality=50", 150, 300, "jpeg"},
		}
		for _, c := range cases {
			r := e.do("GET", "/render/image/public/pub/"+c.path+"?"+c.query, "", nil, nil)
			if r.status != 200 {
				t.Fatalf("%s?%s: %d %s", c.path, c.query, r.status, r.body)
			}
			img, format := decodeImage(t, r.body)
			if b := img.Bounds(); b.Dx() != c.w || b.Dy() != c.h || format != c.format {
				t.Fatalf("%s?%s: %dx%d %s, want %dx%d %s", c.path, c.query, b.Dx(), b.Dy(), format, c.w, c.h, c.format)
			}
			if r.header.Get("X-Transformation-Cache") != "MISS" {
				t.Fatalf("first render not a cache miss: %v", r.header)
			}
		}
		r := e.do("GET", "/render/image/public/pub/wide.png?width=100&height=100", "", nil, nil)
		if r.header.Get("X-Transformation-Cache") != "HIT" {
			t.Fatalf("second render not cached: %v", r.header)
		}
		if r2 := e.do("GET", "/render/image/public/pub/wide.png?width=100&height=100", "", nil, map[string]string{"If-None-Match": r.header.Get("ETag")}); r2.status != 304 {
			t.Fatalf("render If-None-Match: %d", r2.status)
		}
		// Replacing the object changes the rendition (the cache is keyed by ETag).
		e.upload("PUT", "pub", "wide.png", e.svcKey, "image/png", pngBytes(t, 100, 400), false)
		r = e.do("GET", "/render/image/public/pub/wide.png?width=64", "", nil, nil)
		if img, _ := decodeImage(t, r.body); img.Bounds().Dy() != 256 {
			t.Fatalf("stale rendition: %v", img.Bounds())
		}
		e.do("GET", "/render/image/public/pub/wide.png?width=99999", "", nil, nil).wantError(t, "400", "InvalidRequest")

		// Authenticated and signed variants.
		r = e.do("GET", "/render/image/authenticated/pub/tall.jpg?width=32", e.svcKey, nil, nil)
		if img, _ := decodeImage(t, r.body); img.Bounds().Dx() != 32 {
			t.Fatalf("authenticated render: %v", img.Bounds())
		}
		var signed struct{ SignedURL string }
		e.doJSON("POST", "/object/sign/pub/tall.jpg", e.svcKey, map[string]any{"expiresIn": 60, "transform": map[string]any{"width": 64, "height": 64}}).json(t, &signed)
		if !strings.HasPrefix(signed.SignedURL, "/render/image/sign/pub/tall.jpg?token=") {
			t.Fatalf("transform signed URL %q", signed.SignedURL)
		}
		r = e.do("GET", signed.SignedURL, "", nil, nil)
		if img, _ := decodeImage(t, r.body); img.Bounds().Dx() != 64 || img.Bounds().Dy() != 64 {
			t.Fatalf("signed render: %d %v", r.status, img.Bounds())
		}
	})
}
