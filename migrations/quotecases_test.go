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
	PickupTime    string             `json:"pickup_time"`
	ReturnTime    string             `json:"return_time"`
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

// CaseCar is the seed car the cases of one daily price stand for: its slug and
// the extras it includes (those cost 0 in the quote).
type CaseCar struct {
	Slug     string   `json:"slug"`
	Includes []string `json:"includes"`
}

// IncludeExtrasSQL is testdata/include_extras.sql: car $1 gets exactly the extras
// $2 (text[]) as included; it answers the car's included extras.
func IncludeExtrasSQL(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile("testdata/include_extras.sql")
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

func LoadQuoteCases(t *testing.T) []QuoteCase {
	cases, _ := loadQuoteFile(t)
	return cases
}

// LoadCaseCars is the table's cars by daily price.
func LoadCaseCars(t *testing.T) map[int]CaseCar {
	_, cars := loadQuoteFile(t)
	return cars
}

func loadQuoteFile(t *testing.T) ([]QuoteCase, map[int]CaseCar) {
	t.Helper()
	raw, err := os.ReadFile("testdata/quote_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Cars  map[int]CaseCar
		Cases []QuoteCase
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Cases) == 0 {
		t.Fatal("no quote cases")
	}
	return f.Cases, f.Cars
}
