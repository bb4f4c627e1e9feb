package auth

import (
	"context"
	"net/http"

	"casarent/server/config"
	"casarent/server/httpx"
	"casarent/server/pgrole"
)

// The steps most handlers are made of: read the request (rate limit first, so
// a flood costs no parsing: see the route table), check the address, run one
// transaction, answer.

// withBody reads the JSON body into a new P, then runs h with it.
func withBody[P any](h func(http.ResponseWriter, *http.Request, P) error) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var p P
		if err := decode(r, &p); err != nil {
			return err
		}
		return h(w, r, p)
	}
}

// limited takes a token of the client's bucket before next runs.
func (a *api) limited(bucket string, rate config.Rate, next httpx.HandlerFunc) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		if err := a.limit(r, bucket, rate); err != nil {
			return err
		}
		return next(w, r)
	}
}

// checkEmail normalizes an address and refuses a malformed one, in GoTrue's words.
func checkEmail(raw string) (string, error) {
	email := normalizeEmail(raw)
	if !validEmail(email) {
		return "", validationFailed("Unable to validate email address: invalid format")
	}
	return email, nil
}

// txAnswer runs fn in one transaction and answers 200 with what it returns.
func txAnswer[T any](a *api, w http.ResponseWriter, r *http.Request, fn func(context.Context, pgrole.Conn) (T, error)) error {
	out, err := txResult(a, r, fn)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, out)
}

// txResult runs fn in one transaction and returns what it returns.
func txResult[T any](a *api, r *http.Request, fn func(context.Context, pgrole.Conn) (T, error)) (T, error) {
	ctx := r.Context()
	var out T
	err := a.tx(ctx, r, func(c pgrole.Conn) error {
		var err error
		out, err = fn(ctx, c)
		return err
	})
	return out, err
}
