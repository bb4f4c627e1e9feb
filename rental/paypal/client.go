package paypal

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// Client talks to PayPal's REST API (OAuth2 client credentials + Orders v2).
// It caches the access token, sends PayPal-Request-Id idempotency keys, bounds
// every attempt with a timeout and retries network errors and 5xx answers only.
type Client struct {
	baseURL      string
	clientID     string
	clientSecret string
	http         *http.Client
	timeout      time.Duration // one attempt
	attempts     int           // total attempts for one call
	backoff      time.Duration // first retry delay, doubled each time
	now          func() time.Time
	logger       *slog.Logger

	mu       sync.Mutex
	token    string
	tokenExp time.Time
}

// ClientOptions configure a Client. Zero values get defaults.
type ClientOptions struct {
	BaseURL      string
	ClientID     string
	ClientSecret string
	HTTPClient   *http.Client
	Timeout      time.Duration // per attempt, default 15s
	Attempts     int           // default 3
	Backoff      time.Duration // default 300ms
	Now          func() time.Time
	Logger       *slog.Logger
}

// NewClient returns a client for opts.BaseURL.
func NewClient(opts ClientOptions) *Client {
	c := &Client{
		baseURL: strings.TrimRight(opts.BaseURL, "/"), clientID: opts.ClientID, clientSecret: opts.ClientSecret,
		http: opts.HTTPClient, timeout: opts.Timeout, attempts: opts.Attempts, backoff: opts.Backoff,
		now: opts.Now, logger: opts.Logger,
	}
	if c.http == nil {
		c.http = &http.Client{}
	}
	if c.timeout <= 0 {
		c.timeout = 15 * time.Second
	}
	if c.attempts <= 0 {
		c.attempts = 3
	}
	if c.backoff <= 0 {
		c.backoff = 300 * time.Millisecond
	}
	if c.now == nil {
		c.now = time.Now
	}
	if c.logger == nil {
		c.logger = slog.Default()
	}
	return c
}

// APIError is an error answer of PayPal: {name, message, debug_id, details[]}.
type APIError struct {
	Status  int           `json:"-"`
	Name    string        `json:"name"`
	Message string        `json:"message"`
	DebugID string        `json:"debug_id"`
	Details []ErrorDetail `json:"details"`
	// OAuth errors use these instead.
	OAuthError       string `json:"error"`
	OAuthDescription string `json:"error_description"`
}

// ErrorDetail is one entry of APIError.Details.
type ErrorDetail struct {
	Field       string `json:"field,omitempty"`
	Issue       string `json:"issue"`
	Description string `json:"description,omitempty"`
}

func (e *APIError) Error() string {
	name := e.Name
	if name == "" {
		name = e.OAuthError
	}
	if issue := e.Issue(); issue != "" {
		name += "/" + issue
	}
	return fmt.Sprintf("paypal: HTTP %d %s (debug_id %s)", e.Status, name, e.DebugID)
}

// Issue is the first detail's issue code (e.g. INSTRUMENT_DECLINED), or "".
func (e *APIError) Issue() string {
	if len(e.Details) > 0 {
		return e.Details[0].Issue
	}
	return ""
}

// TransportError means PayPal could not be reached or kept failing (network
// errors, timeouts, 5xx) after every attempt.
type TransportError struct {
	Attempts int
	Timeout  bool // the last attempt timed out
	Err      error
}

func (e *TransportError) Error() string {
	return fmt.Sprintf("paypal: unavailable after %d attempts: %v", e.Attempts, e.Err)
}

func (e *TransportError) Unwrap() error { return e.Err }

// request is one API call, replayable across attempts.
type request struct {
	method    string
	path      string
	body      []byte
	form      url.Values // token endpoint
	requestID string     // PayPal-Request-Id
	prefer    string
	basicAuth bool
}

// token returns a cached access token, fetching one when missing or about to expire.
func (c *Client) accessToken(ctx context.Context) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token != "" && c.now().Before(c.tokenExp) {
		return c.token, nil
	}
	var out struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		ExpiresIn   int64  `json:"expires_in"`
	}
	req := request{method: http.MethodPost, path: "/v1/oauth2/token", form: url.Values{"grant_type": {"client_credentials"}}, basicAuth: true}
	if err := c.send(ctx, req, "", &out); err != nil {
		return "", err
	}
	if out.AccessToken == "" {
		return "", errors.New("paypal: token response without access_token")
	}
	// Refresh a little before PayPal's expiry: 5 minutes, or a tenth of short lifetimes.
	ttl := time.Duration(out.ExpiresIn) * time.Second
	margin := 5 * time.Minute
	if ttl < 10*margin {
		margin = ttl / 10
	}
	c.token, c.tokenExp = out.AccessToken, c.now().Add(ttl-margin)
	return c.token, nil
}

