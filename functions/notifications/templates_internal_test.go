package notifications

import (
	"encoding/json"
	"os"
	"testing"
)

// The site shows places through frontend/locales/*.json ("locations"); a
// confirmation email must name them the same way in each language.
func TestPlacesMatchTheSite(t *testing.T) {
	for code, w := range lang {
		raw, err := os.ReadFile("../../frontend/locales/" + code + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var locale struct {
			Locations map[string]string `json:"locations"`
		}
		if err := json.Unmarshal(raw, &locale); err != nil {
			t.Fatal(err)
		}
		if len(locale.Locations) == 0 {
			t.Fatalf("%s: no locations in the locale", code)
		}
		for stored, shown := range locale.Locations {
			if got := w.place(stored); got != shown {
				t.Errorf("%s: email names %q as %q, the site as %q", code, stored, got, shown)
			}
		}
	}
}
