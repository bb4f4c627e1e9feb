package storage

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/pgrole"
	"casarent/storage/blob"
)

// objectRow is the part of storage.objects downloads and info need.
type objectRow struct {
	ID           string
	Bucket       string
	Name         string
	Version      *string
	Meta         objectMeta
	UserMetadata json.RawMessage
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

type objectMeta struct {
	ETag            string `json:"eTag"`
	Size            int64  `json:"size"`
	Mimetype        string `json:"mimetype"`
	CacheControl    string `json:"cacheControl"`
	LastModified    string `json:"lastModified"`
	ContentEncoding string `json:"contentEncoding"`
}

// findObject reads a row in session (the caller: RLS SELECT; or the service).
func (s *Service) findObject(ctx context.Context, session pgrole.Session, bucket, name string) (*objectRow, error) {
	var o *objectRow
	err := pgrole.Query(ctx, s.pool, session, false,
		`select id::text, bucket_id, name, version, coalesce(metadata, '{}'::jsonb), user_metadata, created_at, updated_at
		 from storage.objects where bucket_id = $1 and name = $2`, []any{bucket, name},
		func(rows pgx.Rows) error {
			if !rows.Next() {
				return errNoSuchKey()
			}
			o = &objectRow{}
			var meta []byte
			if err := rows.Scan(&o.ID, &o.Bucket, &o.Name, &o.Version, &meta, &o.UserMetadata, &o.CreatedAt, &o.UpdatedAt); err != nil {
				return err
			}
			return json.Unmarshal(meta, &o.Meta)
		})
	if err != nil {
		return nil, fromDB(err, "")
	}
	return o, nil
}

// getPublic is GET|HEAD /object/public/{bucket}/{name}: no credentials, the
// bucket must be public; RLS is not consulted (as storage-api). Bucket and
// object are read in one statement: this is the hot path of a public site.
func (s *Service) getPublic(w http.ResponseWriter, r *http.Request) error {
	bucket, key := objectPath(r)
	o, err := s.findPublicObject(r, bucket, key)
	if err != nil {
		return err
	}
	return s.serve(w, r, o, 0)
}

func (s *Service) findPublicObject(r *http.Request, bucket, key string) (*objectRow, error) {
	var o *objectRow
	err := pgrole.Query(r.Context(), s.pool, service(r), false,
		`select b.public, o.id::text, o.version, coalesce(o.metadata, '{}'::jsonb), o.user_metadata, o.created_at, o.updated_at
		 from storage.buckets b left join storage.objects o on o.bucket_id = b.id and o.name = $2
		 where b.id = $1`, []any{bucket, key},
		func(rows pgx.Rows) error {
			if !rows.Next() {
				return errNoSuchBucket()
			}
			var public bool
			var id *string
			var meta []byte
			var created, updated *time.Time
			o = &objectRow{Bucket: bucket, Name: key}
			if err := rows.Scan(&public, &id, &o.Version, &meta, &o.UserMetadata, &created, &updated); err != nil {
				return err
			}
			if !public {
				return errNoSuchBucket()
			}
			if id == nil {
				return errNoSuchKey()
			}
			o.ID, o.CreatedAt, o.UpdatedAt = *id, *created, *updated
			return json.Unmarshal(meta, &o.Meta)
		})
	if err != nil {
		return nil, fromDB(err, "")
	}
	return o, nil
}

// getAuthenticated is GET|HEAD /object/{bucket}/{name} and
// /object/authenticated/...: the row must be visible to the caller.
func (s *Service) getAuthenticated(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	bucket, key := objectPath(r)
	if _, err := s.findBucket(r.Context(), r, bucket); err != nil {
		return err
	}
	o, err := s.findObject(r.Context(), c.session, bucket, key)
	if err != nil {
		return err
	}
	return s.serve(w, r, o, 0)
}

// serve sends the object's bytes with Storage's headers; http.ServeContent
// does Range (206), If-None-Match / If-Modified-Since (304) and HEAD.
func (s *Service) serve(w http.ResponseWriter, r *http.Request, o *objectRow, expires time.Duration) error {
	obj, info, err := s.openCurrent(r.Context(), o)
	if err != nil {
		if errors.Is(err, blob.ErrNotFound) {
			s.log.ErrorContext(r.Context(), "storage: object row without bytes", "bucket", o.Bucket, "name", o.Name)
			return errNoSuchKey()
		}
		return errInternal(err)
	}
	defer obj.Close()
	h := w.Header()
	setObjectHeaders(h, r, o, expires)
	modified := o.UpdatedAt
	if t, err := time.Parse(time.RFC3339Nano, o.Meta.LastModified); err == nil && !t.IsZero() {
		modified = t
	} else if !info.LastModified.IsZero() {
		modified = info.LastModified
	}
	http.ServeContent(w, r, path.Base(o.Name), modified, obj)
	return nil
}

func setObjectHeaders(h http.Header, r *http.Request, o *objectRow, expires time.Duration) {
	ct := o.Meta.Mimetype
	if ct == "" {
		ct = "application/octet-stream"
	}
	h.Set("Content-Type", ct)
	cc := o.Meta.CacheControl
	if cc == "" {
		cc = "max-age=3600"
	}
	h.Set("Cache-Control", cc)
	if o.Meta.ETag != "" {
		h.Set("ETag", o.Meta.ETag)
	}
	if o.Meta.ContentEncoding != "" {
		h.Set("Content-Encoding", o.Meta.ContentEncoding)
	}
	h.Set("Accept-Ranges", "bytes")
	// User content is served from the API's origin: never let it run there.
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	if expires > 0 {
		h.Set("Expires", time.Now().Add(expires).UTC().Format(http.TimeFormat))
	}
	if q := r.URL.Query(); q.Has("download") {
		name := q.Get("download")
		if name == "" {
			h.Set("Content-Disposition", "attachment;")
		} else {
			enc := url.PathEscape(name)
			h.Set("Content-Disposition", `attachment; filename=`+strings.ReplaceAll(enc, `"`, "")+`; filename*=UTF-8''`+enc)
		}
	}
}
