package storage_test

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"io"
	"runtime"
	"testing"

	"casarent/server/config"
)

// flatPNG is a w x h 8-bit RGB PNG of one colour, written row by row so that
// a 40,000,000 x 1 image costs the test a few kilobytes, not the 160 MB a
// decoded copy of it takes.
func flatPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		binary.Write(&out, binary.BigEndian, uint32(len(data)))
		crc := crc32.NewIEEE()
		io.WriteString(crc, kind)
		crc.Write(data)
		out.WriteString(kind)
		out.Write(data)
		binary.Write(&out, binary.BigEndian, crc.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 2 // 8 bits per sample, RGB
	chunk("IHDR", ihdr)
	var idat bytes.Buffer
	z, _ := zlib.NewWriterLevel(&idat, zlib.BestSpeed)
	zeros := make([]byte, 64<<10)
	for range h {
		z.Write([]byte{0}) // filter: none
		for left := 3 * w; left > 0; left -= len(zeros) {
			if _, err := z.Write(zeros[:min(left, len(zeros))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// A resize given one side takes the other from the source's ratio: the output
// size is checked against the maximum before anything is decoded or
// allocated, so an extreme ratio is refused (or kept within the maximum), and
// the request costs little memory whatever the source's declared size.
func TestRenderOutputBounded(t *testing.T) {
	e := newEnv(t, fsKind().make(t), func(c *config.Storage) { c.RenderBurst, c.RenderPerMinute = 1000, 1000 })
	e.sql(`insert into storage.buckets (id, name, public) values ('pub', 'pub', true)`)
	for _, c := range []struct {
		name  string
		w, h  int
		query string
	}{
		{"wide.png", 40_000_000, 1, "height=1"}, // within the 40 MP source limit
		{"banner.png", 1000, 10, "height=320"},  // 32000 x 320 if the ratio is followed
	} {
		t.Run(c.name, func(t *testing.T) {
			data := flatPNG(t, c.w, c.h)
			if r := e.upload("POST", "pub", c.name, e.svcKey, "image/png", data, false); r.status != 200 {
				t.Fatalf("upload: %d %s", r.status, r.body)
			}
			e.handler.(interface{ Idle() }).Idle() // the first request's background sweep
			data = nil
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			r := e.do("GET", "/render/image/public/pub/"+c.name+"?"+c.query, "", nil, nil)
			runtime.ReadMemStats(&after)
			allocated := after.TotalAlloc - before.TotalAlloc
			t.Logf("%dx%d ?%s: %d, %d bytes allocated while it was answered: %s", c.w, c.h, c.query, r.status, allocated, firstBytes(r.body))
			if allocated > 50<<20 {
				t.Errorf("the render allocated %d MB (limit 50 MB)", allocated>>20)
			}
			switch {
			case r.status == 200:
				img, _ := decodeImage(t, r.body)
				if b := img.Bounds(); b.Dx() > 2500 || b.Dy() > 2500 {
					t.Errorf("rendered %dx%d, past the 2500 maximum", b.Dx(), b.Dy())
				}
			case r.status >= 400 && r.status < 500:
				r.wantError(t, "422", "InvalidRequest")
			default:
				t.Errorf("%d %s", r.status, r.body)
			}
		})
	}
	// Ordinary renders still work after the refusals.
	e.upload("POST", "pub", "photo.png", e.svcKey, "image/png", pngBytes(t, 400, 200), false)
	r := e.do("GET", "/render/image/public/pub/photo.png?height=100", "", nil, nil)
	r.wantOK(t)
	if img, _ := decodeImage(t, r.body); img.Bounds().Dx() != 200 || img.Bounds().Dy() != 100 {
		t.Fatalf("400x200 at height=100 rendered %v", img.Bounds())
	}
}

func firstBytes(b []byte) string {
	if len(b) > 400 || bytes.ContainsRune(b, 0) {
		return "(image)"
	}
	return string(b)
}
