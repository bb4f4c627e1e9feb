package storage

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"

	"github.com/go-chi/chi/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"casarent/server/jwtauth"
	"casarent/server/pgrole"
)

// caller is who a request acts as.
type caller struct {
	id      *jwtauth.Identity
	session pgrole.Session
}

// owner is the object owner Storage records: the JWT subject (owner_id) and,
// when it is a uuid, the deprecated uuid column.
func (c caller) owner() (ownerUUID *uuid.UUID, ownerID *string) {
	if c.id == nil || c.id.Subject == "" {
		return nil, nil
	}
	sub := c.id.Subject
	if u, err := uuid.Parse(sub); err == nil {
		return &u, &sub
	}
	return nil, &sub
}

// callerOf reads the identity the jwtauth middleware stored; a bad token is
// Storage's InvalidJWT.
func (s *Service) callerOf(r *http.Request) (caller, error) {
	id, err := jwtauth.FromContext(r.Context())
	if err != nil {
		msg := err.Error()
		switch {
		case errors.Is(err, jwtauth.ErrExpiredToken):
			msg = "jwt expired"
		case errors.Is(err, jwtauth.ErrInvalidAPIKey):
			msg = "Invalid API key"
		}
		return caller{}, errInvalidJWT(msg)
	}
	headers, _ := json.Marshal(map[string]string{
		"x-upsert":   r.Header.Get("x-upsert"),
		"user-agent": r.Header.Get("user-agent"),
	})
	return caller{id: id, session: pgrole.Session{
		Role:        id.Role,
		ClaimsJSON:  id.ClaimsJSON,
		Method:      r.Method,
		Path:        r.URL.Path,
		HeadersJSON: headers,
	}}, nil
}

// service is the session of the storage service itself: service_role has
// BYPASSRLS, which is what storage-api's "superuser" lookups are.
func service(r *http.Request) pgrole.Session {
	return pgrole.Session{Role: "service_role", ClaimsJSON: []byte(`{"role":"service_role"}`), Method: r.Method, Path: r.URL.Path}
}

// serviceSession is service without a request (background work).
func serviceSession() pgrole.Session {
	return pgrole.Session{Role: "service_role", ClaimsJSON: []byte(`{"role":"service_role"}`), Method: "INTERNAL", Path: "/storage/internal"}
}

// becomeService switches the running transaction to service_role once the
// caller's rights have been checked (authenticator is a member of both).
func becomeService(ctx context.Context, conn pgrole.Conn) error {
	_, err := conn.Exec(ctx, "select set_config('role', 'service_role', true)")
	return err
}

// bucketRow is storage.buckets.
type bucketRow struct {
	ID               string   `json:"id"`
	Name             string   `json:"name"`
	Owner            *string  `json:"owner"`
	Public           bool     `json:"public"`
	FileSizeLimit    *int64   `json:"file_size_limit"`
	AllowedMimeTypes []string `json:"allowed_mime_types"`
	CreatedAt        jsonTime `json:"created_at"`
	UpdatedAt        jsonTime `json:"updated_at"`
	Type             string   `json:"type,omitempty"` // set by listBuckets only
}

const bucketColumns = `id, name, coalesce(owner_id, owner::text), public, file_size_limit, allowed_mime_types, created_at, updated_at`

func scanBucket(row pgx.Row) (*bucketRow, error) {
	b := &bucketRow{}
	err := row.Scan(&b.ID, &b.Name, &b.Owner, &b.Public, &b.FileSizeLimit, &b.AllowedMimeTypes, &b.CreatedAt.Time, &b.UpdatedAt.Time)
	return b, err
}

// findBucket looks a bucket up as the service (storage-api does this as superuser).
func (s *Service) findBucket(ctx context.Context, r *http.Request, id string) (*bucketRow, error) {
	return s.bucketAs(ctx, service(r), id)
}

// bucketAs looks a bucket up as session: as a caller, RLS decides whether it
// is seen at all (404 NoSuchBucket when not).
func (s *Service) bucketAs(ctx context.Context, session pgrole.Session, id string) (*bucketRow, error) {
	var b *bucketRow
	err := pgrole.Query(ctx, s.pool, session, false, "select "+bucketColumns+" from storage.buckets where id = $1", []any{id}, func(rows pgx.Rows) error {
		if !rows.Next() {
			return errNoSuchBucket()
		}
		var err error
		b, err = scanBucket(rows)
		return err
	})
	if err != nil {
		return nil, fromDB(err, "")
	}
	return b, nil
}

// objectPath returns the bucket and object name of a route with {bucket}/*.
// chi matches on the raw path when the URL carried escapes Go would not have
// written itself; the parameters are then still escaped.
func objectPath(r *http.Request) (string, string) {
	return pathParam(r, "bucket"), strings.TrimPrefix(pathParam(r, "*"), "/")
}

func pathParam(r *http.Request, name string) string {
	v := chi.URLParam(r, name)
	if r.URL.RawPath != "" {
		if u, err := url.PathUnescape(v); err == nil {
			return u
		}
	}
	return v
}
