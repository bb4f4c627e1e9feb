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
)

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
	staged := false
	version := uuid.NewString()
	err = pgrole.Do(ctx, s.pool, c.session, func(conn pgrole.Conn) error {
		var meta, userMeta []byte
		err := conn.QueryRow(ctx, `select metadata, user_metadata from storage.objects where bucket_id = $1 and name = $2`,
			body.BucketID, body.SourceKey).Scan(&meta, &userMeta)
		if errors.Is(err, pgx.ErrNoRows) {
			return errNoSuchKey()
		}
		if err != nil {
			return fromDB(err, "")
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
			return fromDB(err, "ResourceAlreadyExists")
		}
		if err := s.copyBytes(ctx, conn, body, version); err != nil {
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
	if err := s.afterCommit(ctx, body.DestinationBucket, body.DestinationKey, version, undoInsert(body.DestinationBucket, body.DestinationKey, version)); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"Id": id.String(), "Key": body.DestinationBucket + "/" + body.DestinationKey})
}
