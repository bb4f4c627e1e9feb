package httpx

import (
	"testing"
	"time"
)

func TestRetryAfterRoundsUpToWholeSeconds(t *testing.T) {
	for d, want := range map[time.Duration]string{
		-time.Second:                          "1",
		0:                                     "1",
		time.Millisecond:                      "1",
		time.Second:                           "1",
		time.Second + time.Nanosecond:         "2",
		90 * time.Second:                      "90",
		59*time.Minute + 500*time.Millisecond: "3541",
	} {
		if got := RetryAfter(d); got != want {
			t.Errorf("RetryAfter(%v) = %q, want %q", d, got, want)
		}
	}
}
