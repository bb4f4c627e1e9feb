package storage_test

import (
	"bufio"
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"casarent/server/config"
	"casarent/server/httpx"
	"casarent/server/jwtauth"
	"casarent/server/pgtest"
	"casarent/storage/backendtest"
	"casarent/storage/blob"
)

// agree checks that the row of (bucket, key) describes the stored bytes: same
// size, and an ETag that is the MD5 of those bytes.
func (e *env) agree(t *testing.T, bucket, key string) []byte {
	t.Helper()
	var raw []byte
	if err := e.db.Admin.QueryRow(context.Background(), `select metadata from storage.objects where bucket_id = $1 and name = $2`, bucket, key).Scan(&raw); err != nil {
		t.Fatalf("row of %s/%s: %v", bucket, key, err)
	}
	var meta struct {
		ETag string `json:"eTag"`
		Size int64  `json:"size"`
	}
	if err := json.Unmarshal(raw, &meta); err != nil {
		t.Fatal(err)
	}
	obj, _, err := e.backend.Open(context.Background(), bucket, key)
	if err != nil {
		t.Fatalf("bytes of %s/%s: %v", bucket, key, err)
	}
	defer obj.Close()
	data, err := io.ReadAll(obj)
	if err != nil {
		t.Fatal(err)
	}
	sum := md5.Sum(data)
	if want := `"` + hex.EncodeToString(sum[:]) + `"`; meta.Size != int64(len(data)) || meta.ETag != want {
		t.Fatalf("%s/%s: metadata says %d bytes, ETag %s; the backend holds %d bytes, MD5 %s", bucket, key, meta.Size, meta.ETag, len(data), want)
	}
	return data
}

