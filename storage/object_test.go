package storage_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"
	"time"
)

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 200, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// multipartBody builds what storage-js sends for a Blob/File: cacheControl,
// then the file under an empty field name.
func multipartBody(t *testing.T, filename, contentType string, data []byte, fields map[string]string) (*bytes.Buffer, string) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name=""; filename=%q`, filename))
	h.Set("Content-Type", contentType)
	part, err := mw.CreatePart(h)
	if err != nil {
		t.Fatal(err)
	}
	part.Write(data)
	mw.Close()
	return &buf, mw.FormDataContentType()
}

func TestObjects(t *testing.T) {
	bothBackends(t, func(t *testing.T, e *env) {
		e.privateBucket("docs")
		alice, aliceTok := e.user("user")
		_, bobTok := e.user("user")

		// Upload (raw body), answer {Id, Key}.
		r := e.upload("POST", "docs", "notes/a.txt", aliceTok, "text/plain;charset=UTF-8", []byte("hello world"), false)
		if r.status != 200 {
			t.Fatalf("upload: %d %s", r.status, r.body)
		}
		var up struct{ Id, Key string }
		r.json(t, &up)
		if up.Key != "docs/notes/a.txt" || up.Id == "" {
			t.Fatalf("upload answer %s", r.body)
		}
		if n := e.count(`select count(*) from storage.objects where name = 'notes/a.txt' and owner_id = $1 and owner = $1::uuid`, alice); n != 1 {
			t.Fatal("owner not taken from the JWT")
		}
		// Same key again without upsert: Duplicate; with x-upsert: replaced.
		e.upload("POST", "docs", "notes/a.txt", aliceTok, "text/plain", []byte("again"), false).wantError(t, "409", "ResourceAlreadyExists")
		if r := e.upload("POST", "docs", "notes/a.txt", aliceTok, "text/plain", []byte("hello again"), true); r.status != 200 {
			t.Fatalf("upsert: %d %s", r.status, r.body)
		}
		// update() is PUT.
		if r := e.upload("PUT", "docs", "notes/a.txt", aliceTok, "text/plain", []byte("updated text"), false); r.status != 200 {
			t.Fatalf("update: %d %s", r.status, r.body)
		}

		// Multipart upload (Blob/File): first file part whatever its name, cacheControl field.
		body, ct := multipartBody(t, "photo.png", "image/png", pngBytes(t, 8, 8), map[string]string{"cacheControl": "120", "metadata": `{"k":"v"}`})
		r = e.do("POST", "/object/docs/notes/photo.png", aliceTok, body, map[string]string{"Content-Type": ct})
		if r.status != 200 {
			t.Fatalf("multipart upload: %d %s", r.status, r.body)
		}

		// Authenticated download: owner yes, another user no (RLS SELECT).
		r = e.do("GET", "/object/docs/notes/a.txt", aliceTok, nil, nil)
		if r.status != 200 || string(r.body) != "updated text" {
			t.Fatalf("download: %d %s", r.status, r.body)
		}
		r = e.do("GET", "/object/authenticated/docs/notes/photo.png", aliceTok, nil, nil)
		if r.status != 200 || r.header.Get("Content-Type") != "image/png" || r.header.Get("Cache-Control") != "max-age=120" {
			t.Fatalf("multipart download: %d %v", r.status, r.header)
		}
		e.do("GET", "/object/docs/notes/a.txt", bobTok, nil, nil).wantError(t, "404", "NoSuchKey")
		e.do("GET", "/object/docs/notes/a.txt", "", nil, nil).wantError(t, "404", "NoSuchKey")
		// A private bucket has no public route.
		e.do("GET", "/object/public/docs/notes/a.txt", "", nil, nil).wantError(t, "404", "NoSuchBucket")

		// Info (and exists(): NoSuchKey for a missing one).
		var info map[string]any
		e.do("GET", "/object/info/docs/notes/photo.png", aliceTok, nil, nil).json(t, &info)
		if info["name"] != "notes/photo.png" || info["content_type"] != "image/png" || info["size"] != float64(len(pngBytes(t, 8, 8))) ||
			info["cache_control"] != "max-age=120" || !strings.HasPrefix(fmt.Sprint(info["etag"]), `"`) {
			t.Fatalf("info: %v", info)
		}
		if m, _ := info["metadata"].(map[string]any); m["k"] != "v" {
			t.Fatalf("user metadata: %v", info["metadata"])
		}
		e.do("GET", "/object/info/docs/notes/nope.png", aliceTok, nil, nil).wantError(t, "404", "NoSuchKey")

		// List one level, folders with null ids; search; sort; bob sees nothing.
		e.upload("POST", "docs", "notes/sub/deep.txt", aliceTok, "text/plain", []byte("deep"), false)
		e.upload("POST", "docs", "top.txt", aliceTok, "text/plain", []byte("top"), false)
		var items []struct {
			Name     string
			ID       *string `json:"id"`
			Metadata map[string]any
		}
		e.doJSON("POST", "/object/list/docs", aliceTok, map[string]any{"prefix": "notes", "limit": 100, "offset": 0, "sortBy": map[string]string{"column": "name", "order": "asc"}}).json(t, &items)
		if len(items) != 3 || items[0].Name != "a.txt" || items[1].Name != "photo.png" || items[2].Name != "sub" || items[2].ID != nil || items[0].Metadata["size"] != float64(12) {
			t.Fatalf("list notes: %+v", items)
		}
		e.doJSON("POST", "/object/list/docs", aliceTok, map[string]any{"prefix": "", "sortBy": map[string]string{"column": "name", "order": "desc"}}).json(t, &items)
		if len(items) != 2 || items[0].Name != "top.txt" || items[1].Name != "notes" {
			t.Fatalf("list root desc: %+v", items)
		}
		e.doJSON("POST", "/object/list/docs", aliceTok, map[string]any{"prefix": "notes/", "search": "PH"}).json(t, &items)
		if len(items) != 1 || items[0].Name != "photo.png" {
			t.Fatalf("list search: %+v", items)
		}
		e.doJSON("POST", "/object/list/docs", aliceTok, map[string]any{"prefix": "notes", "limit": 1, "offset": 1}).json(t, &items)
		if len(items) != 1 || items[0].Name != "photo.png" {
			t.Fatalf("list limit/offset: %+v", items)
		}
		e.doJSON("POST", "/object/list/docs", bobTok, map[string]any{"prefix": ""}).json(t, &items)
		if len(items) != 0 {
			t.Fatalf("bob lists alice's objects: %+v", items)
		}

		// Move: row renamed, bytes moved.
		r = e.doJSON("POST", "/object/move", aliceTok, map[string]string{"bucketId": "docs", "sourceKey": "top.txt", "destinationKey": "moved/top.txt"})
		if r.status != 200 || !strings.Contains(string(r.body), "Successfully moved") {
			t.Fatalf("move: %d %s", r.status, r.body)
		}
		if r := e.do("GET", "/object/docs/moved/top.txt", aliceTok, nil, nil); string(r.body) != "top" {
			t.Fatalf("after move: %d %s", r.status, r.body)
		}
		e.do("GET", "/object/docs/top.txt", aliceTok, nil, nil).wantError(t, "404", "NoSuchKey")
		// Bob cannot move alice's object.
		e.doJSON("POST", "/object/move", bobTok, map[string]string{"bucketId": "docs", "sourceKey": "moved/top.txt", "destinationKey": "stolen.txt"}).wantError(t, "404", "NoSuchKey")

		// Copy.
		r = e.doJSON("POST", "/object/copy", aliceTok, map[string]string{"bucketId": "docs", "sourceKey": "notes/a.txt", "destinationKey": "copies/a.txt"})
		if r.status != 200 || !strings.Contains(string(r.body), `"Key":"docs/copies/a.txt"`) {
			t.Fatalf("copy: %d %s", r.status, r.body)
		}
		if r := e.do("GET", "/object/docs/copies/a.txt", aliceTok, nil, nil); string(r.body) != "updated text" {
			t.Fatalf("after copy: %s", r.body)
		}
		e.doJSON("POST", "/object/copy", aliceTok, map[string]string{"bucketId": "docs", "sourceKey": "notes/a.txt", "destinationKey": "copies/a.txt"}).wantError(t, "409", "ResourceAlreadyExists")

		// Remove many: bob removes nothing (RLS), alice removes two; missing names are skipped.
		var removed []map[string]any
		e.do("DELETE", "/object/docs", bobTok, strings.NewReader(`{"prefixes":["notes/a.txt"]}`), map[string]string{"Content-Type": "application/json"}).json(t, &removed)
		if len(removed) != 0 {
			t.Fatalf("bob removed %v", removed)
		}
		e.do("DELETE", "/object/docs", aliceTok, strings.NewReader(`{"prefixes":["notes/a.txt","copies/a.txt","nope.txt"]}`), map[string]string{"Content-Type": "application/json"}).json(t, &removed)
		if len(removed) != 2 || removed[0]["bucket_id"] != "docs" {
			t.Fatalf("remove: %v", removed)
		}
		for _, k := range e.keys("docs") {
			if k == "notes/a.txt" || k == "copies/a.txt" {
				t.Fatalf("bytes of %s left after remove", k)
			}
		}
		// Delete one.
		if r := e.do("DELETE", "/object/docs/moved/top.txt", aliceTok, nil, nil); r.status != 200 {
			t.Fatalf("delete one: %d %s", r.status, r.body)
		}
		e.do("DELETE", "/object/docs/moved/top.txt", aliceTok, nil, nil).wantError(t, "404", "NoSuchKey")
		want := map[string]bool{"notes/photo.png": true, "notes/sub/deep.txt": true}
		got := e.keys("docs")
		if len(got) != len(want) || e.rows("docs") != len(want) {
			t.Fatalf("backend keys %v / %d rows, want %v", got, e.rows("docs"), want)
		}
	})
}

