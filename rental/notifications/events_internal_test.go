package notifications

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Counts follow each language's CLDR plural rules: no "jour(s)", no "3 يوم".
func TestCountsFollowThePluralRules(t *testing.T) {
	cases := []struct {
		code string
		n    int
		days string
		age  string
		lic  string
	}{
		{"fr", 0, "0 jour", "0 an", "0 an"},
		{"fr", 1, "1 jour", "1 an", "1 an"},
		{"fr", 3, "3 jours", "3 ans", "3 ans"},
		{"en", 1, "1 day", "1 year", "1 year"},
		{"en", 3, "3 days", "3 years", "3 years"},
		{"ar", 1, "يوم واحد", "سنة واحدة", "سنة"},
		{"ar", 2, "يومان", "سنتان", "سنتين"},
		{"ar", 3, "3 أيام", "3 سنوات", "3 سنوات"},
		{"ar", 10, "10 أيام", "10 سنوات", "10 سنوات"},
		{"ar", 11, "11 يومًا", "11 سنة", "11 سنة"},
		{"ar", 21, "21 يومًا", "21 سنة", "21 سنة"},
		{"ar", 100, "100 يوم", "100 سنة", "100 سنة"},
		{"ar", 103, "103 أيام", "103 سنوات", "103 سنوات"},
	}
	for _, c := range cases {
		w := lang[c.code]
		if got := w.count(w.DayCount, c.n); got != c.days {
			t.Errorf("%s %d days: %q, want %q", c.code, c.n, got, c.days)
		}
		if got := w.count(w.AgeYears, c.n); got != c.age {
			t.Errorf("%s age %d: %q, want %q", c.code, c.n, got, c.age)
		}
		if got := w.count(w.LicenceYears, c.n); got != c.lic {
			t.Errorf("%s licence %d: %q, want %q", c.code, c.n, got, c.lic)
		}
	}
	for code, w := range lang {
		for name, p := range map[string]plural{"DayCount": w.DayCount, "AgeYears": w.AgeYears, "LicenceYears": w.LicenceYears} {
			if p["other"] == "" {
				t.Errorf("%s %s has no \"other\" form", code, name)
			}
			for form, s := range p {
				if strings.Contains(s, "(s)") || strings.Count(s, "%") > 1 || (strings.Contains(s, "%") && !strings.Contains(s, "%d")) {
					t.Errorf("%s %s[%s] = %q", code, name, form, s)
				}
			}
		}
	}
}

// eventPayload is a booking as the outbox carries it, with the link the database adds.
func eventPayload(lang string, extra map[string]any) []byte {
	p := map[string]any{
		"id": "3f1c2a9e-0000-4000-8000-000000000001", "reference": "CR-7KQ2M", "customer_name": "Nadia",
		"customer_email": "nadia@example.com", "start_date": "2026-12-24", "end_date": "2026-12-27",
		"pickup_time": "09:30:00", "return_time": "10:15:00", "pickup_location": "Aéroport Mohammed V",
		"return_location": "Aéroport Mohammed V", "days": 3, "total_price": 1283, "language": lang,
		"hold_expires_at": "2026-12-20T10:30:00+00:00",
		"car":             map[string]any{"name": "Clio 5", "brand": "Renault", "category": "Compact"},
		"quote":           map[string]any{"due_at_pickup": 1283, "deposit": 4000},
		"link":            map[string]any{"token": "a1b2c3", "expires_at": "2027-01-26T09:15:00+00:00"},
	}
	for k, v := range extra {
		p[k] = v
	}
	raw, _ := json.Marshal(p)
	return raw
}

// Every event has its words in every language, and its e-mail names the booking,
// says it in the booking's language and links straight to "My booking".
func TestEveryEventMailInEveryLanguage(t *testing.T) {
	lines := map[string]map[string]bool{}
	for code, w := range lang {
		for kind := range events {
			e, ok := w.Events[kind]
			if !ok || e.Subject == "" || e.Title == "" || e.Intro == "" || !strings.Contains(e.Subject, "%s") {
				t.Errorf("%s: no complete words for %s", code, kind)
				continue
			}
			if lines[kind] == nil {
				lines[kind] = map[string]bool{}
			}
			for name := range e.Lines {
				lines[kind][name] = true
			}
		}
		for kind := range w.Events {
			if _, ok := events[kind]; !ok {
				t.Errorf("%s: words for %s, which has no template", code, kind)
			}
		}
	}
	for code, w := range lang {
		for kind, names := range lines {
			for name := range names {
				if w.Events[kind].Lines[name] == "" {
					t.Errorf("%s: %s lacks line %s", code, kind, name)
				}
			}
		}
	}
	for _, code := range []string{"fr", "en", "ar"} {
		for kind := range events {
			m, err := Render(kind, code, eventPayload(code, nil), "https://site.test")
			if err != nil {
				t.Fatalf("%s %s: %v", code, kind, err)
			}
			link := "https://site.test/my-booking?lang=" + code + "#token=a1b2c3"
			if !strings.Contains(m.Subject, "CR-7KQ2M") || !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
				t.Errorf("%s %s: subject %q, no direct link:\n%s", code, kind, m.Subject, m.Text)
			}
			if !strings.Contains(m.HTML, fmt.Sprintf(`lang="%s"`, code)) || !strings.Contains(m.Text, lang[code].Events[kind].Title) {
				t.Errorf("%s %s: not in the booking's language:\n%s", code, kind, m.Text)
			}
		}
	}
}

// Dates in Arabic e-mails take the Arabic comma; French and English keep theirs.
func TestDatesTakeTheLanguagesComma(t *testing.T) {
	want := map[string]string{
		"fr": "jeudi 24 décembre 2026, 09:30",
		"en": "Thursday 24 December 2026, 09:30",
		"ar": "الخميس 24 دجنبر 2026، 09:30",
	}
	for code, date := range want {
		m, err := Render(KindPickupReminder, code, eventPayload(code, nil), "https://site.test")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, date) {
			t.Errorf("%s reminder lacks %q:\n%s", code, date, m.Text)
		}
		if code == "ar" && strings.Contains(m.Text, "2026, ") {
			t.Errorf("a Latin comma in an Arabic date:\n%s", m.Text)
		}
	}
}

// A cancellation says who cancelled and, from what the database read, the fee,
// what was paid online and what is refunded; an agency's cancellation of an
// unpaid request states no money.
func TestCancellationMailStatesFeeAndRefund(t *testing.T) {
	byTraveller := eventPayload("fr", map[string]any{"cancellation": map[string]any{"by": "traveller", "fee": 300, "paid_mad": 1283, "refund_mad": 983}})
	m, err := Render(KindBookingCancelled, "fr", byTraveller, "https://site.test")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"Votre annulation est enregistrée", "Frais d'annulation: 300 DH", "Payé en ligne: 1.283 DH", "Remboursement sur votre compte PayPal: 983 DH"} {
		if !strings.Contains(m.Text, p) {
			t.Errorf("traveller's cancellation lacks %q:\n%s", p, m.Text)
		}
	}
	byAgency := eventPayload("ar", map[string]any{"cancellation": map[string]any{"by": "agency", "fee": nil, "paid_mad": nil, "refund_mad": nil}})
	m, err = Render(KindBookingCancelled, "ar", byAgency, "https://site.test")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "ألغت الوكالة حجزكم") || strings.Contains(m.Text, "DH") {
		t.Errorf("agency's cancellation of an unpaid request:\n%s", m.Text)
	}
}
