package storage

import (
	"context"
	"errors"
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
	"casarent/storage/blob"
)

type moveBody struct {
	BucketID          string         `json:"bucketId"`
	SourceKey         string         `json:"sourceKey"`
	DestinationKey    string         `json:"destinationKey"`
	DestinationBucket string         `json:"destinationBucket"`
	Metadata          map[string]any `json:"metadata"`
	CopyMetadata      *bool          `json:"copyMetadata"`
}

func (m *moveBody) check() error {
	if m.BucketID == "" || m.SourceKey == "" || m.DestinationKey == "" {
		return &apiError{status: 400, code: "MissingParameter", message: "bucketId, sourceKey and destinationKey are required"}
	}
	if m.DestinationBucket == "" {
		m.DestinationBucket = m.BucketID
	}
	if !validKey(m.SourceKey) {
		return errInvalidKey(m.SourceKey)
	}
	if !validKey(m.DestinationKey) {
		return errInvalidKey(m.DestinationKey)
	}
	return nil
}

// moveRequest reads and checks the body that move and copy share, as the
// caller; the destination bucket must exist (looked up as the service).
func (s *Service) moveRequest(r *http.Request) (caller, moveBody, error) {
	var body moveBody
	c, err := s.callerOf(r)
	if err != nil {
		return c, body, err
	}
	if err := httpx.DecodeJSON(r, &body); err != nil {
		return c, body, errInvalidRequest(err.Error())
	}
	if err := body.check(); err != nil {
		return c, body, err
	}
	if _, err := s.findBucket(r.Context(), r, body.DestinationBucket); err != nil {
		return c, body, err
	}
	return c, body, nil
}

// copyBytes copies the source bytes to the destination inside the caller's
// transaction, once RLS has accepted the row change: from here on it runs as
// the service, and the destination name is claimed from the orphan sweeper.
func (s *Service) copyBytes(ctx context.Context, conn pgrole.Conn, body moveBody) error {
	if err := becomeService(ctx, conn); err != nil {
		return err
	}
	if err := claimName(ctx, conn, body.DestinationBucket, body.DestinationKey); err != nil {
		return err
	}
	if _, err := s.backend.Copy(ctx, body.BucketID, body.SourceKey, body.DestinationBucket, body.DestinationKey); err != nil {
		return backendErr(err)
	}
	return nil
}

// moveObject is POST /object/move. The row is renamed as the caller (RLS
// UPDATE checks both the old and the new name); the bytes are copied before
// the commit and the old ones deleted after it.
func (s *Service) moveObject(w http.ResponseWriter, r *http.Request) error {
	c, body, err := s.moveRequest(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	var id uuid.UUID
	copied := false
	same := body.BucketID == body.DestinationBucket && body.SourceKey == body.DestinationKey
	err = pgrole.Do(ctx, s.pool, c.session, func(conn pgrole.Conn) error {
		err := conn.QueryRow(ctx, `update storage.objects set bucket_id = $3, name = $4
			where bucket_id = $1 and name = $2 returning id`,
			body.BucketID, body.SourceKey, body.DestinationBucket, body.DestinationKey).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return errNoSuchKey()
		}
		if err != nil {
			return fromDB(err, "ResourceAlreadyExists")
		}
		if same {
			return nil
		}
		if err := s.copyBytes(ctx, conn, body); err != nil {
			return err
		}
		copied = true
		return nil
	})
	dctx, cancel := detached(ctx)
	defer cancel()
	if err != nil {
		if copied {
			s.deleteBytes(dctx, body.DestinationBucket, body.DestinationKey)
		}
		return fromDB(err, "ResourceAlreadyExists")
	}
	if !same {
		s.deleteBytes(dctx, body.BucketID, body.SourceKey)
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{
		"message": "Successfully moved", "Id": id.String(), "Key": body.DestinationBucket + "/" + body.DestinationKey,
	})
}

// backendErr maps a backend failure during a metadata operation.
func backendErr(err error) error {
	switch {
	case errors.Is(err, blob.ErrNotFound):
		return errNoSuchKey()
	case errors.Is(err, blob.ErrKeyConflict):
		return &apiError{status: 409, code: "KeyAlreadyExists", errText: "Duplicate", message: "The key conflicts with an existing object or folder", cause: err}
	}
	return errInternal(err)
}
