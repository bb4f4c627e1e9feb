package website

import (
	"bytes"
	"context"
	"sync"
)

// Between a change and the render that shows it, a page is its last render with
// its embedded data marked stale (frontend/src/lib/pageData.ts: the browser
// hydrates with what the markup shows, then reads the data again). A change is
// marked as soon as its notification arrives, even while a burst is rendering:
// a render made from data read before the change is stored marked too.

// staleMark opens the embedded data of a page marked stale.
var (
	pageDataOpen = []byte(`<script id="page-data" type="application/json">{`)
	staleMark    = []byte(`<script id="page-data" type="application/json">{"stale":true,`)
)

// markedStale is page with its embedded data marked stale (as it is without any).
func markedStale(page []byte) []byte {
	return bytes.Replace(page, pageDataOpen, staleMark, 1)
}

// changeLog numbers the content changes the server has heard of and remembers
// which pages each one covers.
type changeLog struct {
	mu      sync.Mutex
	seq     int64
	changes []loggedChange // recent ones, oldest first
}

type loggedChange struct {
	seq    int64
	covers pageChanges
}

// now is the number of the last change heard of: data read after this call
// shows every change up to it.
func (l *changeLog) now() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.seq
}

// add records a change (a page_content payload) and returns what it covers.
func (l *changeLog) add(payload string) pageChanges {
	var c pageChanges
	c.mark(payload)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seq++
	l.changes = append(l.changes, loggedChange{l.seq, c})
	if len(l.changes) > 256 { // a burst behind by that many changes: it is re-read anyway
		l.changes = l.changes[len(l.changes)-256:]
	}
	return c
}

// changedSince reports whether a change after seq covers path.
func (l *changeLog) changedSince(seq int64, path string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.changes) > 0 && l.changes[0].seq > seq+1 {
		return true // older changes were forgotten: assume the worst
	}
	for _, c := range l.changes {
		if c.seq > seq && c.covers.covers(path) {
			return true
		}
	}
	return false
}

// markChanged marks stale the stored pages a change covers (in the table: every
// server drops them from its cache and answers them marked).
func (r *pageRenderer) markChanged(ctx context.Context, c pageChanges) {
	if err := r.markStale(ctx, c); err != nil && ctx.Err() == nil {
		r.log.Warn("pages: cannot mark the changed pages stale", "err", err)
	}
}
