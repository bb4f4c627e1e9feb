package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// "My booking" over /rest/v1 as supabase-js reaches it: asking for a link answers
// the same, with the same work, for a wrong reference and a wrong e-mail; the
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

	ask := func(ref, email string) (int, string) {
		code, body, _ := call(http.MethodPost, "/rest/v1/rpc/my_booking_request_link", a.cfg.AnonKey,
			`{"p_reference": "`+ref+`", "p_email": "`+email+`"}`)
		return code, body
	}
	// What the database did for one ask: the asks it counts, the links and the
	// e-mails it made (a booking keeps its newest links only: made links are
	// counted by their time).
	admin, err := pgx.Connect(context.Background(), a.cfg.DatabaseURL)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(context.Background())
	var since time.Time
	trace := func() (counted, links, mails int) {
		t.Helper()
		if err := admin.QueryRow(context.Background(), `select (select count(*) from private.my_booking_link_log),
			(select count(*) from private.booking_links where created_at > $1),
			(select count(*) from public.notification_outbox where kind = 'booking_link'),
			clock_timestamp()`, since).Scan(&counted, &links, &mails, &since); err != nil {
			t.Fatal(err)
		}
		return
	}
	// Three rounds of: a wrong reference, a wrong e-mail, the right pair (9
	// requests). A wrong reference and a wrong e-mail get the same answer and
	// leave the same trace (one ask counted, nothing sent): the lookup is one
	// query on both at once, so neither answer nor work tells which was wrong.
	for range 3 {
		for _, c := range []struct {
			ref, email string
			right      bool
		}{{"CR-22222", "karim@example.com", false}, {ref, "someone@example.com", false}, {ref, "karim@example.com", true}} {
			c0, _, m0 := trace()
			code, body := ask(c.ref, c.email)
			if code != http.StatusOK || body != `{"sent": true}` {
				t.Fatalf("link for %s / %s: %d %s", c.ref, c.email, code, body)
			}
			c1, made, m1 := trace()
			want := [3]int{1, 0, 0}
			if c.right {
				want = [3]int{2, 1, 1} // the recipient's count too, a link, an e-mail
			}
			if got := [3]int{c1 - c0, made, m1 - m0}; got != want {
				t.Errorf("%s / %s: counted, links, e-mails %v, want %v", c.ref, c.email, got, want)
			}
		}
	}
	if code, body := ask("CR-33333", "x@example.com"); code != http.StatusOK {
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
