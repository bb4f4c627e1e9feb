package httpx

import (
	"io"
	"net/http"
	"time"
)

// BodyDeadline gives every request body a read deadline of d from its headers,
// renewed before each read: a body that stops coming fails its read, whether the
// handler reads it or the server does after the handler, to drain it for the
// next request (which it otherwise does without any deadline: a request
// announcing a body it never sends held its connection for good). A failed
// drain closes the connection after the answer.
//
// Requests without a body are left alone: the server is already reading ahead
// on their connection, and a deadline would cut that read.
func BodyDeadline(d time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength != 0 && r.Body != nil && r.Body != http.NoBody {
				rc := http.NewResponseController(w)
				_ = rc.SetReadDeadline(time.Now().Add(d))
				r.Body = &deadlineBody{ReadCloser: r.Body, rc: rc, d: d}
			}
			next.ServeHTTP(w, r)
		})
	}
}

type deadlineBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	d    time.Duration
	done bool
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	if !b.done {
		_ = b.rc.SetReadDeadline(time.Now().Add(b.d))
	}
	n, err := b.ReadCloser.Read(p)
	if err != nil {
		// At EOF the server starts reading ahead (and lifts the deadline itself);
		// after an error the connection is closed: no more deadlines either way.
		b.done = true
	}
	return n, err
}
