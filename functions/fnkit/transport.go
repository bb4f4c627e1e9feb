package fnkit

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
)

// HandlerTransport is an http.RoundTripper that serves requests with an in-process
// http.Handler, so a function can call another surface's API (GoTrue's admin
// endpoints) with a plain http.Client and without importing that surface.
type HandlerTransport struct {
	Handler http.Handler
	// Prepare, when set, adjusts each request before it is served (e.g. to attach
	// the identity the surface's middleware would have set).
	Prepare func(*http.Request) *http.Request
}

// RoundTrip serves req with the handler and returns the recorded response.
func (t *HandlerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := req.Context().Err(); err != nil {
		return nil, err
	}
	// The served request gets a fresh context that keeps only the cancellation:
	// values of the calling request (its router state, its caller's identity)
	// must not leak into the other surface.
	ctx, cancel := context.WithCancel(context.Background())
	stop := context.AfterFunc(req.Context(), cancel)
	defer func() { stop(); cancel() }()
	// A server-side request: RequestURI set, body never nil.
	in := req.Clone(ctx)
	in.RequestURI = req.URL.RequestURI()
	if in.Body == nil {
		in.Body = http.NoBody
	}
	if in.Host == "" {
		in.Host = req.URL.Host
	}
	if t.Prepare != nil {
		in = t.Prepare(in)
	}
	rec := &recorder{header: http.Header{}}
	t.Handler.ServeHTTP(rec, in)
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	return &http.Response{
		Status:        fmt.Sprintf("%d %s", rec.status, http.StatusText(rec.status)),
		StatusCode:    rec.status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        rec.header,
		Body:          io.NopCloser(bytes.NewReader(rec.body.Bytes())),
		ContentLength: int64(rec.body.Len()),
		Request:       req,
	}, nil
}

// recorder is a minimal http.ResponseWriter that keeps what was written.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }

func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.body.Write(b)
}

// Flush lets streaming handlers run.
func (r *recorder) Flush() {}
