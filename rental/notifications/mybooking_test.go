package notifications

import (
	"strings"
	"testing"
)

const linkPayload = `{"id":"0b0e8f2e-8d8f","reference":"CR-7K3Q9","customer_name":"Sara","customer_email":"sara@example.com",
	"start_date":"2026-12-10","end_date":"2026-12-13","pickup_time":"09:30:00","return_time":"18:00:00",
	"pickup_location":"Aéroport Mohammed V","return_location":"Gare Casa-Port","total_price":1283,"days":3,
	"car":{"name":"Clio","brand":"Renault","category":"Économique"},
	"link":{"token":"4f2a","expires_at":"2026-12-01T09:15:00.123456+00:00"}}`

// The link e-mail opens the page in the booking's language with the token in
// the fragment, and states until when it works in Casablanca's time.
func TestBookingLinkMail(t *testing.T) {
	for code, want := range map[string]string{"fr": "10:15", "en": "10:15", "ar": "10:15"} {
		m, err := Render(KindBookingLink, code, []byte(linkPayload), "https://site.test")
		if err != nil {
			t.Fatal(err)
		}
		link := "https://site.test/my-booking?lang=" + code + "#token=4f2a"
		if !strings.Contains(m.Text, link) || !strings.Contains(m.HTML, `href="`+link+`"`) {
			t.Errorf("%s: no link %s in\n%s", code, link, m.Text)
		}
		if !strings.Contains(m.Text, want) || !strings.Contains(m.Subject, "CR-7K3Q9") {
			t.Errorf("%s: %q / %s", code, m.Subject, m.Text)
		}
	}
}

// The confirmation e-mail leads to "My booking".
func TestConfirmationLinksToMyBooking(t *testing.T) {
	m, err := Render(KindBookingConfirmed, "en", []byte(linkPayload), "https://site.test")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "Manage my booking: https://site.test/my-booking?lang=en") {
		t.Fatalf("no link to the page:\n%s", m.Text)
	}
}

// The agency's answer reaches the traveller in the booking's language; the
// traveller's free cancellation is refunded with its own words.
func TestChangeDecidedAndCancellationRefundMails(t *testing.T) {
	accepted := strings.Replace(linkPayload, `"link"`, `"request":{"kind":"change","state":"accepted","start_date":"2026-12-20","end_date":"2026-12-22",
		"pickup_time":"10:00:00","return_time":"10:00:00","car":{"name":"508","brand":"Peugeot"}},"link"`, 1)
	m, err := Render(KindChangeRequestDecided, "fr", []byte(accepted), "https://site.test")
	if err != nil || !strings.Contains(m.Text, "Votre modification est acceptée") || !strings.Contains(m.Text, "Peugeot 508") ||
		!strings.Contains(m.Text, "1.283 DH") {
		t.Fatalf("accepted: %v\n%s", err, m.Text)
	}
	// Paid online, then re-priced below what was paid: the database's quote says what comes back.
	paidLower := strings.Replace(accepted, `"total_price":1283`, `"total_price":600,"payment_status":"paid",
		"quote":{"total":600,"due_now":870,"due_at_pickup":0,"refund_due":270}`, 1)
	for lang, want := range map[string][]string{
		"fr": {"Payé en ligne: 870 DH", "Reste à payer à l'arrivée: 0 DH", "À vous rembourser par l’agence: 270 DH"},
		"en": {"Paid online: 870 DH", "To be refunded by the agency: 270 DH"},
		"ar": {"مبلغ تردّه إليك الوكالة: \u2066270 DH\u2069"},
	} {
		m, err := Render(KindChangeRequestDecided, lang, []byte(paidLower), "https://site.test")
		for _, p := range want {
			if err != nil || !strings.Contains(m.Text, p) {
				t.Errorf("%s accepted change of a paid booking lacks %q: %v\n%s", lang, p, err, m.Text)
			}
		}
	}
	if m, _ := Render(KindChangeRequestDecided, "en", []byte(accepted), "https://site.test"); strings.Contains(m.Text, "Paid online") {
		t.Errorf("an unpaid booking's accepted change speaks of a payment:\n%s", m.Text)
	}
	refused := strings.Replace(accepted, `"accepted"`, `"refused"`, 1)
	if m, err = Render(KindChangeRequestDecided, "ar", []byte(refused), "https://site.test"); err != nil || !strings.Contains(m.Text, "تعذّر قبول طلب التعديل") {
		t.Fatalf("refused: %v\n%s", err, m.Text)
	}
	refund := strings.Replace(linkPayload, `"link"`, `"refund":{"reason":"traveller_cancelled","amount":118.8,"currency":"EUR","amount_mad":1283,"capture_id":"CAP1"},"link"`, 1)
	if m, err = Render(KindPaymentRefunded, "en", []byte(refund), "https://site.test"); err != nil ||
		!strings.Contains(m.Text, "You cancelled your booking while cancellation was free") || !strings.Contains(m.Text, "118.80 EUR") {
		t.Fatalf("refund: %v\n%s", err, m.Text)
	}
	cancel := strings.Replace(linkPayload, `"link"`, `"request":{"kind":"cancellation","state":"done","refund_mad":1283},"link"`, 1)
	if m, err = Render(KindTravellerRequestAgency, "fr", []byte(cancel), "https://site.test"); err != nil ||
		!strings.Contains(m.Subject, "Annulation CR-7K3Q9") || !strings.Contains(m.Text, "remboursés sur PayPal") {
		t.Fatalf("agency: %v\n%s", err, m.Text)
	}
}
