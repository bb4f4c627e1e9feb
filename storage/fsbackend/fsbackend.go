// Package fsbackend stores object bytes on the local filesystem.
//
// Layout: <root>/<bucket_id>/<object name>, one regular file per object, so an
// operator (or the seeding code, through Put) can read the tree directly.
// Uploads are written to <root>/.tmp/ (same filesystem), fsynced, then renamed
// into place and the directory fsynced: a reader sees the old object or the new
// one, never a part, and a failed or abandoned upload leaves no file (stale
// temporary files of a crashed process are removed at the next start).
package fsbackend

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"casarent/storage/blob"
)

const tmpDir = ".tmp"

// Backend is a blob.Backend over a directory.
type Backend struct {
	root string
}

var _ blob.Backend = (*Backend)(nil)

// New returns a backend rooted at root (created when missing).
func New(root string) (*Backend, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(abs, tmpDir), 0o755); err != nil {
		return nil, fmt.Errorf("fsbackend: %w", err)
	}
	b := &Backend{root: abs}
	b.removeStaleTemps(time.Hour)
	return b, nil
}

// Root is the directory objects live under.
func (b *Backend) Root() string { return b.root }

// removeStaleTemps deletes temporary files a crashed process left behind. Only
// old ones: another replica may be writing on the same volume right now.
func (b *Backend) removeStaleTemps(age time.Duration) {
	entries, err := os.ReadDir(filepath.Join(b.root, tmpDir))
	if err != nil {
		return
	}
	for _, e := range entries {
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > age {
			_ = os.Remove(filepath.Join(b.root, tmpDir, e.Name()))
		}
	}
}

func (b *Backend) path(bucket, key string) (string, error) {
	if err := blob.CheckName(bucket, key); err != nil {
		return "", err
	}
	return filepath.Join(b.root, bucket, filepath.FromSlash(key)), nil
}

func infoOf(fi os.FileInfo) blob.Info {
	return blob.Info{
		Size:         fi.Size(),
		LastModified: fi.ModTime().UTC(),
		ETag:         fmt.Sprintf("%x-%x", fi.ModTime().UnixNano(), fi.Size()),
	}
}

// ctxReader fails reads once ctx is done, so an abandoned upload stops.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// Put writes r to a temporary file, fsyncs it and renames it over the target.
func (b *Backend) Put(ctx context.Context, bucket, key string, r io.Reader, _ string) (info blob.Info, err error) {
	dst, err := b.path(bucket, key)
	if err != nil {
		return blob.Info{}, err
	}
	tmp, err := os.CreateTemp(filepath.Join(b.root, tmpDir), "put-*")
	if err != nil {
		return blob.Info{}, fmt.Errorf("fsbackend: %w", err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err = io.Copy(tmp, ctxReader{ctx, r}); err != nil {
		return blob.Info{}, fmt.Errorf("fsbackend: write %s/%s: %w", bucket, key, err)
	}
	if err = tmp.Sync(); err != nil {
		return blob.Info{}, fmt.Errorf("fsbackend: sync: %w", err)
	}
	if err = tmp.Close(); err != nil {
		return blob.Info{}, fmt.Errorf("fsbackend: close: %w", err)
	}
	if err = os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return blob.Info{}, conflict(err)
	}
	if err = os.Rename(tmp.Name(), dst); err != nil {
		return blob.Info{}, conflict(err)
	}
	syncDir(filepath.Dir(dst))
	fi, err := os.Stat(dst)
	if err != nil {
		return blob.Info{}, err
	}
	return infoOf(fi), nil
}

// conflict maps "a is a file, a/b wanted" (and the reverse) to ErrKeyConflict.
func conflict(err error) error {
	if errors.Is(err, syscall.ENOTDIR) || errors.Is(err, syscall.EISDIR) || errors.Is(err, syscall.EEXIST) || errors.Is(err, syscall.ENOTEMPTY) {
		return fmt.Errorf("%w: %v", blob.ErrKeyConflict, err)
	}
	return fmt.Errorf("fsbackend: %w", err)
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}

func (b *Backend) openFile(bucket, key string) (*os.File, os.FileInfo, error) {
	p, err := b.path(bucket, key)
	if err != nil {
		return nil, nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			return nil, nil, blob.ErrNotFound
		}
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if fi.IsDir() {
		f.Close()
		return nil, nil, blob.ErrNotFound
	}
	return f, fi, nil
}

// Open returns the file itself: http.ServeContent then sends it with sendfile.
func (b *Backend) Open(_ context.Context, bucket, key string) (blob.Object, blob.Info, error) {
	f, fi, err := b.openFile(bucket, key)
	if err != nil {
		return nil, blob.Info{}, err
	}
	return f, infoOf(fi), nil
}

// Stat describes the object.
func (b *Backend) Stat(_ context.Context, bucket, key string) (blob.Info, error) {
	p, err := b.path(bucket, key)
	if err != nil {
		return blob.Info{}, err
	}
	fi, err := os.Stat(p)
	if err != nil || fi.IsDir() {
		if err == nil || errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			return blob.Info{}, blob.ErrNotFound
		}
		return blob.Info{}, err
	}
	return infoOf(fi), nil
}

