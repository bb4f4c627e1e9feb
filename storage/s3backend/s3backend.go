// Package s3backend stores object bytes in an S3-compatible bucket (AWS S3,
// MinIO, ...) through minio-go. Object (bucket_id, name) lives at the S3 key
// [<prefix>/]<bucket_id>/<name>. S3 makes a PUT visible only once complete,
// and an interrupted multipart upload is aborted, so Put is atomic.
package s3backend

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"casarent/storage/blob"
)

// partSize bounds the memory an upload of unknown length buffers (minio-go
// would otherwise pick parts of hundreds of MiB).
const partSize = 16 << 20

// Config locates the S3 bucket.
type Config struct {
	Endpoint       string // http(s)://host:port
	Bucket         string
	AccessKey      string
	SecretKey      string
	Region         string
	ForcePathStyle bool
	Prefix         string // optional key prefix inside Bucket
}

// Backend is a blob.Backend over one S3 bucket.
type Backend struct {
	client *minio.Client
	bucket string
	prefix string
}

var _ blob.Backend = (*Backend)(nil)

// New connects to the endpoint and creates the bucket when it does not exist
// yet (convenient for a fresh MinIO; a cloud bucket is normally pre-created).
func New(cfg Config) (*Backend, error) {
	u, err := url.Parse(cfg.Endpoint)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("s3backend: endpoint %q is not a URL", cfg.Endpoint)
	}
	lookup := minio.BucketLookupAuto
	if cfg.ForcePathStyle {
		lookup = minio.BucketLookupPath
	}
	client, err := minio.New(u.Host, &minio.Options{
		Creds:        credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure:       u.Scheme == "https",
		Region:       cfg.Region,
		BucketLookup: lookup,
	})
	if err != nil {
		return nil, fmt.Errorf("s3backend: %w", err)
	}
	b := &Backend{client: client, bucket: cfg.Bucket, prefix: strings.Trim(cfg.Prefix, "/")}
	return b, nil
}

// EnsureBucket creates the S3 bucket when missing.
func (b *Backend) EnsureBucket(ctx context.Context) error {
	ok, err := b.client.BucketExists(ctx, b.bucket)
	if err != nil {
		return fmt.Errorf("s3backend: bucket %s: %w", b.bucket, err)
	}
	if ok {
		return nil
	}
	if err := b.client.MakeBucket(ctx, b.bucket, minio.MakeBucketOptions{}); err != nil {
		var resp minio.ErrorResponse
		if errors.As(err, &resp) && (resp.Code == "BucketAlreadyOwnedByYou" || resp.Code == "BucketAlreadyExists") {
			return nil
		}
		return fmt.Errorf("s3backend: create bucket %s: %w", b.bucket, err)
	}
	return nil
}

func (b *Backend) key(bucket, key string) (string, error) {
	if err := blob.CheckName(bucket, key); err != nil {
		return "", err
	}
	if b.prefix != "" {
		return b.prefix + "/" + bucket + "/" + key, nil
	}
	return bucket + "/" + key, nil
}

func notFound(err error) error {
	var resp minio.ErrorResponse
	if errors.As(err, &resp) && (resp.Code == "NoSuchKey" || resp.StatusCode == 404) {
		return blob.ErrNotFound
	}
	return fmt.Errorf("s3backend: %w", err)
}

func infoOf(oi minio.ObjectInfo) blob.Info {
	return blob.Info{
		Size:         oi.Size,
		ETag:         strings.Trim(oi.ETag, `"`),
		LastModified: oi.LastModified.UTC(),
		ContentType:  oi.ContentType,
	}
}

// Put streams r to S3.
func (b *Backend) Put(ctx context.Context, bucket, key string, r io.Reader, contentType string) (blob.Info, error) {
	k, err := b.key(bucket, key)
	if err != nil {
		return blob.Info{}, err
	}
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	up, err := b.client.PutObject(ctx, b.bucket, k, r, -1, minio.PutObjectOptions{ContentType: contentType, PartSize: partSize})
	if err != nil {
		return blob.Info{}, fmt.Errorf("s3backend: put %s: %w", k, err)
	}
	mod := up.LastModified
	if mod.IsZero() { // a PUT response carries no Last-Modified
		mod = time.Now()
	}
	return blob.Info{Size: up.Size, ETag: strings.Trim(up.ETag, `"`), LastModified: mod.UTC(), ContentType: contentType}, nil
}

