package storage

import (
	"bufio"
	"context"
	"crypto/md5"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"casarent/server/httpx"
	"casarent/server/pgrole"
	"casarent/storage/blob"
)

// uploadPost is POST /object/{bucket}/{name}: create, or replace with x-upsert: true.
func (s *Service) uploadPost(w http.ResponseWriter, r *http.Request) error {
	return s.uploadAsCaller(w, r, r.Header.Get("x-upsert") == "true")
}

// uploadPut is PUT /object/{bucket}/{name} (storage-js update()): upsert semantics.
func (s *Service) uploadPut(w http.ResponseWriter, r *http.Request) error {
	return s.uploadAsCaller(w, r, true)
}

// uploadAsCaller uploads the object named by the URL as the caller, who owns it.
func (s *Service) uploadAsCaller(w http.ResponseWriter, r *http.Request, upsert bool) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	bucket, key := objectPath(r)
	owner, ownerID := c.owner()
	return s.upload(w, r, uploadSpec{
		session: c.session, bucket: bucket, key: key, upsert: upsert, owner: owner, ownerID: ownerID,
	})
}

type uploadSpec struct {
	session pgrole.Session
	bucket  string
	key     string
	upsert  bool
	owner   *uuid.UUID
	ownerID *string
}

// source is the file of an upload and what the client said about it.
type source struct {
	body            *bufio.Reader
	contentType     string // declared
	cacheControl    string
	contentEncoding string
	userMetadata    json.RawMessage
	multipart       bool
}

// upload stores one object. Order (so that metadata and bytes agree; see
// publish.go):
//  1. bucket, name, size and content type checks (no database write yet);
//  2. in one transaction as the caller: INSERT (or upsert) the row with a new
//     version, so RLS refuses before any byte is kept;
//  3. still in the transaction, as the service: claim the name against the
//     orphan sweeper, mark the version in flight, stream the bytes to the
//     stage area (atomic), record size and ETag;
//  4. COMMIT, then publish: the staged bytes replace the object's under its
//     name lock. A write that fails before the commit leaves the previous
//     object (row and bytes) as it was.
//
// Once the body is complete nothing depends on the client still listening:
// the work runs on a context without the request's cancellation. A client that
// hangs up earlier makes the body read fail, which rolls everything back.
func (s *Service) upload(w http.ResponseWriter, r *http.Request, u uploadSpec) error {
	ctx := r.Context()
	if !validKey(u.key) {
		return errInvalidKey(u.key)
	}
	b, err := s.findBucket(ctx, r, u.bucket)
	if err != nil {
		return err
	}
	limit := s.cfg.FileSizeLimit
	if b.FileSizeLimit != nil && *b.FileSizeLimit < limit {
		limit = *b.FileSizeLimit
	}
	src, err := readSource(r, limit)
	if err != nil {
		return err
	}
	mimetype, err := checkMime(src, b.AllowedMimeTypes)
	if err != nil {
		return err
	}

	counter := &limitedHash{r: src.body, limit: limit, md5: md5.New()}
	var (
		id     uuid.UUID
		staged bool
	)
	now := s.now().UTC()
	version := uuid.NewString()
	wctx := context.WithoutCancel(ctx)
	err = pgrole.Do(wctx, s.pool, u.session, func(conn pgrole.Conn) error {
		if id, err = insertObjectRow(wctx, conn, u, mimetype, src, version); err != nil {
			return err
		}
		if err := beginStage(wctx, conn, u.bucket, u.key, version); err != nil {
			return err
		}
		info, err := s.backend.Put(wctx, blob.StageBucket, stageKey(version, u.bucket, u.key), counter, mimetype)
		if err != nil {
			return putError(err, counter, u.key)
		}
		staged = true
		if !src.multipart && r.ContentLength >= 0 && counter.n != r.ContentLength {
			return errInvalidRequest(fmt.Sprintf("the upload was interrupted: %d of %d bytes received", counter.n, r.ContentLength))
		}
		if info.LastModified.IsZero() {
			info.LastModified = now
		}
		meta := uploadedMetadata(counter, mimetype, src, info.LastModified)
		mctx, cancel := context.WithTimeout(wctx, 30*time.Second)
		defer cancel()
		_, err = conn.Exec(mctx, `update storage.objects set metadata = $2, updated_at = $3, last_accessed_at = $3 where id = $1`, id, meta, now)
		return err
	})
	if err != nil {
		if staged {
			s.dropStage(wctx, u.bucket, u.key, version)
		}
		var ae *apiError
		if errors.As(err, &ae) {
			return err
		}
		return fromDB(err, "ResourceAlreadyExists")
	}
	if err := s.afterCommit(wctx, u.bucket, u.key, version, undoInsert(u.bucket, u.key, version)); err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"Id": id.String(), "Key": u.bucket + "/" + u.key})
}

