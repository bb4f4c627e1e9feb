package paypal

import (
	"context"
	"errors"
	"math/big"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"casarent/rental/paypal/emulator"
)

func newEmu(t *testing.T) (*emulator.Server, *Client) {
	t.Helper()
	emu := emulator.New(emulator.Options{ClientID: "id", ClientSecret: "secret"})
	srv := httptest.NewServer(emu)
	t.Cleanup(srv.Close)
	c := NewClient(ClientOptions{BaseURL: srv.URL, ClientID: "id", ClientSecret: "secret", Timeout: 300 * time.Millisecond, Backoff: 10 * time.Millisecond})
	return emu, c
}

func order(value string) CreateOrderRequest {
	return CreateOrderRequest{Intent: "CAPTURE", PurchaseUnits: []PurchaseUnit{{Amount: &Amount{CurrencyCode: "EUR", Value: value}}},
		PaymentSource: &PaymentSource{PayPal: &PayPalSource{ExperienceContext: ExperienceContext{ReturnURL: "http://site/booking-success", CancelURL: "http://site/booking-cancelled"}}}}
}

func TestClientOrderLifecycle(t *testing.T) {
	emu, c := newEmu(t)
	ctx := context.Background()
	o, err := c.CreateOrder(ctx, order("12.34"), "create-1")
	if err != nil {
		t.Fatal(err)
	}
	if o.Status != StatusPayerActionRequired || o.ApproveURL() == "" {
		t.Fatalf("created: %+v", o)
	}
	again, err := c.CreateOrder(ctx, order("12.34"), "create-1")
	if err != nil || again.ID != o.ID {
		t.Fatalf("same request id must return the same order: %v %v", again, err)
	}
	if _, err := c.CaptureOrder(ctx, o.ID, "cap-1"); !isIssue(err, IssuePayerActionRequired) {
		t.Fatalf("capture before approval: %v", err)
	}
	if err := emu.Approve(o.ID, false); err != nil {
		t.Fatal(err)
	}
	cap1, err := c.CaptureOrder(ctx, o.ID, "cap-2")
	if err != nil {
		t.Fatal(err)
	}
	cp := cap1.FirstCapture()
	if cap1.Status != StatusCompleted || cp == nil || cp.Status != StatusCompleted || cp.Amount.Value != "12.34" || cp.Amount.CurrencyCode != "EUR" {
		t.Fatalf("capture: %+v", cap1)
	}
	cap2, err := c.CaptureOrder(ctx, o.ID, "cap-2")
	if err != nil || cap2.FirstCapture().ID != cp.ID {
		t.Fatalf("replay: %v %v", cap2, err)
	}
	if _, err := c.CaptureOrder(ctx, o.ID, "cap-3"); !isIssue(err, IssueOrderAlreadyCaptured) {
		t.Fatalf("new request id on a captured order: %v", err)
	}
	got, err := c.GetOrder(ctx, o.ID)
	if err != nil || got.FirstCapture().ID != cp.ID {
		t.Fatalf("get: %v %v", got, err)
	}
	if n := emu.OrderCaptures(o.ID); n != 1 {
		t.Fatalf("%d captures performed", n)
	}
	if n := emu.Stats()["token"]; n != 1 {
		t.Fatalf("token fetched %d times; it must be cached", n)
	}
}

func TestClientRetriesServerErrorsOnly(t *testing.T) {
	emu, c := newEmu(t)
	ctx := context.Background()
	emu.AddFault(emulator.Fault{Op: "create", Status: 503, Times: 2})
	if _, err := c.CreateOrder(ctx, order("1.00"), "r1"); err != nil {
		t.Fatalf("two 503s then success must succeed: %v", err)
	}
	emu.AddFault(emulator.Fault{Op: "create", Status: 500, Times: -1})
	_, err := c.CreateOrder(ctx, order("1.00"), "r2")
	var te *TransportError
	if !errors.As(err, &te) || te.Attempts != 3 {
		t.Fatalf("persistent 500: %v", err)
	}
	emu.ClearFaults()
	before := emu.Stats()["create"]
	_, err = c.CreateOrder(ctx, order("0.001"), "r3")
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != 400 {
		t.Fatalf("400: %v", err)
	}
	if n := emu.Stats()["create"] - before; n != 1 {
		t.Fatalf("a 4xx was retried: %d calls", n)
	}
}

