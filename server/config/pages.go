package config

import "time"

// Pages configures the public pages the server renders ahead of visitors
// (server/pagestore.go, server/pagerender.go).
type Pages struct {
	// StoreMaxBytes bounds the rendered pages kept in memory (each page in each
	// language, raw and compressed): PAGE_STORE_MAX_BYTES, default 64 MiB. A page
	// that does not fit is answered as the plain shell (the browser renders it).
	StoreMaxBytes int64
	// RecheckEvery is how often every page's data is read again in case a change
	// notification was lost (a dropped connection): PAGE_RECHECK_EVERY, default
	// 5m. Only pages whose data changed are rendered again.
	RecheckEvery time.Duration
	// Renderer is where a burst of renders runs: "process" (default) a child
	// process that exits after the burst, so the VM's memory leaves with it;
	// "inline" a VM in the server, dropped after the burst (PAGE_RENDERER).
	Renderer string
}

func loadPages(e env) Pages {
	p := Pages{StoreMaxBytes: e.int64("PAGE_STORE_MAX_BYTES", 64<<20), RecheckEvery: e.dur("PAGE_RECHECK_EVERY", 5*time.Minute),
		Renderer: e.str("PAGE_RENDERER", "process")}
	if p.Renderer != "inline" {
		p.Renderer = "process"
	}
	if p.StoreMaxBytes <= 0 {
		p.StoreMaxBytes = 64 << 20
	}
	if p.RecheckEvery <= 0 {
		p.RecheckEvery = 5 * time.Minute
	}
	return p
}
