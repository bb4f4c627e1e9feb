package notifications

import (
	"strings"
	"testing"
)

const reviewPayload = `{"id":"0b0e8f2e-8d8f","reference":"CR-7K3Q9","customer_name":"Sara","customer_email":"sara@example.com",
	"start_date":"2026-12-10","end_date":"2026-12-13","pickup_time":"09:30:00","return_time":"18:00:00",
	"pickup_location":"Aéroport Mohammed V","return_location":"Aéroport Mohammed V","total_price":1283,"days":3,
	"status":"completed","car":{"name":"Clio","brand":"Renault","category":"Économique"},
	"review":{"token":"9c1d","expires_at":"2026-12-28T23:30:00.5+00:00"}}`

// The invitation opens the review page in the booking's language with the token
// in the fragment, names the car and says until when the link works (Casablanca's day).
func TestReviewRequestMail(t *testing.T) {
	for code, want := range map[string][]string{
		"fr": {"Noter la voiture", "mardi 29 décembre 2026", "Renault Clio"},
		"en": {"Rate the car", "Tuesday 29 December 2026", "Renault Clio"},
		"ar": {"تقييم السيارة", "\u2066CR-7K3Q9\u2069", "Renault Clio"},
	} {
		m, err := Render(KindReviewRequest, code, []byte(reviewPayload), "https://site.test")
		if err != nil {
			t.Fatal(err)
		}
		link := "https://site.test/review?lang=" + code + "#token=9c1d"
		if !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
			t.Errorf("%s: no link %s in\n%s", code, link, m.Text)
		}
		for _, w := range want {
			if !strings.Contains(m.Text, w) {
				t.Errorf("%s: no %q in\n%s", code, w, m.Text)
			}
		}
		if !strings.Contains(m.Subject, "Renault Clio") {
			t.Errorf("%s: subject %q", code, m.Subject)
		}
	}
}
