package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// listBuckets is GET /bucket?limit&offset&sortColumn&sortOrder&search, as the caller.
func (s *Service) listBuckets(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	col := q.Get("sortColumn")
	switch col {
	case "id", "name", "created_at", "updated_at":
	default:
		col = "name"
	}
	dir := "asc"
	if strings.EqualFold(q.Get("sortOrder"), "desc") {
		dir = "desc"
	}
	limit, offset := intParam(q.Get("limit"), 1000), intParam(q.Get("offset"), 0)
	sql := "select " + bucketColumns + " from storage.buckets where ($1 = '' or name ilike '%' || $1 || '%') order by " +
		col + " " + dir + " limit $2 offset $3"
	out := []*bucketRow{}
	err = pgrole.Query(r.Context(), s.pool, c.session, false, sql, []any{q.Get("search"), limit, offset}, func(rows pgx.Rows) error {
		for rows.Next() {
			b, err := scanBucket(rows)
			if err != nil {
				return err
			}
			b.Type = "STANDARD" // storage-api's list carries the type; getBucket does not
			out = append(out, b)
		}
		return rows.Err()
	})
	if err != nil {
		return fromDB(err, "")
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

func intParam(v string, def int) int {
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return n
	}
	return def
}

// getBucket is GET /bucket/{id}, as the caller (RLS on storage.buckets).
func (s *Service) getBucket(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	b, err := s.bucketAs(r.Context(), c.session, pathParam(r, "bucket"))
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, b)
}

// bucketBody is what createBucket and updateBucket send.
type bucketBody struct {
	ID               string          `json:"id"`
	Name             string          `json:"name"`
	Public           *bool           `json:"public"`
	FileSizeLimit    json.RawMessage `json:"file_size_limit"`
	AllowedMimeTypes []string        `json:"allowed_mime_types"`
	Type             string          `json:"type"`
	VersioningStatus string          `json:"versioning_status"`
}

// checkVersioning refuses a bucket with object versioning: objects here have
// one version, so accepting the setting would promise what is not kept.
func checkVersioning(status string) error {
	if status == "" || strings.EqualFold(status, "DISABLED") {
		return nil
	}
	return errInvalidRequest("bucket versioning is not supported")
}

// sizeRe is storage-api's size string: a number and a unit, nothing between.
var sizeRe = regexp.MustCompile(`^(?i)([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$`)

// parseSizeLimit accepts a number of bytes or a "20MB"-style string; null or
// absent means no bucket limit. Units are decimal and the number keeps three
// significant digits, as storage-api's parseFileSizeToBytes: "20mb" is
// 20,000,000 bytes and "1.234MB" 1,230,000 (they were once read as binary).
func parseSizeLimit(raw json.RawMessage) (*int64, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return nil, nil
	}
	var n int64
	var str string
	switch {
	case json.Unmarshal(raw, &str) != nil:
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f != math.Trunc(f) {
			return nil, errInvalidRequest("file_size_limit must be an integer or a size string")
		}
		n = int64(f)
	case digitsRe.MatchString(str): // "1000": what Fastify's coercion makes of it
		n, _ = strconv.ParseInt(str, 10, 64)
	default:
		m := sizeRe.FindStringSubmatch(str)
		if m == nil {
			return nil, errInvalidRequest("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B")
		}
		f, _ := strconv.ParseFloat(m[1], 64)
		f, _ = strconv.ParseFloat(strconv.FormatFloat(f, 'g', 3, 64), 64) // toPrecision(3)
		mult := map[string]float64{"b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9}[strings.ToLower(m[2])]
		n = int64(math.Round(f * mult))
	}
	if n <= 0 {
		return nil, errInvalidRequest("file_size_limit must be positive")
	}
	return &n, nil
}

var digitsRe = regexp.MustCompile(`^[0-9]+$`)

// createBucket is POST /bucket, as the caller (RLS decides who may create).
func (s *Service) createBucket(w http.ResponseWriter, r *http.Request) error {
	var body bucketBody
	c, err := s.jsonCall(w, r, &body)
	if err != nil {
		return err
	}
	if body.ID == "" {
		body.ID = body.Name
	}
	if body.Name == "" {
		body.Name = body.ID
	}
	if !validBucketName(body.ID) || !validBucketName(body.Name) {
		return errInvalidBucketName()
	}
	limit, err := parseSizeLimit(body.FileSizeLimit)
	if err != nil {
		return err
	}
	if body.Type != "" && !strings.EqualFold(body.Type, "STANDARD") {
		return errInvalidRequest(fmt.Sprintf("bucket type %s is not supported", body.Type))
	}
	if err := checkVersioning(body.VersioningStatus); err != nil {
		return err
	}
	public := body.Public != nil && *body.Public
	owner, ownerID := c.owner()
	err = pgrole.Query(r.Context(), s.pool, c.session, false,
		`insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
		 values ($1, $2, $3, $4, $5, $6, $7) returning id`,
		[]any{body.ID, body.Name, owner, ownerID, public, limit, nilIfEmpty(body.AllowedMimeTypes)},
		func(rows pgx.Rows) error { rows.Next(); return nil })
	if err != nil {
		return fromDB(err, "BucketAlreadyExists")
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"name": body.ID})
}

