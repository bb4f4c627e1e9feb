// Package backoff paces the background loops that retry a failing connection
// (schema listener, database preparation, replication reader): the wait
// doubles after each failure up to a ceiling, and ends early with the context.
package backoff

import (
	"context"
	"time"
)

// Backoff is one loop's wait between attempts; the zero value is not usable (New).
type Backoff struct {
	start, max, next time.Duration
}

// New starts at start and doubles up to max.
func New(start, max time.Duration) *Backoff {
	return &Backoff{start: start, max: max, next: start}
}

// Next is how long the coming Wait sleeps (for the log line before it).
func (b *Backoff) Next() time.Duration { return b.next }

// Wait sleeps for Next, then doubles it up to the ceiling. It returns false,
// at once, when ctx ends first.
func (b *Backoff) Wait(ctx context.Context) bool {
	t := time.NewTimer(b.next)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
	}
	b.next = min(b.next*2, b.max)
	return true
}

// Reset starts over from the first wait, after the work ran well for a while.
func (b *Backoff) Reset() { b.next = b.start }