func (c *Client) dropToken(tok string) {
	c.mu.Lock()
	if c.token == tok {
		c.token = ""
	}
	c.mu.Unlock()
}

// call sends an authenticated API request; a 401 (expired or revoked token)
// drops the cached token and tries once more with a fresh one.
func (c *Client) call(ctx context.Context, req request, out any) error {
	for try := 0; ; try++ {
		tok, err := c.accessToken(ctx)
		if err != nil {
			return err
		}
		err = c.send(ctx, req, tok, out)
		var apiErr *APIError
		if try == 0 && errors.As(err, &apiErr) && apiErr.Status == http.StatusUnauthorized {
			c.dropToken(tok)
			continue
		}
		return err
	}
}

// post sends body as JSON (nil: {}) to path under the idempotency key requestID,
// asking for the full representation in the answer.
func post[T any](ctx context.Context, c *Client, path string, body any, requestID string) (*T, error) {
	b := []byte("{}")
	if body != nil {
		var err error
		if b, err = json.Marshal(body); err != nil {
			return nil, err
		}
	}
	return callFor[T](ctx, c, request{method: http.MethodPost, path: path, body: b, requestID: requestID, prefer: "return=representation"})
}

// callFor is call with the answer decoded into a new T.
func callFor[T any](ctx context.Context, c *Client, req request) (*T, error) {
	var out T
	if err := c.call(ctx, req, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// send performs req with retries on network errors and 5xx, decoding a 2xx body
// into out and other answers into *APIError.
func (c *Client) send(ctx context.Context, req request, token string, out any) error {
	var lastErr error
	timedOut := false
	for attempt := 1; attempt <= c.attempts; attempt++ {
		if attempt > 1 {
			delay := c.backoff << (attempt - 2)
			delay += time.Duration(rand.Int64N(int64(delay)/4 + 1)) // jitter
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(delay):
			}
		}
		status, body, err := c.attempt(ctx, req, token)
		if err != nil {
			if ctx.Err() != nil { // the caller gave up: not PayPal's failure
				return ctx.Err()
			}
			lastErr, timedOut = err, errors.Is(err, context.DeadlineExceeded)
			c.logger.WarnContext(ctx, "paypal request failed", "path", req.path, "attempt", attempt, "err", err)
			continue
		}
		if status >= 500 {
			apiErr := decodeAPIError(status, body)
			lastErr, timedOut = apiErr, false
			c.logger.WarnContext(ctx, "paypal server error", "path", req.path, "attempt", attempt, "status", status, "debug_id", apiErr.DebugID)
			continue
		}
		if status >= 300 {
			apiErr := decodeAPIError(status, body)
			c.logger.InfoContext(ctx, "paypal refused request", "path", req.path, "status", status, "name", apiErr.Name, "issue", apiErr.Issue(), "debug_id", apiErr.DebugID)
			return apiErr
		}
		if out != nil {
			if err := json.Unmarshal(body, out); err != nil {
				return fmt.Errorf("paypal: decode %s: %w", req.path, err)
			}
		}
		return nil
	}
	return &TransportError{Attempts: c.attempts, Timeout: timedOut, Err: lastErr}
}

func (c *Client) attempt(ctx context.Context, req request, token string) (int, []byte, error) {
	ctx, cancel := context.WithTimeout(ctx, c.timeout)
	defer cancel()
	var body io.Reader
	ctype := "application/json"
	switch {
	case req.form != nil:
		body, ctype = strings.NewReader(req.form.Encode()), "application/x-www-form-urlencoded"
	case req.body != nil:
		body = bytes.NewReader(req.body)
	}
	hr, err := http.NewRequestWithContext(ctx, req.method, c.baseURL+req.path, body)
	if err != nil {
		return 0, nil, err
	}
	hr.Header.Set("Accept", "application/json")
	if body != nil {
		hr.Header.Set("Content-Type", ctype)
	}
	if req.basicAuth {
		hr.SetBasicAuth(c.clientID, c.clientSecret)
	} else {
		hr.Header.Set("Authorization", "Bearer "+token)
	}
	if req.requestID != "" {
		hr.Header.Set("PayPal-Request-Id", req.requestID)
	}
	if req.prefer != "" {
		hr.Header.Set("Prefer", req.prefer)
	}
	res, err := c.http.Do(hr)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(io.LimitReader(res.Body, 1<<20))
	if err != nil {
		return 0, nil, err
	}
	return res.StatusCode, b, nil
}

func decodeAPIError(status int, body []byte) *APIError {
	e := &APIError{}
	_ = json.Unmarshal(body, e)
	e.Status = status
	if e.Name == "" && e.OAuthError == "" {
		e.Name = http.StatusText(status)
	}
	return e
}