// Delete removes the file and the folders it leaves empty (up to the bucket).
func (b *Backend) Delete(_ context.Context, bucket, key string) error {
	p, err := b.path(bucket, key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
		return fmt.Errorf("fsbackend: %w", err)
	}
	b.pruneDirs(bucket, p)
	return nil
}

// pruneDirs removes the folders above p that are left empty, up to the bucket.
func (b *Backend) pruneDirs(bucket, p string) {
	top := filepath.Join(b.root, bucket)
	for dir := filepath.Dir(p); dir != top && strings.HasPrefix(dir, top); dir = filepath.Dir(dir) {
		if os.Remove(dir) != nil { // not empty (or gone): stop
			break
		}
	}
}

// Rename is rename(2): atomic on one filesystem, which the whole root is.
func (b *Backend) Rename(_ context.Context, srcBucket, srcKey, dstBucket, dstKey string) (blob.Info, error) {
	src, err := b.path(srcBucket, srcKey)
	if err != nil {
		return blob.Info{}, err
	}
	dst, err := b.path(dstBucket, dstKey)
	if err != nil {
		return blob.Info{}, err
	}
	if fi, err := os.Stat(src); err != nil || fi.IsDir() {
		if err == nil || errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			return blob.Info{}, blob.ErrNotFound
		}
		return blob.Info{}, fmt.Errorf("fsbackend: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return blob.Info{}, conflict(err)
	}
	if err := os.Rename(src, dst); err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return blob.Info{}, blob.ErrNotFound // renamed meanwhile by someone else
		}
		return blob.Info{}, conflict(err)
	}
	syncDir(filepath.Dir(dst))
	if filepath.Dir(src) != filepath.Dir(dst) {
		syncDir(filepath.Dir(src))
	}
	b.pruneDirs(srcBucket, src)
	fi, err := os.Stat(dst)
	if err != nil {
		return blob.Info{}, err
	}
	return infoOf(fi), nil
}

// Copy streams src into dst through Put, so dst appears atomically.
func (b *Backend) Copy(ctx context.Context, srcBucket, srcKey, dstBucket, dstKey string) (blob.Info, error) {
	f, _, err := b.openFile(srcBucket, srcKey)
	if err != nil {
		return blob.Info{}, err
	}
	defer f.Close()
	return b.Put(ctx, dstBucket, dstKey, f, "")
}

// List walks the bucket directory.
func (b *Backend) List(_ context.Context, bucket, prefix string) ([]blob.Entry, error) {
	if err := blob.CheckName(bucket, "x"); err != nil {
		return nil, err
	}
	top := filepath.Join(b.root, bucket)
	var entries []blob.Entry
	err := filepath.WalkDir(top, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() {
			return nil
		}
		rel, err := filepath.Rel(top, p)
		if err != nil {
			return err
		}
		if key := filepath.ToSlash(rel); strings.HasPrefix(key, prefix) {
			fi, err := d.Info()
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) { // deleted while we walked
					return nil
				}
				return err
			}
			entries = append(entries, blob.Entry{Key: key, Size: fi.Size(), LastModified: fi.ModTime().UTC()})
		}
		return nil
	})
	sort.Slice(entries, func(i, j int) bool { return entries[i].Key < entries[j].Key })
	return entries, err
}
