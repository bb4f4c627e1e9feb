package config

import (
	"time"

	platform "casarent/server/config"
)

// Pages configures the public pages the site renders ahead of visitors
// (rental/website/pagestore.go, rental/website/pagerender.go).
type Pages struct {
	// StoreMaxBytes bounds each server's cache of the pages it answered last, in
	// front of the table of rendered pages (gzip, each language counts):
	// PAGE_STORE_MAX_BYTES, default 16 MiB. A page not in it is read from the
	// table, never answered as the shell.
	StoreMaxBytes int64
	// RecheckEvery is how often every page's data is read again in case a change
	// notification was lost (a dropped connection): PAGE_RECHECK_EVERY, default
	// 5m. Only pages whose data changed are rendered again.
	RecheckEvery time.Duration
	// Renderer is what runs a burst of renders (PAGE_RENDERER): "deno" the
	// bundle in a Deno process (V8: a burst takes about a second), "process" in a
	// child process of the server binary with goja (no Deno needed; ten times
	// slower), "inline" in goja inside the server, dropped after the burst. Both
	// processes exit after the burst, so their memory leaves with them. Default
	// "auto": Deno when one is found (DENO_PATH, .tools/deno, PATH), else "process".
	Renderer string
}

// loadPages reads the pages' settings; values out of range take the default.
func loadPages(r *platform.Reader) Pages {
	p := Pages{StoreMaxBytes: r.Int64("PAGE_STORE_MAX_BYTES", 16<<20), RecheckEvery: r.Dur("PAGE_RECHECK_EVERY", 5*time.Minute),
		Renderer: r.Str("PAGE_RENDERER", "auto")}
	switch p.Renderer {
	case "deno", "process", "inline":
	default:
		p.Renderer = "auto"
	}
	if p.StoreMaxBytes <= 0 {
		p.StoreMaxBytes = 16 << 20
	}
	if p.RecheckEvery <= 0 {
		p.RecheckEvery = 5 * time.Minute
	}
	return p
}
