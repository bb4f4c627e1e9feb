package notifications

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
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
				Hotel      string                           `json:"hotel"`
			} `json:"booking"`
			MyBooking struct {
				Flight string `json:"flight"`
			} `json:"myBooking"`
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
		if w.Flight != locale.MyBooking.Flight || w.Hotel != locale.Booking.Hotel {
			t.Errorf("%s: flight and hotel are %q and %q in the email, %q and %q on the site", code,
				w.Flight, w.Hotel, locale.MyBooking.Flight, locale.Booking.Hotel)
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

// The customer's email writes amounts as the site does in its language
// (docs/languages.md), isolates left-to-right values inside Arabic (<bdi> in HTML,
// U+2066/U+2069 in the text part) and puts no invisible mark in French or English text.
func TestConfirmationNumbersAndDirection(t *testing.T) {
	payload := []byte(`{"id":"0b0e8f2e-8d8f","reference":"CR-7K3Q9","customer_name":"Sara","start_date":"2026-12-10","end_date":"2026-12-13",
		"pickup_time":"09:30:00","return_time":"18:00:00","pickup_location":"Aéroport Mohammed V","return_location":"Gare Casa-Port",
		"insurance_type":"premium","extras":{"gps":true},"days":3,"total_price":1283.5,"payment_status":"paid","amount_due_now":641.75,
		"charge_amount":59.42,"charge_currency":"EUR","payment_method":"paypal","payment_id":"CAP1",
		"quote":{"base":900,"insurance":225,"extras":300,"discount":141.5,"total":1283.5,"deposit":4000}}`)
	marks := regexp.MustCompile("[\u2066-\u2069\u200e\u200f\u202a-\u202e]")
	for lang, want := range map[string][]string{
		"fr": {"Montant total: 1.283,50 DH", "Payé en ligne: 641,75 DH (59,42 EUR)", "Remise: −141,50 DH", "4.000 DH", "jeudi 10 décembre 2026"},
		"en": {"Total amount: 1,283.50 DH", "Paid online: 641.75 DH (59.42 EUR)", "Discount: −141.50 DH", "4,000 DH", "Thursday 10 December 2026"},
		"ar": {"المبلغ الإجمالي: \u20661.283,50 DH\u2069", "المدفوع عبر الإنترنت: \u2066641,75 DH (59,42 EUR)\u2069", "رقم الحجز: \u2066CR-7K3Q9\u2069", "الخميس 10 دجنبر 2026"},
	} {
		m, err := Render(KindBookingConfirmed, lang, payload, "https://example.com")
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range want {
			if !strings.Contains(m.Text, p) {
				t.Errorf("%s text lacks %q:\n%s", lang, p, m.Text)
			}
		}
		if lang != "ar" && marks.MatchString(m.Text) {
			t.Errorf("%s text carries bidi marks:\n%q", lang, m.Text)
		}
		// In HTML the markup isolates: <bdi dir="ltr">, never the invisible characters.
		if marks.MatchString(m.HTML) {
			t.Errorf("%s HTML carries bidi marks", lang)
		}
		total := map[string]string{"fr": "1.283,50 DH", "en": "1,283.50 DH", "ar": "1.283,50 DH"}[lang]
		if !strings.Contains(m.HTML, `<bdi dir="ltr">`+total+`</bdi>`) {
			t.Errorf("%s HTML does not isolate the total %q:\n%s", lang, total, m.HTML)
		}
	}
}

// Every language has the refund e-mail's texts, and the subject names the booking.
func TestRefundWordsInEveryLanguage(t *testing.T) {
	for code, w := range lang {
		r := w.Refund
		for name, v := range map[string]string{"Subject": r.Subject, "Title": r.Title, "DatesTaken": r.DatesTaken,
			"Cancelled": r.Cancelled, "Amount": r.Amount, "Closing": r.Closing} {
			if v == "" {
				t.Errorf("%s: Refund.%s is empty", code, name)
			}
		}
		b := &refundedBooking{booking: booking{ID: "0123456789", Reference: "CR-ABCDE", CustomerName: "Sara"}}
		msg, err := renderRefund(code, b, "http://site.test")
		if err != nil || !strings.Contains(msg.Subject, "CR-ABCDE") {
			t.Errorf("%s: %q %v", code, msg.Subject, err)
		}
	}
}

// A limited mileage is stated with the price of each kilometre past it, as the
// quote gave them; an unlimited one is not.
func TestMileageStatesThePricePerExtraKm(t *testing.T) {
	price := 2.5
	limited := &quote{MileageKmPerDay: json.RawMessage("250"), ExtraKmPrice: &price}
	unlimited := &quote{MileageKmPerDay: json.RawMessage("null")}
	for code, want := range map[string]string{"fr": "250 km par jour inclus, puis 2,50 DH par km supplémentaire", "en": "250 km per day included, then 2.50 DH per extra km"} {
		w := lang[code]
		if rows := w.keyFacts(limited, "basic"); len(rows) != 1 || rows[0].Value != want {
			t.Errorf("%s: %+v, want %q", code, rows, want)
		}
		if rows := w.keyFacts(unlimited, "basic"); len(rows) != 1 || rows[0].Value != w.MileageUnlimited {
			t.Errorf("%s unlimited: %+v", code, rows)
		}
	}
	if rows := lang["ar"].keyFacts(limited, "basic"); len(rows) != 1 || !strings.Contains(rows[0].Value, "\u20662,50 DH\u2069") {
		t.Errorf("ar: %+v, want the price isolated left-to-right", rows)
	}
}

// A booking whose free window was over when it was made states no free moment but
// the cost from the start; a late cancellation's refund e-mail names the fee kept.
func TestLateCancellationWords(t *testing.T) {
	booking := []byte(`{"id":"0b0e8f2e-8d8f","reference":"CR-7K3Q9","customer_name":"Sara","start_date":"2026-12-10","end_date":"2026-12-13",
		"pickup_time":"09:30:00","return_time":"09:30:00","pickup_location":"Aéroport Mohammed V","return_location":"Aéroport Mohammed V",
		"insurance_type":"basic","extras":{},"days":3,"total_price":900,"payment_method":"whatsapp",
		"quote":{"base":900,"insurance":0,"extras":0,"discount":0,"total":900,"deposit":4000,"channel":"agency",
		  "free_cancellation_until":null,"free_cancellation_over":true,"late_cancellation_fee":300}}`)
	refund := []byte(`{"id":"0b0e8f2e-8d8f","reference":"CR-7K3Q9","customer_name":"Sara","start_date":"2026-12-10","end_date":"2026-12-13",
		"pickup_time":"09:30:00","return_time":"09:30:00","pickup_location":"Aéroport Mohammed V","return_location":"Aéroport Mohammed V",
		"refund":{"reason":"traveller_cancelled_late","amount":55.56,"currency":"EUR","amount_mad":600,"capture_id":"CAP1","fee":300}}`)
	for code, w := range lang {
		if w.FreeCancellationOver == "" || w.Refund.TravellerCancelledLate == "" {
			t.Fatalf("%s: the late-cancellation words are missing", code)
		}
		m, err := Render(KindBookingConfirmed, code, booking, "https://example.com")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Text, w.FreeCancellationOver+":") || strings.Contains(m.Text, w.FreeCancellation+":") {
			t.Errorf("%s: the confirmation states a free moment or not that it is over:\n%s", code, m.Text)
		}
		r, err := Render(KindPaymentRefunded, code, refund, "https://example.com")
		if err != nil {
			t.Fatal(err)
		}
		if fee := fmt.Sprintf(w.Refund.TravellerCancelledLate, w.dh(300)); !strings.Contains(r.Text, fee) {
			t.Errorf("%s: the refund e-mail lacks %q:\n%s", code, fee, r.Text)
		}
	}
}
