package httpx

import (
	"strconv"
	"time"
)

// RetryAfter is the Retry-After value (seconds) of a wait d: whole seconds
// rounded up, and at least 1, so a client never comes back before d is over nor
// is told to come back at once.
func RetryAfter(d time.Duration) string {
	return strconv.FormatInt(max(1, int64((d+time.Second-1)/time.Second)), 10)
}