// Open stats the object (to report a missing one now) and returns minio-go's
// lazily-fetched, seekable object.
func (b *Backend) Open(ctx context.Context, bucket, key string) (blob.Object, blob.Info, error) {
	k, err := b.key(bucket, key)
	if err != nil {
		return nil, blob.Info{}, err
	}
	obj, err := b.client.GetObject(ctx, b.bucket, k, minio.GetObjectOptions{})
	if err != nil {
		return nil, blob.Info{}, notFound(err)
	}
	oi, err := obj.Stat()
	if err != nil {
		obj.Close()
		return nil, blob.Info{}, notFound(err)
	}
	return obj, infoOf(oi), nil
}

// Stat describes the object.
func (b *Backend) Stat(ctx context.Context, bucket, key string) (blob.Info, error) {
	k, err := b.key(bucket, key)
	if err != nil {
		return blob.Info{}, err
	}
	oi, err := b.client.StatObject(ctx, b.bucket, k, minio.StatObjectOptions{})
	if err != nil {
		return blob.Info{}, notFound(err)
	}
	return infoOf(oi), nil
}

// Delete removes the object (S3 deletes of missing keys succeed).
func (b *Backend) Delete(ctx context.Context, bucket, key string) error {
	k, err := b.key(bucket, key)
	if err != nil {
		return err
	}
	if err := b.client.RemoveObject(ctx, b.bucket, k, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("s3backend: delete %s: %w", k, err)
	}
	return nil
}

// Copy is a server-side copy.
func (b *Backend) Copy(ctx context.Context, srcBucket, srcKey, dstBucket, dstKey string) (blob.Info, error) {
	src, err := b.key(srcBucket, srcKey)
	if err != nil {
		return blob.Info{}, err
	}
	dst, err := b.key(dstBucket, dstKey)
	if err != nil {
		return blob.Info{}, err
	}
	up, err := b.client.CopyObject(ctx,
		minio.CopyDestOptions{Bucket: b.bucket, Object: dst},
		minio.CopySrcOptions{Bucket: b.bucket, Object: src})
	if err != nil {
		return blob.Info{}, notFound(err)
	}
	if up.Size == 0 { // a copy's answer carries no size: ask
		if oi, err := b.client.StatObject(ctx, b.bucket, dst, minio.StatObjectOptions{}); err == nil {
			return infoOf(oi), nil
		}
	}
	mod := up.LastModified
	if mod.IsZero() {
		mod = time.Now()
	}
	return blob.Info{Size: up.Size, ETag: strings.Trim(up.ETag, `"`), LastModified: mod.UTC()}, nil
}

// Rename is a server-side copy over dst (atomic for readers of dst), then
// the delete of src. A failure between the two leaves src; Rename again
// completes the move.
func (b *Backend) Rename(ctx context.Context, srcBucket, srcKey, dstBucket, dstKey string) (blob.Info, error) {
	info, err := b.Copy(ctx, srcBucket, srcKey, dstBucket, dstKey)
	if err != nil {
		return blob.Info{}, err
	}
	if err := b.Delete(ctx, srcBucket, srcKey); err != nil {
		return blob.Info{}, err
	}
	return info, nil
}

// List returns the objects under bucket/prefix.
func (b *Backend) List(ctx context.Context, bucket, prefix string) ([]blob.Entry, error) {
	base, err := b.key(bucket, "x")
	if err != nil {
		return nil, err
	}
	base = strings.TrimSuffix(base, "x")
	var entries []blob.Entry
	for oi := range b.client.ListObjects(ctx, b.bucket, minio.ListObjectsOptions{Prefix: base + prefix, Recursive: true}) {
		if oi.Err != nil {
			return nil, fmt.Errorf("s3backend: list: %w", oi.Err)
		}
		entries = append(entries, blob.Entry{Key: strings.TrimPrefix(oi.Key, base), Size: oi.Size, LastModified: oi.LastModified.UTC()})
	}
	sort.Slice(entries, func(i, j int) bool { return entries[i].Key < entries[j].Key })
	return entries, nil
}
