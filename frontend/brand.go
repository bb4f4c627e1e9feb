package frontend

import (
	_ "embed"
	"encoding/json"
)

// The product's name is written once, in src/config/brand.json: the site reads
// it there (config/site.ts) and the server's pages (og:site_name, through
// rental.SiteName) read it here, so the two can never name it differently.
//
//go:embed src/config/brand.json
var brandJSON []byte

// SiteName is the product's name as the site shows it.
func SiteName() string {
	var b struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(brandJSON, &b); err != nil || b.Name == "" {
		panic("frontend: src/config/brand.json holds no name")
	}
	return b.Name
}
