package website

import (
	"net/http"
	"strings"

	"casarent/server/httpx"
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
	first := ""
	if tags := httpx.AcceptedLanguages(r.Header.Get("Accept-Language")); len(tags) > 0 {
		first = strings.ToLower(tags[0])
	}
	switch {
	case strings.HasPrefix(first, "fr"):
		return "fr", ""
	case strings.HasPrefix(first, "ar"):
		return "ar", ""
	}
	return "en", ""
}
