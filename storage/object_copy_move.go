package storage

import (
	"context"
	"encoding/json"
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
func (s *Service) moveRequest(w http.ResponseWriter, r *http.Request) (caller, moveBody, error) {
	var body moveBody
	c, err := s.jsonCall(w, r, &body)
	if err != nil {
		return c, body, err
	}
	if err := body.check(); err != nil {
		return c, body, err
	}
	if _, err := s.findBucket(r.Context(), r, body.DestinationBucket); err != nil {
		return c, body, err
	}
	return c, body, nil
}

// stagedChange runs change (the row's insert or rename, as the caller) in one
// transaction and, when it returns the source row (there are bytes to copy),
// copyBytes after it in the same transaction; a stage left by a transaction
// that then failed is dropped.
func (s *Service) stagedChange(ctx context.Context, c caller, body moveBody, version string, change func(pgrole.Conn) (*objectRow, error)) error {
	staged := false
	err := pgrole.Do(ctx, s.pool, c.session, func(conn pgrole.Conn) error {
		src, err := change(conn)
		if err != nil || src == nil {
			return err
		}
		if err := s.copyBytes(ctx, conn, src, body, version); err != nil {
			return err
		}
		staged = true
		return nil
	})
	if err != nil {
		if staged {
			s.dropStage(ctx, body.DestinationBucket, body.DestinationKey, version)
		}
		return fromDB(err, "ResourceAlreadyExists")
	}
	return nil
}

// copyBytes copies the source row's bytes (from its key, or from its stage
// while not yet published: locateCurrent) to the stage of the destination's
// new version inside the caller's transaction, once RLS has accepted the row
// change (beginStage). The commit is followed by publish (see publish.go).
func (s *Service) copyBytes(ctx context.Context, conn pgrole.Conn, src *objectRow, body moveBody, version string) error {
	if err := beginStage(ctx, conn, body.DestinationBucket, body.DestinationKey, version); err != nil {
		return err
	}
	fromBucket, fromKey, err := s.locateCurrent(ctx, src)
	if err != nil {
		return backendErr(err)
	}
	if _, err := s.backend.Copy(ctx, fromBucket, fromKey, blob.StageBucket, stageKey(version, body.DestinationBucket, body.DestinationKey)); err != nil {
		return backendErr(err)
	}
	return nil
}

// moveObject is POST /object/move. The row is renamed as the caller (RLS
// UPDATE checks both the old and the new name) and gets a new version; the
// bytes are copied to its stage before the commit, published after it, and
// the old ones deleted last.
func (s *Service) moveObject(w http.ResponseWriter, r *http.Request) error {
	c, body, err := s.moveRequest(w, r)
	if err != nil {
		return err
	}
	ctx := context.WithoutCancel(r.Context()) // a move the client gave up on still completes
	var id uuid.UUID
	var oldVersion *string
	version := uuid.NewString()
	same := body.BucketID == body.DestinationBucket && body.SourceKey == body.DestinationKey
	err = s.stagedChange(ctx, c, body, version, func(conn pgrole.Conn) (*objectRow, error) {
		var err error
		var meta []byte
		if same {
			err = conn.QueryRow(ctx, `update storage.objects set bucket_id = $1, name = $2
				where bucket_id = $1 and name = $2 returning id, version`, body.BucketID, body.SourceKey).Scan(&id, &oldVersion)
		} else {
			err = conn.QueryRow(ctx, `with old as (select id, version from storage.objects where bucket_id = $1 and name = $2 for update)
				update storage.objects o set bucket_id = $3, name = $4, version = $5 from old
				where o.id = old.id returning o.id, old.version, coalesce(o.metadata, '{}'::jsonb)`,
				body.BucketID, body.SourceKey, body.DestinationBucket, body.DestinationKey, version).Scan(&id, &oldVersion, &meta)
		}
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, errNoSuchKey()
		}
		if err != nil {
			return nil, fromDB(err, "ResourceAlreadyExists")
		}
		if same {
			return nil, nil // a move onto itself has no bytes to copy
		}
		src := &objectRow{Bucket: body.BucketID, Name: body.SourceKey, Version: oldVersion}
		return src, json.Unmarshal(meta, &src.Meta)
	})
	if err != nil {
		return err
	}
	if !same {
		// If the bytes have no place at the destination, the row goes back
		// where it was (its bytes are still there), or, if that name was
		// taken meanwhile, away.
		undo := func(ctx context.Context, conn pgrole.Conn) error {
			_, err := conn.Exec(ctx, `update storage.objects set bucket_id = $4, name = $5, version = $6
				where bucket_id = $1 and name = $2 and version = $3
				and not exists (select 1 from storage.objects where bucket_id = $4 and name = $5)`,
				body.DestinationBucket, body.DestinationKey, version, body.BucketID, body.SourceKey, oldVersion)
			if err != nil {
				return err
			}
			return undoInsert(body.DestinationBucket, body.DestinationKey, version)(ctx, conn)
		}
		if err := s.afterCommit(ctx, body.DestinationBucket, body.DestinationKey, version, undo); err != nil {
			return err
		}
		dctx, cancel := detached(ctx)
		defer cancel()
		s.deleteBytes(dctx, body.BucketID, body.SourceKey)
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{
		"message": "Successfully moved", "Id": id.String(), "Key": body.DestinationBucket + "/" + body.DestinationKey,
	})
}

// copyObject is POST /object/copy: the source is read as the caller (RLS
// SELECT), the copy inserted as the caller (RLS INSERT; upsert with x-upsert),
// the bytes copied to the stage before the commit and published after it.
func (s *Service) copyObject(w http.ResponseWriter, r *http.Request) error {
	c, body, err := s.moveRequest(w, r)
	if err != nil {
		return err
	}
	upsert := r.Header.Get("x-upsert") == "true"
	ctx := context.WithoutCancel(r.Context()) // a copy the client gave up on still completes
	owner, ownerID := c.owner()
	var id uuid.UUID
	version := uuid.NewString()
	err = s.stagedChange(ctx, c, body, version, func(conn pgrole.Conn) (*objectRow, error) {
		var meta, userMeta []byte
		src := &objectRow{Bucket: body.BucketID, Name: body.SourceKey}
		err := conn.QueryRow(ctx, `select metadata, user_metadata, version from storage.objects where bucket_id = $1 and name = $2`,
			body.BucketID, body.SourceKey).Scan(&meta, &userMeta, &src.Version)
		if errors.Is(err, pgx.ErrNoRows) {
			return nil, errNoSuchKey()
		}
		if err != nil {
			return nil, fromDB(err, "")
		}
		if meta != nil {
			if err := json.Unmarshal(meta, &src.Meta); err != nil {
				return nil, err
			}
		}
		if body.CopyMetadata != nil && !*body.CopyMetadata {
			userMeta = nil
			if body.Metadata != nil {
				userMeta, _ = json.Marshal(body.Metadata)
			}
		}
		q := `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
			values ($1, $2, $3, $4, $5, $6, $7)`
		if upsert {
			q += ` on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
				metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version`
		}
		q += ` returning id`
		if err := conn.QueryRow(ctx, q, body.DestinationBucket, body.DestinationKey, owner, ownerID, meta, userMeta, version).Scan(&id); err != nil {
			return nil, fromDB(err, "ResourceAlreadyExists")
		}
		return src, nil
	})
	if err != nil {
		return err
	}
	if err := s.afterCommit(ctx, body.DestinationBucket, body.DestinationKey, version, undoInsert(body.DestinationBucket, body.DestinationKey, version)); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"Id": id.String(), "Key": body.DestinationBucket + "/" + body.DestinationKey})
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
