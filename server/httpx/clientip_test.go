package httpx

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// The client address is the right-most value no trusted proxy wrote: a value
// the client put in front of the header itself never changes it.
func TestClientIPIsTheRightMostUntrustedHop(t *testing.T) {
	for _, c := range []struct {
		name    string
		xff     []string // X-Forwarded-For lines as received
		proxies int
		want    string
	}{
		{"no header: the peer", nil, 1, "192.0.2.1"},
		{"one proxy appended the client", []string{"203.0.113.7"}, 1, "203.0.113.7"},
		{"forged left-most value, one proxy", []string{"10.9.9.9, 203.0.113.7"}, 1, "203.0.113.7"},
		{"forged values, two proxies", []string{"10.9.9.9, 1.2.3.4, 203.0.113.7, 10.0.0.2"}, 2, "203.0.113.7"},
		{"repeated header lines are one list", []string{"10.9.9.9", "203.0.113.7"}, 1, "203.0.113.7"},
		{"fewer hops than proxies: the first", []string{"203.0.113.7"}, 2, "203.0.113.7"},
		{"address with a port", []string{"[2001:db8::1]:4711"}, 1, "2001:db8::1"},
		{"not an address: the peer", []string{"203.0.113.7, garbage"}, 1, "192.0.2.1"},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = "192.0.2.1:5000"
		for _, v := range c.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		var seen string
		TrustProxies("X-Forwarded-For", c.proxies)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			seen = ClientIP(r, "X-Forwarded-For")
		})).ServeHTTP(httptest.NewRecorder(), r)
		if seen != c.want {
			t.Errorf("%s: %q, want %q", c.name, seen, c.want)
		}
		if c.proxies == 1 { // a surface on its own assumes one proxy
			if got := ClientIP(r, "X-Forwarded-For"); got != c.want {
				t.Errorf("%s, without TrustProxies: %q, want %q", c.name, got, c.want)
			}
		}
	}
	// Without a trusted header, forwarding headers are not believed at all.
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.RemoteAddr = "192.0.2.1:5000"
	r.Header.Set("X-Forwarded-For", "203.0.113.7")
	if got := ClientIP(r, ""); got != "192.0.2.1" {
		t.Errorf("no trusted header: %q", got)
	}
}
