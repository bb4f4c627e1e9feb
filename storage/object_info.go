package storage

import (
	"encoding/json"
	"net/http"

	"casarent/server/httpx"
)

// infoAuthenticated is GET /object/info/{bucket}/{name}: as the caller unless
// the bucket is public (storage-api reads public buckets as superuser).
func (s *Service) infoAuthenticated(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	bucket, key := objectPath(r)
	b, err := s.findBucket(r.Context(), r, bucket)
	if err != nil {
		return err
	}
	session := c.session
	if b.Public {
		session = service(r)
	}
	o, err := s.findObject(r.Context(), session, bucket, key)
	if err != nil {
		return err
	}
	return writeInfo(w, o)
}

// infoPublic is GET /object/info/public/{bucket}/{name}.
func (s *Service) infoPublic(w http.ResponseWriter, r *http.Request) error {
	bucket, key := objectPath(r)
	o, err := s.findPublicObject(r, bucket, key)
	if err != nil {
		return err
	}
	return writeInfo(w, o)
}

func writeInfo(w http.ResponseWriter, o *objectRow) error {
	meta := o.UserMetadata
	if len(meta) == 0 {
		meta = json.RawMessage("{}")
	}
	var enc *string
	if o.Meta.ContentEncoding != "" {
		enc = &o.Meta.ContentEncoding
	}
	lastModified := o.Meta.LastModified
	if lastModified == "" {
		lastModified = jsonTimeString(o.UpdatedAt)
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]any{
		"id":               o.ID,
		"version":          o.Version,
		"name":             o.Name,
		"bucket_id":        o.Bucket,
		"size":             o.Meta.Size,
		"content_type":     o.Meta.Mimetype,
		"cache_control":    o.Meta.CacheControl,
		"content_encoding": enc,
		"etag":             o.Meta.ETag,
		"last_modified":    lastModified,
		"created_at":       jsonTime{o.CreatedAt},
		"metadata":         meta,
	})
}
