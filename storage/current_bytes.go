package storage

import (
	"context"
	"errors"
	"strings"

	"casarent/storage/blob"
)

// A committed write's bytes are at the object's key once published (see
// publish.go). Between its commit and its publish they wait in the stage of
// the row's version while the key holds nothing (a new object) or the
// previous bytes (a replaced one): for milliseconds normally, but until the
// recovery sweep when the publish failed (the database restarted right after
// the commit) or the process stopped in between. The client had its 200, so
// reads and copies take the bytes from wherever the row's version has them:
// the key when it holds them, else the stage, else the key as it is.

// isRowBytes reports whether the stored bytes described by info are the
// row's: same size and the same MD5 (an S3 ETag of a single-part object is
// its MD5; a file's ETag or a multipart one never matches, and then the
// stage is looked at: one stat more, no wrong answer).
func isRowBytes(info blob.Info, o *objectRow) bool {
	return info.ETag != "" && info.Size == o.Meta.Size && info.ETag == strings.Trim(o.Meta.ETag, `"`)
}

// openCurrent opens the bytes of the committed row o.
func (s *Service) openCurrent(ctx context.Context, o *objectRow) (blob.Object, blob.Info, error) {
	obj, info, err := s.backend.Open(ctx, o.Bucket, o.Name)
	if err != nil && !errors.Is(err, blob.ErrNotFound) {
		return nil, blob.Info{}, err
	}
	if o.Version == nil || (err == nil && isRowBytes(info, o)) {
		return obj, info, err
	}
	staged, sinfo, serr := s.backend.Open(ctx, blob.StageBucket, stageKey(*o.Version, o.Bucket, o.Name))
	switch {
	case serr == nil:
		if obj != nil {
			obj.Close()
		}
		return staged, sinfo, nil
	case obj != nil: // the bytes in place are the row's (published, or not told apart by ETag)
		return obj, info, nil
	case errors.Is(serr, blob.ErrNotFound): // published between the two opens
		return s.backend.Open(ctx, o.Bucket, o.Name)
	}
	return nil, blob.Info{}, serr
}

// locateCurrent says where the bytes of the committed row o are now, for a
// server-side copy: the object's key or its version's stage.
func (s *Service) locateCurrent(ctx context.Context, o *objectRow) (bucket, key string, err error) {
	info, err := s.backend.Stat(ctx, o.Bucket, o.Name)
	if err != nil && !errors.Is(err, blob.ErrNotFound) {
		return "", "", err
	}
	if o.Version == nil || (err == nil && isRowBytes(info, o)) {
		return o.Bucket, o.Name, nil
	}
	stage := stageKey(*o.Version, o.Bucket, o.Name)
	if _, serr := s.backend.Stat(ctx, blob.StageBucket, stage); serr == nil {
		return blob.StageBucket, stage, nil
	} else if !errors.Is(serr, blob.ErrNotFound) {
		return "", "", serr
	}
	return o.Bucket, o.Name, nil
}
