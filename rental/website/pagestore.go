package website

import (
	"bytes"
	"compress/gzip"
	"container/list"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"sync"
)

// The public pages as they are answered, rendered ahead of visitors
// (pagerender.go) and kept in the table site_pages.pages (pagetable.go), which
// every server of the site reads. A request only reads: it never waits for a
// render and never causes one, so what a visitor sends (query strings, cookies,
// languages) cannot grow the store or the work. In front of the table each
// server keeps a small cache of the pages it answered last (pageCache), bounded
// in bytes: a page not in it is one query away, never the shell.
//
// A page is kept in one form, gzip (every client that accepts an encoding
// accepts gzip): answered as is to those, decompressed for the others.

// storedPage is one page in one language.
type storedPage struct {
	gz   []byte // the HTML, gzip
	etag string // of the HTML, quoted
}

func (p *storedPage) size() int64 { return int64(len(p.gz) + len(p.etag) + 64) }

// html is the page decompressed.
func (p *storedPage) html() []byte {
	r, err := gzip.NewReader(bytes.NewReader(p.gz))
	if err != nil {
		return nil
	}
	b, _ := io.ReadAll(r)
	return b
}

// newStoredPage compresses html at gzip's tightest: done once per render, not
// per request.
func newStoredPage(html []byte) *storedPage {
	return &storedPage{gz: gzipped(html, gzip.BestCompression), etag: etagOf(html)}
}

func gzipped(b []byte, level int) []byte {
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, level)
	_, _ = w.Write(b)
	_ = w.Close()
	return gz.Bytes()
}

func etagOf(html []byte) string {
	sum := sha256.Sum256(html)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
}

// staleForm is p with its embedded data marked stale (pagestale.go), as a page
// whose data changed since its render is answered; p itself when it has no data.
func staleForm(p *storedPage) *storedPage {
	raw := p.html()
	if !bytes.Contains(raw, pageDataOpen) {
		return p
	}
	return &storedPage{gz: gzipped(markedStale(raw), gzip.BestSpeed), etag: p.etag[:len(p.etag)-1] + `-stale"`}
}

type pageKey struct{ path, lang string }

// notFoundPath keys the not-found page of each language.
const notFoundPath = ""

// pageCache keeps the pages answered last, bounded in bytes (least recently
// answered out first).
type pageCache struct {
	mu    sync.Mutex
	pages map[pageKey]*list.Element // of *cached
	order *list.List                // most recently used first
	bytes int64
	max   int64
	gen   uint64 // counts drops: a page read from the table before one is not cached
}

type cached struct {
	key  pageKey
	page *storedPage
}

func newPageCache(max int64) *pageCache {
	return &pageCache{pages: map[pageKey]*list.Element{}, order: list.New(), max: max}
}

// get returns the cached page (nil when not cached) and the generation to pass
// to put after reading it from the table.
func (c *pageCache) get(k pageKey) (*storedPage, uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.pages[k]; e != nil {
		c.order.MoveToFront(e)
		return e.Value.(*cached).page, c.gen
	}
	return nil, c.gen
}

// put caches a page read from the table at generation gen, unless a drop came
// since (the page read may be older than what the drop announced).
func (c *pageCache) put(k pageKey, p *storedPage, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen || p.size() > c.max {
		return
	}
	c.remove(k)
	c.pages[k] = c.order.PushFront(&cached{k, p})
	c.bytes += p.size()
	for c.bytes > c.max {
		c.remove(c.order.Back().Value.(*cached).key)
	}
}

func (c *pageCache) remove(k pageKey) {
	if e := c.pages[k]; e != nil {
		c.bytes -= e.Value.(*cached).page.size()
		c.order.Remove(e)
		delete(c.pages, k)
	}
}

// drop forgets the pages whose path covered says (the table has newer ones).
func (c *pageCache) drop(covered func(path string) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.gen++
	for k := range c.pages {
		if covered(k.path) {
			c.remove(k)
		}
	}
}

// stats is the number of pages cached and their bytes.
func (c *pageCache) stats() (pages int, bytes int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.pages), c.bytes
}
