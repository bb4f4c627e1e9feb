package blob

import (
	"errors"
	"strings"
)

// ErrInvalidName is returned by a backend for a bucket or key it refuses to
// store (defence in depth: the HTTP layer validates names first).
var ErrInvalidName = errors.New("blob: invalid bucket or key")

// ErrKeyConflict is returned when a key cannot coexist with another one on a
// hierarchical store (the filesystem cannot hold both "a" and "a/b").
var ErrKeyConflict = errors.New("blob: key conflicts with an existing object or folder")

// CacheBucket is the backend's own area for derived files (rendered images);
// no storage bucket can have this name (bucket names cannot start with ".").
const CacheBucket = ".cache"

// StageBucket is where the bytes of a write wait while its metadata commits
// (key "<version>/<bucket>/<name>"); they are then renamed into place.
const StageBucket = ".stage"

// CheckName refuses names a backend must never see: empty, absolute, with an
// empty, "." or ".." segment, or with control characters.
func CheckName(bucket, key string) error {
	if bucket == "" || (strings.HasPrefix(bucket, ".") && bucket != CacheBucket && bucket != StageBucket) || strings.ContainsAny(bucket, "/\\") || hasControl(bucket) {
		return ErrInvalidName
	}
	if key == "" || hasControl(key) || strings.Contains(key, "\\") {
		return ErrInvalidName
	}
	if !PlainSegments(key) {
		return ErrInvalidName
	}
	return nil
}

// PlainSegments reports whether every "/"-separated segment of key is a
// name: none is empty, "." or ".." (keys become filesystem paths).
func PlainSegments(key string) bool {
	for seg := range strings.SplitSeq(key, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

func hasControl(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return true
		}
	}
	return false
}
