package website

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// The public pages as they are answered, rendered ahead of visitors
// (pagerender.go). A request only reads here: it never waits for a render and
// never causes one, so what a visitor sends (query strings, cookies, languages)
// cannot grow the store or the work. Each page is compressed once, when stored.

// storedPage is one page in one language.
type storedPage struct {
	raw, gzip, zstd []byte
	etag            string // of raw, quoted; each encoding adds its suffix
}

func (p *storedPage) size() int64 { return int64(len(p.raw) + len(p.gzip) + len(p.zstd)) }

var zstdPages, _ = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBetterCompression), zstd.WithEncoderConcurrency(1))

// newStoredPage compresses html (gzip and zstd at their tighter settings: done
// once per render, not per request).
func newStoredPage(html []byte) *storedPage {
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	_, _ = w.Write(html)
	_ = w.Close()
	sum := sha256.Sum256(html)
	return &storedPage{
		raw:  html,
		gzip: gz.Bytes(),
		zstd: zstdPages.EncodeAll(html, nil),
		etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`,
	}
}

type pageKey struct{ path, lang string }

// notFoundPath keys the not-found page of each language.
const notFoundPath = ""

// pageStore holds the pages, bounded in bytes.
type pageStore struct {
	mu     sync.RWMutex
	pages  map[pageKey]*storedPage
	public map[string]bool // the public pages' paths; nil until first listed
	bytes  int64
	max    int64
}

func newPageStore(max int64) *pageStore {
	return &pageStore{pages: map[pageKey]*storedPage{}, max: max}
}

// lookup returns the page of path in lang (nil if not rendered yet), whether the
// path is a public page and whether the list of public pages is known yet.
func (s *pageStore) lookup(path, lang string) (page *storedPage, public, listed bool) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.pages[pageKey{path, lang}], s.public[path], s.public != nil
}

// put stores a page, replacing its previous render; false when it does not fit
// in the budget (the old render is then dropped: it no longer shows the data).
func (s *pageStore) put(path, lang string, p *storedPage) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	k := pageKey{path, lang}
	if old := s.pages[k]; old != nil {
		s.bytes -= old.size()
		delete(s.pages, k)
	}
	if s.bytes+p.size() > s.max {
		return false
	}
	s.pages[k] = p
	s.bytes += p.size()
	return true
}

// setPublic replaces the list of public pages and forgets the pages no longer in
// it (a car or post removed: its address is now a 404).
func (s *pageStore) setPublic(paths []string) {
	public := make(map[string]bool, len(paths))
	for _, p := range paths {
		public[p] = true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.public = public
	for k, p := range s.pages {
		if k.path != notFoundPath && !public[k.path] {
			s.bytes -= p.size()
			delete(s.pages, k)
		}
	}
}

// keys lists the stored pages.
func (s *pageStore) keys() []pageKey {
	s.mu.RLock()
	defer s.mu.RUnlock()
	keys := make([]pageKey, 0, len(s.pages))
	for k := range s.pages {
		keys = append(keys, k)
	}
	return keys
}

// stats is the number of pages stored and their bytes, and how many pages the
// site has (each public page and the not-found page, in each language): what
// the store holds once every page is rendered and fits.
func (s *pageStore) stats() (pages int, bytes int64, site int) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	if s.public != nil {
		site = (len(s.public) + 1) * len(siteLanguages)
	}
	return len(s.pages), s.bytes, site
}
