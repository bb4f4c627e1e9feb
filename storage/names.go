package storage

import (
	"regexp"
	"strings"
	"time"

	"casarent/storage/blob"
)

// Object keys and bucket names as storage-api accepts them: a restricted
// ASCII set (no %, #, backslash, control characters, non-ASCII...).
var (
	keyRe    = regexp.MustCompile(`^[A-Za-z0-9_/!.*'() &$=@;:+,?-]+$`)
	bucketRe = regexp.MustCompile(`^[A-Za-z0-9_!.*'() &$=@;:+,?-]+$`)
)

// validKey reports whether key is a storable object name: storage-api's
// character set, at most 1024 bytes, and (stricter than Supabase, because
// keys become filesystem paths) no empty, "." or ".." segment and no leading
// or trailing slash.
func validKey(key string) bool {
	return key != "" && len(key) <= 1024 && keyRe.MatchString(key) && blob.PlainSegments(key)
}

// validBucketName follows storage-api (1..100 characters of its set), and
// refuses a leading dot: names starting with "." are reserved for the
// backend's own use (temporary files, the render cache).
func validBucketName(name string) bool {
	return len(name) >= 1 && len(name) <= 100 && bucketRe.MatchString(name) && !strings.HasPrefix(name, ".")
}

// jsonTime renders timestamps the way PostgreSQL's JSON does in Storage's
// answers (UTC, milliseconds).
type jsonTime struct{ time.Time }

func (t jsonTime) MarshalJSON() ([]byte, error) {
	if t.IsZero() {
		return []byte("null"), nil
	}
	return []byte(`"` + t.UTC().Format("2006-01-02T15:04:05.000Z") + `"`), nil
}

func timePtr(t *time.Time) *jsonTime {
	if t == nil {
		return nil
	}
	return &jsonTime{*t}
}

func jsonTimeString(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05.000Z") }
