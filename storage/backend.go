package storage

import (
	"context"
	"fmt"
	"time"

	"casarent/server/config"
	"casarent/storage/blob"
	"casarent/storage/fsbackend"
	"casarent/storage/s3backend"
)

// Backend stores object bytes; storage.objects holds everything else. The
// contract (atomic Put, ranged reads through Seek, idempotent Delete) is in
// package blob and checked for every implementation by storage/backendtest.
type Backend = blob.Backend

// ObjectInfo describes stored bytes.
type ObjectInfo = blob.Info

// ErrNotFound is returned by a Backend for a missing object.
var ErrNotFound = blob.ErrNotFound

// NewBackend returns the backend the configuration names: the local filesystem
// (default) or S3-compatible storage.
func NewBackend(cfg config.Storage) (Backend, error) {
	switch cfg.Backend {
	case "", "file":
		return fsbackend.New(cfg.FilePath)
	case "s3":
		b, err := s3backend.New(s3backend.Config{
			Endpoint:       cfg.S3Endpoint,
			Bucket:         cfg.S3Bucket,
			AccessKey:      cfg.S3AccessKey,
			SecretKey:      cfg.S3SecretKey,
			Region:         cfg.S3Region,
			ForcePathStyle: cfg.S3ForcePathStyle,
			Prefix:         cfg.S3Prefix,
		})
		if err != nil {
			return nil, err
		}
		ctx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
		defer cancel()
		if err := b.EnsureBucket(ctx); err != nil {
			return nil, err
		}
		return b, nil
	default:
		return nil, fmt.Errorf("storage: unknown backend %q", cfg.Backend)
	}
}
