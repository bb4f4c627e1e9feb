package main

import (
	"net/http"
	"sort"
	"strconv"
	"strings"
)

// The site's three languages and how a request picks one. The browser has the
// same rule (frontend/src/lib/language.ts); the server render takes this one's
// answer (server/ssr Input.Lang), so server and browser start alike: the `language`
// cookie (the visitor's own choice), else ?lang= (the address of one language:
// hreflang alternates, PayPal's return), else the first of Accept-Language by
// preference: fr* French, ar* Arabic, anything else English. The server needs it
// for the page's title and Open Graph tags (page_meta per language) and the render.

var siteLanguages = []string{"fr", "en", "ar"}

// ogLocales are the Open Graph locales of the languages.
var ogLocales = map[string]string{"fr": "fr_MA", "en": "en_GB", "ar": "ar_MA"}

func isSiteLanguage(s string) bool { return s == "fr" || s == "en" || s == "ar" }

// pageLanguage is the language of the page r is answered in, and the language
// the URL names (?lang=; "" if none): such a URL is that language's address (its
// canonical URL), whatever a visitor's cookie shows them.
func pageLanguage(r *http.Request) (lang, urlLang string) {
	if q := r.URL.Query().Get("lang"); isSiteLanguage(q) {
		urlLang = q
	}
	if c, err := r.Cookie("language"); err == nil && isSiteLanguage(c.Value) {
		return c.Value, urlLang
	}
	if urlLang != "" {
		return urlLang, urlLang
	}
	first := strings.ToLower(firstAcceptedLanguage(r.Header.Get("Accept-Language")))
	switch {
	case strings.HasPrefix(first, "fr"):
		return "fr", ""
	case strings.HasPrefix(first, "ar"):
		return "ar", ""
	}
	return "en", ""
}

// firstAcceptedLanguage is the preferred tag of an Accept-Language header ("" if none).
func firstAcceptedLanguage(header string) string {
	type tag struct {
		name string
		q    float64
		i    int
	}
	var tags []tag
	for i, part := range strings.Split(header, ",") {
		fields := strings.Split(strings.TrimSpace(part), ";")
		name := strings.TrimSpace(fields[0])
		q := 1.0
		for _, p := range fields[1:] {
			if v, ok := strings.CutPrefix(strings.TrimSpace(p), "q="); ok {
				if f, err := strconv.ParseFloat(v, 64); err == nil {
					q = f
				}
			}
		}
		if name != "" && name != "*" && q > 0 {
			tags = append(tags, tag{name, q, i})
		}
	}
	sort.SliceStable(tags, func(a, b int) bool { return tags[a].q > tags[b].q })
	if len(tags) == 0 {
		return ""
	}
	return tags[0].name
}
