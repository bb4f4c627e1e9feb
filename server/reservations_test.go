package main

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

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
		"start_date": "2026-12-10", "end_date": "2026-12-14", "pickup_time": "10:00", "return_time": "10:00", "payment_method": "whatsapp"}`
	if code, body := call(http.MethodPost, "/rest/v1/bookings", a.cfg.AnonKey, booking); code != http.StatusCreated {
		t.Fatalf("first booking: %d %s", code, body)
	}
	code, body := call(http.MethodPost, "/rest/v1/bookings", a.cfg.AnonKey, strings.Replace(booking, "2026-12-10", "2026-12-12", 1))
	var refusal map[string]any
	_ = json.Unmarshal([]byte(body), &refusal)
	details, _ := refusal["details"].(map[string]any)
	if code != http.StatusConflict || refusal["code"] != "BK001" || refusal["message"] != "This car is already booked for these dates" ||
		details["next_free"] != "2026-12-14T12:00:00" || refusal["hint"] != nil || len(refusal) != 4 {
		t.Fatalf("overlapping booking: %d %s", code, body)
	}

	code, body = call(http.MethodGet, "/rest/v1/rpc/car_availability?p_pickup=2026-12-12T10:00&p_return=2026-12-13T10:00", a.cfg.AnonKey, "")
	if code != http.StatusOK || body != `[{"car_id":7,"free":false,"reason":"booked","next_free":"2026-12-14T12:00:00","days":1,"total":270}]` {
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
