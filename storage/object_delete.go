package storage

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// deletedRow is what remove() returns for each deleted object.
type deletedRow struct {
	ID             string          `json:"id"`
	Name           string          `json:"name"`
	BucketID       string          `json:"bucket_id"`
	Owner          *string         `json:"owner"`
	Version        *string         `json:"version"`
	Metadata       json.RawMessage `json:"metadata"`
	UserMetadata   json.RawMessage `json:"user_metadata"`
	CreatedAt      jsonTime        `json:"created_at"`
	UpdatedAt      jsonTime        `json:"updated_at"`
	LastAccessedAt *jsonTime       `json:"last_accessed_at"`
}

// deleteRows deletes rows as the caller (RLS: invisible rows are skipped, not
// errors), then the bytes of the rows actually deleted.
func (s *Service) deleteRows(r *http.Request, c caller, bucket string, names []string) ([]deletedRow, error) {
	out := []deletedRow{}
	err := pgrole.Query(r.Context(), s.pool, c.session, false,
		`delete from storage.objects where bucket_id = $1 and name = any($2)
		 returning id::text, name, bucket_id, coalesce(owner_id, owner::text), version, coalesce(metadata, 'null'::jsonb),
		 coalesce(user_metadata, 'null'::jsonb), created_at, updated_at, last_accessed_at`,
		[]any{bucket, names}, func(rows pgx.Rows) error {
			for rows.Next() {
				var d deletedRow
				var la *time.Time
				if err := rows.Scan(&d.ID, &d.Name, &d.BucketID, &d.Owner, &d.Version, &d.Metadata, &d.UserMetadata, &d.CreatedAt.Time, &d.UpdatedAt.Time, &la); err != nil {
					return err
				}
				d.LastAccessedAt = timePtr(la)
				out = append(out, d)
			}
			return rows.Err()
		})
	if err != nil {
		return nil, fromDB(err, "")
	}
	ctx, cancel := detached(r.Context())
	defer cancel()
	for _, d := range out {
		s.deleteBytes(ctx, d.BucketID, d.Name)
	}
	return out, nil
}

// deleteObjects is DELETE /object/{bucket} {"prefixes": [...]} (remove()).
func (s *Service) deleteObjects(w http.ResponseWriter, r *http.Request) error {
	var body struct {
		Prefixes []string `json:"prefixes"`
	}
	c, bucket, err := s.bucketCall(w, r, &body)
	if err != nil {
		return err
	}
	if len(body.Prefixes) == 0 || len(body.Prefixes) > 1000 {
		return errInvalidRequest("prefixes must hold 1 to 1000 object names")
	}
	out, err := s.deleteRows(r, c, bucket, body.Prefixes)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// deleteObject is DELETE /object/{bucket}/{name}.
func (s *Service) deleteObject(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	bucket, key := objectPath(r)
	out, err := s.deleteRows(r, c, bucket, []string{key})
	if err != nil {
		return err
	}
	if len(out) == 0 {
		return errNoSuchKey()
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": "Successfully deleted"})
}
