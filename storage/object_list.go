package storage

import (
	"encoding/json"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

type listBody struct {
	Prefix string `json:"prefix"`
	Limit  *int   `json:"limit"`
	Offset *int   `json:"offset"`
	SortBy *struct {
		Column string `json:"column"`
		Order  string `json:"order"`
	} `json:"sortBy"`
	Search string `json:"search"`
}

type listEntry struct {
	Name           string          `json:"name"`
	ID             *string         `json:"id"`
	UpdatedAt      *jsonTime       `json:"updated_at"`
	CreatedAt      *jsonTime       `json:"created_at"`
	LastAccessedAt *jsonTime       `json:"last_accessed_at"`
	Metadata       json.RawMessage `json:"metadata"`
}

// listObjects is POST /object/list/{bucket}: one folder level, through
// storage.search as the caller (RLS decides what is listed).
func (s *Service) listObjects(w http.ResponseWriter, r *http.Request) error {
	var body listBody
	c, bucket, err := s.bucketCall(w, r, &body)
	if err != nil {
		return err
	}
	limit, offset := 100, 0
	if body.Limit != nil && *body.Limit > 0 {
		limit = *body.Limit
	}
	if body.Offset != nil && *body.Offset > 0 {
		offset = *body.Offset
	}
	col, order := "name", "asc"
	if body.SortBy != nil {
		if body.SortBy.Column != "" {
			col = body.SortBy.Column
		}
		if body.SortBy.Order != "" {
			order = body.SortBy.Order
		}
	}
	out := []listEntry{}
	err = pgrole.Query(r.Context(), s.pool, c.session, false,
		`select name, id::text, updated_at, created_at, last_accessed_at, metadata
		 from storage.search($1, $2, $3, 1, $4, $5, $6, $7)`,
		[]any{body.Prefix, bucket, limit, offset, body.Search, col, order},
		func(rows pgx.Rows) error {
			for rows.Next() {
				var e listEntry
				var up, cr, la *time.Time
				if err := rows.Scan(&e.Name, &e.ID, &up, &cr, &la, &e.Metadata); err != nil {
					return err
				}
				e.UpdatedAt, e.CreatedAt, e.LastAccessedAt = timePtr(up), timePtr(cr), timePtr(la)
				if len(e.Metadata) == 0 {
					e.Metadata = json.RawMessage("null")
				}
				out = append(out, e)
			}
			return rows.Err()
		})
	if err != nil {
		return fromDB(err, "")
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}
