package adminusers

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"

	"casarent/functions/fnkit"
	"casarent/server/jwtauth"
)

// authClient calls GoTrue's admin API on the in-process /auth/v1 handler.
type authClient struct {
	http *http.Client
	key  string
}

func newAuthClient(h http.Handler, key string) *authClient {
	id := serviceIdentity(key)
	return &authClient{key: key, http: &http.Client{Transport: &fnkit.HandlerTransport{
		Handler: h,
		Prepare: func(r *http.Request) *http.Request {
			return r.WithContext(jwtauth.WithIdentity(r.Context(), id))
		},
	}}}
}

// authError is a GoTrue error answer.
type authError struct {
	Status  int
	Code    string `json:"error_code"`
	CodeAlt string `json:"code"`
	Msg     string `json:"msg"`
	Message string `json:"message"`
}

func (e *authError) Error() string {
	return fmt.Sprintf("auth admin API: HTTP %d %s: %s", e.Status, e.code(), e.msg())
}

func (e *authError) code() string {
	if e.Code != "" {
		return e.Code
	}
	return e.CodeAlt
}

func (e *authError) msg() string {
	if e.Msg != "" {
		return e.Msg
	}
	return e.Message
}

type authUser struct {
	ID          string `json:"id"`
	Email       string `json:"email"`
	IsAnonymous bool   `json:"is_anonymous"`
}

func (c *authClient) do(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader = http.NoBody
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, "http://auth.internal"+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("apikey", c.key)
	req.Header.Set("Authorization", "Bearer "+c.key)
	res, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode >= 300 {
		e := &authError{Status: res.StatusCode}
		_ = json.Unmarshal(raw, e)
		return e
	}
	if out != nil {
		return json.Unmarshal(raw, out)
	}
	return nil
}

// createUser creates a confirmed account with a password and the names as metadata.
func (c *authClient) createUser(ctx context.Context, email, password, first, last string) (*authUser, error) {
	var u authUser
	err := c.do(ctx, http.MethodPost, "/admin/users", map[string]any{
		"email": email, "password": password, "email_confirm": true,
		"user_metadata": map[string]string{"first_name": first, "last_name": last},
	}, &u)
	if err != nil {
		return nil, err
	}
	return &u, nil
}

func (c *authClient) getUser(ctx context.Context, id string) (*authUser, error) {
	var u authUser
	if err := c.do(ctx, http.MethodGet, "/admin/users/"+url.PathEscape(id), nil, &u); err != nil {
		return nil, err
	}
	return &u, nil
}

// resetAccount gives an existing account the password an administrator chose
// and confirms its address (the administrator vouches for it, as createUser's
// email_confirm does); the auth service ends every session of the account when
// its password is set this way.
func (c *authClient) resetAccount(ctx context.Context, id, password string) error {
	return c.do(ctx, http.MethodPut, "/admin/users/"+url.PathEscape(id), map[string]any{"password": password, "email_confirm": true}, nil)
}

func (c *authClient) deleteUser(ctx context.Context, id string) error {
	return c.do(ctx, http.MethodDelete, "/admin/users/"+url.PathEscape(id), map[string]any{"should_soft_delete": false}, nil)
}

// authFactor is one of a user's MFA factors as GoTrue's admin API lists them.
type authFactor struct {
	ID         string `json:"id"`
	FactorType string `json:"factor_type"`
	Status     string `json:"status"`
}

func (c *authClient) listFactors(ctx context.Context, userID string) ([]authFactor, error) {
	var out []authFactor
	err := c.do(ctx, http.MethodGet, "/admin/users/"+url.PathEscape(userID)+"/factors", nil, &out)
	return out, err
}

func (c *authClient) deleteFactor(ctx context.Context, userID, factorID string) error {
	return c.do(ctx, http.MethodDelete, "/admin/users/"+url.PathEscape(userID)+"/factors/"+url.PathEscape(factorID), nil, nil)
}
