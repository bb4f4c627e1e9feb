package ssr

import (
	"container/list"
	"crypto/sha256"
	"encoding/json"
	"sync"
	"time"
)

// cache keeps recent renders: the same page, data and language give the
// same markup, and most visits are of a few pages whose data rarely changes. The key
// covers everything the render reads (and the day: pages show today's date), so a
// change in the data is a new key, never a stale page.
type cache struct {
	mu    sync.Mutex
	max   int
	order *list.List // front = most recent
	items map[[32]byte]*list.Element
}

type cached struct {
	key [32]byte
	out Output
}

func newCache(max int) *cache {
	return &cache{max: max, order: list.New(), items: map[[32]byte]*list.Element{}}
}

func cacheKey(url, path, lang string, data json.RawMessage, now time.Time) [32]byte {
	b, _ := json.Marshal([]any{url, path, lang, data, now.Format("2006-01-02")})
	return sha256.Sum256(b)
}

func (c *cache) get(k [32]byte) (Output, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.items[k]
	if !ok {
		return Output{}, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*cached).out, true
}

func (c *cache) put(k [32]byte, out Output) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.order.MoveToFront(e)
		return
	}
	c.items[k] = c.order.PushFront(&cached{k, out})
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*cached).key)
	}
}
