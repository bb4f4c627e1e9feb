package storage

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// Signed URLs are JWTs signed with the project's JWT secret, as Supabase's:
// {url: "<bucket>/<name>", scope, iat, exp} (plus owner/upsert for uploads,
// transformations for rendered images). The scope keeps a download token from
// being used to upload and the reverse.
const (
	scopeDownload = "download"
	scopeUpload   = "upload"
)

type signedClaims struct {
	URL             string `json:"url"`
	Scope           string `json:"scope,omitempty"`
	Owner           string `json:"owner,omitempty"`
	Upsert          bool   `json:"upsert,omitempty"`
	Transformations string `json:"transformations,omitempty"`
	jwt.RegisteredClaims
}

func (s *Service) sign(c signedClaims, ttl time.Duration) (string, error) {
	now := s.now()
	c.IssuedAt = jwt.NewNumericDate(now)
	c.ExpiresAt = jwt.NewNumericDate(now.Add(ttl))
	return jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(s.secret)
}

// verifySigned checks a token for bucket/name and scope.
func (s *Service) verifySigned(token, bucket, name, scope string) (*signedClaims, error) {
	if token == "" {
		return nil, &apiError{status: 400, code: "InvalidSignature", message: "Missing token"}
	}
	var c signedClaims
	_, err := jwt.ParseWithClaims(token, &c, func(*jwt.Token) (any, error) { return s.secret, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithTimeFunc(s.now), jwt.WithExpirationRequired())
	if err != nil {
		if errors.Is(err, jwt.ErrTokenExpired) {
			return nil, &apiError{status: 400, code: "InvalidJWT", errText: "ExpiredToken", message: "jwt expired"}
		}
		return nil, &apiError{status: 400, code: "InvalidJWT", message: "invalid signature", cause: err}
	}
	// Tokens minted before scopes existed carry none; they are download tokens.
	if c.URL != bucket+"/"+name || (c.Scope != scope && !(c.Scope == "" && scope == scopeDownload)) {
		return nil, &apiError{status: 400, code: "InvalidSignature", message: "The url do not match the signature"}
	}
	return &c, nil
}

type signBody struct {
	ExpiresIn any               `json:"expiresIn"`
	Paths     []string          `json:"paths"`
	Transform *transformOptions `json:"transform"`
}

func expiresIn(v any) (time.Duration, error) {
	var n float64
	switch x := v.(type) {
	case float64:
		n = x
	case string:
		f, err := strconv.ParseFloat(x, 64)
		if err != nil {
			return 0, errInvalidRequest("expiresIn must be a number of seconds")
		}
		n = f
	default:
		return 0, &apiError{status: 400, code: "MissingParameter", message: "Missing Required Parameter expiresIn"}
	}
	if n < 1 {
		return 0, errInvalidRequest("expiresIn must be at least 1")
	}
	return time.Duration(n) * time.Second, nil
}

// signURL is POST /object/sign/{bucket}/{name} {expiresIn, transform?}.
func (s *Service) signURL(w http.ResponseWriter, r *http.Request) error {
	var body signBody
	c, err := s.jsonCall(w, r, &body)
	if err != nil {
		return err
	}
	bucket, key := objectPath(r)
	ttl, err := expiresIn(body.ExpiresIn)
	if err != nil {
		return err
	}
	if _, err := s.findObject(r.Context(), c.session, bucket, key); err != nil {
		return err
	}
	claims := signedClaims{URL: bucket + "/" + key, Scope: scopeDownload}
	route := "/object/sign/"
	if body.Transform != nil && !body.Transform.empty() {
		claims.Transformations = body.Transform.String()
		route = "/render/image/sign/"
	}
	token, err := s.sign(claims, ttl)
	if err != nil {
		return errInternal(err)
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{"signedURL": route + bucket + "/" + key + "?token=" + token})
}

// signURLs is POST /object/sign/{bucket} {expiresIn, paths}.
func (s *Service) signURLs(w http.ResponseWriter, r *http.Request) error {
	var body signBody
	c, bucket, err := s.bucketCall(w, r, &body)
	if err != nil {
		return err
	}
	ttl, err := expiresIn(body.ExpiresIn)
	if err != nil {
		return err
	}
	if len(body.Paths) == 0 || len(body.Paths) > 1000 {
		return errInvalidRequest("paths must hold 1 to 1000 object names")
	}
	visible := map[string]bool{}
	err = pgrole.Query(r.Context(), s.pool, c.session, false,
		`select name from storage.objects where bucket_id = $1 and name = any($2)`, []any{bucket, body.Paths},
		func(rows pgx.Rows) error {
			names, err := pgx.CollectRows(rows, pgx.RowTo[string])
			for _, n := range names {
				visible[n] = true
			}
			return err
		})
	if err != nil {
		return fromDB(err, "")
	}
	type result struct {
		Error     *string `json:"error"`
		Path      string  `json:"path"`
		SignedURL *string `json:"signedURL"`
	}
	out := make([]result, 0, len(body.Paths))
	for _, p := range body.Paths {
		if !visible[p] {
			msg := "Either the object does not exist or you do not have access to it"
			out = append(out, result{Error: &msg, Path: p})
			continue
		}
		token, err := s.sign(signedClaims{URL: bucket + "/" + p, Scope: scopeDownload}, ttl)
		if err != nil {
			return errInternal(err)
		}
		u := "/object/sign/" + bucket + "/" + p + "?token=" + token
		out = append(out, result{Path: p, SignedURL: &u})
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// getSigned is GET|HEAD /object/sign/{bucket}/{name}?token=: the token is the
// authorization, so the row is read as the service.
func (s *Service) getSigned(w http.ResponseWriter, r *http.Request) error {
	bucket, key := objectPath(r)
	claims, err := s.verifySigned(r.URL.Query().Get("token"), bucket, key, scopeDownload)
	if err != nil {
		return err
	}
	o, err := s.findObject(r.Context(), service(r), bucket, key)
	if err != nil {
		return err
	}
	return s.serve(w, r, o, time.Until(claims.ExpiresAt.Time))
}

// signUploadURL is POST /object/upload/sign/{bucket}/{name}: checks now, as
// the caller, that the upload would pass RLS (a rolled-back INSERT), then
// hands out a token that lets anyone holding it upload that one name.
func (s *Service) signUploadURL(w http.ResponseWriter, r *http.Request) error {
	c, err := s.callerOf(r)
	if err != nil {
		return err
	}
	bucket, key := objectPath(r)
	if !validKey(key) {
		return errInvalidKey(key)
	}
	if _, err := s.findBucket(r.Context(), r, bucket); err != nil {
		return err
	}
	upsert := r.Header.Get("x-upsert") == "true"
	owner, ownerID := c.owner()
	err = pgrole.DoRollback(r.Context(), s.pool, c.session, func(conn pgrole.Conn) error {
		q := `insert into storage.objects (bucket_id, name, owner, owner_id, metadata) values ($1, $2, $3, $4, '{}')`
		if upsert {
			q += ` on conflict (bucket_id, name) do update set metadata = excluded.metadata`
		}
		_, err := conn.Exec(r.Context(), q, bucket, key, owner, ownerID)
		return err
	})
	if err != nil {
		return fromDB(err, "ResourceAlreadyExists")
	}
	claims := signedClaims{URL: bucket + "/" + key, Scope: scopeUpload, Upsert: upsert}
	if ownerID != nil {
		claims.Owner = *ownerID
	}
	token, err := s.sign(claims, s.cfg.SignedUploadExpiry)
	if err != nil {
		return errInternal(err)
	}
	return httpx.WriteJSON(w, http.StatusOK, map[string]string{
		"url":   "/object/upload/sign/" + bucket + "/" + key + "?token=" + token,
		"token": token,
	})
}

// uploadSigned is PUT /object/upload/sign/{bucket}/{name}?token=: the upload
// runs as the service with the owner and upsert the token carries.
func (s *Service) uploadSigned(w http.ResponseWriter, r *http.Request) error {
	bucket, key := objectPath(r)
	claims, err := s.verifySigned(r.URL.Query().Get("token"), bucket, key, scopeUpload)
	if err != nil {
		return err
	}
	spec := uploadSpec{session: service(r), bucket: bucket, key: key, upsert: claims.Upsert}
	if claims.Owner != "" {
		o := claims.Owner
		spec.ownerID = &o
		if u, err := uuid.Parse(o); err == nil {
			spec.owner = &u
		}
	}
	return s.upload(w, r, spec)
}

// String renders transformations as storage-api puts them in tokens.
func (t *transformOptions) String() string {
	var parts []string
	if t.Width > 0 {
		parts = append(parts, fmt.Sprintf("width:%d", t.Width))
	}
	if t.Height > 0 {
		parts = append(parts, fmt.Sprintf("height:%d", t.Height))
	}
	if t.Resize != "" {
		parts = append(parts, "resize:"+t.Resize)
	}
	if t.Quality > 0 {
		parts = append(parts, fmt.Sprintf("quality:%d", t.Quality))
	}
	if t.Format != "" {
		parts = append(parts, "format:"+t.Format)
	}
	return strings.Join(parts, ",")
}