func TestClientTimeoutAndTokenRefresh(t *testing.T) {
	emu, c := newEmu(t)
	ctx := context.Background()
	// PayPal answers after 2 s; each attempt gives up after 300 ms. Had the
	// client waited, the order would have been made: a timeout after exactly its
	// three attempts is the bound, whatever the machine's speed.
	emu.AddFault(emulator.Fault{Op: "create", DelayMS: 2000, Times: -1})
	_, err := c.CreateOrder(ctx, order("1.00"), "t1")
	var te *TransportError
	if !errors.As(err, &te) || !te.Timeout || te.Attempts != 3 {
		t.Fatalf("slow PayPal: %v", err)
	}
	if n := emu.Stats()["create"]; n != 3 {
		t.Fatalf("PayPal saw %d attempts, want 3", n)
	}
	emu.ClearFaults()
	emu.ExpireTokens()
	if _, err := c.CreateOrder(ctx, order("1.00"), "t2"); err != nil {
		t.Fatalf("after token revocation: %v", err)
	}
	if n := emu.Stats()["token"]; n != 2 {
		t.Fatalf("token fetched %d times, want 2 (cached, then refreshed after 401)", n)
	}
	bad := NewClient(ClientOptions{BaseURL: c.baseURL, ClientID: "id", ClientSecret: "wrong"})
	_, err = bad.CreateOrder(ctx, order("1.00"), "")
	var ae *APIError
	if !errors.As(err, &ae) || ae.Status != http.StatusUnauthorized || ae.OAuthError != "invalid_client" {
		t.Fatalf("bad credentials: %v", err)
	}
}

func TestTokenRefreshedBeforeExpiry(t *testing.T) {
	emu := emulator.New(emulator.Options{TokenTTL: 100 * time.Second})
	srv := httptest.NewServer(emu)
	defer srv.Close()
	now := time.Now()
	c := NewClient(ClientOptions{BaseURL: srv.URL, ClientID: "a", ClientSecret: "b", Now: func() time.Time { return now }})
	ctx := context.Background()
	for range 3 {
		if _, err := c.CreateOrder(ctx, order("1.00"), ""); err != nil {
			t.Fatal(err)
		}
	}
	now = now.Add(95 * time.Second) // within the refresh margin (10% of 100s)
	if _, err := c.CreateOrder(ctx, order("1.00"), ""); err != nil {
		t.Fatal(err)
	}
	if n := emu.Stats()["token"]; n != 2 {
		t.Fatalf("token fetched %d times, want 2", n)
	}
}

func TestMoney(t *testing.T) {
	rate, err := parseRate("10.8")
	if err != nil {
		t.Fatal(err)
	}
	// MAD centimes due now (the database's amount_due_now) -> EUR cents.
	for _, tc := range []struct{ mad, cents int64 }{
		{100000, 9259}, // 1000 / 10.8 = 92.592...
		{50050, 4634},  // 500.50 / 10.8 = 46.342...
		{19980, 1850},
		{2700, 250},
	} {
		if got := convertCents(tc.mad, rate); got != tc.cents {
			t.Fatalf("convert(%d)=%d want %d", tc.mad, got, tc.cents)
		}
	}
	if got := convertCents(5, big.NewRat(10, 1)); got != 1 { // 0.5 rounds up
		t.Fatalf("half rounding: %d", got)
	}
	if formatCents(9259) != "92.59" || formatCents(5) != "0.05" {
		t.Fatal("formatCents")
	}
	if c, err := parseCents("92.5"); err != nil || c != 9250 {
		t.Fatal("parseCents")
	}
	if _, err := parseCents("1.234"); err == nil {
		t.Fatal("3 decimals accepted")
	}
}

func isIssue(err error, issue string) bool {
	var ae *APIError
	return errors.As(err, &ae) && ae.Issue() == issue
}
