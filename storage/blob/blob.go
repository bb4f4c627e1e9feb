// Package blob is the contract between /storage/v1 and the places bytes live.
// It is its own leaf package so that backends and the conformance suite do not
// import the HTTP layer.
package blob

import (
	"context"
	"errors"
	"io"
	"time"
)

// ErrNotFound is returned for an object that does not exist.
var ErrNotFound = errors.New("blob: object not found")

// Info describes stored bytes.
type Info struct {
	Size         int64
	ETag         string // opaque, quoted as an HTTP entity tag is not
	LastModified time.Time
	ContentType  string
}

// Entry is one key of a listing with what S3 and a directory give cheaply.
type Entry struct {
	Key          string
	Size         int64
	LastModified time.Time
}

// Object is an open object: ranges are read by seeking (http.ServeContent does).
type Object interface {
	io.ReadSeekCloser
}

// Backend stores object bytes under (bucket, key). Keys are storage object
// names: already validated (no "..", no control characters), slashes allowed.
type Backend interface {
	// Put streams r into (bucket, key), replacing what was there, atomically:
	// until Put returns nil nobody sees a partial object, and when r fails (a
	// client hung up) or ctx ends, nothing is left behind.
	Put(ctx context.Context, bucket, key string, r io.Reader, contentType string) (Info, error)
	// Open returns the object for reading; ErrNotFound when missing.
	Open(ctx context.Context, bucket, key string) (Object, Info, error)
	// Stat describes the object; ErrNotFound when missing.
	Stat(ctx context.Context, bucket, key string) (Info, error)
	// Delete removes the object; deleting a missing object is not an error.
	Delete(ctx context.Context, bucket, key string) error
	// Copy duplicates src into dst (atomically, like Put); ErrNotFound when src is missing.
	Copy(ctx context.Context, srcBucket, srcKey, dstBucket, dstKey string) (Info, error)
	// Rename moves src over dst: dst is replaced atomically (a reader sees the
	// old bytes or the new ones), then src is gone. ErrNotFound when src is
	// missing (dst is then untouched). If it fails after dst was replaced
	// (S3: copy, then delete), src is still there and Rename again completes it.
	Rename(ctx context.Context, srcBucket, srcKey, dstBucket, dstKey string) (Info, error)
	// List returns the objects of bucket whose keys start with prefix, sorted by key.
	List(ctx context.Context, bucket, prefix string) ([]Entry, error)
}
