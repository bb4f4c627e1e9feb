package paypal_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/pgrole"
	"casarent/server/pgtest"
)

// anonInsert books as the site's WhatsApp flow does through /rest/v1: an insert
// as anon. It returns the reservation code of a refusal ("" when stored).
func (h *harness) anonInsert(email, pickup, ret string) (string, error) {
	err := pgrole.Do(context.Background(), h.db.Pool, pgtest.As("anon", ""), func(c pgrole.Conn) error {
		_, err := c.Exec(context.Background(), `insert into public.bookings (car_id, customer_name, customer_email, customer_phone,
				start_date, end_date, pickup_time, return_time, payment_method)
			values ($1, 'Visiteur', $2, '+212600000000', $3::date, $4::date, '10:00', '18:30', 'whatsapp')`, h.carID, email, pickup, ret)
		return err
	})
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "PGRST" {
		var r struct{ Code string }
		if json.Unmarshal([]byte(pe.Message), &r) == nil {
			return r.Code, nil
		}
	}
	return "", err
}

// 20 visitors at once, half through the WhatsApp insert,
// half through create-paypal-order, all for overlapping dates of one car: one
// booking is made; every other visitor gets BK001, and no PayPal order is opened
// for a booking that was refused.
func TestRaceBetweenWhatsappAndPayPal(t *testing.T) {
	h := newHarness(t, true)
	type result struct {
		paypal bool
		code   string
		err    error
	}
	results := make([]result, 20)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range results {
		wg.Go(func() {
			<-start
			email := fmt.Sprintf("v%d@example.com", i)
			// Every pair of requests overlaps: pickups from today+3 to today+12, returns today+14.
			pickup, ret := today(3+i/2), today(14)
			if i%2 == 0 {
				body := h.booking(map[string]any{"customerEmail": email, "pickupDate": pickup, "returnDate": ret})
				status, out := h.call("create-paypal-order", body)
				code, _ := out["code"].(string)
				if status == 200 {
					code = ""
				} else if status != 409 {
					results[i] = result{paypal: true, err: fmt.Errorf("status %d %v", status, out)}
					return
				}
				results[i] = result{paypal: true, code: code}
				return
			}
			code, err := h.anonInsert(email, pickup, ret)
			results[i] = result{code: code, err: err}
		})
	}
	close(start)
	wg.Wait()
	won, paypalWon := 0, false
	for i, r := range results {
		switch {
		case r.err != nil:
			t.Errorf("request %d: %v", i, r.err)
		case r.code == "":
			won++
			paypalWon = r.paypal
		case r.code != "BK001":
			t.Errorf("request %d (paypal %v): code %s, want BK001", i, r.paypal, r.code)
		}
	}
	if won != 1 {
		t.Fatalf("%d requests won, want 1", won)
	}
	var n int
	if err := h.db.Admin.QueryRow(context.Background(), `select count(*) from public.bookings`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("%d bookings stored (%v), want 1", n, err)
	}
	wantOrders := 0
	if paypalWon {
		wantOrders = 1
	}
	if got := h.emu.Stats()["create"]; got != wantOrders {
		t.Fatalf("%d PayPal orders opened, want %d", got, wantOrders)
	}
}

// The loser of create-paypal-order learns when the car is free again.
func TestCreateOrderForTakenDates(t *testing.T) {
	h := newHarness(t, true)
	if code, err := h.anonInsert("first@example.com", today(10), today(12)); code != "" || err != nil {
		t.Fatalf("first booking: %s %v", code, err)
	}
	status, out := h.call("create-paypal-order", h.booking(map[string]any{"pickupDate": today(11), "returnDate": today(13)}))
	details, _ := out["details"].(map[string]any)
	// The first rental returns today+12 at 18:30; with the 2 h turnaround the car leaves again at 20:30.
	if status != 409 || out["code"] != "BK001" || details["next_free"] != today(12)+"T20:30:00" {
		t.Fatalf("taken dates: %d %v", status, out)
	}
	if n := h.emu.Stats()["create"]; n != 0 {
		t.Fatalf("%d PayPal orders for a refused booking", n)
	}
}