func TestPublicDownload(t *testing.T) {
	bothBackends(t, func(t *testing.T, e *env) {
		e.sql(`insert into storage.buckets (id, name, public) values ('pub', 'pub', true)`)
		data := pngBytes(t, 64, 32)
		if r := e.upload("POST", "pub", "img/car one.png", e.svcKey, "image/png", data, false); r.status != 200 {
			t.Fatalf("upload: %d %s", r.status, r.body)
		}
		r := e.do("GET", "/object/public/pub/img/car%20one.png", "", nil, nil)
		if r.status != 200 || !bytes.Equal(r.body, data) {
			t.Fatalf("public download: %d (%d bytes)", r.status, len(r.body))
		}
		h := r.header
		if h.Get("Content-Type") != "image/png" || h.Get("Cache-Control") != "max-age=3600" || h.Get("Accept-Ranges") != "bytes" {
			t.Fatalf("headers: %v", h)
		}
		etag := h.Get("ETag")
		if !strings.HasPrefix(etag, `"`) || len(etag) != 34 {
			t.Fatalf("ETag %q is not a quoted md5", etag)
		}
		if _, err := time.Parse(http.TimeFormat, h.Get("Last-Modified")); err != nil {
			t.Fatalf("Last-Modified %q: %v", h.Get("Last-Modified"), err)
		}
		if r := e.do("GET", "/object/public/pub/img/car%20one.png", "", nil, map[string]string{"If-None-Match": etag}); r.status != 304 {
			t.Fatalf("If-None-Match: %d", r.status)
		}
		r = e.do("GET", "/object/public/pub/img/car%20one.png", "", nil, map[string]string{"Range": "bytes=10-19"})
		if r.status != 206 || !bytes.Equal(r.body, data[10:20]) || r.header.Get("Content-Range") != fmt.Sprintf("bytes 10-19/%d", len(data)) {
			t.Fatalf("range: %d %q %v", r.status, r.header.Get("Content-Range"), len(r.body))
		}
		r = e.do("HEAD", "/object/public/pub/img/car%20one.png", "", nil, nil)
		if r.status != 200 || r.header.Get("Content-Length") != fmt.Sprint(len(data)) {
			t.Fatalf("HEAD: %d %v", r.status, r.header)
		}
		r = e.do("GET", "/object/public/pub/img/car%20one.png?download=my%20car.png", "", nil, nil)
		if cd := r.header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment; filename=my%20car.png") {
			t.Fatalf("Content-Disposition %q", cd)
		}
		e.do("GET", "/object/public/pub/img/missing.png", "", nil, nil).wantError(t, "404", "NoSuchKey")
		e.do("GET", "/object/public/nobucket/x.png", "", nil, nil).wantError(t, "404", "NoSuchBucket")
		// An invalid token does not matter on the public route.
		if r := e.do("GET", "/object/public/pub/img/car%20one.png", "not-a-jwt", nil, nil); r.status != 200 {
			t.Fatalf("public with bad token: %d %s", r.status, r.body)
		}
		// But it does on authenticated routes.
		e.do("GET", "/object/pub/img/car%20one.png", "not-a-jwt", nil, nil).wantError(t, "400", "InvalidJWT")
	})
}
