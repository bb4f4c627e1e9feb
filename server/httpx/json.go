package httpx

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
)

// WriteJSON writes v as JSON with status.
func WriteJSON(w http.ResponseWriter, status int, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("httpx: encode: %w", err)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, err = w.Write(b)
	return err
}

// DecodeJSON reads a JSON body into v.
func DecodeJSON(r *http.Request, v any) error {
	dec := json.NewDecoder(r.Body)
	if err := dec.Decode(v); err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) || errors.Is(err, ErrSlowBody) {
			return err
		}
		return fmt.Errorf("%w: %v", ErrBadJSON, err)
	}
	return nil
}

// ErrBadJSON wraps a body that is not the JSON expected.
var ErrBadJSON = errors.New("invalid JSON body")
