package paypal

import (
	"errors"
	"testing"

	"casarent/functions/fnkit"
)

// A capture of 100.00 EUR for 1,085.00 DH, 200.00 DH of it already refunded.
func TestRefundPlan(t *testing.T) {
	l := captureLedger{captureID: "CAP", currency: "EUR", capturedCents: 10000, capturedMAD: 108500, refundedCents: 1843, refundedMAD: 20000}
	for _, c := range []struct {
		name      string
		amountMAD float64
		wantCents int64
		wantMAD   int64
		full      bool
		code      string
	}{
		{"all that remains", 0, 10000 - 1843, 88500, true, ""},
		{"the rest named", 885, 10000 - 1843, 88500, true, ""},
		{"a part, in proportion, half up", 100, 922, 10000, false, ""}, // 100 × 10000 / 1085 = 921.66
		{"more than remains", 885.01, 0, 0, false, "refund_exceeds"},
		{"too small to give back", 0.05, 0, 0, false, "invalid_refund"}, // 0.46 centimes
	} {
		t.Run(c.name, func(t *testing.T) {
			row, err := l.plan(c.amountMAD)
			if c.code != "" {
				var fe *fnkit.Error
				if !errors.As(err, &fe) || fe.Code != c.code {
					t.Fatalf("err %v, want %s", err, c.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if row.amountCents != c.wantCents || row.madCents != c.wantMAD || row.full != c.full || row.captureID != "CAP" || row.currency != "EUR" || row.status != "pending" {
				t.Fatalf("plan(%v) = %+v", c.amountMAD, row)
			}
		})
	}
	spent := l
	spent.refundedMAD, spent.refundedCents = spent.capturedMAD, spent.capturedCents
	if _, err := spent.plan(0); err == nil {
		t.Fatal("a capture refunded in full planned another refund")
	}
}
