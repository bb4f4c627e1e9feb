package httpx

import (
	"errors"
	"io"
	"net/http"
	"os"
	"time"
)

// ErrSlowBody is the read error of a request body that arrives too slowly.
var ErrSlowBody = errors.New("request body arrives too slowly")

// MinBodyRate cuts request bodies that trickle: every read must make progress
// within idle, and after grace the body must average at least bytesPerSec. A
// client sending 10 bytes every 2 s would otherwise hold a connection (and, for
// a JSON body, a handler) for as long as it likes. Reads past the cut fail with
// ErrSlowBody and the connection is closed after the answer.
func MinBodyRate(bytesPerSec int64, grace, idle time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body != nil && r.Body != http.NoBody {
				r.Body = &rateReader{ReadCloser: r.Body, rc: http.NewResponseController(w), w: w,
					start: time.Now(), rate: bytesPerSec, grace: grace, idle: idle}
			}
			next.ServeHTTP(w, r)
		})
	}
}

type rateReader struct {
	io.ReadCloser
	rc          *http.ResponseController
	w           http.ResponseWriter
	start       time.Time
	n, rate     int64
	grace, idle time.Duration
	failed      bool
}

func (b *rateReader) Read(p []byte) (int, error) {
	if b.failed {
		return 0, ErrSlowBody
	}
	_ = b.rc.SetReadDeadline(time.Now().Add(b.idle)) // a stalled body ends at the deadline
	n, err := b.ReadCloser.Read(p)
	b.n += int64(n)
	if errors.Is(err, io.EOF) {
		// The body is all here: lift the deadline, or the server's background read
		// after the body would cancel a handler still working past it.
		_ = b.rc.SetReadDeadline(time.Time{})
		return n, err
	}
	if err != nil && !errors.Is(err, io.EOF) && errors.Is(err, os.ErrDeadlineExceeded) {
		return n, b.fail()
	}
	if elapsed := time.Since(b.start); err == nil && elapsed > b.grace && float64(b.n) < float64(b.rate)*elapsed.Seconds() {
		return n, b.fail()
	}
	return n, err
}

func (b *rateReader) fail() error {
	b.failed = true
	b.w.Header().Set("Connection", "close")
	return ErrSlowBody
}