// insertObjectRow writes the object's row as the caller (RLS decides), with
// the version being uploaded and a size of 0 until the bytes are stored.
func insertObjectRow(ctx context.Context, conn pgrole.Conn, u uploadSpec, mimetype string, src *source, version string) (uuid.UUID, error) {
	var id uuid.UUID
	meta, _ := json.Marshal(map[string]any{"mimetype": mimetype, "cacheControl": src.cacheControl, "size": 0})
	q := `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
		values ($1, $2, $3, $4, $5, $6, $7)`
	if u.upsert {
		q += ` on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id,
			metadata = excluded.metadata, user_metadata = excluded.user_metadata, version = excluded.version, updated_at = now()`
	}
	q += ` returning id`
	if err := conn.QueryRow(ctx, q, u.bucket, u.key, u.owner, u.ownerID, meta, nullJSON(src.userMetadata), version).Scan(&id); err != nil {
		return id, fromDB(err, "ResourceAlreadyExists")
	}
	return id, nil
}

// putError names why storing the body failed: too large, too slow, a name the
// backend refuses, the client gone, or the backend itself.
func putError(err error, counter *limitedHash, key string) error {
	var mbe *http.MaxBytesError
	switch {
	case counter.tooLarge || errors.As(err, &mbe):
		return errTooLarge()
	case errors.Is(counter.readErr, httpx.ErrSlowBody):
		return errSlowBody(counter.readErr)
	case errors.Is(err, blob.ErrInvalidName):
		return errInvalidKey(key)
	case counter.readErr != nil:
		return errInvalidRequest("the upload was interrupted: " + counter.readErr.Error())
	}
	return errInternal(err)
}

// uploadedMetadata is the object's metadata once its bytes are stored.
func uploadedMetadata(counter *limitedHash, mimetype string, src *source, lastModified time.Time) []byte {
	m := map[string]any{
		"eTag":           `"` + hex.EncodeToString(counter.md5.Sum(nil)) + `"`,
		"size":           counter.n,
		"mimetype":       mimetype,
		"cacheControl":   src.cacheControl,
		"lastModified":   lastModified.Format(time.RFC3339Nano),
		"contentLength":  counter.n,
		"httpStatusCode": 200,
	}
	if src.contentEncoding != "" {
		m["contentEncoding"] = src.contentEncoding
	}
	meta, _ := json.Marshal(m)
	return meta
}

func nullJSON(b json.RawMessage) any {
	if len(b) == 0 {
		return nil
	}
	return []byte(b)
}

// beginStage readies the writer's transaction, once RLS has accepted its row
// change, for writing version's bytes to their stage: from here on it runs as
// the service, the name is claimed from the orphan sweeper and the version
// marked in flight.
func beginStage(ctx context.Context, conn pgrole.Conn, bucket, name, version string) error {
	if err := becomeService(ctx, conn); err != nil {
		return err
	}
	if err := claimName(ctx, conn, bucket, name); err != nil {
		return err
	}
	return lockVersion(ctx, conn, version)
}

// claimName removes an orphan record for (bucket, name) inside the writer's
// transaction; if the sweeper is deleting those bytes right now this waits for
// it, so the sweeper can never delete bytes a new upload just wrote.
func claimName(ctx context.Context, conn pgrole.Conn, bucket, name string) error {
	_, err := conn.Exec(ctx, `delete from storage.orphans where bucket_id = $1 and name = $2`, bucket, name)
	return err
}

// readSource finds the file in a multipart body (the first file part,
// whatever its field name; text fields before it) or takes the raw body.
func readSource(r *http.Request, limit int64) (*source, error) {
	ct := r.Header.Get("Content-Type")
	if mediaType(ct) == "multipart/form-data" {
		mr, err := r.MultipartReader()
		if err != nil {
			return nil, bodyError("invalid multipart body: ", err)
		}
		return fromMultipart(mr)
	}
	if r.ContentLength > limit {
		return nil, errTooLarge()
	}
	if r.ContentLength == 0 {
		return nil, errInvalidRequest("No content provided")
	}
	src := &source{body: bufio.NewReaderSize(r.Body, 32<<10), contentType: ct, cacheControl: r.Header.Get("Cache-Control"), contentEncoding: r.Header.Get("Content-Encoding")}
	if src.cacheControl == "" {
		src.cacheControl = "max-age=3600"
	}
	if m := r.Header.Get("x-metadata"); m != "" {
		raw, err := base64.StdEncoding.DecodeString(m)
		if err != nil || !json.Valid(raw) {
			return nil, errInvalidRequest("x-metadata must be base64-encoded JSON")
		}
		src.userMetadata = raw
	}
	return src, nil
}

