package migrations_test

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"casarent/server/pgtest"
)

// The rental rules have one home, the database (docs/reservations.md, "Rental
// terms" and "Prices: one home"): a list of extras or a rental length limit
// written in Go or TypeScript drifts from it. How one is recognised, in a source
// file that is not a test, not generated and not a migration:
//   - a list of extras: three or more of the price list's extra keys (read from
//     public.booking_options), each in quotes, within 8 consecutive lines — an
//     array, a union type or a switch over them. A lookup keyed by extra
//     (unquoted object keys: words, icons) is presentation, not the list: it
//     decides nothing that is offered or charged;
//   - a rental length limit: a name with max or longest and length or rental in
//     it, given a number ("MAX_LENGTH_DAYS = 365", "longestRental: 90").
var lengthLimitRe = regexp.MustCompile(`(?i)\b\w*(max|longest)\w*(length|rental)\w*\s*(:|=|:=)\s*\d`)

type ruleFinding struct{ file, what string }

func findRestatedRules(t *testing.T, root string, extras []string) []ruleFinding {
	t.Helper()
	quoted := make([]*regexp.Regexp, len(extras))
	for i, k := range extras {
		quoted[i] = regexp.MustCompile(`["'` + "`" + `]` + regexp.QuoteMeta(k) + `["'` + "`" + `]`)
	}
	var found []ruleFinding
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if name == "node_modules" || name == "dist" || name == "testdata" || name == "e2e" || strings.HasPrefix(name, ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !(strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".ts") || strings.HasSuffix(name, ".tsx")) ||
			strings.HasSuffix(name, "_test.go") || strings.Contains(name, ".test.") || name == "database.types.ts" {
			return nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		lines := strings.Split(string(raw), "\n")
		for i := range lines {
			window := strings.Join(lines[i:min(i+8, len(lines))], "\n")
			n := 0
			for _, re := range quoted {
				if re.MatchString(window) {
					n++
				}
			}
			if n >= 3 {
				found = append(found, ruleFinding{rel, fmt.Sprintf("line %d: a list of extras (%d keys)", i+1, n)})
				break
			}
		}
		for i, line := range lines {
			if lengthLimitRe.MatchString(line) {
				found = append(found, ruleFinding{rel, fmt.Sprintf("line %d: a rental length limit: %s", i+1, strings.TrimSpace(line))})
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return found
}

func TestRentalRulesAreNotRestatedOutsideTheDatabase(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	var extras []string
	if err := db.Admin.QueryRow(context.Background(),
		`select array_agg(key order by position) from public.booking_options where kind = 'extra'`).Scan(&extras); err != nil {
		t.Fatal(err)
	}
	if len(extras) < 3 {
		t.Fatalf("the price list has %d extras", len(extras))
	}

	// The recogniser finds the restatements the site and the e-mails used to carry.
	dir := t.TempDir()
	for name, text := range map[string]string{
		"price.ts":     `export const EXTRA_KEYS: readonly ExtraKey[] = ["gps", "wifi", "childSeat", "additionalDriver", "roadAssistance", "carFridge", "jawazPass"];`,
		"union.ts":     "export type ExtraKey =\n  | \"gps\"\n  | \"wifi\"\n  | \"childSeat\";",
		"templates.go": `var extraKeys = []string{"gps", "wifi", "childSeat", "additionalDriver", "roadAssistance", "carFridge", "jawazPass"}`,
		"trip.ts":      `export const MAX_LENGTH_DAYS = 365;`,
		"icons.tsx":    "const icons = {\n  gps: IconPin,\n  wifi: IconWifi,\n  childSeat: IconChildSeat,\n};",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got := map[string]bool{}
	for _, f := range findRestatedRules(t, dir, extras) {
		got[f.file] = true
	}
	for _, want := range []string{"price.ts", "union.ts", "templates.go", "trip.ts"} {
		if !got[want] {
			t.Errorf("the recogniser misses the restatement in %s", want)
		}
	}
	if got["icons.tsx"] {
		t.Error("a lookup of icons by extra counted as a list of extras")
	}

	// The repository restates none.
	for _, f := range findRestatedRules(t, "..", extras) {
		t.Errorf("%s, %s: the database is this rule's one home (public.booking_options / public.rental_rules)", f.file, f.what)
	}
}
