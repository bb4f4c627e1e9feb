package config

import (
	"errors"
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
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

	// Image renders (/render/image/...): what one address, and all of them, may
	// cost (storage/README.md, "Image rendering").
	RenderCacheBytes   int64         // STORAGE_RENDER_CACHE_BYTES: rendered images kept, least recently used evicted first, default 256 MiB
	RenderSizes        []int         // STORAGE_RENDER_SIZES: the widths and heights a request is snapped up to (comma-separated pixels), default DefaultRenderSizes
	RenderBurst        int           // STORAGE_RENDER_BURST: renders (cache misses) one client address may start at once, default 60
	RenderPerMinute    int           // STORAGE_RENDER_PER_MINUTE: how fast that allowance refills, default 30 per minute
	RenderConcurrency  int           // STORAGE_RENDER_CONCURRENCY: renders running at once in one process, default GOMAXPROCS/2 (at least 1)
	RenderQueueTimeout time.Duration // STORAGE_RENDER_QUEUE_TIMEOUT: how long a render waits for a slot before a 503, default 5s

	JSONBodyLimit int64 // MAX_BODY_BYTES (the server-wide JSON limit): storage's JSON endpoints, default 1 MiB

	ClientIPHeader string // RATE_LIMIT_HEADER: the trusted proxy header with the client address (render limits); empty = the peer address

	// Buckets are config.toml's [storage.buckets.<name>] (no variable): made to
	// exist, as declared, at every start (storage.EnsureBuckets).
	Buckets []StorageBucket

	renderSizesErr string
}

// StorageBucket is a bucket config.toml declares.
type StorageBucket struct {
	Name             string
	Public           bool
	FileSizeLimit    int64    // bytes; 0 = the global limit only
	AllowedMIMETypes []string // nil = any
}

// DefaultRenderSizes are the widths and heights renders are snapped up to: what
// the site asks for (800x500 and 800x450 cards, 320x200 thumbnails, 400 wide)
// and common display sizes.
var DefaultRenderSizes = []int{32, 64, 100, 128, 150, 200, 250, 256, 300, 320, 400, 450, 500, 512, 600, 640, 720, 800, 1024, 1080, 1200, 1280, 1600, 1920, 2048, 2500}

// DefaultRenderConcurrency leaves at least half the processors to the API.
func DefaultRenderConcurrency() int {
	return max(1, runtime.GOMAXPROCS(0)/2)
}

// parseSizes reads "320, 800,1200" into sorted, distinct pixel sizes.
func parseSizes(v string) ([]int, error) {
	seen := map[int]bool{}
	var out []int
	for f := range strings.SplitSeq(v, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > 2500 {
			return nil, fmt.Errorf("STORAGE_RENDER_SIZES: %q is not a size between 1 and 2500", f)
		}
		if !seen[n] {
			seen[n] = true
			out = append(out, n)
		}
	}
	if len(out) == 0 {
		return nil, errors.New("STORAGE_RENDER_SIZES is empty")
	}
	sort.Ints(out)
	return out, nil
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

		RenderCacheBytes:   e.int64("STORAGE_RENDER_CACHE_BYTES", 256<<20),
		RenderSizes:        DefaultRenderSizes,
		RenderBurst:        e.int("STORAGE_RENDER_BURST", 60),
		RenderPerMinute:    e.int("STORAGE_RENDER_PER_MINUTE", 30),
		RenderConcurrency:  e.int("STORAGE_RENDER_CONCURRENCY", DefaultRenderConcurrency()),
		RenderQueueTimeout: e.dur("STORAGE_RENDER_QUEUE_TIMEOUT", 5*time.Second),
		JSONBodyLimit:      e.int64("MAX_BODY_BYTES", 1<<20),
		ClientIPHeader:     e.str("RATE_LIMIT_HEADER", ""),
	}
	if v := e.str("STORAGE_RENDER_SIZES", ""); v != "" {
		if sizes, err := parseSizes(v); err != nil {
			s.renderSizesErr = err.Error()
		} else {
			s.RenderSizes = sizes
		}
	}
	if s.FilePath == "" {
		s.FilePath = filepath.Join(dataDir, "storage")
	}
	// Zero or negative means the default, as for the settings validate does not refuse.
	if s.ImageMaxPixels <= 0 {
		s.ImageMaxPixels = 40_000_000
	}
	if s.SignedUploadExpiry <= 0 {
		s.SignedUploadExpiry = 2 * time.Hour
	}
	if s.OrphanSweepInterval <= 0 {
		s.OrphanSweepInterval = time.Minute
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

// StorageDefaults is the storage configuration of an empty environment (files
// under dataDir/storage), for code that builds the surface without Load: tests
// and benchmarks set the few fields they care about on it.
func StorageDefaults(dataDir string) Storage {
	return loadStorage(env{get: func(string) string { return "" }}, dataDir)
}

func (s Storage) validate() error {
	var errs []error
	if s.FileSizeLimit <= 0 {
		errs = append(errs, fmt.Errorf("FILE_SIZE_LIMIT must be positive, not %d", s.FileSizeLimit))
	}
	if s.renderSizesErr != "" {
		errs = append(errs, errors.New(s.renderSizesErr))
	}
	for _, c := range []struct {
		name string
		v    int64
	}{
		{"STORAGE_RENDER_CACHE_BYTES", s.RenderCacheBytes}, {"STORAGE_RENDER_BURST", int64(s.RenderBurst)},
		{"STORAGE_RENDER_PER_MINUTE", int64(s.RenderPerMinute)}, {"STORAGE_RENDER_CONCURRENCY", int64(s.RenderConcurrency)},
		{"STORAGE_RENDER_QUEUE_TIMEOUT", int64(s.RenderQueueTimeout)}, {"MAX_BODY_BYTES", s.JSONBodyLimit},
	} {
		if c.v <= 0 {
			errs = append(errs, fmt.Errorf("%s must be positive", c.name))
		}
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