// rawRequest sends a whole request on its own connection and hangs up without
// reading the answer (a client that gave up once its body was sent), then
// waits until the server has handled it. Requests must not overlap.
func (e *env) rawRequest(t *testing.T, method, path string, headers map[string]string, body []byte) {
	t.Helper()
	u, _ := url.Parse(e.srv.URL)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s /storage/v1%s HTTP/1.1\r\nHost: %s\r\nContent-Length: %d\r\n", method, path, u.Host, len(body))
	for k, v := range headers {
		fmt.Fprintf(&b, "%s: %s\r\n", k, v)
	}
	b.WriteString("\r\n")
	if _, err := io.WriteString(conn, b.String()); err != nil {
		t.Fatal(err)
	}
	before := e.served.Load()
	if _, err := conn.Write(body); err != nil {
		t.Fatal(err)
	}
	conn.Close()
	// Wait for the server to have handled it (not only for handlers running now).
	for deadline := time.Now().Add(30 * time.Second); e.served.Load() == before; {
		if time.Now().After(deadline) {
			t.Fatal("the server never handled the abandoned request")
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// An upsert whose client hangs up once the body is sent.
// Before: the new bytes replaced the old ones, then the metadata update failed
// with "context canceled", leaving the old size and ETag over new bytes.
func TestAbandonedUpserts(t *testing.T) {
	bothBackends(t, func(t *testing.T, e *env) {
		e.sql(`insert into storage.buckets (id, name) values ('b', 'b')`)
		if r := e.upload("POST", "b", "doc.bin", e.svcKey, "application/octet-stream", backendtest.RandomBytes(t, 1000), false); r.status != 200 {
			t.Fatalf("first upload: %d %s", r.status, r.body)
		}
		for i := range 10 {
			data := backendtest.RandomBytes(t, 100_000+i*7919)
			e.rawRequest(t, "POST", "/object/b/doc.bin", map[string]string{
				"Authorization": "Bearer " + e.svcKey, "Content-Type": "application/octet-stream", "x-upsert": "true",
			}, data)
			e.inflight.Wait()
			// Bytes and metadata agree; and since the whole body arrived, the new
			// version is the one kept.
			if got := e.agree(t, "b", "doc.bin"); !bytes.Equal(got, data) {
				t.Fatalf("try %d: the upsert was lost although its body arrived (%d bytes kept)", i, len(got))
			}
		}
		// A fresh name abandoned the same way.
		for i := range 3 {
			key := fmt.Sprintf("new-%d.bin", i)
			e.rawRequest(t, "POST", "/object/b/"+key, map[string]string{
				"Authorization": "Bearer " + e.svcKey, "Content-Type": "application/octet-stream",
			}, backendtest.RandomBytes(t, 50_000))
			e.inflight.Wait()
			if e.count(`select count(*) from storage.objects where bucket_id = 'b' and name = $1`, key) != 1 {
				t.Fatalf("%s: the upload was lost although its body arrived", key)
			}
			e.agree(t, "b", key)
		}
	})
}

// countingReader counts what the server took of an endless body.
type countingReader struct {
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'a'
	}
	c.n.Add(int64(len(p)))
	return len(p), nil
}

// A 49 MB JSON body to a storage JSON endpoint is refused with
// 413 in Storage's shape, before it is read (declared length), or after the
// first MiB (chunked).
func TestJSONBodyLimit(t *testing.T) {
	e := newEnv(t, fsKind().make(t), nil)
	e.sql(`insert into storage.buckets (id, name) values ('b', 'b')`)
	u, _ := url.Parse(e.srv.URL)
	const size = 49 << 20
	for _, chunked := range []bool{false, true} {
		conn, err := net.Dial("tcp", u.Host)
		if err != nil {
			t.Fatal(err)
		}
		length := fmt.Sprintf("Content-Length: %d", size)
		if chunked {
			length = "Transfer-Encoding: chunked"
		}
		fmt.Fprintf(conn, "POST /storage/v1/object/list/b HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\n%s\r\n\r\n",
			u.Host, e.svcKey, length)
		src := &countingReader{}
		sent := make(chan int64, 1)
		go func() {
			var w io.Writer = conn
			var cw io.WriteCloser
			if chunked {
				cw = httpChunked(conn)
				w = cw
			}
			head, tail := `{"prefix":"","search":"`, `"}`
			n, _ := io.Copy(w, io.MultiReader(strings.NewReader(head), io.LimitReader(src, int64(size-len(head)-len(tail))), strings.NewReader(tail)))
			if cw != nil {
				cw.Close()
			}
			sent <- n
		}()
		conn.SetReadDeadline(time.Now().Add(60 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		if err != nil {
			t.Fatalf("chunked=%v: no answer: %v", chunked, err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		conn.Close()
		n := <-sent
		if res.StatusCode != http.StatusRequestEntityTooLarge {
			t.Fatalf("chunked=%v: %d %s (the server took %d bytes)", chunked, res.StatusCode, body, src.n.Load())
		}
		var eb struct{ StatusCode, Code, Error, Message string }
		if err := json.Unmarshal(body, &eb); err != nil || eb.StatusCode != "413" || eb.Code != "EntityTooLarge" {
			t.Fatalf("chunked=%v: body %s", chunked, body)
		}
		if n >= size/2 {
			t.Fatalf("chunked=%v: the client could send %d bytes: the body was read", chunked, n)
		}
	}
	// A normal list still works.
	if r := e.doJSON("POST", "/object/list/b", e.svcKey, map[string]any{"prefix": ""}); r.status != 200 {
		t.Fatalf("list: %d %s", r.status, r.body)
	}
}

// httpChunked writes HTTP/1.1 chunked encoding.
func httpChunked(w io.Writer) io.WriteCloser { return &chunkWriter{w: w} }

type chunkWriter struct{ w io.Writer }

func (c *chunkWriter) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if _, err := fmt.Fprintf(c.w, "%x\r\n", len(p)); err != nil {
		return 0, err
	}
	if _, err := c.w.Write(p); err != nil {
		return 0, err
	}
	_, err := io.WriteString(c.w, "\r\n")
	return len(p), err
}

func (c *chunkWriter) Close() error {
	_, err := io.WriteString(c.w, "0\r\n\r\n")
	return err
}

// jpegBytes is a w x h JPEG with some texture, so renditions have realistic sizes.
func jpegBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x * 7), uint8(y * 3), uint8((x ^ y) * 5), 255})
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// cacheBytes is what the backend holds of rendered images.
func (e *env) cacheBytes(t *testing.T) (total int64, files int) {
	t.Helper()
	entries, err := e.backend.List(context.Background(), blob.CacheBucket, "render/")
	if err != nil {
		t.Fatal(err)
	}
	for _, en := range entries {
		total += en.Size
		files++
	}
	return total, files
}

// restart replaces the storage surface by a new one over the same database and
// backend (a process restart), with tweak applied to its settings.
func (e *env) restart(tweak func(*config.Storage)) {
	e.t.Helper()
	e.srv.Close()
	if tweak != nil {
		tweak(&e.cfg)
	}
	e.serve()
}

func (e *env) render(t *testing.T, query string, headers map[string]string) resp {
	t.Helper()
	return e.do("GET", "/render/image/public/pub/photo.jpg?"+query, "", nil, headers)
}

// 200 distinct render requests leave the cache
// under its byte limit; requests that snap to the same size share a rendition.
func TestRenderCacheBounded(t *testing.T) {
	for _, k := range []backendKind{fsKind(), s3Kind()} {
		t.Run(k.name, func(t *testing.T) {
			const limit = 64 << 10
			e := newEnv(t, k.make(t), func(c *config.Storage) {
				c.RenderCacheBytes = limit
				c.RenderBurst, c.RenderPerMinute = 1000, 1000
			})
			e.sql(`insert into storage.buckets (id, name, public) values ('pub', 'pub', true)`)
			if r := e.upload("POST", "pub", "photo.jpg", e.svcKey, "image/jpeg", jpegBytes(t, 640, 400), false); r.status != 200 {
				t.Fatalf("upload: %d %s", r.status, r.body)
			}
			sizes := []int{32, 64, 100, 128, 150, 200, 250, 256, 300, 320}
			n := 0
			for _, w := range sizes {
				for _, h := range sizes {
					for _, mode := range []string{"cover", "fill"} {
						r := e.render(t, fmt.Sprintf("width=%d&height=%d&resize=%s", w, h, mode), nil)
						if r.status != 200 {
							t.Fatalf("render %dx%d %s: %d %s", w, h, mode, r.status, r.body)
						}
						if img, _ := decodeImage(t, r.body); img.Bounds().Dx() != w || img.Bounds().Dy() != h {
							t.Fatalf("render %dx%d %s: got %v", w, h, mode, img.Bounds())
						}
						n++
					}
				}
			}
			total, files := e.cacheBytes(t)
			t.Logf("%d renders: the cache holds %d renditions, %d bytes (limit %d)", n, files, total, limit)
			if total > limit {
				t.Fatalf("the render cache holds %d bytes, over its %d-byte limit", total, limit)
			}
			if r := e.render(t, "width=320&height=320&resize=fill", nil); r.header.Get("X-Transformation-Cache") != "HIT" {
				t.Fatalf("the most recent rendition was evicted: %v", r.header)
			}
			// Sizes and qualities are snapped: these requests share one rendition.
			first := e.render(t, "width=301&quality=73", nil)
			if img, _ := decodeImage(t, first.body); img.Bounds().Dx() != 320 {
				t.Fatalf("width=301 rendered %v, want 320 wide", img.Bounds())
			}
			if r := e.render(t, "width=317&quality=77", nil); r.header.Get("X-Transformation-Cache") != "HIT" || r.header.Get("ETag") != first.header.Get("ETag") {
				t.Fatalf("width=317 did not reuse the width=301 rendition: %v", r.header)
			}
		})
	}
}

// The cache found at start counts: a restart with a smaller limit evicts to fit.
func TestRenderCacheRestart(t *testing.T) {
	e := newEnv(t, fsKind().make(t), func(c *config.Storage) { c.RenderBurst, c.RenderPerMinute = 1000, 1000 })
	e.sql(`insert into storage.buckets (id, name, public) values ('pub', 'pub', true)`)
	e.upload("POST", "pub", "photo.jpg", e.svcKey, "image/jpeg", jpegBytes(t, 640, 400), false)
	for _, w := range []int{32, 64, 100, 128, 150, 200, 250, 256, 300, 320, 400, 450, 500} {
		if r := e.render(t, fmt.Sprintf("width=%d", w), nil); r.status != 200 {
			t.Fatalf("render: %d %s", r.status, r.body)
		}
	}
	before, _ := e.cacheBytes(t)
	limit := before / 3
	e.restart(func(c *config.Storage) { c.RenderCacheBytes = limit })
	if r := e.render(t, "width=32", nil); r.status != 200 {
		t.Fatalf("render after restart: %d %s", r.status, r.body)
	}
	after, files := e.cacheBytes(t)
	if after > limit {
		t.Fatalf("after a restart with a %d-byte limit the cache still holds %d bytes (%d before)", limit, after, before)
	}
	if files == 0 {
		t.Fatal("the restart emptied the cache instead of trimming it")
	}
}

// Renders are limited per client address: over the allowance, 429 in Storage's
// shape with Retry-After; cached renditions are served without counting.
func TestRenderRateLimit(t *testing.T) {
	e := newEnv(t, fsKind().make(t), func(c *config.Storage) {
		c.RenderBurst, c.RenderPerMinute = 3, 1
		c.ClientIPHeader = "X-Forwarded-For"
	})
	e.sql(`insert into storage.buckets (id, name, public) values ('pub', 'pub', true)`)
	e.upload("POST", "pub", "photo.jpg", e.svcKey, "image/jpeg", jpegBytes(t, 640, 400), false)
	visitor := map[string]string{"X-Forwarded-For": "203.0.113.7"}
	for _, w := range []int{100, 200, 300} {
		if r := e.render(t, fmt.Sprintf("width=%d", w), visitor); r.status != 200 {
			t.Fatalf("render %d: %d %s", w, r.status, r.body)
		}
	}
	r := e.render(t, "width=400", visitor)
	if r.status != http.StatusTooManyRequests {
		t.Fatalf("fourth render from one address: %d %s", r.status, r.body)
	}
	r.wantError(t, "429", "SlowDown")
	if ra, err := strconv.Atoi(r.header.Get("Retry-After")); err != nil || ra < 1 || ra > 60 {
		t.Fatalf("Retry-After %q", r.header.Get("Retry-After"))
	}
	if r := e.render(t, "width=100", visitor); r.status != 200 || r.header.Get("X-Transformation-Cache") != "HIT" {
		t.Fatalf("a cached rendition over the limit: %d %v", r.status, r.header)
	}
	if r := e.render(t, "width=400", map[string]string{"X-Forwarded-For": "198.51.100.9"}); r.status != 200 {
		t.Fatalf("another address: %d %s", r.status, r.body)
	}
}

// A browser revalidating a rendition it holds gets its 304 without a render,
// so without spending its allowance, even when the cache no longer has it.
func TestRenderRevalidation(t *testing.T) {
	e := newEnv(t, fsKind().make(t), func(c *config.Storage) {
		c.RenderBurst, c.RenderPerMinute = 1, 1
		c.RenderCacheBytes = 1 // nothing fits: every render is a miss
	})
	e.sql(`insert into storage.buckets (id, name, public) values ('pub', 'pub', true)`)
	e.upload("POST", "pub", "photo.jpg", e.svcKey, "image/jpeg", jpegBytes(t, 640, 400), false)
	first := e.render(t, "width=100", nil)
	if first.status != 200 || first.header.Get("X-Transformation-Cache") != "MISS" {
		t.Fatalf("first render: %d %v", first.status, first.header)
	}
	if r := e.render(t, "width=100", nil); r.status != http.StatusTooManyRequests {
		t.Fatalf("a second render over the allowance: %d", r.status)
	}
	if r := e.render(t, "width=99", map[string]string{"If-None-Match": first.header.Get("ETag")}); r.status != http.StatusNotModified {
		t.Fatalf("revalidation: %d %s", r.status, r.body)
	}
}

// The server cuts a body that trickles
// (httpx.MinBodyRate, mounted in front of every surface); storage answers it
// with a 408 in its own shape, on uploads and JSON endpoints, and keeps
// nothing of the upload.
func TestSlowBodyCut(t *testing.T) {
	e := newEnv(t, fsKind().make(t), nil)
	e.sql(`insert into storage.buckets (id, name) values ('b', 'b')`)
	verifier := jwtauth.NewVerifier(pgtest.JWTSecret, jwtauth.Keys{Anon: e.anonKey, Service: e.svcKey})
	srv := httptest.NewServer(httpx.MinBodyRate(1000, time.Second, time.Second)(http.StripPrefix("/storage/v1", verifier.Middleware(e.handler))))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	// car-images only takes images: the type is sniffed from the first bytes,
	// which must not turn the cut into a 415.
	for _, path := range []string{"/object/b/slow.bin", "/object/car-images/slow.jpg", "/object/list/b"} {
		conn, err := net.Dial("tcp", u.Host)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintf(conn, "POST /storage/v1%s HTTP/1.1\r\nHost: %s\r\nAuthorization: Bearer %s\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n", path, u.Host, e.svcKey)
		stop := make(chan struct{})
		go func() {
			for {
				select {
				case <-stop:
					return
				case <-time.After(250 * time.Millisecond):
				}
				if _, err := io.WriteString(conn, `          `); err != nil {
					return
				}
			}
		}()
		start := time.Now()
		conn.SetReadDeadline(time.Now().Add(20 * time.Second))
		res, err := http.ReadResponse(bufio.NewReader(conn), nil)
		close(stop)
		if err != nil {
			conn.Close()
			t.Fatalf("%s: a trickling body kept the request open for %v: %v", path, time.Since(start).Round(time.Second), err)
		}
		body, _ := io.ReadAll(res.Body)
		conn.Close()
		var eb struct{ StatusCode, Code string }
		if res.StatusCode != http.StatusRequestTimeout || json.Unmarshal(body, &eb) != nil || eb.StatusCode != "408" {
			t.Fatalf("%s: %d %s, want 408 in Storage's shape", path, res.StatusCode, body)
		}
		t.Logf("%s: cut after %v", path, time.Since(start).Round(10*time.Millisecond))
	}
	if e.rows("b") != 0 || len(e.keys("b")) != 0 {
		t.Fatal("the cut upload left a row or bytes")
	}
	if left, _ := e.backend.List(context.Background(), blob.StageBucket, ""); len(left) != 0 {
		t.Fatalf("stages left: %v", left)
	}
}

// Concurrent upserts of one name end with the bytes of the row that won.
func TestConcurrentUpserts(t *testing.T) {
	bothBackends(t, func(t *testing.T, e *env) {
		e.sql(`insert into storage.buckets (id, name) values ('b', 'b')`)
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() {
				req, _ := http.NewRequest("POST", e.srv.URL+"/storage/v1/object/b/race.bin", bytes.NewReader(bytes.Repeat([]byte{byte('a' + i)}, 50_000+i)))
				req.Header.Set("Authorization", "Bearer "+e.svcKey)
				req.Header.Set("x-upsert", "true")
				res, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
				if res.StatusCode != 200 {
					t.Errorf("upsert %d: %d", i, res.StatusCode)
				}
			})
		}
		wg.Wait()
		e.agree(t, "b", "race.bin")
		if left, _ := e.backend.List(context.Background(), blob.StageBucket, ""); len(left) != 0 {
			t.Fatalf("stages left: %v", left)
		}
	})
}

