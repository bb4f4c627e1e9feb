package auth

import (
	"strings"
	"testing"

	"casarent/server/config"
)

// Every kind renders in every language, HTML and text, with the link, the code,
// the right direction, and the user's data escaped in HTML.
func TestTemplatesEveryKindAndLanguage(t *testing.T) {
	tpl := mustLoadTemplates()
	link := "http://api.test/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2Fsite.test"
	subjects := map[string]bool{}
	for _, lang := range languages {
		for _, kind := range []string{kindConfirmation, kindRecovery, kindMagicLink, kindInvite, kindEmailChange} {
			subj, html, text, err := tpl.render(kind, lang, emailVars{Site: "site.test", Email: "a@b.test", NewEmail: "new@b.test", Name: `<b>Zoé</b>`}, link, "123456")
			if err != nil {
				t.Fatalf("%s/%s: %v", lang, kind, err)
			}
			if subj == "" || subjects[subj] {
				t.Errorf("%s/%s: subject %q empty or not distinct", lang, kind, subj)
			}
			subjects[subj] = true
			if !strings.Contains(html, `href="http://api.test/auth/v1/verify?token=abc&amp;type=signup&amp;redirect_to=http%3A%2F%2Fsite.test"`) {
				t.Errorf("%s/%s: link missing from HTML:\n%s", lang, kind, html)
			}
			if !strings.Contains(text, link) || !strings.Contains(text, "123456") || !strings.Contains(html, "123456") {
				t.Errorf("%s/%s: link or code missing from text:\n%s", lang, kind, text)
			}
			if strings.Contains(html, "<b>Zoé</b>") || !strings.Contains(html, "&lt;b&gt;Zoé&lt;/b&gt;") {
				t.Errorf("%s/%s: name not escaped in HTML", lang, kind)
			}
			wantDir := `dir="ltr"`
			if lang == "ar" {
				wantDir = `dir="rtl"`
			}
			if !strings.Contains(html, `<html lang="`+lang+`" `+wantDir+`>`) {
				t.Errorf("%s/%s: html element lacks lang/dir", lang, kind)
			}
			if kind == kindEmailChange && !strings.Contains(text, "new@b.test") {
				t.Errorf("%s/%s: new address missing", lang, kind)
			}
		}
	}
	// Spot-check the languages really differ.
	fr, _, _, _ := tpl.render(kindRecovery, "fr", emailVars{}, link, "")
	en, _, _, _ := tpl.render(kindRecovery, "en", emailVars{}, link, "")
	ar, _, textAr, _ := tpl.render(kindRecovery, "ar", emailVars{}, link, "")
	if fr != "Réinitialisez votre mot de passe" || en != "Reset your password" || ar != "إعادة تعيين كلمة المرور" {
		t.Fatalf("subjects: %q %q %q", fr, en, ar)
	}
	if !strings.Contains(textAr, "مرحبًا") {
		t.Fatalf("Arabic text: %s", textAr)
	}
}

// The reauthentication email carries its code and nothing to click, in every language.
func TestTemplatesReauthenticationHasCodeNoLink(t *testing.T) {
	tpl := mustLoadTemplates()
	for _, lang := range languages {
		subj, html, text, err := tpl.render(kindReauthentication, lang, emailVars{Site: "site.test", Email: "a@b.test"}, "", "654321")
		if err != nil || subj == "" {
			t.Fatalf("%s: %q %v", lang, subj, err)
		}
		if !strings.Contains(html, "654321") || !strings.Contains(text, "654321") || strings.Contains(html, "href=") || strings.Contains(text, "http") {
			t.Errorf("%s: want the code and no link:\n%s\n%s", lang, html, text)
		}
	}
}

func TestPickLanguage(t *testing.T) {
	for _, tc := range []struct {
		meta   map[string]any
		accept string
		want   string
	}{
		{nil, "", "fr"},
		{nil, "de-DE,de;q=0.9", "fr"},
		{nil, "en-US,en;q=0.9,fr;q=0.8", "en"},
		{nil, "de;q=1, ar;q=0.4, en;q=0.7", "en"},
		{nil, "ar-MA", "ar"},
		{map[string]any{"locale": "ar"}, "en", "ar"},
		{map[string]any{"locale": "en_GB"}, "fr", "en"},
		{map[string]any{"locale": "es"}, "en", "en"},
		{map[string]any{"locale": 3}, "", "fr"},
	} {
		if got := pickLanguage(tc.meta, tc.accept); got != tc.want {
			t.Errorf("pickLanguage(%v, %q) = %s, want %s", tc.meta, tc.accept, got, tc.want)
		}
	}
}

func TestRedirectAllowed(t *testing.T) {
	a := &api{siteURL: "https://casa.test", cfg: config.Auth{}}
	for _, p := range []string{"http://localhost:3000/**", "https://*.casa.test/auth/callback", "myapp://login"} {
		a.allowList = append(a.allowList, compileGlob(p))
	}
	for raw, want := range map[string]bool{
		"https://casa.test":                          true,
		"https://casa.test/any/path?x=1#frag":        true,
		"http://casa.test/":                          false, // scheme differs
		"https://casa.test.evil.test/":               false,
		"https://evil.test/?r=https://casa.test":     false,
		"http://localhost:3000/a/b/c":                true,
		"http://localhost:4000/a":                    false,
		"https://fr.casa.test/auth/callback":         true,
		"https://a.b.casa.test/auth/callback":        false, // * stays within one label
		"https://fr.casa.test/auth/callback/../../x": false,
		"myapp://login":                              true,
		"javascript:alert(1)":                        false,
		"//evil.test":                                false,
		"https://user@casa.test/":                    false,
		"https://casa.test:8443/":                    false,
	} {
		if got := a.redirectAllowed(raw); got != want {
			t.Errorf("redirectAllowed(%q) = %v, want %v", raw, got, want)
		}
	}
	loop := &api{siteURL: "http://localhost:54321"}
	if !loop.redirectAllowed("http://localhost:5173/callback") || loop.redirectAllowed("http://127.0.0.2:5173/callback") {
		t.Error("the port does not matter for loopback hosts")
	}
}
