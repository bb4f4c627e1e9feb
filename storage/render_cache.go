package storage

import (
	"bytes"
	"container/list"
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"casarent/storage/blob"
)

// renderCache keeps rendered images in the backend under .cache/render/ and
// bounds their total size: an index in memory (key, size, recency) evicts the
// least recently used renditions once the total passes limit. The index is
// built from the backend's listing on first use, so what an earlier process
// left counts too (oldest modification first out), and it learns the
// renditions another replica wrote when it serves them. Each process bounds
// what it knows: replicas sharing one S3 bucket hold at most replicas x limit
// between restarts.
type renderCache struct {
	backend blob.Backend
	limit   int64
	log     *slog.Logger

	loadMu sync.Mutex // one loader; others wait for it
	loaded bool       // under mu

	mu      sync.Mutex
	total   int64
	lru     *list.List // of *cacheEntry, most recently used first
	entries map[string]*list.Element
}

type cacheEntry struct {
	key  string
	size int64
}

const renderPrefix = "render/"

func newRenderCache(backend blob.Backend, limit int64, log *slog.Logger) *renderCache {
	return &renderCache{backend: backend, limit: limit, log: log, lru: list.New(), entries: map[string]*list.Element{}}
}

// load indexes what the backend already holds, then evicts to fit. A failed
// listing is retried by the next render.
func (c *renderCache) load(ctx context.Context) {
	c.mu.Lock()
	done := c.loaded
	c.mu.Unlock()
	if done {
		return
	}
	c.loadMu.Lock()
	defer c.loadMu.Unlock()
	c.mu.Lock()
	done = c.loaded
	c.mu.Unlock()
	if done {
		return
	}
	lctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
	defer cancel()
	found, err := c.backend.List(lctx, blob.CacheBucket, renderPrefix)
	if err != nil {
		c.log.WarnContext(ctx, "storage: could not list the render cache", "err", err)
		return
	}
	// Newest first, each behind what this process already used.
	slices.SortFunc(found, func(a, b blob.Entry) int { return b.LastModified.Compare(a.LastModified) })
	c.mu.Lock()
	for _, e := range found {
		key := e.Key[len(renderPrefix):]
		if _, ok := c.entries[key]; !ok {
			c.entries[key] = c.lru.PushBack(&cacheEntry{key: key, size: e.Size})
			c.total += e.Size
		}
	}
	c.loaded = true
	victims := c.evictLocked()
	c.mu.Unlock()
	c.remove(lctx, victims)
}

// get opens a cached rendition and marks it used.
func (c *renderCache) get(ctx context.Context, key string) (blob.Object, bool) {
	c.load(ctx)
	obj, info, err := c.backend.Open(ctx, blob.CacheBucket, renderPrefix+key)
	c.mu.Lock()
	defer c.mu.Unlock()
	el, known := c.entries[key]
	if err != nil {
		if known { // evicted by another replica, or removed by hand
			c.dropLocked(el)
		}
		return nil, false
	}
	if known {
		e := el.Value.(*cacheEntry)
		c.total += info.Size - e.size
		e.size = info.Size
		c.lru.MoveToFront(el)
	} else { // written by another replica: count it here too
		c.entries[key] = c.lru.PushFront(&cacheEntry{key: key, size: info.Size})
		c.total += info.Size
	}
	return obj, true
}

// put stores a rendition and evicts what no longer fits. A rendition larger
// than the whole cache is not kept.
func (c *renderCache) put(ctx context.Context, key string, data []byte, contentType string) {
	size := int64(len(data))
	if size > c.limit {
		return
	}
	c.load(ctx)
	pctx, cancel := detached(ctx)
	defer cancel()
	if _, err := c.backend.Put(pctx, blob.CacheBucket, renderPrefix+key, bytes.NewReader(data), contentType); err != nil {
		c.log.WarnContext(ctx, "storage: could not cache a rendered image", "err", err)
		return
	}
	c.mu.Lock()
	if el, ok := c.entries[key]; ok {
		e := el.Value.(*cacheEntry)
		c.total += size - e.size
		e.size = size
		c.lru.MoveToFront(el)
	} else {
		c.entries[key] = c.lru.PushFront(&cacheEntry{key: key, size: size})
		c.total += size
	}
	victims := c.evictLocked()
	c.mu.Unlock()
	c.remove(pctx, victims)
}

// evictLocked takes least recently used entries off the index until the total
// fits, and returns their keys for removal outside the lock.
func (c *renderCache) evictLocked() []string {
	var victims []string
	for c.total > c.limit {
		el := c.lru.Back()
		if el == nil {
			break
		}
		victims = append(victims, el.Value.(*cacheEntry).key)
		c.dropLocked(el)
	}
	return victims
}

func (c *renderCache) dropLocked(el *list.Element) {
	e := c.lru.Remove(el).(*cacheEntry)
	delete(c.entries, e.key)
	c.total -= e.size
}

// remove deletes evicted renditions. A reader that opened one just before
// keeps its open file on the filesystem; on S3 it may see the object vanish
// and the request fail, which a retry renders again.
func (c *renderCache) remove(ctx context.Context, keys []string) {
	for _, k := range keys {
		if err := c.backend.Delete(ctx, blob.CacheBucket, renderPrefix+k); err != nil {
			c.log.WarnContext(ctx, "storage: could not evict a rendered image", "key", k, "err", err)
		}
	}
}
