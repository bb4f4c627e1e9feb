package paypal

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// parseRate reads "MAD per 1 unit" as an exact rational.
func parseRate(s string) (*big.Rat, error) {
	r, ok := new(big.Rat).SetString(strings.TrimSpace(s))
	if !ok || r.Sign() <= 0 {
		return nil, fmt.Errorf("invalid MAD rate %q", s)
	}
	return r, nil
}

// convertCents turns MAD centimes into cents of the target currency, rounding
// half away from zero (amounts are positive).
func convertCents(madCents int64, madPerUnit *big.Rat) int64 {
	q := new(big.Rat).Quo(new(big.Rat).SetInt64(madCents), madPerUnit)
	// round(q) = floor(q + 1/2) for q >= 0
	q.Add(q, big.NewRat(1, 2))
	n := new(big.Int).Quo(q.Num(), q.Denom())
	return n.Int64()
}

// formatCents renders 12345 as "123.45" (PayPal's value format for 2-decimal currencies).
func formatCents(c int64) string {
	return fmt.Sprintf("%d.%02d", c/100, c%100)
}

// parseCents reads "123.45" (or "123", "123.4") into 12345.
func parseCents(s string) (int64, error) {
	whole, frac, _ := strings.Cut(strings.TrimSpace(s), ".")
	if len(frac) > 2 {
		return 0, fmt.Errorf("amount %q has more than 2 decimals", s)
	}
	frac += strings.Repeat("0", 2-len(frac))
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil || w < 0 {
		return 0, fmt.Errorf("invalid amount %q", s)
	}
	f, err := strconv.ParseInt(frac, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("invalid amount %q", s)
	}
	return w*100 + f, nil
}
