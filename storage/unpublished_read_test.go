package storage_test

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/hex"
	"testing"
	"time"

	"github.com/google/uuid"

	"casarent/server/config"
	"casarent/storage/blob"
)

// An acknowledged write is readable at once even when its bytes were never
// published: the state a publish that failed (PostgreSQL restarting right
// after the commit) or a process stopped between commit and publish leaves
// is a committed row whose version's bytes wait in the stage, while the key
// holds nothing (a new object) or the previous bytes (a replaced one), until
// the recovery sweep runs. Downloads, renders, copies and moves read the
// row's bytes in that state, before any sweep; the sweep then finishes.
func TestUnpublishedWritesReadable(t *testing.T) {
	for _, k := range []backendKind{fsKind(), s3Kind()} {
		t.Run(k.name, func(t *testing.T) {
			ctx := context.Background()
			e := newEnv(t, k.make(t), func(c *config.Storage) {
				c.OrphanSweepInterval = 24 * time.Hour // no sweep but the process's first
				c.RenderBurst, c.RenderPerMinute = 1000, 1000
			})
			e.sql(`insert into storage.buckets (id, name, public) values ('pub', 'pub', true)`)
			for name, data := range map[string]string{"replaced.bin": "the old bytes", "same.bin": "old same size"} {
				if r := e.upload("POST", "pub", name, e.svcKey, "application/octet-stream", []byte(data), false); r.status != 200 {
					t.Fatalf("upload %s: %d %s", name, r.status, r.body)
				}
			}
			e.handler.(interface{ Idle() }).Idle() // the first request's sweep is over: none runs below

			// commitUnpublished leaves what a write acknowledged but never
			// published leaves: the row committed with a new version, the bytes in
			// that version's stage only.
			commitUnpublished := func(name, contentType string, data []byte) {
				t.Helper()
				version := uuid.NewString()
				if _, err := e.backend.Put(ctx, blob.StageBucket, version+"/pub/"+name, bytes.NewReader(data), ""); err != nil {
					t.Fatal(err)
				}
				sum := md5.Sum(data)
				e.sql(`insert into storage.objects (bucket_id, name, version, metadata) values ('pub', $1, $2,
					jsonb_build_object('eTag', $3::text, 'size', $4::int, 'mimetype', $5::text))
					on conflict (bucket_id, name) do update set version = excluded.version, metadata = excluded.metadata`,
					name, version, `"`+hex.EncodeToString(sum[:])+`"`, len(data), contentType)
			}
			wrote := map[string][]byte{
				"new.bin":      []byte("bytes of a new object"),
				"replaced.bin": []byte("the new bytes, longer than the old"),
				"same.bin":     []byte("new same size"),
				"photo.png":    pngBytes(t, 400, 200),
			}
			for name, data := range wrote {
				ct := "application/octet-stream"
				if name == "photo.png" {
					ct = "image/png"
				}
				commitUnpublished(name, ct, data)
			}

			for name, data := range wrote {
				for _, path := range []string{"/object/public/pub/", "/object/authenticated/pub/"} {
					token := ""
					if path == "/object/authenticated/pub/" {
						token = e.svcKey
					}
					r := e.do("GET", path+name, token, nil, nil)
					if r.status != 200 || !bytes.Equal(r.body, data) {
						t.Fatalf("GET %s%s before the sweep: %d %q, want the acknowledged bytes", path, name, r.status, firstBytes(r.body))
					}
				}
			}
			r := e.do("GET", "/render/image/public/pub/photo.png?width=100", "", nil, nil)
			r.wantOK(t)
			if img, _ := decodeImage(t, r.body); img.Bounds().Dx() != 100 || img.Bounds().Dy() != 50 {
				t.Fatalf("render of the unpublished photo: %v", img.Bounds())
			}
			if r := e.doJSON("POST", "/object/copy", e.svcKey, map[string]string{
				"bucketId": "pub", "sourceKey": "new.bin", "destinationKey": "copy.bin",
			}); r.status != 200 {
				t.Fatalf("copy: %d %s", r.status, r.body)
			}
			if r := e.doJSON("POST", "/object/move", e.svcKey, map[string]string{
				"bucketId": "pub", "sourceKey": "same.bin", "destinationKey": "moved.bin",
			}); r.status != 200 {
				t.Fatalf("move: %d %s", r.status, r.body)
			}
			if got := e.agree(t, "pub", "copy.bin"); !bytes.Equal(got, wrote["new.bin"]) {
				t.Fatalf("the copy of an unpublished object holds %q", got)
			}
			if got := e.agree(t, "pub", "moved.bin"); !bytes.Equal(got, wrote["same.bin"]) {
				t.Fatalf("the move of an unpublished object holds %q", got)
			}

			// The sweep still places what waits, and leaves no stage behind.
			svc := e.handler.(interface {
				RecoverStaged(context.Context) (int, error)
			})
			if _, err := svc.RecoverStaged(ctx); err != nil {
				t.Fatal(err)
			}
			for _, name := range []string{"new.bin", "replaced.bin", "photo.png"} {
				if got := e.agree(t, "pub", name); !bytes.Equal(got, wrote[name]) {
					t.Fatalf("after the sweep %s holds %q", name, firstBytes(got))
				}
			}
			if left, _ := e.backend.List(ctx, blob.StageBucket, ""); len(left) != 0 {
				t.Fatalf("stages left after the sweep: %v", left)
			}
		})
	}
}
