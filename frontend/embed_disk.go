//go:build !embedui

package frontend

import "io/fs"

// Dist returns nil: without -tags embedui the server serves the site from disk
// (FRONTEND_DIST, default frontend/dist).
func Dist() fs.FS { return nil }
