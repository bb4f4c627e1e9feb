package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"os/exec"

	"casarent/rental/paypal/emulator"
	"casarent/server/mail/mailtest"
)

// Two server processes on one database, as behind a load
// balancer. Bookings made through either give exactly one agency email each; a
// paid booking whose capture is asked of both at once is captured once and
// confirmed to its customer once; a schema change reaches both; the limit on
// public writes is shared.
func TestTwoReplicas(t *testing.T) {
	if testing.Short() {
		t.Skip("two processes")
	}
	bin := buildServer(t)
	c := newCluster(t)
	dbURL := c.pg("url")
	sink := mailtest.New(t)
	emu := emulator.New(emulator.Options{ClientID: "id", ClientSecret: "secret"})
	pp := httptest.NewServer(emu)
	defer pp.Close()
	const agency = "agency@example.com"
	env := []string{"DATABASE_URL=" + dbURL, "SMTP_HOST=" + sink.Host(), fmt.Sprintf("SMTP_PORT=%d", sink.Port()), "SMTP_TLS=none",
		"AGENCY_EMAIL=" + agency, "OUTBOX_POLL_INTERVAL=200ms", "PAYPAL_CLIENT_ID=id", "PAYPAL_CLIENT_SECRET=secret",
		"PAYPAL_BASE_URL=" + pp.URL, "PAYPAL_SIMULATED=true", "HOLD_EXPIRY_INTERVAL=200ms",
		// Both replicas share the settings an operator gives them (secrets included).
		"AUTHENTICATOR_PASSWORD=replica-test-password"}
	a := startServer(t, bin, env...)
	waitFor(t, 60*time.Second, "replica A ready", func() bool { return healthStatus(a.url) == http.StatusOK })
	b := startServer(t, bin, env...)
	waitFor(t, 60*time.Second, "replica B ready", func() bool { return healthStatus(b.url) == http.StatusOK })
	replicas := []*proc{a, b}
	keys := serverKeys(t, bin)
	for _, p := range replicas { // /health says the database answers; the schema cache loads just after
		waitFor(t, 30*time.Second, "the schema cache of "+p.url, func() bool {
			req, _ := http.NewRequest(http.MethodGet, p.url+"/rest/v1/cars?select=id&limit=1", nil)
			req.Header.Set("apikey", keys["ANON_KEY"])
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				return false
			}
			res.Body.Close()
			return res.StatusCode == http.StatusOK
		})
	}

	call := func(p *proc, method, path, key, body string) (int, string) {
		t.Helper()
		req, _ := http.NewRequest(method, p.url+path, strings.NewReader(body))
		req.Header.Set("apikey", key)
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(raw)
	}
	if st, body := call(a, "POST", "/rest/v1/cars", keys["SERVICE_ROLE_KEY"], `{"id": 1, "slug": "clio", "name": "Clio", "brand": "Renault",
		"category": "Compact", "price": 300, "image": "/c.jpg", "seats": 5, "transmission": "manual", "fuel": "diesel", "rating": 4.5}`); st != 201 {
		t.Fatalf("car: %d %s", st, body)
	}
	day := func(n int) string { return time.Now().AddDate(0, 0, n).Format(time.DateOnly) }

	// 10 WhatsApp requests, alternately through each replica: 10 agency emails.
	// They all come from this test's one address and phone, more unpaid holds than
	// a visitor may keep (reservation_settings): the agency allows them here.
	if out, err := execSQL(dbURL, `update public.reservation_settings set holds_per_address = 100, holds_per_phone = 100`); err != nil {
		t.Fatalf("settings: %v %s", err, out)
	}
	const requests = 10
	for i := range requests {
		st, body := call(replicas[i%2], "POST", "/rest/v1/bookings", keys["ANON_KEY"], fmt.Sprintf(`{"car_id": 1, "customer_name": "Client %d",
			"customer_email": "c%d@example.com", "customer_phone": "+212600000000", "start_date": "%s", "end_date": "%s", "payment_method": "whatsapp", "terms_version": "2026-11-01", "driver_requirements_confirmed": true}`,
			i, i, day(10+3*i), day(11+3*i)))
		if st != 201 {
			t.Fatalf("booking %d: %d %s", i, st, body)
		}
	}

	// 4 PayPal bookings; each capture asked of both replicas at the same moment.
	const paid = 4
	for i := range paid {
		st, body := call(replicas[i%2], "POST", "/functions/v1/create-paypal-order", keys["ANON_KEY"], fmt.Sprintf(`{"carId": 1,
			"pickupDate": "%s", "returnDate": "%s", "customerName": "Payeur %d", "customerEmail": "p%d@example.com",
			"customerPhone": "+212600000000", "pickupLocation": "Aéroport Mohammed V", "returnLocation": "Aéroport Mohammed V", "termsVersion": "2026-11-01", "driverConfirmed": true}`, day(60+3*i), day(61+3*i), i, i))
		if st != 200 {
			t.Fatalf("order %d: %d %s", i, st, body)
		}
		var order struct{ OrderID string }
		_ = json.Unmarshal([]byte(body), &order)
		if err := emu.Approve(order.OrderID, false); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		for r := range replicas {
			wg.Go(func() {
				statuses[r], _ = call(replicas[r], "POST", "/functions/v1/capture-paypal-payment", keys["ANON_KEY"], `{"orderID": "`+order.OrderID+`"}`)
			})
		}
		wg.Wait()
		if statuses[0] != 200 && statuses[1] != 200 {
			t.Fatalf("capture %d: answers %v", i, statuses)
		}
		if n := emu.OrderCaptures(order.OrderID); n != 1 {
			t.Fatalf("order %d captured %d times", i, n)
		}
	}

	// Mail: one agency email per booking, one confirmation per paid customer —
	// and no more after both workers had time to send twice.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := sink.Wait(ctx, agency, requests+paid); err != nil {
		t.Fatalf("agency emails: %v (%d)", err, len(sink.To(agency)))
	}
	for i := range paid {
		if _, err := sink.Wait(ctx, fmt.Sprintf("p%d@example.com", i), 1); err != nil {
			t.Fatalf("confirmation %d: %v", i, err)
		}
	}
	time.Sleep(2 * time.Second)
	if n := len(sink.To(agency)); n != requests+paid {
		t.Fatalf("%d agency emails for %d bookings", n, requests+paid)
	}
	for i := range paid {
		if n := len(sink.To(fmt.Sprintf("p%d@example.com", i))); n != 1 {
			t.Fatalf("customer %d got %d confirmations", i, n)
		}
	}

	// A schema change reaches both replicas' schema caches.
	if _, err := execSQL(dbURL, `create table public.replica_probe (id int primary key); grant select on public.replica_probe to anon`); err != nil {
		t.Fatal(err)
	}
	for _, p := range replicas {
		waitFor(t, 10*time.Second, "the new table on "+p.url, func() bool {
			st, _ := call(p, "GET", "/rest/v1/replica_probe", keys["ANON_KEY"], "")
			return st == 200
		})
	}

	// The limit on public writes is one budget for both: 5 messages per address.
	limited := 0
	for i := range 8 {
		st, _ := call(replicas[i%2], "POST", "/rest/v1/contacts", keys["ANON_KEY"], `{"name": "N", "email": "n@example.com", "subject": "S", "message": "M"}`)
		if st == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited != 3 {
		t.Fatalf("%d of 8 messages through two replicas limited, want 3 (one budget of 5)", limited)
	}
}

// execSQL runs sql as the cluster's superuser (psql, as the scripts do).
func execSQL(url, sql string) (string, error) {
	out, err := execCommand("psql", "-q", "-v", "ON_ERROR_STOP=1", url, "-c", sql)
	return out, err
}

func execCommand(name string, args ...string) (string, error) {
	out, err := exec.Command(name, args...).CombinedOutput()
	return string(out), err
}
