package storage

import (
	"errors"
	"io"
	"net/http"

	"casarent/server/httpx"
)

// Request bodies: JSON endpoints read at most cfg.JSONBodyLimit (413 before
// reading when Content-Length says more), uploads their size limit. Bodies
// that trickle are cut by the server's httpx.MinBodyRate, mounted in front of
// every surface; storage answers its httpx.ErrSlowBody with a 408 in its shape.

func errSlowBody(cause error) *apiError {
	return &apiError{status: 408, http: http.StatusRequestTimeout, code: "RequestTimeout", errText: "Request Timeout",
		message: "The request body arrived too slowly", cause: cause}
}

// errJSONTooLarge is storage-api's answer to a body over its JSON limit: the
// real 413 (Fastify's body limit), in Storage's shape.
func errJSONTooLarge() *apiError {
	return &apiError{status: 413, http: http.StatusRequestEntityTooLarge, code: "EntityTooLarge", errText: "Payload too large",
		message: "The request body exceeded the maximum allowed size"}
}

// decodeJSON reads a JSON request body into v within the JSON limit and maps
// what can go wrong to Storage's errors.
func (s *Service) decodeJSON(w http.ResponseWriter, r *http.Request, v any) error {
	limit := s.cfg.JSONBodyLimit
	if r.ContentLength > limit {
		return errJSONTooLarge() // the server closes the connection without reading the rest
	}
	r.Body = http.MaxBytesReader(w, r.Body, limit)
	err := httpx.DecodeJSON(r, v)
	if err == nil {
		// Read to the end (trailing whitespace), still within the limit.
		_, err = io.Copy(io.Discard, r.Body)
	}
	var mbe *http.MaxBytesError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &mbe):
		return errJSONTooLarge()
	case errors.Is(err, httpx.ErrSlowBody):
		return errSlowBody(err)
	}
	return errInvalidRequest(err.Error())
}

// jsonCall starts a call with a JSON body: who calls (a bad key is answered
// before a bad body), then the body read into v.
func (s *Service) jsonCall(w http.ResponseWriter, r *http.Request, v any) (caller, error) {
	c, err := s.callerOf(r)
	if err != nil {
		return c, err
	}
	return c, s.decodeJSON(w, r, v)
}

// bucketCall is jsonCall for a call on a whole bucket (…/{bucket}): it also
// names the bucket.
func (s *Service) bucketCall(w http.ResponseWriter, r *http.Request, v any) (caller, string, error) {
	c, err := s.jsonCall(w, r, v)
	return c, pathParam(r, "bucket"), err
}
