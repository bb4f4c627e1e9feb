package migrations_test

import (
	"encoding/json"
	"os"
	"testing"
)

// QuoteCase is one row of testdata/quote_cases.json: the quote's figures for a
// rental, worked out by hand. The same file is read by the PayPal function's tests
// and the site's browser tests, so the three callers are held to one table.
type QuoteCase struct {
	Name          string             `json:"name"`
	DailyPrice    int                `json:"daily_price"`
	Start         string             `json:"start"`
	End           string             `json:"end"`
	Insurance     *string            `json:"insurance"`
	Extras        map[string]bool    `json:"extras"`
	PaymentOption *string            `json:"payment_option"`
	Why           string             `json:"why"`
	Expect        map[string]float64 `json:"expect"`
}

// ExtrasJSON is the extras as the site sends them.
func (c QuoteCase) ExtrasJSON() string {
	b, _ := json.Marshal(c.Extras)
	return string(b)
}

func LoadQuoteCases(t *testing.T) []QuoteCase {
	t.Helper()
	raw, err := os.ReadFile("testdata/quote_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct{ Cases []QuoteCase }
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) == 0 {
		t.Fatal("no quote cases")
	}
	return f.Cases
}