func nilIfEmpty(v []string) any {
	if len(v) == 0 {
		return nil
	}
	return v
}

// updateBucket is PUT /bucket/{id}: public, file_size_limit and
// allowed_mime_types; fields left out keep their value.
func (s *Service) updateBucket(w http.ResponseWriter, r *http.Request) error {
	var raw map[string]json.RawMessage
	c, id, err := s.bucketCall(w, r, &raw)
	if err != nil {
		return err
	}
	if v, ok := raw["versioning_status"]; ok && string(v) != "null" {
		var status string
		if json.Unmarshal(v, &status) != nil {
			return errInvalidRequest("versioning_status must be a string")
		}
		if err := checkVersioning(status); err != nil {
			return err
		}
	}
	sets, args := []string{}, []any{id}
	if v, ok := raw["public"]; ok && string(v) != "null" {
		var p bool
		if json.Unmarshal(v, &p) != nil {
			return errInvalidRequest("public must be a boolean")
		}
		args = append(args, p)
		sets = append(sets, fmt.Sprintf("public = $%d", len(args)))
	}
	if v, ok := raw["file_size_limit"]; ok {
		limit, err := parseSizeLimit(v)
		if err != nil {
			return err
		}
		args = append(args, limit)
		sets = append(sets, fmt.Sprintf("file_size_limit = $%d", len(args)))
	}
	if v, ok := raw["allowed_mime_types"]; ok {
		var types []string
		if string(v) != "null" && json.Unmarshal(v, &types) != nil {
			return errInvalidRequest("allowed_mime_types must be an array of strings")
		}
		args = append(args, nilIfEmpty(types))
		sets = append(sets, fmt.Sprintf("allowed_mime_types = $%d", len(args)))
	}
	if len(sets) == 0 {
		sets = append(sets, "updated_at = now()")
	}
	found := false
	err = pgrole.Query(r.Context(), s.pool, c.session, false,
		"update storage.buckets set "+strings.Join(sets, ", ")+" where id = $1 returning id", args,
		func(rows pgx.Rows) error { found = rows.Next(); return nil })
	if err != nil {
		return fromDB(err, "")
	}
	if !found {
		return errNoSuchBucket()
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": "Successfully updated"})
}

// deleteBucket is DELETE /bucket/{id}: refused while objects remain.
func (s *Service) deleteBucket(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	id := pathParam(r, "bucket")
	if _, err := s.findBucket(r.Context(), r, id); err != nil {
		return err
	}
	found := false
	err = pgrole.Do(r.Context(), s.pool, c.session, func(conn pgrole.Conn) error {
		// Objects the caller cannot see still count: check as the service.
		if err := becomeServiceCheckEmpty(r, conn, id); err != nil {
			return err
		}
		tag, err := conn.Exec(r.Context(), "delete from storage.buckets where id = $1", id)
		found = tag.RowsAffected() > 0
		return err
	})
	if err != nil {
		e := fromDB(err, "")
		var ae *apiError
		if errors.As(e, &ae) && ae.code == "NoSuchBucket" && ae.cause != nil {
			return errNotEmpty() // the objects' foreign key: objects appeared meanwhile
		}
		return e
	}
	if !found {
		return errNoSuchBucket()
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": "Successfully deleted"})
}

// becomeServiceCheckEmpty refuses the delete of a bucket that still holds
// objects, counting them all whatever the caller may see.
func becomeServiceCheckEmpty(r *http.Request, conn pgrole.Conn, id string) error {
	var any bool
	err := conn.QueryRow(r.Context(), `select storage.bucket_has_objects($1)`, id).Scan(&any)
	if err != nil {
		return err
	}
	if any {
		return errNotEmpty()
	}
	return nil
}

// emptyBucket is POST /bucket/{id}/empty: deletes every object (rows, then
// bytes). Reserved to the service role, as in storage-api.
func (s *Service) emptyBucket(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	if c.session.Role != "service_role" {
		return errAccessDenied("Access denied: emptying a bucket needs the service role", nil)
	}
	id := pathParam(r, "bucket")
	if _, err := s.findBucket(r.Context(), r, id); err != nil {
		return err
	}
	for {
		var names []string
		err := pgrole.Query(r.Context(), s.pool, c.session, false,
			`delete from storage.objects where id in (select id from storage.objects where bucket_id = $1 limit 1000) returning name`,
			[]any{id}, func(rows pgx.Rows) error {
				var err error
				names, err = pgx.CollectRows(rows, pgx.RowTo[string])
				return err
			})
		if err != nil {
			return fromDB(err, "")
		}
		ctx, cancel := detached(r.Context())
		for _, n := range names {
			s.deleteBytes(ctx, id, n)
		}
		cancel()
		if len(names) < 1000 {
			break
		}
	}
	// storage-api queues the work and says so; here it is done by now, but
	// clients compare the message.
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"message": "Empty bucket has been queued. Completion may take up to an hour."})
}
