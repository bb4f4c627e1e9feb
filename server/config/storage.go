package config

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"time"
)

// Storage configures /storage/v1. Names follow Supabase self-hosting where one
// exists (GLOBAL_S3_BUCKET, REGION, AWS_ACCESS_KEY_ID, ...); the STORAGE_S3_*
// names win when both are set.
type Storage struct {
	Backend       string // STORAGE_BACKEND: "file" (default) or "s3"
	FilePath      string // STORAGE_FILE_PATH (or FILE_STORAGE_BACKEND_PATH), default <DATA_DIR>/storage
	FileSizeLimit int64  // FILE_SIZE_LIMIT: global maximum upload in bytes, default 50 MiB

	S3Endpoint       string // STORAGE_S3_ENDPOINT: e.g. http://127.0.0.1:9000 (scheme decides TLS)
	S3Bucket         string // STORAGE_S3_BUCKET or GLOBAL_S3_BUCKET
	S3AccessKey      string // STORAGE_S3_ACCESS_KEY or AWS_ACCESS_KEY_ID
	S3SecretKey      string // STORAGE_S3_SECRET_KEY or AWS_SECRET_ACCESS_KEY
	S3Region         string // STORAGE_S3_REGION or REGION, default us-east-1
	S3ForcePathStyle bool   // STORAGE_S3_FORCE_PATH_STYLE (or GLOBAL_S3_FORCE_PATH_STYLE), default true
	S3Prefix         string // STORAGE_S3_PREFIX: key prefix inside the S3 bucket (optional)

	ImageTransformation bool          // ENABLE_IMAGE_TRANSFORMATION, default true
	ImageMaxPixels      int64         // IMAGE_MAX_PIXELS: refuse to decode larger images, default 40 MP
	SignedUploadExpiry  time.Duration // UPLOAD_SIGNED_URL_EXPIRATION_TIME, default 2h (as Storage)
	OrphanSweepInterval time.Duration // STORAGE_ORPHAN_SWEEP_INTERVAL: retry failed byte deletes, default 1m
}

func loadStorage(e env, dataDir string) Storage {
	first := func(names ...string) string {
		for _, n := range names {
			if v := e.str(n, ""); v != "" {
				return v
			}
		}
		return ""
	}
	s := Storage{
		Backend:             e.str("STORAGE_BACKEND", "file"),
		FilePath:            first("STORAGE_FILE_PATH", "FILE_STORAGE_BACKEND_PATH"),
		FileSizeLimit:       e.int64("FILE_SIZE_LIMIT", 50<<20),
		S3Endpoint:          first("STORAGE_S3_ENDPOINT", "GLOBAL_S3_ENDPOINT"),
		S3Bucket:            first("STORAGE_S3_BUCKET", "GLOBAL_S3_BUCKET"),
		S3AccessKey:         first("STORAGE_S3_ACCESS_KEY", "AWS_ACCESS_KEY_ID"),
		S3SecretKey:         first("STORAGE_S3_SECRET_KEY", "AWS_SECRET_ACCESS_KEY"),
		S3Region:            first("STORAGE_S3_REGION", "REGION"),
		S3Prefix:            e.str("STORAGE_S3_PREFIX", ""),
		ImageTransformation: e.bool("ENABLE_IMAGE_TRANSFORMATION", true),
		ImageMaxPixels:      e.int64("IMAGE_MAX_PIXELS", 40_000_000),
		SignedUploadExpiry:  e.dur("UPLOAD_SIGNED_URL_EXPIRATION_TIME", 2*time.Hour),
		OrphanSweepInterval: e.dur("STORAGE_ORPHAN_SWEEP_INTERVAL", time.Minute),
	}
	if s.FilePath == "" {
		s.FilePath = filepath.Join(dataDir, "storage")
	}
	if s.S3Region == "" || s.S3Region == "stub" {
		s.S3Region = "us-east-1"
	}
	if v := first("STORAGE_S3_FORCE_PATH_STYLE", "GLOBAL_S3_FORCE_PATH_STYLE"); v != "" {
		s.S3ForcePathStyle = e.bool("STORAGE_S3_FORCE_PATH_STYLE", e.bool("GLOBAL_S3_FORCE_PATH_STYLE", true))
	} else {
		s.S3ForcePathStyle = true
	}
	return s
}

func (s Storage) validate() error {
	var errs []error
	if s.FileSizeLimit <= 0 {
		errs = append(errs, fmt.Errorf("FILE_SIZE_LIMIT must be positive, not %d", s.FileSizeLimit))
	}
	switch s.Backend {
	case "file":
		if s.FilePath == "" {
			errs = append(errs, errors.New("STORAGE_FILE_PATH is required with STORAGE_BACKEND=file"))
		}
	case "s3":
		if u, err := url.Parse(s.S3Endpoint); err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			errs = append(errs, fmt.Errorf("STORAGE_S3_ENDPOINT must be an http(s) URL, not %q", s.S3Endpoint))
		}
		if s.S3Bucket == "" {
			errs = append(errs, errors.New("STORAGE_S3_BUCKET (or GLOBAL_S3_BUCKET) is required with STORAGE_BACKEND=s3"))
		}
		if s.S3AccessKey == "" || s.S3SecretKey == "" {
			errs = append(errs, errors.New("STORAGE_S3_ACCESS_KEY and STORAGE_S3_SECRET_KEY are required with STORAGE_BACKEND=s3"))
		}
	default:
		errs = append(errs, fmt.Errorf("STORAGE_BACKEND must be file or s3, not %q", s.Backend))
	}
	return errors.Join(errs...)
}
