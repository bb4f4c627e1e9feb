package httpx

import (
	"reflect"
	"testing"
)

func TestAcceptedLanguagesByPreference(t *testing.T) {
	for header, want := range map[string][]string{
		"":                           {},
		"fr-MA":                      {"fr-MA"},
		"de;q=0.5, fr-MA;q=0.9":      {"fr-MA", "de"},
		"en, ar;q=1, fr;q=0.8":       {"en", "ar", "fr"}, // equals keep the header's order
		"*, es;q=0.1, it;q=0":        {"es"},             // "*" and refused tags left out
		"pt;level=1;q=0.7, nl":       {"nl", "pt"},       // q after another parameter
		"ko;q=x, ja;q=0.5":           {"ko", "ja"},       // an unreadable q counts as 1
		" zh-Hant-TW ;q=0.3 , , sv ": {"sv", "zh-Hant-TW"},
	} {
		got := AcceptedLanguages(header)
		if len(got) == 0 && len(want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: %q, want %q", header, got, want)
		}
	}
}
