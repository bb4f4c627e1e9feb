package storage

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// listV2Body is storage-js listV2's SearchV2Options.
type listV2Body struct {
	Prefix        string `json:"prefix"`
	Limit         *int   `json:"limit"`
	Cursor        string `json:"cursor"`
	WithDelimiter bool   `json:"with_delimiter"`
	SortBy        *struct {
		Column string `json:"column"`
		Order  string `json:"order"`
	} `json:"sortBy"`
	// Object versioning's filters. Buckets here keep no versions, so
	// "exclude" and "include" list the same current objects and "only" lists
	// nothing: there are no noncurrent versions nor delete markers.
	NoncurrentVersions string `json:"noncurrentVersions"`
	DeleteMarkers      string `json:"deleteMarkers"`
	// ExactMatch lists only the object whose name is the prefix itself.
	ExactMatch bool `json:"exactMatch"`
}

// listV2Object is an entry of "objects". Key (the name below the prefix's
// last folder) is only sent with a delimiter, as storage-api's search_v2 does.
type listV2Object struct {
	Key            *string         `json:"key,omitempty"`
	Name           string          `json:"name"`
	ID             string          `json:"id"`
	UpdatedAt      *jsonTime       `json:"updated_at"`
	CreatedAt      *jsonTime       `json:"created_at"`
	LastAccessedAt *jsonTime       `json:"last_accessed_at"`
	Metadata       json.RawMessage `json:"metadata"`
}

// listV2Folder is an entry of "folders": its full prefix (ending in "/") and
// its own segment, nothing else (storage-js: no id, timestamps or metadata).
type listV2Folder struct {
	Key  string `json:"key"`
	Name string `json:"name"`
}

type listV2Result struct {
	HasNext    bool           `json:"hasNext"`
	NextCursor string         `json:"nextCursor,omitempty"`
	Folders    []listV2Folder `json:"folders"`
	Objects    []listV2Object `json:"objects"`
}

// listCursor is storage-api's continuation token: base64 of "k:value" lines
// (l: last name returned, o: order, c: sort column, a: that column's value
// of the last entry), so a cursor of theirs means the same here.
type listCursor struct {
	startAfter, order, column, after string
}

var cursorLine = regexp.MustCompile(`^(\S):(.*)$`)

func decodeListCursor(s string) (*listCursor, error) {
	raw, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, errInvalidParameter("continuation token")
	}
	c := &listCursor{order: "asc"}
	for line := range strings.SplitSeq(string(raw), "\n") {
		m := cursorLine.FindStringSubmatch(line)
		if m == nil {
			return nil, errInvalidParameter("continuation token")
		}
		switch m[1] {
		case "l":
			c.startAfter = m[2]
		case "o":
			c.order = m[2]
		case "c":
			c.column = m[2]
		case "a":
			c.after = m[2]
		default:
			return nil, errInvalidParameter("continuation token")
		}
	}
	return c, nil
}

func (c *listCursor) encode() string {
	var b strings.Builder
	for _, kv := range [][2]string{{"l", c.startAfter}, {"o", c.order}, {"c", c.column}, {"a", c.after}} {
		if kv[1] != "" {
			b.WriteString(kv[0] + ":" + kv[1] + "\n")
		}
	}
	return base64.StdEncoding.EncodeToString([]byte(strings.TrimSuffix(b.String(), "\n")))
}

func errInvalidParameter(name string) *apiError {
	return &apiError{status: 400, code: "InvalidParameter", message: "Invalid Parameter " + name}
}

