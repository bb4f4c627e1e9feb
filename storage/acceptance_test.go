package storage_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"testing"
	"time"

	"casarent/server/config"
	"casarent/storage/backendtest"
	"casarent/storage/blob"
	"casarent/storage/fsbackend"
)

// The site's buckets (the rental's baseline): anon upload
// denied, a signed-in non-admin denied, an admin allowed, everyone reads.
func TestSiteBucketsRLS(t *testing.T) {
	bothBackends(t, func(t *testing.T, e *env) {
		_, userTok := e.user("user")
		_, adminTok := e.user("admin")
		img := pngBytes(t, 16, 16)
		for _, bucket := range []string{"car-images", "blog-images"} {
			key := "tests/photo.png"
			// anon: with the anon key only, and with no credentials at all.
			e.upload("POST", bucket, key, e.anonKey, "image/png", img, false).wantError(t, "403", "AccessDenied")
			e.do("POST", "/object/"+bucket+"/"+key, "", bytes.NewReader(img), map[string]string{"Content-Type": "image/png"}).wantError(t, "403", "AccessDenied")
			r := e.upload("POST", bucket, key, userTok, "image/png", img, false)
			r.wantError(t, "403", "AccessDenied")
			if _, _, msg := r.storageError(t); msg != "new row violates row-level security policy" {
				t.Fatalf("RLS message %q", msg)
			}
			if n := len(e.keys(bucket)); n != 0 || e.rows(bucket) != 0 {
				t.Fatalf("%s: refused uploads left %d files, %d rows", bucket, n, e.rows(bucket))
			}
			if r := e.upload("POST", bucket, key, adminTok, "image/png", img, false); r.status != 200 {
				t.Fatalf("%s: admin upload: %d %s", bucket, r.status, r.body)
			}
			// Public read, without credentials.
			r = e.do("GET", "/object/public/"+bucket+"/"+key, "", nil, nil)
			if r.status != 200 || !bytes.Equal(r.body, img) {
				t.Fatalf("%s: public read: %d", bucket, r.status)
			}
			// Non-admin may neither replace nor delete; the admin may.
			e.upload("PUT", bucket, key, userTok, "image/png", img, false).wantError(t, "403", "AccessDenied")
			var removed []any
			e.do("DELETE", "/object/"+bucket, userTok, strings.NewReader(`{"prefixes":["`+key+`"]}`), map[string]string{"Content-Type": "application/json"}).json(t, &removed)
			if len(removed) != 0 {
				t.Fatal("a non-admin deleted an image")
			}
			if r := e.upload("PUT", bucket, key, adminTok, "image/png", pngBytes(t, 8, 8), false); r.status != 200 {
				t.Fatalf("admin update: %d %s", r.status, r.body)
			}
			if r := e.do("DELETE", "/object/"+bucket+"/"+key, adminTok, nil, nil); r.status != 200 {
				t.Fatalf("admin delete: %d %s", r.status, r.body)
			}
			if len(e.keys(bucket)) != 0 {
				t.Fatal("bytes left after the admin's delete")
			}
		}
	})
}

