package auth

import (
	"net"
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// redirectTo returns the request's redirect_to when it is allowed, else SITE_URL
// (GoTrue falls back silently too).
func (a *api) redirectTo(r *http.Request, fromBody string) string {
	raw := r.URL.Query().Get("redirect_to")
	if raw == "" {
		raw = fromBody
	}
	if raw != "" && a.redirectAllowed(raw) {
		return raw
	}
	return a.siteURL
}

// redirectAllowed: the same scheme and host as SITE_URL (the port does not
// matter for loopback hosts), or a match of an ADDITIONAL_REDIRECT_URLS glob
// ("*" within one segment, "**" across segments; separators "." and "/"). The
// glob is matched against scheme://host/path only: "*" does not stop at "?", so
// matched against the whole URL, "https://*.site/**" would accept
// "https://<attacker>?.site/", whose host is the attacker's. The query and the
// fragment are kept in the redirect but never decide it.
func (a *api) redirectAllowed(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme == "" || u.Opaque != "" || u.User != nil {
		return false
	}
	u.Fragment, u.RawFragment = "", ""
	if site, err := url.Parse(a.siteURL); err == nil && u.Host != "" {
		if strings.EqualFold(site.Scheme, u.Scheme) && sameHost(site, u) {
			return true
		}
	}
	bare := *u
	bare.RawQuery, bare.ForceQuery = "", false
	s := bare.String()
	for _, re := range a.allowList {
		if re.MatchString(s) {
			return true
		}
	}
	return false
}

func sameHost(site, u *url.URL) bool {
	if !strings.EqualFold(site.Hostname(), u.Hostname()) {
		return false
	}
	if isLoopback(u.Hostname()) {
		return true
	}
	return portOf(site) == portOf(u)
}

func isLoopback(h string) bool {
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

func portOf(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if strings.EqualFold(u.Scheme, "https") {
		return "443"
	}
	return "80"
}

// compileGlob turns a gobwas-style glob with separators '.' and '/' into a
// regexp. A trailing "/" is optional, so "https://a.test" allows "https://a.test/".
func compileGlob(pattern string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; c {
		case '*':
			if i+1 < len(pattern) && pattern[i+1] == '*' {
				b.WriteString(".*")
				i++
			} else {
				b.WriteString("[^./]*")
			}
		case '?':
			b.WriteString("[^./]")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString("/?$")
	return regexp.MustCompile(b.String())
}

// RedirectPolicy is the check above for other surfaces (the PayPal return URLs):
// true for a URL on SITE_URL's host or matching an ADDITIONAL_REDIRECT_URLS glob.
func RedirectPolicy(siteURL string, allow []string) func(rawURL string) bool {
	a := &api{siteURL: trimSlash(siteURL)}
	for _, p := range allow {
		a.allowList = append(a.allowList, compileGlob(p))
	}
	return a.redirectAllowed
}

func trimSlash(s string) string {
	for len(s) > 0 && s[len(s)-1] == '/' {
		s = s[:len(s)-1]
	}
	return s
}

// withFragment replaces the fragment of u with v.
func withFragment(u string, v url.Values) string {
	if i := strings.IndexByte(u, '#'); i >= 0 {
		u = u[:i]
	}
	return u + "#" + v.Encode()
}
