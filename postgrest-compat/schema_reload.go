package postgrest

import (
	"context"
	"time"

	"casarent/server/backoff"
)

// Reload reads the catalog again and swaps the snapshot atomically; requests in
// flight keep the snapshot they started with.
func (h *Handler) Reload(ctx context.Context) error {
	h.reloadMu.Lock()
	defer h.reloadMu.Unlock()
	c, err := loadCache(ctx, h.opts.Pool, h.opts.Schemas)
	if err != nil {
		return err
	}
	h.cache.Store(c)
	return nil
}

// Run loads the schema cache (retrying with backoff while the database is down),
// then listens on channel "pgrst" and reloads on 'reload schema' (or an empty
// payload), reconnecting as needed. It returns when ctx ends.
func (h *Handler) Run(ctx context.Context) {
	wait := backoff.New(100*time.Millisecond, 10*time.Second)
	for ctx.Err() == nil {
		err := h.listen(ctx)
		if ctx.Err() != nil {
			return
		}
		h.opts.Logger.Warn("postgrest: schema listener stopped, retrying", "err", err, "in", wait.Next())
		if !wait.Wait(ctx) {
			return
		}
	}
}

// listen holds one connection LISTENing on pgrst. It reloads after LISTEN so no
// notification between the load and the LISTEN can be missed.
func (h *Handler) listen(ctx context.Context) error {
	conn, err := h.opts.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "listen pgrst"); err != nil {
		return err
	}
	defer func() {
		// The connection goes back to the pool: stop listening on it.
		c, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		defer cancel()
		if _, err := conn.Exec(c, "unlisten *"); err != nil {
			_ = conn.Conn().Close(c)
		}
	}()
	if err := h.Reload(ctx); err != nil {
		return err
	}
	h.opts.Logger.Info("postgrest: schema cache loaded")
	for {
		n, err := conn.Conn().WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if n.Payload != "reload schema" && n.Payload != "" {
			continue
		}
		// Debounce bursts (a migration notifies once per DDL statement's transaction).
		drain, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
		for {
			if _, err := conn.Conn().WaitForNotification(drain); err != nil {
				break
			}
		}
		cancel()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err := h.Reload(ctx); err != nil {
			h.opts.Logger.Error("postgrest: schema reload failed", "err", err)
			continue
		}
		h.opts.Logger.Info("postgrest: schema cache reloaded")
	}
}
