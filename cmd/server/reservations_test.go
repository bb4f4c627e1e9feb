package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// day is today + n days (UTC; a visitor's pickup must not be before today in Casablanca).
func day(n int) string { return time.Now().UTC().AddDate(0, 0, n).Format(time.DateOnly) }

// A refused booking leaves /rest/v1 as PostgREST shapes custom errors (HTTP 409,
// {code, details, hint, message}), which is what supabase-js hands the site; the
// availability RPC and the bookable computed field answer anonymous visitors.
func TestReservationRulesOverREST(t *testing.T) {
	a, h := newTestApp(t, nil)
	call := func(method, path, key, body string) (int, string) {
		rec := send(h, method, path, body, map[string]string{"apikey": key, "Authorization": "Bearer " + key, "Content-Type": "application/json"})
		return rec.Code, rec.Body.String()
	}
	if code, body := call(http.MethodPost, "/rest/v1/cars", a.cfg.ServiceRoleKey, `{"id": 7, "slug": "clio", "name": "Clio", "brand": "Renault",
		"category": "Compact", "price": 300, "image": "/c.jpg", "seats": 5, "transmission": "manual", "fuel": "diesel", "rating": 4.5}`); code != http.StatusCreated {
		t.Fatalf("car: %d %s", code, body)
	}
	booking := `{"car_id": 7, "customer_name": "Amina", "customer_email": "amina@example.com", "customer_phone": "+212600000000",
		"start_date": "` + day(12) + `", "end_date": "` + day(16) + `", "pickup_time": "10:00", "return_time": "10:00", "payment_method": "whatsapp", "terms_version": "2026-11-01", "driver_requirements_confirmed": true}`
	if code, body := call(http.MethodPost, "/rest/v1/bookings", a.cfg.AnonKey, booking); code != http.StatusCreated {
		t.Fatalf("first booking: %d %s", code, body)
	}
	code, body := call(http.MethodPost, "/rest/v1/bookings", a.cfg.AnonKey, strings.Replace(booking, day(12), day(14), 1))
	var refusal map[string]any
	_ = json.Unmarshal([]byte(body), &refusal)
	details, _ := refusal["details"].(map[string]any)
	if code != http.StatusConflict || refusal["code"] != "BK001" || refusal["message"] != "This car is already booked for these dates" ||
		details["next_free"] != day(16)+"T12:00:00" || refusal["hint"] != nil || len(refusal) != 4 {
		t.Fatalf("overlapping booking: %d %s", code, body)
	}

	code, body = call(http.MethodGet, "/rest/v1/rpc/car_availability?p_pickup="+day(14)+"T10:00&p_return="+day(15)+"T10:00", a.cfg.AnonKey, "")
	if code != http.StatusOK || body != `[{"car_id":7,"free":false,"reason":"booked","next_free":"`+day(16)+`T12:00:00","days":1,"total":300,`+
		`"subtotal":300,"online_total":270,"online_discount_percent":10,"deposit":4000,"free_cancellation_until":"`+day(13)+`T10:00:00",`+
		`"late_cancellation_fee":300}]` {
		t.Fatalf("availability: %d %s", code, body)
	}
	code, body = call(http.MethodGet, "/rest/v1/cars?select=id,bookable", a.cfg.AnonKey, "")
	if code != http.StatusOK || body != `[{"id":7,"bookable":true}]` {
		t.Fatalf("bookable: %d %s", code, body)
	}
	// The visitor still cannot read the booking that holds the car.
	code, body = call(http.MethodGet, "/rest/v1/bookings?select=*", a.cfg.AnonKey, "")
	if code != http.StatusUnauthorized {
		t.Fatalf("anon read of bookings: %d %s", code, body)
	}
}

// The bounds on a visitor's unpaid requests and on booking input answer as
// PostgREST does: the limit as a 409 custom error the wizard reads (BK005), a
// past pickup or a look-alike payment method as a 400.
func TestHoldLimitsAndInputBoundsOverREST(t *testing.T) {
	a, h := newTestApp(t, nil)
	call := func(key, body string) (int, map[string]any) {
		rec := send(h, http.MethodPost, "/rest/v1/bookings", body, map[string]string{"apikey": key, "Authorization": "Bearer " + key, "Content-Type": "application/json"})
		var out map[string]any
		_ = json.Unmarshal(rec.Body.Bytes(), &out)
		return rec.Code, out
	}
	rec := send(h, http.MethodPost, "/rest/v1/cars", `{"id": 8, "slug": "sandero", "name": "Sandero", "brand": "Dacia",
		"category": "Économique", "price": 250, "image": "/s.jpg", "seats": 5, "transmission": "manual", "fuel": "diesel", "rating": 4.2}`,
		map[string]string{"apikey": a.cfg.ServiceRoleKey, "Authorization": "Bearer " + a.cfg.ServiceRoleKey, "Content-Type": "application/json"})
	if rec.Code != http.StatusCreated {
		t.Fatalf("car: %d %s", rec.Code, rec.Body)
	}
	// A one-day rental in `in` days.
	booking := func(i, in int, method string) string {
		return fmt.Sprintf(`{"car_id": 8, "customer_name": "V", "customer_email": "v%d@example.com", "customer_phone": "+21260000000%d",
			"start_date": "%s", "end_date": "%s", "payment_method": "%s", "terms_version": "2026-11-01", "driver_requirements_confirmed": true}`, i, i, day(in), day(in+1), method)
	}
	for name, b := range map[string]string{
		"a past pickup":               booking(4, -2, "whatsapp"),
		"a look-alike payment method": booking(5, 40, `paypal\u200b`),
	} {
		if code, body := call(a.cfg.AnonKey, b); code != http.StatusBadRequest || len(body) != 4 {
			t.Errorf("%s: %d %v, want 400 in PostgREST's shape", name, code, body)
		}
	}
	// Three unpaid requests from this test's one address, on separate days; the fourth is refused.
	for i := range 3 {
		if code, body := call(a.cfg.AnonKey, booking(i, 10+5*i, "whatsapp")); code != http.StatusCreated {
			t.Fatalf("request %d: %d %v", i+1, code, body)
		}
	}
	code, body := call(a.cfg.AnonKey, booking(3, 30, "whatsapp"))
	details, _ := body["details"].(map[string]any)
	if code != http.StatusConflict || body["code"] != "BK005" || details["by"] != "address" || len(body) != 4 {
		t.Fatalf("4th request from one address: %d %v, want 409 BK005", code, body)
	}
}
