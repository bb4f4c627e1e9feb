package paypal_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"casarent/auth"
	"casarent/functions"
	"casarent/functions/fnkit/fntest"
	"casarent/rental/config"
	"casarent/rental/paypal"
	"casarent/rental/paypal/emulator"
	"casarent/server/jwtauth"
	"casarent/server/pgtest"
)

const site = "http://site.test"

type harness struct {
	t      *testing.T
	db     *pgtest.DB
	emu    *emulator.Server
	emuURL string
	fn     *httptest.Server
	svc    *paypal.Service // for the reconciliation pass
	cfg    config.PayPal
	later  atomic.Int64 // how far (ns) the service's clock runs ahead of the database's
	anon   string
	carID  int64
	slots  int // booking() calls so far: each gets its own week, since a car cannot be booked twice
}

// newHarness serves the PayPal functions as the server does (jwtauth middleware,
// /functions/v1 prefix) against a fresh database and an emulator reached over HTTP.
func newHarness(t *testing.T, configured bool) *harness {
	t.Helper()
	db := pgtest.New(t)
	emu := emulator.New(emulator.Options{ClientID: "client-id", ClientSecret: "client-secret"})
	es := httptest.NewServer(emu)
	t.Cleanup(es.Close)
	cfg := config.PayPal{BaseURL: es.URL, Currency: "EUR", MADPerUnit: "10.8", Timeout: 400 * time.Millisecond,
		Simulated: true, AbandonAfter: 3 * time.Hour}
	if configured {
		cfg.ClientID, cfg.ClientSecret = "client-id", "client-secret"
	}
	anon, err := jwtauth.Sign(pgtest.JWTSecret, jwtauth.KeyClaims(jwtauth.RoleAnon, time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	v := jwtauth.NewVerifier(pgtest.JWTSecret, jwtauth.Keys{Anon: anon})
	h := &harness{t: t, db: db, emu: emu, emuURL: es.URL, anon: anon, cfg: cfg}
	h.svc = h.replica()
	rt := functions.New(functions.Options{Functions: h.svc.Functions()})
	h.fn = httptest.NewServer(v.Middleware(http.StripPrefix("/functions/v1", rt)))
	t.Cleanup(h.fn.Close)
	h.carID = h.car(500, true, "")
	return h
}

// replica is one more payment service on the same database and PayPal, as
// another server replica runs (its own client and token cache).
func (h *harness) replica() *paypal.Service {
	return paypal.New(paypal.Deps{
		Pool: h.db.Pool, Config: h.cfg, SiteURL: site, Attempts: 3, Backoff: 20 * time.Millisecond,
		ReturnAllowed: auth.RedirectPolicy(site, []string{"http://www.site.test/**"}),
		Logger:        slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now:           func() time.Time { return time.Now().Add(time.Duration(h.later.Load())) },
	})
}

// car inserts a car at price DH/day.
func (h *harness) car(price int, available bool, notAvailableUntil string) int64 {
	h.t.Helper()
	var until any
	if notAvailableUntil != "" {
		until = notAvailableUntil
	}
	var id int64
	err := h.db.Admin.QueryRow(context.Background(), `insert into public.cars
		(name, brand, category, price, image, seats, transmission, fuel, rating, available, not_available_until)
		values ('Clio ' || $1::int, 'Renault', 'Compact', $1::int, 'https://img.test/clio.jpg', 5, 'manual', 'diesel', 4.5, $2, $3::date) returning id`,
		price, available, until).Scan(&id)
	if err != nil {
		h.t.Fatal(err)
	}
	return id
}

func today(days int) string {
	loc, err := time.LoadLocation("Africa/Casablanca")
	if err != nil {
		loc = time.FixedZone("", 3600)
	}
	return time.Now().In(loc).AddDate(0, 0, days).Format(time.DateOnly)
}

// booking is a valid wizard payload: 3 days, premium insurance, gps. The first
// call rents from today+2 to today+5, each later one a week after the previous.
func (h *harness) booking(over map[string]any) map[string]any {
	week := 7 * h.slots
	h.slots++
	b := map[string]any{
		"carId": h.carID, "pickupDate": today(2 + week), "returnDate": today(5 + week), "pickupTime": "10:00", "returnTime": "10:30", // three 24-hour periods (within the grace)
		"pickupLocation": "Aéroport Mohammed V", "returnLocation": "Gare Casa-Port",
		"customerName": "Amina Test", "customerEmail": "amina@example.com", "customerPhone": "+212600000000",
		"insurance": "premium", "extras": map[string]bool{"gps": true, "wifi": false}, "paymentOption": "full", "language": "en",
		"termsVersion": "2026-11-01", "driverConfirmed": true, // the rental terms' version in a fresh database
	}
	for k, v := range over {
		if v == nil {
			delete(b, k)
		} else {
			b[k] = v
		}
	}
	return b
}

// call invokes a function with the anon key as Bearer only (the SPEC's fetch form).
func (h *harness) call(name string, body any) (int, map[string]any) {
	h.t.Helper()
	return h.callFrom("", name, body)
}

// callFrom is call from a page of origin (the browser's Origin header; "" for none).
func (h *harness) callFrom(origin, name string, body any) (int, map[string]any) {
	h.t.Helper()
	hdr := map[string]string{}
	if origin != "" {
		hdr["Origin"] = origin
	}
	return h.invoke(name, h.anon, body, hdr)
}

// invoke POSTs body as JSON to the function with token as Bearer; the answer
// must be a JSON object.
func (h *harness) invoke(name, token string, body any, header map[string]string) (int, map[string]any) {
	h.t.Helper()
	b, _ := json.Marshal(body)
	hdr := map[string]string{"Content-Type": "application/json", "Authorization": "Bearer " + token}
	maps.Copy(hdr, header)
	r := fntest.Call(h.t, http.MethodPost, h.fn.URL+"/functions/v1/"+name, b, hdr)
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		h.t.Fatalf("%s: content-type %q body %s", name, ct, r.Raw)
	}
	if r.JSON == nil {
		h.t.Fatalf("%s: %s", name, r.Raw)
	}
	return r.Status, r.JSON
}

// manyHolds lifts the limits on a visitor's unpaid holds (docs/reservations.md,
// "Fair holds"), which count PayPal attempts, for a test that makes more attempts
// from one address and e-mail than a visitor may keep at once.
func (h *harness) manyHolds() {
	h.t.Helper()
	if _, err := h.db.Admin.Exec(context.Background(),
		`update public.reservation_settings set holds_per_address = 1000, holds_per_email = 1000, holds_per_phone = 1000`); err != nil {
		h.t.Fatal(err)
	}
}

func (h *harness) create(over map[string]any) map[string]any {
	h.t.Helper()
	status, out := h.call("create-paypal-order", h.booking(over))
	if status != 200 {
		h.t.Fatalf("create-paypal-order: %d %v", status, out)
	}
	return out
}

// approved creates an order and clicks action ("pay", "decline") on its
// approval page; it returns the booking id and the order id.
func (h *harness) approved(action string) (string, string) {
	h.t.Helper()
	out := h.create(nil)
	h.approve(out["approveUrl"].(string), action)
	return out["bookingId"].(string), out["orderId"].(string)
}

// capture calls capture-paypal-payment for the order, as the success page does.
func (h *harness) capture(orderID any) (int, map[string]any) {
	return h.call("capture-paypal-payment", map[string]any{"orderID": orderID})
}

// wantCaptures checks how many captures PayPal made for the order.
func (h *harness) wantCaptures(orderID string, want int) {
	h.t.Helper()
	if n := h.emu.OrderCaptures(orderID); n != want {
		h.t.Fatalf("%d captures, want %d", n, want)
	}
}

// atOnce runs fn(0), ..., fn(n-1) concurrently and waits for them all.
func atOnce(n int, fn func(i int)) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			fn(i)
		})
	}
	wg.Wait()
}