// An 11 MB upload and HTML into an image bucket are refused with
// Storage's errors; a key with ".." is refused.
func TestLimitsAndNames(t *testing.T) {
	bothBackends(t, func(t *testing.T, e *env) {
		_, adminTok := e.user("admin")
		big := append(pngBytes(t, 4, 4), bytes.Repeat([]byte{0}, 11<<20)...)
		r := e.upload("POST", "car-images", "big.png", adminTok, "image/png", big, false)
		r.wantError(t, "413", "EntityTooLarge")
		if _, _, msg := r.storageError(t); msg != "The object exceeded the maximum allowed size" {
			t.Fatalf("413 message %q", msg)
		}
		// Same through multipart (no usable Content-Length for the file itself).
		body, ct := multipartBody(t, "big.png", "image/png", big, map[string]string{"cacheControl": "3600"})
		e.do("POST", "/object/car-images/big2.png", adminTok, body, map[string]string{"Content-Type": ct}).wantError(t, "413", "EntityTooLarge")

		html := []byte("<!DOCTYPE html><html><body><script>alert(1)</script></body></html>")
		r = e.upload("POST", "car-images", "page.html", adminTok, "text/html", html, false)
		r.wantError(t, "415", "InvalidMimeType")
		if _, _, msg := r.storageError(t); msg != "mime type text/html is not supported" {
			t.Fatalf("415 message %q", msg)
		}
		// The bytes decide, not only the header: HTML declared as a PNG.
		e.upload("POST", "car-images", "fake.png", adminTok, "image/png", html, false).wantError(t, "415", "InvalidMimeType")
		body, ct = multipartBody(t, "fake.png", "image/png", html, nil)
		e.do("POST", "/object/car-images/fake2.png", adminTok, body, map[string]string{"Content-Type": ct}).wantError(t, "415", "InvalidMimeType")
		// An SVG is recognised as such (allowed by the site buckets).
		svg := []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>`)
		if r := e.upload("POST", "car-images", "logo.svg", adminTok, "image/svg+xml", svg, false); r.status != 200 {
			t.Fatalf("svg upload: %d %s", r.status, r.body)
		}
		// Served user content cannot run scripts on the API origin.
		if csp := e.do("GET", "/object/public/car-images/logo.svg", "", nil, nil).header.Get("Content-Security-Policy"); !strings.Contains(csp, "sandbox") {
			t.Fatalf("CSP %q", csp)
		}

		for _, key := range []string{"a/../b.png", "../b.png", "a/%2e%2e/b.png", "a//b.png", "caf%C3%A9.png", "tab%09.png"} {
			e.upload("POST", "car-images", key, adminTok, "image/png", pngBytes(t, 2, 2), false).wantError(t, "400", "InvalidKey")
		}
		if n := len(e.keys("car-images")); n != 1 {
			t.Fatalf("refused uploads left files: %v", e.keys("car-images"))
		}
		e.doJSON("POST", "/object/move", adminTok, map[string]string{"bucketId": "car-images", "sourceKey": "logo.svg", "destinationKey": "../x.svg"}).wantError(t, "400", "InvalidKey")
	})
}

// A global FILE_SIZE_LIMIT below the bucket's wins.
func TestGlobalLimit(t *testing.T) {
	e := newEnv(t, fsKind().make(t), func(c *config.Storage) { c.FileSizeLimit = 1000 })
	e.sql(`insert into storage.buckets (id, name) values ('b', 'b')`)
	e.upload("POST", "b", "x.bin", e.svcKey, "application/octet-stream", make([]byte, 1001), false).wantError(t, "413", "EntityTooLarge")
	if r := e.upload("POST", "b", "y.bin", e.svcKey, "application/octet-stream", make([]byte, 1000), false); r.status != 200 {
		t.Fatalf("at the limit: %d %s", r.status, r.body)
	}
}

// A client that hangs up midway leaves no object and no file.
func TestAbortedUpload(t *testing.T) {
	bothBackends(t, func(t *testing.T, e *env) {
		e.sql(`insert into storage.buckets (id, name) values ('b', 'b')`)
		u, _ := url.Parse(e.srv.URL)
		for _, mode := range []string{"raw", "multipart"} {
			conn, err := net.Dial("tcp", u.Host)
			if err != nil {
				t.Fatal(err)
			}
			ct := "application/octet-stream"
			prefix := []byte{}
			if mode == "multipart" {
				ct = "multipart/form-data; boundary=XX"
				prefix = []byte("--XX\r\nContent-Disposition: form-data; name=\"\"; filename=\"f.bin\"\r\nContent-Type: application/octet-stream\r\n\r\n")
			}
			fmt.Fprintf(conn, "POST /storage/v1/object/b/half-%s.bin HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n",
				mode, u.Host, e.svcKey, ct, 4<<20)
			conn.Write(prefix)
			conn.Write(bytes.Repeat([]byte("x"), 1<<20)) // a quarter, then hang up
			time.Sleep(100 * time.Millisecond)
			conn.Close()
		}
		e.inflight.Wait() // the handlers have finished with the broken requests
		if n := e.rows("b"); n != 0 {
			t.Fatalf("%d rows after aborted uploads", n)
		}
		if k := e.keys("b"); len(k) != 0 {
			t.Fatalf("objects after aborted uploads: %v", k)
		}
		if fb, ok := e.backend.(*fsbackend.Backend); ok {
			backendtest.AssertNoFiles(t, fb.Root())
		}
	})
}

// failingDeletes makes Delete fail while broken is set.
type failingDeletes struct {
	blob.Backend
	broken bool
}

func (f *failingDeletes) Delete(ctx context.Context, bucket, key string) error {
	if f.broken {
		return errors.New("backend unavailable")
	}
	return f.Backend.Delete(ctx, bucket, key)
}

// A byte delete that fails is recorded and retried; an upload
// whose commit fails leaves no bytes.
func TestConsistency(t *testing.T) {
	fb := &failingDeletes{Backend: fsKind().make(t)}
	e := newEnv(t, fb, nil)
	e.sql(`insert into storage.buckets (id, name) values ('b', 'b')`)
	e.upload("POST", "b", "keep/a.txt", e.svcKey, "text/plain", []byte("a"), false).wantOK(t)
	e.upload("POST", "b", "gone/b.txt", e.svcKey, "text/plain", []byte("b"), false).wantOK(t)

	fb.broken = true
	e.do("DELETE", "/object/b/gone/b.txt", e.svcKey, nil, nil).wantOK(t)
	if e.rows("b") != 1 || e.count(`select count(*) from storage.orphans where bucket_id = 'b' and name = 'gone/b.txt'`) != 1 {
		t.Fatal("the failed byte delete was not recorded")
	}
	if len(e.keys("b")) != 2 {
		t.Fatal("bytes vanished although the backend failed")
	}
	svc := e.handler.(interface {
		SweepOrphans(context.Context) (int, error)
	})
	if n, err := svc.SweepOrphans(context.Background()); err != nil || n != 0 {
		t.Fatalf("sweep while broken: %d, %v", n, err)
	}
	fb.broken = false
	e.sql(`update storage.orphans set next_attempt_at = now()`)
	if n, err := svc.SweepOrphans(context.Background()); err != nil || n != 1 {
		t.Fatalf("sweep: %d, %v", n, err)
	}
	if k := e.keys("b"); len(k) != 1 || k[0] != "keep/a.txt" {
		t.Fatalf("after the sweep: %v", k)
	}
	if e.count(`select count(*) from storage.orphans`) != 0 {
		t.Fatal("orphan record left")
	}

	// An orphan record for a name that is in use again must not delete the new bytes.
	fb.broken = true
	e.do("DELETE", "/object/b/keep/a.txt", e.svcKey, nil, nil).wantOK(t)
	fb.broken = false
	e.upload("POST", "b", "keep/a.txt", e.svcKey, "text/plain", []byte("new"), false).wantOK(t)
	if e.count(`select count(*) from storage.orphans`) != 0 {
		t.Fatal("the upload did not claim the name")
	}

	// A commit that fails after the bytes were written: the bytes are removed.
	e.sql(`create function public.fail_commit() returns trigger language plpgsql as $$
		begin if new.name = 'fail/commit.txt' then raise exception 'refused at commit'; end if; return new; end $$`)
	e.sql(`create constraint trigger fail_commit after insert or update on storage.objects
		deferrable initially deferred for each row execute function public.fail_commit()`)
	r := e.upload("POST", "b", "fail/commit.txt", e.svcKey, "text/plain", []byte("never"), false)
	if r.status < 400 {
		t.Fatalf("upload with a failing commit: %d %s", r.status, r.body)
	}
	for _, k := range e.keys("b") {
		if k == "fail/commit.txt" {
			t.Fatal("bytes left after a failed commit")
		}
	}
	if e.count(`select count(*) from storage.objects where name = 'fail/commit.txt'`) != 0 {
		t.Fatal("row left after a failed commit")
	}
}