// listObjectsV2 is POST /object/list-v2/{bucket} (storage-js listV2): one
// page of at most limit (≤ 1000, default 1000) entries under prefix, by name
// (or created_at / updated_at, then name), with a cursor for the next page.
// Without with_delimiter every object whose name starts with prefix is listed
// flat; with it, objects deeper than the prefix's level are folded into one
// folder entry per sub-folder ("a/b/"), which takes a page slot like an
// object, and a folder's timestamps for sorting are its newest object's.
// It runs as the caller: RLS on storage.objects decides what is listed.
func (s *Service) listObjectsV2(w http.ResponseWriter, r *http.Request) error {
	var body listV2Body
	c, bucket, err := s.bucketCall(w, r, &body)
	if err != nil {
		return err
	}
	q, err := body.query()
	if err != nil {
		return err
	}
	if body.NoncurrentVersions == "only" || body.DeleteMarkers == "only" {
		return httpx.WriteJSON(w, http.StatusOK, listV2Result{Folders: []listV2Folder{}, Objects: []listV2Object{}})
	}
	sql, args, err := q.sql(bucket)
	if err != nil {
		return err
	}
	var entries []listV2Entry
	err = pgrole.Query(r.Context(), s.pool, c.session, false, sql, args, func(rows pgx.Rows) error {
		for rows.Next() {
			var e listV2Entry
			if err := rows.Scan(&e.name, &e.id, &e.meta, &e.up, &e.cr, &e.la); err != nil {
				return err
			}
			entries = append(entries, e)
		}
		return rows.Err()
	})
	if err != nil {
		return fromDB(err, "")
	}
	out := listV2Result{Folders: []listV2Folder{}, Objects: []listV2Object{}}
	if len(entries) > q.limit {
		entries = entries[:q.limit]
		out.HasNext, out.NextCursor = true, q.nextCursor(entries[q.limit-1])
	}
	q.fillPage(&out, entries)
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// listV2Query is a checked list-v2 request: the page size, the sort column and
// order (the cursor's winning over the body's) and the cursor.
type listV2Query struct {
	body       *listV2Body
	limit      int
	col, order string
	cur        *listCursor
}

// listV2Entry is a row of the listing: an object, or a folder (id nil).
type listV2Entry struct {
	name       string
	id         *string
	meta       json.RawMessage
	up, cr, la *time.Time
}

// query checks the body (as storage-api's schema does) and reads its cursor.
func (body *listV2Body) query() (*listV2Query, error) {
	q := &listV2Query{body: body, limit: 1000, col: "name", order: "asc"}
	if body.Limit != nil {
		if *body.Limit < 1 {
			return nil, errInvalidRequest("body/limit must be >= 1")
		}
		q.limit = min(*body.Limit, 1000)
	}
	if body.SortBy != nil {
		switch body.SortBy.Column {
		case "name", "created_at", "updated_at":
			q.col = body.SortBy.Column
		default:
			return nil, errInvalidRequest("body/sortBy/column must be equal to one of the allowed values")
		}
		switch body.SortBy.Order {
		case "", "asc", "desc":
			if body.SortBy.Order != "" {
				q.order = body.SortBy.Order
			}
		default:
			return nil, errInvalidRequest("body/sortBy/order must be equal to one of the allowed values")
		}
	}
	for name, v := range map[string]string{"noncurrentVersions": body.NoncurrentVersions, "deleteMarkers": body.DeleteMarkers} {
		switch v {
		case "", "exclude", "include", "only":
		default:
			return nil, errInvalidRequest("body/" + name + " must be equal to one of the allowed values")
		}
	}
	if body.Cursor == "" || body.NoncurrentVersions == "only" || body.DeleteMarkers == "only" {
		return q, nil
	}
	cur, err := decodeListCursor(body.Cursor)
	if err != nil {
		return nil, err
	}
	q.cur = cur
	// As storage-api: the cursor's order and column win over the body's.
	if cur.order == "asc" || cur.order == "desc" {
		q.order = cur.order
	}
	switch cur.column {
	case "name", "created_at", "updated_at":
		q.col = cur.column
	}
	return q, nil
}

// sql selects one page (and one entry more, to tell whether a next page
// exists): objects directly under the prefix's level and (with the
// delimiter) one row per folder below it, after the cursor.
func (q *listV2Query) sql(bucket string) (string, []any, error) {
	body := q.body
	folderExpr, match := "null::text", "starts_with(o.name, $2)"
	if body.ExactMatch {
		match = "o.name = $2" // one key, nothing to fold into folders
	} else if body.WithDelimiter {
		folderExpr = `case when strpos(substr(o.name, length($2) + 1), '/') > 0
		       then left(o.name, length($2) + strpos(substr(o.name, length($2) + 1), '/')) end`
	}
	cmp := ">"
	if q.order == "desc" {
		cmp = "<"
	}
	sortExpr := `e.name collate "C"`
	where := "true"
	args := []any{bucket, body.Prefix, q.limit + 1}
	if q.col != "name" {
		sortExpr = fmt.Sprintf(`date_trunc('milliseconds', e.%s) %s, e.name collate "C"`, q.col, q.order)
	}
	if q.cur != nil && q.cur.startAfter != "" {
		args = append(args, q.cur.startAfter)
		if q.col == "name" || q.cur.after == "" {
			where = fmt.Sprintf(`e.name collate "C" %s $4`, cmp)
		} else {
			after, perr := time.Parse(time.RFC3339Nano, q.cur.after)
			if perr != nil {
				return "", nil, errInvalidParameter("continuation token")
			}
			args = append(args, after)
			where = fmt.Sprintf(`(date_trunc('milliseconds', e.%s), e.name collate "C") %s ($5, $4)`, q.col, cmp)
		}
	}
	return fmt.Sprintf(`
		with rows as (
		  select o.id, o.name, o.metadata, o.updated_at, o.created_at, o.last_accessed_at, %s as folder
		  from storage.objects o
		  where o.bucket_id = $1 and %s
		), e as (
		  select folder as name, null::uuid as id, null::jsonb as metadata, max(updated_at) as updated_at,
		         max(created_at) as created_at, max(last_accessed_at) as last_accessed_at
		  from rows where folder is not null group by folder
		  union all
		  select name, id, metadata, updated_at, created_at, last_accessed_at from rows where folder is null
		)
		select e.name, e.id::text, e.metadata, e.updated_at, e.created_at, e.last_accessed_at
		from e where %s
		order by %s %s
		limit $3`, folderExpr, match, where, sortExpr, q.order), args, nil
}

// nextCursor is the cursor after last, written as storage-api writes it:
// order and column when the caller (or the cursor) named them, the column's
// value for timestamp sorts.
func (q *listV2Query) nextCursor(last listV2Entry) string {
	body := q.body
	next := &listCursor{startAfter: last.name}
	if q.cur != nil || (body.SortBy != nil && body.SortBy.Order != "") {
		next.order = q.order
	}
	if (q.cur != nil && q.cur.column != "") || body.SortBy != nil {
		next.column = q.col
	}
	var ts *time.Time
	switch q.col {
	case "created_at":
		ts = last.cr
	case "updated_at":
		ts = last.up
	}
	if ts != nil {
		next.after = ts.UTC().Format("2006-01-02T15:04:05.000Z")
	}
	return next.encode()
}

// fillPage sorts the entries into folders and objects. key: the segment at
// the prefix's level (storage-api's search_v2 split_part(name, '/', levels)),
// for delimited listings only.
func (q *listV2Query) fillPage(out *listV2Result, entries []listV2Entry) {
	body := q.body
	level := len(strings.Split(body.Prefix, "/"))
	segment := func(name string) string {
		parts := strings.Split(name, "/")
		if level-1 < len(parts) {
			return parts[level-1]
		}
		return ""
	}
	for _, e := range entries {
		if e.id == nil {
			out.Folders = append(out.Folders, listV2Folder{Key: segment(e.name), Name: e.name})
			continue
		}
		o := listV2Object{Name: e.name, ID: *e.id, Metadata: e.meta,
			UpdatedAt: timePtr(e.up), CreatedAt: timePtr(e.cr), LastAccessedAt: timePtr(e.la)}
		if len(o.Metadata) == 0 {
			o.Metadata = json.RawMessage("null")
		}
		if body.WithDelimiter && !body.ExactMatch {
			k := segment(e.name)
			o.Key = &k
		}
		out.Objects = append(out.Objects, o)
	}
}