// approve clicks a button of the emulator's approval page, as the browser does,
// and returns the redirect target.
func (h *harness) approve(approveURL, action string) *url.URL {
	h.t.Helper()
	page := fntest.Call(h.t, http.MethodGet, approveURL, nil, nil)
	if page.Status != 200 || !strings.Contains(string(page.Raw), "Simulated payment") {
		h.t.Fatalf("approval page: %d %s", page.Status, page.Raw)
	}
	u, _ := url.Parse(approveURL)
	res := fntest.Call(h.t, http.MethodPost, h.emuURL+"/checkoutnow?token="+u.Query().Get("token"),
		url.Values{"action": {action}}.Encode(), map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
	if res.Status != http.StatusSeeOther {
		h.t.Fatalf("approval: %d", res.Status)
	}
	loc, _ := url.Parse(res.Header.Get("Location"))
	return loc
}

func (h *harness) fault(f emulator.Fault) {
	h.t.Helper()
	b, _ := json.Marshal(f)
	res, err := http.Post(h.emuURL+"/_emulator/faults", "application/json", bytes.NewReader(b))
	if err != nil || res.StatusCode != 201 {
		h.t.Fatalf("fault: %v %v", res, err)
	}
	res.Body.Close()
}

type row struct {
	Status, PaymentStatus, PaymentMethod string
	PaymentID, PaymentError, OrderID     *string
	Total                                int
	DueNow, Charge                       string
	Currency                             *string
}

func (h *harness) row(id string) row {
	h.t.Helper()
	var r row
	err := h.db.Admin.QueryRow(context.Background(), `select status, payment_status, payment_method, payment_id, payment_error,
		paypal_order_id, total_price, coalesce(amount_due_now::text, ''), coalesce(charge_amount::text, ''), charge_currency
		from public.bookings where id = $1`, id).
		Scan(&r.Status, &r.PaymentStatus, &r.PaymentMethod, &r.PaymentID, &r.PaymentError, &r.OrderID, &r.Total, &r.DueNow, &r.Charge, &r.Currency)
	if err != nil {
		h.t.Fatal(err)
	}
	return r
}

// ledger lists the booking's payments as kind:status, oldest first.
func (h *harness) ledger(bookingID string) string {
	h.t.Helper()
	var out string
	err := h.db.Admin.QueryRow(context.Background(), `select coalesce(string_agg(kind || ':' || status, ',' order by created_at), '')
		from public.payments where booking_id = $1`, bookingID).Scan(&out)
	if err != nil {
		h.t.Fatal(err)
	}
	return out
}

func TestPaymentSuccess(t *testing.T) {
	h := newHarness(t, true)
	// 3 days x 500 + premium 3 x 75 + gps 3 x 50 = 1875; full: x0.9 = 1687.5 -> 1688 DH
	// due now 1688.00 DH; / 10.8 = 156.296... -> 156.30 EUR. The client's total is ignored.
	out := h.create(map[string]any{"totalPrice": 1, "days": 99})
	if out["amountMAD"] != 1688.0 || out["amount"] != 156.3 || out["currency"] != "EUR" || out["totalMAD"] != 1688.0 {
		t.Fatalf("amounts: %v", out)
	}
	id, orderID := out["bookingId"].(string), out["orderId"].(string)
	r := h.row(id)
	if r.Status != "pending" || r.PaymentStatus != "pending" || r.PaymentMethod != "paypal" || r.Total != 1688 ||
		r.OrderID == nil || *r.OrderID != orderID || r.DueNow != "1688.00" || r.Charge != "156.30" || *r.Currency != "EUR" {
		t.Fatalf("stored booking: %+v", r)
	}
	ret := h.approve(out["approveUrl"].(string), "pay")
	if ret.Scheme+"://"+ret.Host+ret.Path != site+"/booking-success" || ret.Query().Get("token") != orderID || ret.Query().Get("PayerID") == "" ||
		ret.Query().Get("lang") != "en" {
		t.Fatalf("return URL: %s", ret)
	}
	// SPEC section 7: {orderID, bookingData}, Bearer anon key, no apikey header.
	status, cap := h.call("capture-paypal-payment", map[string]any{"orderID": ret.Query().Get("token"), "bookingData": map[string]any{"totalPrice": 1}})
	if status != 200 || cap["success"] != true {
		t.Fatalf("capture: %d %v", status, cap)
	}
	b := cap["booking"].(map[string]any)
	for _, k := range []string{"id", "customer_name", "customer_email", "pickup_location", "return_location", "start_date", "end_date", "pickup_time", "return_time", "total_price", "payment_id"} {
		if b[k] == nil {
			t.Errorf("booking.%s missing: %v", k, b)
		}
	}
	if b["id"] != id || b["status"] != "confirmed" || b["total_price"] != 1688.0 || b["payment_id"] != cap["captureId"] ||
		b["start_date"] != today(2) || b["pickup_time"] != "10:00:00" || b["return_location"] != "Gare Casa-Port" {
		t.Fatalf("booking: %v", b)
	}
	r = h.row(id)
	if r.Status != "confirmed" || r.PaymentStatus != "paid" || r.PaymentMethod != "paypal" || r.PaymentID == nil || *r.PaymentID != b["payment_id"] {
		t.Fatalf("after capture: %+v", r)
	}
	h.wantCaptures(orderID, 1)
}

func TestAmountDueNowByOption(t *testing.T) {
	h := newHarness(t, true)
	for _, tc := range []struct {
		option       string
		total        float64
		due, charged float64
	}{
		{"half", 1781, 890.5, 82.45},  // 1875 x 0.95 = 1781.25 -> 1781; 50% = 890.50 DH; /10.8 = 82.45
		{"reserve", 1875, 375, 34.72}, // 20% of 1875 = 375 DH; /10.8 = 34.722 -> 34.72
	} {
		out := h.create(map[string]any{"paymentOption": tc.option})
		if out["totalMAD"] != tc.total || out["amountMAD"] != tc.due || out["amount"] != tc.charged {
			t.Fatalf("%s: %v", tc.option, out)
		}
		var inspect map[string]any
		res, err := http.Get(h.emuURL + "/_emulator/orders/" + out["orderId"].(string))
		if err != nil {
			t.Fatal(err)
		}
		_ = json.NewDecoder(res.Body).Decode(&inspect)
		res.Body.Close()
		amt := inspect["purchase_units"].([]any)[0].(map[string]any)["amount"].(map[string]any)
		if amt["value"] != fmt.Sprintf("%.2f", tc.charged) || amt["currency_code"] != "EUR" {
			t.Fatalf("%s: order amount %v", tc.option, amt)
		}
	}
}

func TestDeclinedCapture(t *testing.T) {
	h := newHarness(t, true)
	out := h.create(nil)
	ret := h.approve(out["approveUrl"].(string), "decline")
	status, body := h.capture(ret.Query().Get("token"))
	if status != http.StatusPaymentRequired || body["code"] != "payment_declined" || !strings.Contains(body["error"].(string), "declined") {
		t.Fatalf("declined: %d %v", status, body)
	}
	// The booking keeps its dates (pending, held); its payment state says the attempt failed.
	r := h.row(out["bookingId"].(string))
	if r.Status != "pending" || r.PaymentStatus != "failed" || r.PaymentError == nil || !strings.Contains(*r.PaymentError, "INSTRUMENT_DECLINED") {
		t.Fatalf("booking after decline: %+v", r)
	}
	if got := h.ledger(out["bookingId"].(string)); got != "paypal:failed" {
		t.Fatalf("ledger after decline: %s", got)
	}
	// Trying again: the same request (same bookingId) gives back the same order,
	// approved this time with a card that works; the same booking is paid.
	again := h.create(map[string]any{"bookingId": out["bookingId"], "pickupDate": today(2), "returnDate": today(5)})
	if again["orderId"] != out["orderId"] {
		t.Fatalf("try again: %v, want the same order as %v", again, out)
	}
	h.approve(again["approveUrl"].(string), "pay")
	if status, body := h.capture(again["orderId"]); status != 200 {
		t.Fatalf("capture after trying again: %d %v", status, body)
	}
	h.wantBooking(out["bookingId"].(string), "confirmed", "paid")
	if got := h.ledger(out["bookingId"].(string)); got != "paypal:captured" {
		t.Fatalf("ledger after trying again: %s", got)
	}
	// Declines can also come from the capture call itself.
	out = h.create(nil)
	h.approve(out["approveUrl"].(string), "pay")
	h.fault(emulator.Fault{Op: "capture", Issue: "TRANSACTION_REFUSED"})
	status, body = h.capture(out["orderId"])
	if status != http.StatusPaymentRequired || body["code"] != "payment_declined" {
		t.Fatalf("refused: %d %v", status, body)
	}
	h.wantBooking(out["bookingId"].(string), "pending", "failed")
}

func TestCaptureBeforeApproval(t *testing.T) {
	h := newHarness(t, true)
	out := h.create(nil)
	status, body := h.capture(out["orderId"])
	if status != http.StatusConflict || body["code"] != "order_not_approved" {
		t.Fatalf("unapproved: %d %v", status, body)
	}
	if r := h.row(out["bookingId"].(string)); r.Status != "pending" {
		t.Fatalf("%+v", r)
	}
}

func TestAmountMismatch(t *testing.T) {
	h := newHarness(t, true)
	out := h.create(nil)
	h.approve(out["approveUrl"].(string), "pay")
	h.fault(emulator.Fault{Op: "capture", Amount: "1.00"})
	status, body := h.capture(out["orderId"])
	if status != http.StatusConflict || body["code"] != "amount_mismatch" {
		t.Fatalf("mismatch: %d %v", status, body)
	}
	r := h.row(out["bookingId"].(string))
	if r.Status != "pending" || r.PaymentStatus != "pending" || r.PaymentError == nil || !strings.Contains(*r.PaymentError, "1.00 EUR") || r.PaymentID == nil {
		t.Fatalf("booking after mismatch: %+v", r)
	}
	// Same for a wrong currency.
	out = h.create(nil)
	h.approve(out["approveUrl"].(string), "pay")
	h.fault(emulator.Fault{Op: "capture", Currency: "USD"})
	if status, body := h.capture(out["orderId"]); status != http.StatusConflict || body["code"] != "amount_mismatch" {
		t.Fatalf("currency mismatch: %d %v", status, body)
	}
}

func TestCaptureTwice(t *testing.T) {
	h := newHarness(t, true)
	_, orderID := h.approved("pay")
	s1, b1 := h.capture(orderID)
	s2, b2 := h.capture(orderID)
	if s1 != 200 || s2 != 200 {
		t.Fatalf("%d %v / %d %v", s1, b1, s2, b2)
	}
	if b1["booking"].(map[string]any)["id"] != b2["booking"].(map[string]any)["id"] || b1["captureId"] != b2["captureId"] {
		t.Fatalf("different answers: %v / %v", b1, b2)
	}
	h.wantCaptures(orderID, 1)

	// Concurrent captures of one order: one capture, one booking, both succeed.
	bookingID, orderID := h.approved("pay")
	ids := make([]any, 4)
	atOnce(len(ids), func(i int) {
		if s, b := h.capture(orderID); s == 200 {
			ids[i] = b["captureId"]
		}
	})
	for _, id := range ids {
		if id == nil || id != ids[0] {
			t.Fatalf("concurrent captures: %v", ids)
		}
	}
	h.wantCaptures(orderID, 1)
	var confirmations int
	if err := h.db.Admin.QueryRow(context.Background(), `select count(*) from public.notification_outbox where kind = 'booking_confirmed' and subject_id = $1`, bookingID).Scan(&confirmations); err != nil {
		t.Fatal(err)
	}
	if confirmations != 1 {
		t.Fatalf("%d confirmation emails queued", confirmations)
	}
}

func TestPayPalServerErrorThenSuccess(t *testing.T) {
	h := newHarness(t, true)
	h.fault(emulator.Fault{Op: "create", Status: 503})
	out := h.create(nil)
	h.approve(out["approveUrl"].(string), "pay")
	h.fault(emulator.Fault{Op: "capture", Status: 500, Times: 2})
	status, body := h.capture(out["orderId"])
	if status != 200 || body["booking"].(map[string]any)["status"] != "confirmed" {
		t.Fatalf("after 5xx: %d %v", status, body)
	}
	h.wantCaptures(out["orderId"].(string), 1)
	// PayPal down for good: the visitor gets a clear 502, the booking stays pending.
	out = h.create(nil)
	h.approve(out["approveUrl"].(string), "pay")
	h.fault(emulator.Fault{Op: "capture", Status: 500, Times: -1})
	status, body = h.capture(out["orderId"])
	if status != http.StatusBadGateway || body["code"] != "paypal_unavailable" {
		t.Fatalf("PayPal down: %d %v", status, body)
	}
	if r := h.row(out["bookingId"].(string)); r.Status != "pending" || r.PaymentStatus != "pending" {
		t.Fatalf("%+v", r)
	}
	// And an order that cannot be created leaves a booking marked failed.
	h.fault(emulator.Fault{Op: "create", Status: 500, Times: -1})
	status, body = h.call("create-paypal-order", h.booking(nil))
	if status != http.StatusBadGateway || body["code"] != "paypal_unavailable" {
		t.Fatalf("create while down: %d %v", status, body)
	}
	var failed int
	_ = h.db.Admin.QueryRow(context.Background(), `select count(*) from public.bookings where payment_status = 'failed' and paypal_order_id is null`).Scan(&failed)
	if failed != 1 {
		t.Fatalf("%d failed bookings", failed)
	}
}

func TestCaptureTimeout(t *testing.T) {
	h := newHarness(t, true)
	out := h.create(nil)
	h.approve(out["approveUrl"].(string), "pay")
	orderID := out["orderId"].(string)
	// Every attempt answers after the 400ms client timeout (PayPal did capture).
	h.fault(emulator.Fault{Op: "capture", DelayMS: 1500, Times: -1})
	status, body := h.capture(orderID)
	if status != http.StatusGatewayTimeout || body["code"] != "paypal_timeout" {
		t.Fatalf("timeout: %d %v", status, body)
	}
	h.wantBooking(out["bookingId"].(string), "pending", "pending")
	// The visitor retries once PayPal answers again: the same capture, not a second one.
	clear, _ := http.NewRequest(http.MethodDelete, h.emuURL+"/_emulator/faults", nil)
	if res, err := http.DefaultClient.Do(clear); err != nil || res.StatusCode != http.StatusNoContent {
		t.Fatalf("clear faults: %v %v", res, err)
	}
	status, body = h.capture(orderID)
	if status != 200 || body["booking"].(map[string]any)["status"] != "confirmed" {
		t.Fatalf("retry: %d %v", status, body)
	}
	h.wantCaptures(orderID, 1)
	// One slow answer only: the function's own retry gets the original capture.
	out = h.create(nil)
	h.approve(out["approveUrl"].(string), "pay")
	h.fault(emulator.Fault{Op: "capture", DelayMS: 1500})
	if status, body := h.capture(out["orderId"]); status != 200 {
		t.Fatalf("slow once: %d %v", status, body)
	}
	h.wantCaptures(out["orderId"].(string), 1)
}

func TestNotConfigured(t *testing.T) {
	h := newHarness(t, false)
	for _, name := range []string{"create-paypal-order", "capture-paypal-payment"} {
		status, body := h.call(name, map[string]any{"orderID": "ABC"})
		if status != http.StatusServiceUnavailable || body["error"] != "online payment is not configured" {
			t.Fatalf("%s: %d %v", name, status, body)
		}
	}
	if status, body := h.call("paypal-config", nil); status != 200 || body["enabled"] != false {
		t.Fatalf("config: %d %v", status, body)
	}
	var n int
	_ = h.db.Admin.QueryRow(context.Background(), `select count(*) from public.bookings`).Scan(&n)
	if n != 0 {
		t.Fatalf("%d bookings stored without payment configured", n)
	}
}

func TestCreateValidation(t *testing.T) {
	h := newHarness(t, true)
	unavailable := h.car(300, false, "")
	later := h.car(300, true, today(400))
	fromToday := h.car(300, true, today(0))
	for _, tc := range []struct {
		name   string
		over   map[string]any
		status int
		field  string
	}{
		{"unavailable car", map[string]any{"carId": unavailable}, 409, ""},
		{"not available until later", map[string]any{"carId": later}, 409, ""},
		{"unknown car", map[string]any{"carId": 999999}, 400, "booking"},
		// The earliest pickup is the database's rule (rental_rules): its message is passed on.
		{"pickup in the past", map[string]any{"pickupDate": today(-1)}, 400, "booking"},
		{"return before pickup", map[string]any{"returnDate": today(1)}, 400, "returnDate"},
		{"no name", map[string]any{"customerName": " "}, 400, "customerName"},
		{"bad email", map[string]any{"customerEmail": "nope"}, 400, "customerEmail"},
		{"no phone", map[string]any{"customerPhone": nil}, 400, "customerPhone"},
		// Phones in E.164, a hotel's name and address, a flight's shape: the database's rules.
		{"a phone in a local form", map[string]any{"customerPhone": "06 00 00 00 00"}, 400, "booking"},
		{"a hotel delivery without the hotel", map[string]any{"pickupLocation": "Hôtel (livraison)"}, 400, "booking"},
		{"a flight number that is not one", map[string]any{"flightNumber": "hello"}, 400, "booking"},
		// The options are the database's to judge (quote_booking): its message is passed on.
		{"unknown insurance", map[string]any{"insurance": "gold"}, 400, "booking"},
		{"unknown extra", map[string]any{"extras": map[string]bool{"jetpack": true}}, 400, "booking"},
		{"unknown option", map[string]any{"paymentOption": "later"}, 400, "booking"},
		{"bad time", map[string]any{"pickupTime": "25:00"}, 400, "pickupTime"},
		// A return in year 9999 overflowed the price (500) or priced an absurd order.
		{"a return in 9999", map[string]any{"returnDate": "9999-12-31"}, 400, "booking"},
	} {
		status, body := h.call("create-paypal-order", h.booking(tc.over))
		if status != tc.status {
			t.Errorf("%s: %d %v", tc.name, status, body)
			continue
		}
		if tc.field != "" {
			if d, _ := body["details"].(map[string]any); d[tc.field] == nil {
				t.Errorf("%s: details %v", tc.name, body)
			}
		}
	}
	var n int
	_ = h.db.Admin.QueryRow(context.Background(), `select count(*) from public.bookings`).Scan(&n)
	if n != 0 {
		t.Fatalf("%d bookings stored by invalid requests", n)
	}
	// The hotel and the flight are stored with the booking.
	hotel := h.create(map[string]any{"pickupLocation": "Hôtel (livraison)", "hotelName": "Hyatt Regency", "hotelAddress": "Place des Nations Unies", "flightNumber": "AT200"})
	var details string
	_ = h.db.Admin.QueryRow(context.Background(), `select hotel_name || ', ' || hotel_address || ', ' || flight_number from public.bookings where id = $1`, hotel["bookingId"]).Scan(&details)
	if details != "Hyatt Regency, Place des Nations Unies, AT200" {
		t.Fatalf("stored details %q", details)
	}
	// Available again from today, ISO timestamps and a string car id are fine.
	h.create(map[string]any{"carId": fmt.Sprint(fromToday), "pickupDate": today(0) + "T00:00:00.000Z", "returnDate": today(0)})
	// Capture input errors.
	if status, body := h.capture("not an id"); status != 400 || body["code"] != "invalid_order_id" {
		t.Fatalf("malformed order id: %d %v", status, body)
	}
	if status, body := h.capture("UNKNOWN123"); status != 404 || body["code"] != "booking_not_found" {
		t.Fatalf("unknown order: %d %v", status, body)
	}
}

// create-paypal-order stores a booking and opens an order for anyone with the anon
// key: the database limits it per address (private.write_limits 'paypal_orders').
func TestCreateIsLimitedPerAddress(t *testing.T) {
	h := newHarness(t, true)
	h.manyHolds()
	for range 10 {
		h.create(nil)
	}
	status, body := h.call("create-paypal-order", h.booking(nil))
	if status != http.StatusTooManyRequests || body["code"] != "rate_limited" {
		t.Fatalf("11th order from one address: %d %v", status, body)
	}
	if n := h.emu.Stats()["create"]; n != 10 {
		t.Fatalf("%d PayPal orders, want 10", n)
	}
	// Every 429 says when to come back.
	b, _ := json.Marshal(h.booking(nil))
	req, _ := http.NewRequest(http.MethodPost, h.fn.URL+"/functions/v1/create-paypal-order", bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+h.anon)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusTooManyRequests || res.Header.Get("Retry-After") == "" {
		t.Fatalf("429 without Retry-After: %d %v", res.StatusCode, res.Header)
	}
	var stored int
	if err := h.db.Admin.QueryRow(context.Background(), `select count(*) from public.bookings`).Scan(&stored); err != nil || stored != 10 {
		t.Fatalf("%d bookings stored (%v), want 10", stored, err)
	}
}

// The browser sends a bookingId chosen once: sending the same request again (its
// answer was lost) reuses the booking and PayPal's order instead of a second one.
func TestCreateTwiceWithTheSameBookingID(t *testing.T) {
	h := newHarness(t, true)
	id := "d0000000-0000-4000-8000-000000000001"
	dates := func(m map[string]any) map[string]any { // one request, sent again: the same dates
		m["pickupDate"], m["returnDate"] = today(2), today(5)
		return m
	}
	first := h.create(dates(map[string]any{"bookingId": id}))
	again := h.create(dates(map[string]any{"bookingId": id}))
	if first["bookingId"] != id || again["bookingId"] != id || again["orderId"] != first["orderId"] || again["approveUrl"] != first["approveUrl"] {
		t.Fatalf("first %v, again %v", first, again)
	}
	var n int
	if err := h.db.Admin.QueryRow(context.Background(), `select count(*) from public.bookings`).Scan(&n); err != nil || n != 1 {
		t.Fatalf("%d bookings (%v)", n, err)
	}
	// The same id with other details is refused; so is a booking already paid.
	status, body := h.call("create-paypal-order", h.booking(dates(map[string]any{"bookingId": id, "customerEmail": "other@example.com"})))
	if status != http.StatusConflict || body["code"] != "booking_exists" {
		t.Fatalf("other details: %d %v", status, body)
	}
	h.approve(first["approveUrl"].(string), "pay")
	if status, body := h.capture(first["orderId"]); status != 200 {
		t.Fatalf("capture: %d %v", status, body)
	}
	if status, body := h.call("create-paypal-order", h.booking(dates(map[string]any{"bookingId": id}))); status != http.StatusConflict {
		t.Fatalf("after payment: %d %v", status, body)
	}
	// A failed order creation can be tried again under the same id.
	id2 := "d0000000-0000-4000-8000-000000000002"
	h.fault(emulator.Fault{Op: "create", Status: 503, Times: 3})
	later := func(m map[string]any) map[string]any {
		m["pickupDate"], m["returnDate"] = today(20), today(22)
		return m
	}
	if status, body := h.call("create-paypal-order", h.booking(later(map[string]any{"bookingId": id2}))); status != http.StatusBadGateway {
		t.Fatalf("PayPal down: %d %v", status, body)
	}
	if r := h.row(id2); r.PaymentStatus != "failed" {
		t.Fatalf("after the failure: %+v", r)
	}
	out := h.create(later(map[string]any{"bookingId": id2}))
	if r := h.row(id2); out["bookingId"] != id2 || r.PaymentStatus != "pending" || r.PaymentError != nil || r.OrderID == nil || *r.OrderID != out["orderId"] {
		t.Fatalf("retry: %v %+v", out, r)
	}
}

// A visitor who booked from another host name the site answers on
// (auth's redirect allow-list) comes back there from PayPal, where their
// language and consent cookies are, and in their language in any case; an
// origin outside the list (or none) is sent to SITE_URL.
func TestPayPalReturnsToTheHostTheBookingWasMadeFrom(t *testing.T) {
	h := newHarness(t, true)
	h.manyHolds()
	for _, c := range []struct{ origin, lang, back string }{
		{"http://www.site.test", "ar", "http://www.site.test"},
		{"https://evil.test", "fr", site},
		{"http://www.site.test.evil.test", "fr", site},
		{"", "en", site},
	} {
		status, out := h.callFrom(c.origin, "create-paypal-order", h.booking(map[string]any{"language": c.lang}))
		if status != 200 {
			t.Fatalf("%q: create-paypal-order %d %v", c.origin, status, out)
		}
		ret := h.approve(out["approveUrl"].(string), "pay")
		if got := ret.Scheme + "://" + ret.Host + ret.Path; got != c.back+"/booking-success" || ret.Query().Get("lang") != c.lang {
			t.Errorf("from %q: back to %s", c.origin, ret)
		}
		status, out = h.callFrom(c.origin, "create-paypal-order", h.booking(map[string]any{"language": c.lang}))
		if status != 200 {
			t.Fatalf("%q: create-paypal-order %d %v", c.origin, status, out)
		}
		if ret := h.approve(out["approveUrl"].(string), "cancel"); ret.Scheme+"://"+ret.Host+ret.Path != c.back+"/booking-cancelled" || ret.Query().Get("lang") != c.lang {
			t.Errorf("from %q: cancelled back to %s", c.origin, ret)
		}
	}
}
