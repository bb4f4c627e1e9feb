package auth

import "testing"

// An allow-list glob's "*" stops at "." and "/" but not at "?", "#" or "\":
// matched against the whole URL, "https://*.casa.test/**" let the query (or a
// backslash browsers read as "/") carry the allowed suffix while the host was
// the attacker's (a dotless host such as a decimal IPv4 address).
func TestRedirectGlobCannotBeSatisfiedByQueryOrBackslash(t *testing.T) {
	a := &api{siteURL: "https://casa.test"}
	for _, p := range []string{"https://*.casa.test/**", "https://*.casa.test"} {
		a.allowList = append(a.allowList, compileGlob(p))
	}
	for raw, want := range map[string]bool{
		"https://fr.casa.test/auth/callback":       true,
		"https://fr.casa.test/auth/callback?x=1":   true,
		"https://fr.casa.test":                     true,
		"https://2130706433?.casa.test/":           false, // host 2130706433 = 127.0.0.1 in browsers
		"https://2130706433?.casa.test":            false,
		"https://attacker%2F.casa.test/":           false,
		"https://2130706433\\.casa.test/":          false, // browsers: host 2130706433, path /.casa.test/
		"https://2130706433#.casa.test/":           false,
		"https://2130706433/?x=.casa.test/":        false,
		"https://fr.casa.test/cb?next=//evil.test": true, // the host is ours; the site decides what next means
	} {
		if got := a.redirectAllowed(raw); got != want {
			t.Errorf("redirectAllowed(%q) = %v, want %v", raw, got, want)
		}
	}
}