// For every case of the shared table, create-paypal-order
// stores and answers the quote function's figures and charges its due-now amount.
func TestCreateOrderChargesTheQuote(t *testing.T) {
	raw, err := os.ReadFile("../../migrations/testdata/quote_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cars map[int]struct {
			Includes []string
		}
		Cases []struct {
			Name          string
			DailyPrice    int `json:"daily_price"`
			Start, End    string
			PickupTime    string `json:"pickup_time"`
			ReturnTime    string `json:"return_time"`
			Insurance     *string
			Extras        map[string]bool
			PaymentOption *string `json:"payment_option"`
			Expect        map[string]float64
		}
	}
	if err := json.Unmarshal(raw, &file); err != nil || len(file.Cases) == 0 {
		t.Fatalf("quote cases: %v", err)
	}
	includeSQL, err := os.ReadFile("../../migrations/testdata/include_extras.sql")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, true)
	h.manyHolds()
	// The cases' dates are fixed (a leap day among them): open the calendar wider
	// than the default max_days_ahead. One address books every case: more orders
	// than the public hourly limit, more unpaid attempts than a visitor may keep.
	if _, err := h.db.Admin.Exec(context.Background(), `update public.reservation_settings set max_days_ahead = 3660;
		update private.write_limits set max_burst = 1000 where kind = 'paypal_orders'`); err != nil {
		t.Fatal(err)
	}
	cars := map[int]int64{}
	for _, c := range file.Cases {
		t.Run(c.Name, func(t *testing.T) {
			if cars[c.DailyPrice] == 0 {
				cars[c.DailyPrice] = h.car(c.DailyPrice, true, "")
				// The car includes what the seed car of its price includes.
				var got []string
				if err := h.db.Admin.QueryRow(context.Background(), string(includeSQL), cars[c.DailyPrice], file.Cars[c.DailyPrice].Includes).Scan(&got); err != nil ||
					len(got) != len(file.Cars[c.DailyPrice].Includes) {
					t.Fatalf("car includes %v (%v), want %v", got, err, file.Cars[c.DailyPrice].Includes)
				}
			}
			start, end := datesAhead(t, c.Start, c.End)
			over := map[string]any{"carId": cars[c.DailyPrice], "pickupDate": start, "returnDate": end, "extras": c.Extras,
				"pickupTime": c.PickupTime, "returnTime": c.ReturnTime,
				"insurance": nil, "paymentOption": nil}
			if c.Insurance != nil {
				over["insurance"] = *c.Insurance
			}
			if c.PaymentOption != nil {
				over["paymentOption"] = *c.PaymentOption
			}
			out := h.create(over)
			if out["totalMAD"] != c.Expect["total"] || out["amountMAD"] != c.Expect["due_now"] || out["days"] != c.Expect["days"] {
				t.Fatalf("answer %v, want total %v, due now %v, days %v", out, c.Expect["total"], c.Expect["due_now"], c.Expect["days"])
			}
			r := h.row(out["bookingId"].(string))
			if float64(r.Total) != c.Expect["total"] || r.DueNow != fmt.Sprintf("%.2f", c.Expect["due_now"]) {
				t.Fatalf("stored %+v, want %v", r, c.Expect)
			}
		})
	}
}

// A visitor who comes back from PayPal after the hold lapsed: the payment goes
// through if the dates are still free, and nothing is charged if they were taken.
func TestCaptureAfterTheHoldLapsed(t *testing.T) {
	h := newHarness(t, true)
	expire := func(id string) {
		t.Helper()
		ctx := context.Background()
		if _, err := h.db.Admin.Exec(ctx, `update public.bookings set hold_expires_at = now() - interval '1 minute' where id = $1`, id); err != nil {
			t.Fatal(err)
		}
		if _, err := h.db.Admin.Exec(ctx, `select public.expire_booking_holds()`); err != nil {
			t.Fatal(err)
		}
		if r := h.row(id); r.Status != "expired" {
			t.Fatalf("not expired: %+v", r)
		}
	}
	// Still free: the capture renews the hold and confirms.
	free := h.create(map[string]any{"pickupDate": today(30), "returnDate": today(32)})
	h.approve(free["approveUrl"].(string), "pay")
	expire(free["bookingId"].(string))
	if status, out := h.capture(free["orderId"]); status != 200 {
		t.Fatalf("capture after expiry, dates free: %d %v", status, out)
	}
	h.wantBooking(free["bookingId"].(string), "confirmed", "paid")
	// Taken meanwhile: no capture at PayPal, the visitor is told.
	taken := h.create(map[string]any{"pickupDate": today(40), "returnDate": today(42)})
	h.approve(taken["approveUrl"].(string), "pay")
	expire(taken["bookingId"].(string))
	if code, err := h.anonInsert("other@example.com", today(41), today(43)); code != "" || err != nil {
		t.Fatalf("the freed dates: %s %v", code, err)
	}
	status, out := h.capture(taken["orderId"])
	if status != 409 || out["code"] != "booking_expired" {
		t.Fatalf("capture after expiry, dates taken: %d %v", status, out)
	}
	if n := h.emu.OrderCaptures(taken["orderId"].(string)); n != 0 {
		t.Fatalf("%d captures of a lapsed booking", n)
	}
	if r := h.row(taken["bookingId"].(string)); r.Status != "expired" {
		t.Fatalf("lapsed booking now %+v", r)
	}
}

