//go:build embedui

// Package frontend carries the built website (dist/) inside the binary when built
// with -tags embedui (the container image does). Without the tag the server reads
// frontend/dist from disk, so Go builds and tests never need a site build.
package frontend

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built site, or nil when there is none.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil
	}
	return sub
}
