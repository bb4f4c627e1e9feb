package httpx

import (
	"context"
	"net"
	"net/http"
	"strings"
)

const clientIPKey ctxKey = 1

// TrustProxies resolves every request's client address once, from header as
// written by the given number of proxies in front (see clientAddr), so every
// surface's ClientIP sees the same address.
func TrustProxies(header string, proxies int) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ip := clientAddr(r, header, proxies)
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientIPKey, ip)))
		})
	}
}

// ClientIP is the caller's address: the one TrustProxies resolved for r, else
// (a surface mounted on its own) the address trustedHeader gives behind one
// proxy, else the peer address.
func ClientIP(r *http.Request, trustedHeader string) string {
	if ip, ok := r.Context().Value(clientIPKey).(string); ok {
		return ip
	}
	return clientAddr(r, trustedHeader, 1)
}

// clientAddr reads the client from header (e.g. X-Forwarded-For) written by
// proxies in front of us, each appending the address it saw. Values a proxy
// appended are the right-most ones, so the client is the proxies-th value from
// the right: anything left of it is what the client itself sent and is never
// believed. Without the header, or when that value is not an address, the
// peer is the client. No other forwarding header is believed.
func clientAddr(r *http.Request, header string, proxies int) string {
	if header != "" && proxies > 0 {
		var hops []string
		for _, v := range r.Header.Values(header) { // repeated headers are one list, in order
			for h := range strings.SplitSeq(v, ",") {
				if h = strings.TrimSpace(h); h != "" {
					hops = append(hops, h)
				}
			}
		}
		// With fewer hops than proxies, the outermost one wrote the first.
		i := max(len(hops)-proxies, 0)
		if len(hops) > 0 {
			if ip := hostIP(hops[i]); ip != "" {
				return ip
			}
		}
	}
	if ip := hostIP(r.RemoteAddr); ip != "" {
		return ip
	}
	return r.RemoteAddr
}

// hostIP is the IP address of "ip", "ip:port" or "[ipv6]:port", or "".
func hostIP(s string) string {
	if ip := net.ParseIP(s); ip != nil {
		return ip.String()
	}
	if host, _, err := net.SplitHostPort(s); err == nil {
		if ip := net.ParseIP(host); ip != nil {
			return ip.String()
		}
	}
	return ""
}
