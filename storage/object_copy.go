package storage

import (
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
// the bytes copied before the commit.
func (s *Service) copyObject(w http.ResponseWriter, r *http.Request) error {
	c, body, err := s.moveRequest(r)
	if err != nil {
		return err
	}
	upsert := r.Header.Get("x-upsert") == "true"
	ctx := r.Context()
	owner, ownerID := c.owner()
	var id uuid.UUID
	var replaced, copied bool
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
		q += ` returning id, xmax <> 0`
		if err := conn.QueryRow(ctx, q, body.DestinationBucket, body.DestinationKey, owner, ownerID, meta, userMeta, uuid.NewString()).Scan(&id, &replaced); err != nil {
			return fromDB(err, "ResourceAlreadyExists")
		}
		if err := s.copyBytes(ctx, conn, body); err != nil {
			return err
		}
		copied = true
		return nil
	})
	if err != nil {
		if copied && !replaced {
			dctx, cancel := detached(ctx)
			defer cancel()
			s.deleteBytes(dctx, body.DestinationBucket, body.DestinationKey)
		}
		return fromDB(err, "ResourceAlreadyExists")
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"Id": id.String(), "Key": body.DestinationBucket + "/" + body.DestinationKey})
}
