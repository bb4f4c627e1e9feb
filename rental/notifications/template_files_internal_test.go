package notifications

import (
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"
	"testing"
)

// outboxKinds are every kind Render knows, each with what its payload adds to a booking.
var outboxKinds = map[string]map[string]any{
	KindBookingConfirmed: nil,
	KindBookingCreated: {
		"payment_option": "half", "payment_terms": map[string]any{"discount_percent": 0, "due_now_percent": 30},
		"extras": map[string]bool{"gps": true}, "extra_keys": []string{"gps", "baby_seat"},
	},
	KindPaymentRefunded:        {"refund": map[string]any{"reason": "dates_taken", "amount": 128.3, "currency": "EUR", "amount_mad": 1283, "capture_id": "CAP-1"}},
	KindPaymentRefundedAgency:  {"refund": map[string]any{"reason": "dates_taken", "amount": 128.3, "currency": "EUR", "amount_mad": 1283, "capture_id": "CAP-1"}},
	KindBookingLink:            nil,
	KindChangeRequestDecided:   {"request": map[string]any{"kind": "change", "state": "accepted", "start_date": "2026-12-25", "end_date": "2026-12-28", "quote": map[string]any{"total": 1400}}},
	KindTravellerRequestAgency: {"request": map[string]any{"kind": "cancellation", "state": "pending", "message": "Vol annulé"}},
	KindReviewRequest:          {"review": map[string]any{"token": "r1", "expires_at": "2027-01-26T09:15:00+00:00"}},
	KindContactCreated:         {"name": "Nadia", "email": "nadia@example.com", "subject": "Siège bébé", "message": "Bonjour,\nune question."},
}

// Every e-mail, in every language, renders from the embedded template files:
// a whole HTML page in the language, a text part, and no value the templates
// or the words' formats failed to fill.
func TestEveryMailRendersInEveryLanguage(t *testing.T) {
	kinds := map[string]map[string]any{}
	for kind, extra := range outboxKinds {
		kinds[kind] = extra
	}
	for kind := range events {
		kinds[kind] = nil
	}
	if len(lang) < 3 {
		t.Fatalf("words for %d languages", len(lang))
	}
	for code := range lang {
		for kind, extra := range kinds {
			m, err := Render(kind, code, eventPayload(code, extra), "https://site.test")
			if err != nil {
				t.Errorf("%s %s: %v", code, kind, err)
				continue
			}
			if m.Subject == "" || !strings.HasPrefix(m.HTML, "<!doctype html>\n<html lang=") || !strings.HasSuffix(m.HTML, "</html>") {
				t.Errorf("%s %s: not a whole page (subject %q):\n%s", code, kind, m.Subject, m.HTML)
			}
			if strings.TrimSpace(m.Text) == "" {
				t.Errorf("%s %s: no text part", code, kind)
			}
			for _, part := range []string{m.Subject, m.HTML, m.Text} {
				if strings.Contains(part, "<no value>") || strings.Contains(part, "%!") {
					t.Errorf("%s %s: a value left unfilled:\n%s", code, kind, part)
				}
			}
		}
	}
}

// The template folder holds the four templates the mails use, and nothing else.
func TestTemplateFilesAreTheOnesParsed(t *testing.T) {
	var found []string
	err := fs.WalkDir(os.DirFS("."), "templates", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			found = append(found, path.Base(p))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(found)
	want := []string{confirmationHTML.Name(), confirmationText.Name(), agencyHTML.Name(), agencyText.Name()}
	sort.Strings(want)
	if strings.Join(found, " ") != strings.Join(want, " ") {
		t.Errorf("templates/ holds %v, the mails parse %v", found, want)
	}
}
