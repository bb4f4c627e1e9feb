package main

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// "My booking" over /rest/v1 as supabase-js reaches it: asking for a link answers
// the same, in about the same time, for a wrong reference and a wrong e-mail; the
// 11th request in a minute from one address is refused with Retry-After; and a
// visitor who guesses references can neither read nor change a booking.
func TestMyBookingContract(t *testing.T) {
	a, h := newTestApp(t, nil)
	call := func(method, path, key, body string, extra ...string) (int, string, http.Header) {
		hdr := map[string]string{"apikey": key, "Authorization": "Bearer " + key, "Content-Type": "application/json"}
		for i := 0; i+1 < len(extra); i += 2 {
			hdr[extra[i]] = extra[i+1]
		}
		rec := send(h, method, path, body, hdr)
		return rec.Code, rec.Body.String(), rec.Header()
	}
	if code, body, _ := call(http.MethodPost, "/rest/v1/cars", a.cfg.ServiceRoleKey, `{"id": 9, "slug": "picanto", "name": "Picanto", "brand": "Kia",
		"category": "Économique", "price": 280, "image": "/p.jpg", "seats": 4, "transmission": "manual", "fuel": "gasoline", "rating": 4.4}`); code != http.StatusCreated {
		t.Fatalf("car: %d %s", code, body)
	}
	code, body, _ := call(http.MethodPost, "/rest/v1/bookings?select=reference", a.cfg.ServiceRoleKey, `{"car_id": 9, "customer_name": "Karim",
		"customer_email": "karim@example.com", "customer_phone": "+212661234567", "start_date": "`+day(30)+`", "end_date": "`+day(33)+`",
		"payment_method": "whatsapp", "status": "confirmed", "terms_version": "2026-11-01", "driver_requirements_confirmed": true}`, "Prefer", "return=representation")
	var made []struct{ Reference string }
	if code != http.StatusCreated || json.Unmarshal([]byte(body), &made) != nil || len(made) != 1 {
		t.Fatalf("booking: %d %s", code, body)
	}
	ref := made[0].Reference

	ask := func(ref, email string) (int, string, time.Duration) {
		started := time.Now()
		code, body, _ := call(http.MethodPost, "/rest/v1/rpc/my_booking_request_link", a.cfg.AnonKey,
			`{"p_reference": "`+ref+`", "p_email": "`+email+`"}`)
		return code, body, time.Since(started)
	}
	// Three rounds of: a wrong reference, a wrong e-mail, the right pair (9 requests).
	var wrongRef, wrongMail []time.Duration
	for range 3 {
		for _, c := range []struct {
			ref, email string
			took       *[]time.Duration
		}{{"CR-22222", "karim@example.com", &wrongRef}, {ref, "someone@example.com", &wrongMail}, {ref, "karim@example.com", nil}} {
			code, body, took := ask(c.ref, c.email)
			if code != http.StatusOK || body != `{"sent": true}` {
				t.Fatalf("link for %s / %s: %d %s", c.ref, c.email, code, body)
			}
			if c.took != nil {
				*c.took = append(*c.took, took)
			}
		}
	}
	// The same work either way: compare the medians loosely (the machine is shared).
	median := func(d []time.Duration) time.Duration {
		slices.Sort(d)
		return d[len(d)/2]
	}
	mRef, mMail := median(wrongRef), median(wrongMail)
	t.Logf("median answer: wrong reference %v, wrong e-mail %v", mRef, mMail)
	if diff := mRef - mMail; diff > 500*time.Millisecond || diff < -500*time.Millisecond {
		t.Errorf("wrong reference %v and wrong e-mail %v answer at very different speeds", mRef, mMail)
	}
	if code, body, _ := ask("CR-33333", "x@example.com"); code != http.StatusOK {
		t.Fatalf("10th request: %d %s", code, body)
	}
	code, body, hdr := call(http.MethodPost, "/rest/v1/rpc/my_booking_request_link", a.cfg.AnonKey, `{"p_reference": "`+ref+`", "p_email": "karim@example.com"}`)
	var refusal map[string]any
	_ = json.Unmarshal([]byte(body), &refusal)
	if code != http.StatusTooManyRequests || hdr.Get("Retry-After") == "" || refusal["code"] != "PT429" {
		t.Fatalf("11th request in a minute: %d %s (Retry-After %q)", code, body, hdr.Get("Retry-After"))
	}

	// Guessing references through /rest/v1 gives nothing.
	for _, try := range []struct{ method, path, body string }{
		{http.MethodGet, "/rest/v1/bookings?reference=eq." + ref + "&select=*", ""},
		{http.MethodPatch, "/rest/v1/bookings?reference=eq." + ref, `{"flight_number": "XX 1"}`},
		{http.MethodPatch, "/rest/v1/bookings?reference=eq." + ref, `{"status": "cancelled"}`},
		{http.MethodGet, "/rest/v1/booking_change_requests?select=*", ""},
		{http.MethodPost, "/rest/v1/rpc/my_booking", `{"p_token": "` + ref + `"}`},
		{http.MethodPost, "/rest/v1/rpc/my_booking_cancel", `{"p_token": "` + ref + `"}`},
		{http.MethodPost, "/rest/v1/rpc/my_booking_update", `{"p_token": "` + ref + `", "p_details": {"flight_number": "XX 1"}}`},
	} {
		code, body, _ := call(try.method, try.path, a.cfg.AnonKey, try.body)
		if code < 400 || strings.Contains(body, "karim") {
			t.Errorf("anon %s %s: %d %s", try.method, try.path, code, body)
		}
	}
	code, body, _ = call(http.MethodGet, "/rest/v1/bookings?reference=eq."+ref+"&select=status,flight_number", a.cfg.ServiceRoleKey, "")
	if code != http.StatusOK || body != `[{"status":"confirmed","flight_number":null}]` {
		t.Fatalf("the booking after the guesses: %d %s", code, body)
	}
	// A wrong link answers in PostgREST's shape, 401.
	code, body, _ = call(http.MethodPost, "/rest/v1/rpc/my_booking", a.cfg.AnonKey, `{"p_token": "`+strings.Repeat("a", 64)+`"}`)
	if code != http.StatusUnauthorized || !strings.Contains(body, `"code":"MB001"`) {
		t.Fatalf("a wrong link: %d %s", code, body)
	}
}
