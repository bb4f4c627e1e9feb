package storage

import (
	"context"
	"math"
	"net"
	"net/http"
	"slices"
	"sync"
	"time"

	"casarent/server/httpx"
)

// RenderLimiter decides whether a client address may start one more image
// render (a cache miss; cached renditions are never counted). The in-process
// memoryLimiter is what runs today; a limiter whose buckets live in
// PostgreSQL, shared by every replica, can replace it behind this interface
// (storage/README.md, "Image rendering").
type RenderLimiter interface {
	// Take spends one render of addr's allowance. When none is left it
	// returns false and how long until one is.
	Take(ctx context.Context, addr string) (ok bool, retryAfter time.Duration, err error)
}

// memoryLimiter is a token bucket per address: burst renders at once,
// refilled at perMinute. Buckets that would be full again are forgotten, so
// memory follows the addresses active within the last burst/rate period.
type memoryLimiter struct {
	burst float64
	rate  float64 // tokens per second
	now   func() time.Time

	mu        sync.Mutex
	buckets   map[string]*tokenBucket
	lastPrune time.Time
}

type tokenBucket struct {
	tokens  float64
	updated time.Time
}

// maxTrackedAddresses bounds the limiter's memory under a flood of addresses.
const maxTrackedAddresses = 100_000

func newMemoryLimiter(burst, perMinute int, now func() time.Time) *memoryLimiter {
	return &memoryLimiter{burst: float64(burst), rate: float64(perMinute) / 60, now: now, buckets: map[string]*tokenBucket{}}
}

func (m *memoryLimiter) Take(_ context.Context, addr string) (bool, time.Duration, error) {
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.buckets) >= maxTrackedAddresses || now.Sub(m.lastPrune) > time.Minute {
		m.prune(now)
	}
	b := m.buckets[addr]
	if b == nil {
		b = &tokenBucket{tokens: m.burst, updated: now}
		m.buckets[addr] = b
	}
	if elapsed := now.Sub(b.updated).Seconds(); elapsed > 0 {
		b.tokens = math.Min(m.burst, b.tokens+elapsed*m.rate)
		b.updated = now
	}
	if b.tokens >= 1 {
		b.tokens--
		return true, 0, nil
	}
	wait := time.Duration((1 - b.tokens) / m.rate * float64(time.Second))
	return false, wait, nil
}

// prune forgets buckets that have refilled; if the map is still full (a flood
// of distinct addresses), the least recently used half goes.
func (m *memoryLimiter) prune(now time.Time) {
	m.lastPrune = now
	for k, b := range m.buckets {
		if b.tokens+now.Sub(b.updated).Seconds()*m.rate >= m.burst {
			delete(m.buckets, k)
		}
	}
	if len(m.buckets) < maxTrackedAddresses {
		return
	}
	times := make([]time.Time, 0, len(m.buckets))
	for _, b := range m.buckets {
		times = append(times, b.updated)
	}
	cutoff := medianTime(times)
	for k, b := range m.buckets {
		if !b.updated.After(cutoff) {
			delete(m.buckets, k)
		}
	}
}

func medianTime(ts []time.Time) time.Time {
	slices.SortFunc(ts, func(a, b time.Time) int { return a.Compare(b) })
	return ts[len(ts)/2]
}

// renderClient is the address renders are counted against: the client IP
// (httpx.ClientIP rules: the trusted proxy header, else the peer), with IPv6
// addresses reduced to their /64, which one host usually holds whole.
func renderClient(r *http.Request, trustedHeader string) string {
	host := httpx.ClientIP(r, trustedHeader)
	ip := net.ParseIP(host)
	if ip == nil {
		return host
	}
	if ip.To4() != nil {
		return ip.String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// renderSlots bounds the renders running at once in this process, so decoding
// and resizing cannot take every processor from the API. A render waits at
// most wait for a slot.
type renderSlots struct {
	slots chan struct{}
	wait  time.Duration
}

func newRenderSlots(n int, wait time.Duration) *renderSlots {
	return &renderSlots{slots: make(chan struct{}, n), wait: wait}
}

// acquire returns the slot's release, or false when none freed up in time (or
// the client left).
func (s *renderSlots) acquire(ctx context.Context) (func(), bool) {
	select {
	case s.slots <- struct{}{}:
		return s.release, true
	default:
	}
	t := time.NewTimer(s.wait)
	defer t.Stop()
	select {
	case s.slots <- struct{}{}:
		return s.release, true
	case <-t.C:
	case <-ctx.Done():
	}
	return nil, false
}

func (s *renderSlots) release() { <-s.slots }