// datesAhead moves a case's dates by whole leap cycles (4 years: the same days
// and leap days, so the same figures) until the pickup is after today, as a
// visitor's must be.
func datesAhead(t *testing.T, start, end string) (string, string) {
	t.Helper()
	s, err1 := time.Parse(time.DateOnly, start)
	e, err2 := time.Parse(time.DateOnly, end)
	if err1 != nil || err2 != nil {
		t.Fatalf("case dates %q %q", start, end)
	}
	for !s.After(time.Now()) {
		s, e = s.AddDate(4, 0, 0), e.AddDate(4, 0, 0)
	}
	return s.Format(time.DateOnly), e.Format(time.DateOnly)
}

// An unpaid PayPal attempt is a hold of the visitor's address like a WhatsApp
// request: past the address's limit (3), create-paypal-order answers the
// database's BK005 with its details (409, as the wizard reads it) and opens no
// order; a paid attempt frees its place.
func TestCreateOrderSharesTheHoldsOfTheAddress(t *testing.T) {
	h := newHarness(t, true)
	first := h.create(map[string]any{"customerEmail": "a1@example.com", "customerPhone": "+212600000001"})
	var ip string
	if err := h.db.Admin.QueryRow(context.Background(), `select host(client_ip::inet) from public.bookings where id = $1`, first["bookingId"]).Scan(&ip); err != nil || ip == "" {
		t.Fatalf("the attempt's address: %q (%v)", ip, err)
	}
	// Two WhatsApp requests from the same address, as the site sends them.
	for i := range 2 {
		s := pgtest.As("anon", "")
		s.ClientIP = ip
		err := pgrole.Do(context.Background(), h.db.Pool, s, func(c pgrole.Conn) error {
			_, err := c.Exec(context.Background(), `insert into public.bookings (car_id, customer_name, customer_email, customer_phone,
					start_date, end_date, payment_method, terms_version, driver_requirements_confirmed)
				values ($1, 'Visiteur', $2, $3, $4::date, $5::date, 'whatsapp', (select r.terms_version from public.rental_rules r), true)`,
				h.car(300, true, ""), fmt.Sprintf("w%d@example.com", i), fmt.Sprintf("+21260000010%d", i), today(60), today(63))
			return err
		})
		if err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	status, out := h.call("create-paypal-order", h.booking(map[string]any{"customerEmail": "a2@example.com", "customerPhone": "+212600000002"}))
	details, _ := out["details"].(map[string]any)
	if status != http.StatusConflict || out["code"] != "BK005" || details["by"] != "address" || details["limit"] != float64(3) {
		t.Fatalf("a 4th hold from one address: %d %v, want 409 BK005 by address", status, out)
	}
	if n := h.emu.Stats()["create"]; n != 1 {
		t.Fatalf("%d PayPal orders, want 1", n)
	}
	h.approve(first["approveUrl"].(string), "pay")
	if status, out := h.capture(first["orderId"]); status != 200 {
		t.Fatalf("capture: %d %v", status, out)
	}
	h.create(map[string]any{"customerEmail": "a3@example.com", "customerPhone": "+212600000003"})
}

// The booking's account is the caller's verified token, never the body's userId:
// null with the anon key, the signed-in user's id with theirs.
func TestCreateOrderBookingUserIsTheCaller(t *testing.T) {
	h := newHarness(t, true)
	const someone, caller = "a2000000-0000-4000-8000-000000000001", "a2000000-0000-4000-8000-000000000002"
	stored := func(out map[string]any) *string {
		var u *string
		if err := h.db.Admin.QueryRow(context.Background(), `select user_id::text from public.bookings where id = $1`, out["bookingId"]).Scan(&u); err != nil {
			t.Fatal(err)
		}
		return u
	}
	if u := stored(h.create(map[string]any{"userId": someone})); u != nil {
		t.Fatalf("anon key, userId of someone: stored %s, want null", *u)
	}
	status, out := h.callAs(pgtest.Token(t, "authenticated", caller, nil), "create-paypal-order",
		h.booking(map[string]any{"userId": someone, "customerEmail": "signed@example.com", "customerPhone": "+212600000005"}))
	if status != 200 {
		t.Fatalf("signed in: %d %v", status, out)
	}
	if u := stored(out); u == nil || *u != caller {
		t.Fatalf("signed in, userId of someone: stored %v, want the caller", u)
	}
}
