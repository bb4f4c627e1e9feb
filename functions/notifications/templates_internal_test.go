package notifications

import (
	"encoding/json"
	"os"
	"testing"
)

// The site shows places through frontend/locales/*.json ("locations"); a
// confirmation email must name them the same way in each language.
func TestNamesMatchTheSite(t *testing.T) {
	for code, w := range lang {
		raw, err := os.ReadFile("../../frontend/locales/" + code + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var locale struct {
			Locations map[string]string `json:"locations"`
			Booking   struct {
				Insurances map[string]struct{ Name string } `json:"insurances"`
				Extras     map[string]string                `json:"extras"`
			} `json:"booking"`
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
		// Insurances and extras are named as the wizard names them.
		if len(locale.Booking.Insurances) != len(w.InsuranceNames) || len(locale.Booking.Extras) != len(w.ExtraNames) {
			t.Errorf("%s: %d insurances and %d extras in the email, %d and %d on the site", code,
				len(w.InsuranceNames), len(w.ExtraNames), len(locale.Booking.Insurances), len(locale.Booking.Extras))
		}
		for k, v := range locale.Booking.Insurances {
			if w.InsuranceNames[k] != v.Name {
				t.Errorf("%s: insurance %s is %q in the email, %q on the site", code, k, w.InsuranceNames[k], v.Name)
			}
		}
		for k, v := range locale.Booking.Extras {
			if w.ExtraNames[k] != v {
				t.Errorf("%s: extra %s is %q in the email, %q on the site", code, k, w.ExtraNames[k], v)
			}
		}
	}
}