func fromMultipart(mr *multipart.Reader) (*source, error) {
	fields := map[string]string{}
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			return nil, errInvalidRequest("No content provided")
		}
		if err != nil {
			return nil, bodyError("invalid multipart body: ", err)
		}
		if part.FileName() == "" && part.FormName() != "" {
			v, err := io.ReadAll(io.LimitReader(part, 64<<10))
			if err != nil {
				return nil, bodyError("invalid multipart body: ", err)
			}
			fields[part.FormName()] = string(v)
			continue
		}
		src := &source{body: bufio.NewReaderSize(part, 32<<10), multipart: true, contentEncoding: fields["contentEncoding"]}
		src.contentType = fields["contentType"]
		if src.contentType == "" {
			src.contentType = part.Header.Get("Content-Type")
		}
		switch cc := strings.TrimSpace(fields["cacheControl"]); {
		case cc == "":
			src.cacheControl = "max-age=3600"
		case isDigits(cc):
			src.cacheControl = "max-age=" + cc
		default:
			src.cacheControl = cc
		}
		if m := fields["metadata"]; m != "" {
			if !json.Valid([]byte(m)) {
				return nil, errInvalidRequest("metadata must be JSON")
			}
			src.userMetadata = json.RawMessage(m)
		}
		return src, nil
	}
}

// bodyError is the answer to a body that could not be read: a 408 when the
// server cut it for arriving too slowly, else a 400.
func bodyError(prefix string, err error) error {
	if errors.Is(err, httpx.ErrSlowBody) {
		return errSlowBody(err)
	}
	return errInvalidRequest(prefix + err.Error())
}

func isDigits(s string) bool {
	_, err := strconv.ParseUint(s, 10, 64)
	return err == nil
}

// checkMime decides the stored content type and checks it, and what the bytes
// look like, against the bucket's allowed types.
func checkMime(src *source, allowed []string) (string, error) {
	head, err := src.body.Peek(512)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return "", errTooLarge()
		}
		if len(head) == 0 || errors.Is(err, httpx.ErrSlowBody) {
			return "", bodyError("could not read the upload: ", err)
		}
	}
	sniffed := sniff(head)
	declared := mediaType(src.contentType)
	effective := declared
	if effective == "" || effective == "application/octet-stream" {
		effective = sniffed
		if effective == "" {
			effective = "application/octet-stream"
		}
	}
	if len(allowed) == 0 {
		return storedType(src.contentType, effective, declared), nil
	}
	if !mimeAllowed(effective, allowed) {
		return "", errInvalidMime(effective)
	}
	coarse := sniffed == "text/plain" || sniffed == "text/xml"
	if sniffed != "" && sniffed != effective && !(coarse && compatible(effective, sniffed)) && !mimeAllowed(sniffed, allowed) {
		return "", errInvalidMime(sniffed)
	}
	// The header claims one thing, the bytes are another: an "image" that is
	// not one, or HTML under any other name.
	if sniffed != "" && sniffed != effective &&
		((strings.HasPrefix(effective, "image/") && !strings.HasPrefix(sniffed, "image/")) || sniffed == "text/html") {
		return "", errInvalidMime(sniffed)
	}
	return storedType(src.contentType, effective, declared), nil
}

// storedType keeps the client's full Content-Type (with charset) when it was
// the one used.
func storedType(raw, effective, declared string) string {
	if declared != "" && declared == effective {
		return raw
	}
	return effective
}

// limitedHash counts, hashes and bounds the bytes of an upload.
type limitedHash struct {
	r        io.Reader
	limit    int64
	n        int64
	md5      hash.Hash
	tooLarge bool
	readErr  error
}

var errLimit = errors.New("storage: upload exceeds the size limit")

// errInterrupted replaces the body's own read errors: io.ErrUnexpectedEOF (a
// client that hung up) must not look like the end of the file to a backend
// (minio-go takes it for the end of the last part).
type errInterrupted struct{ cause error }

func (e errInterrupted) Error() string {
	return "storage: the upload body was interrupted: " + e.cause.Error()
}

func (l *limitedHash) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	l.n += int64(n)
	if l.n > l.limit {
		l.tooLarge = true
		return 0, errLimit
	}
	l.md5.Write(p[:n])
	if err != nil && err != io.EOF {
		l.readErr = err
		return n, errInterrupted{err}
	}
	return n, err
}

// String helps logs.
func (u uploadSpec) String() string { return fmt.Sprintf("%s/%s", u.bucket, u.key) }