// On the filesystem "a" and "a/b" cannot both exist: the second write is a 409
// and leaves no row; a move there goes back where it was.
func TestKeyConflicts(t *testing.T) {
	e := newEnv(t, fsKind().make(t), nil)
	e.sql(`insert into storage.buckets (id, name) values ('b', 'b')`)
	e.upload("POST", "b", "a", e.svcKey, "text/plain", []byte("file a"), false).wantOK(t)
	e.upload("POST", "b", "x/y", e.svcKey, "text/plain", []byte("file x/y"), false).wantOK(t)
	e.upload("POST", "b", "a/b", e.svcKey, "text/plain", []byte("nested"), false).wantError(t, "409", "KeyAlreadyExists")
	e.upload("POST", "b", "x", e.svcKey, "text/plain", []byte("over a folder"), true).wantError(t, "409", "KeyAlreadyExists")
	e.doJSON("POST", "/object/copy", e.svcKey, map[string]string{"bucketId": "b", "sourceKey": "a", "destinationKey": "x/y/z"}).wantError(t, "409", "KeyAlreadyExists")
	e.doJSON("POST", "/object/move", e.svcKey, map[string]string{"bucketId": "b", "sourceKey": "a", "destinationKey": "x/y/z"}).wantError(t, "409", "KeyAlreadyExists")
	if n := e.count(`select count(*) from storage.objects where bucket_id = 'b'`); n != 2 {
		t.Fatalf("%d rows after refused writes, want 2", n)
	}
	if got := e.agree(t, "b", "a"); string(got) != "file a" {
		t.Fatalf("a after the refused move: %q", got)
	}
	e.agree(t, "b", "x/y")
	if left, _ := e.backend.List(context.Background(), blob.StageBucket, ""); len(left) != 0 {
		t.Fatalf("stages left: %v", left)
	}
}

// A process that stopped between a commit and the publish leaves a stage:
// the recovery sweep publishes it if its version committed, drops it if not,
// and leaves it while its transaction is still open.
func TestStagedRecovery(t *testing.T) {
	bothBackends(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		e.sql(`insert into storage.buckets (id, name) values ('b', 'b')`)
		if r := e.upload("POST", "b", "doc.bin", e.svcKey, "application/octet-stream", []byte("old"), false); r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		// The process's first request started a sweep in the background: let it end,
		// so the stages below meet only the sweep this test calls.
		e.handler.(interface{ Idle() }).Idle()
		stage := func(version, name string, data []byte) {
			t.Helper()
			if _, err := e.backend.Put(ctx, blob.StageBucket, version+"/b/"+name, bytes.NewReader(data), ""); err != nil {
				t.Fatal(err)
			}
		}
		committed, lost, open := uuid.NewString(), uuid.NewString(), uuid.NewString()
		newBytes := []byte("the new version")
		sum := md5.Sum(newBytes)
		stage(committed, "doc.bin", newBytes)
		e.sql(`update storage.objects set version = $1, metadata = jsonb_build_object('eTag', $2::text, 'size', $3::int)
			where bucket_id = 'b' and name = 'doc.bin'`, committed, `"`+hex.EncodeToString(sum[:])+`"`, len(newBytes))
		stage(lost, "doc.bin", []byte("never committed"))
		stage(open, "other.bin", []byte("still uploading"))
		tx, err := e.db.Admin.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback(ctx)
		if _, err := tx.Exec(ctx, `select pg_advisory_xact_lock(7330002, hashtext($1))`, open); err != nil {
			t.Fatal(err)
		}
		svc := e.handler.(interface {
			RecoverStaged(context.Context) (int, error)
		})
		if n, err := svc.RecoverStaged(ctx); err != nil || n != 2 {
			t.Fatalf("RecoverStaged = %d, %v; want 2 (one published, one dropped)", n, err)
		}
		if got := e.agree(t, "b", "doc.bin"); !bytes.Equal(got, newBytes) {
			t.Fatalf("after recovery doc.bin holds %q", got)
		}
		left, _ := e.backend.List(ctx, blob.StageBucket, "")
		if len(left) != 1 || left[0].Key != open+"/b/other.bin" {
			t.Fatalf("stages after recovery: %v, want only the open one", left)
		}
		tx.Rollback(ctx)
		if n, err := svc.RecoverStaged(ctx); err != nil || n != 1 {
			t.Fatalf("second RecoverStaged = %d, %v", n, err)
		}
		if left, _ := e.backend.List(ctx, blob.StageBucket, ""); len(left) != 0 {
			t.Fatalf("stages left: %v", left)
		}
		if _, err := e.backend.Stat(ctx, "b", "other.bin"); err == nil {
			t.Fatal("a stage that never committed was published")
		}
	})
}
