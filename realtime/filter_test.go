package realtime

import (
	"reflect"
	"testing"
)

func TestParseFilterGrammar(t *testing.T) {
	cases := map[string]Filter{
		"id=eq.5":                       {Column: "id", Op: "eq", Values: []string{"5"}},
		"status=neq.cancelled":          {Column: "status", Op: "neq", Values: []string{"cancelled"}},
		"total_price=lt.1000":           {Column: "total_price", Op: "lt", Values: []string{"1000"}},
		"n=lte.-2.5":                    {Column: "n", Op: "lte", Values: []string{"-2.5"}},
		"created_at=gt.2026-01-01":      {Column: "created_at", Op: "gt", Values: []string{"2026-01-01"}},
		"n=gte.0":                       {Column: "n", Op: "gte", Values: []string{"0"}},
		"status=in.(pending,confirmed)": {Column: "status", Op: "in", Values: []string{"pending", "confirmed"}},
		`name=in.("a,b", c ,"d\"e")`:    {Column: "name", Op: "in", Values: []string{"a,b", "c", `d"e`}},
		"email=eq.a=b.c":                {Column: "email", Op: "eq", Values: []string{"a=b.c"}}, // the value keeps its = and .
		"note=eq.":                      {Column: "note", Op: "eq", Values: []string{""}},
	}
	for in, want := range cases {
		got, err := ParseFilter(in)
		if err != nil {
			t.Errorf("%s: %v", in, err)
			continue
		}
		if !reflect.DeepEqual(*got, want) {
			t.Errorf("%s: got %+v, want %+v", in, *got, want)
		}
	}
	if f, err := ParseFilter("  "); f != nil || err != nil {
		t.Errorf("empty filter: %v %v", f, err)
	}
	for _, bad := range []string{"id", "=eq.1", "id=like.1", "id=eq", "id=in.1,2", "id=in.(1", `id=in.("a)`, "id=is.null", `id=eq."a"b"`} {
		if _, err := ParseFilter(bad); err == nil {
			t.Errorf("accepted %q", bad)
		}
	}
}

func TestFilterMatch(t *testing.T) {
	rec := map[string]*string{"n": new("10"), "price": new("99.50"), "status": new("pending"), "ok": new("t"), "gone": nil,
		"day": new("2026-03-01"), "id": new("0b5f3e2c-1d2e-4c3b-9a8f-123456789abc")}
	types := map[string]string{"n": "int4", "price": "numeric", "status": "text", "ok": "bool", "gone": "text", "day": "date", "id": "uuid"}
	cases := map[string]bool{
		"n=eq.10": true, "n=eq.10.0": true, "n=eq.9": false,
		"n=neq.9": true, "n=neq.10": false,
		"n=lt.9": false, "n=lt.11": true, "n=lt.100": true, // numeric, not text order ("10" < "9" as text)
		"n=lte.10": true, "n=gt.9": true, "n=gt.10": false, "n=gte.10": true, "n=gte.11": false,
		"price=gt.99.4": true, "price=eq.99.5": true,
		"n=in.(1,10)": true, "n=in.(1,2)": false,
		"n=eq.abc":                      false, // a non-number never equals a number column
		"status=eq.pending":             true,
		"status=in.(confirmed,pending)": true,
		"status=neq.pending":            false,
		"ok=eq.true":                    true,
		"ok=eq.false":                   false,
		"gone=eq.":                      false, // NULL matches nothing
		"gone=neq.x":                    false,
		"missing=eq.1":                  false,
		"day=gte.2026-02-28":            true,
		"day=lt.2026-03-01":             false,
		"id=eq.0b5f3e2c-1d2e-4c3b-9a8f-123456789abc":  true,
		"id=neq.0b5f3e2c-1d2e-4c3b-9a8f-123456789abc": false,
	}
	checkMatches(t, rec, types, cases)
	var none *Filter
	if !none.Match(rec, "") {
		t.Error("no filter must match everything")
	}
}

// checkMatches parses each filter of cases and wants its Match of rec, whose
// columns have types, to be the case's value.
func checkMatches(t *testing.T, rec map[string]*string, types map[string]string, cases map[string]bool) {
	t.Helper()
	for in, want := range cases {
		f, err := ParseFilter(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := f.Match(rec, types[f.Column]); got != want {
			t.Errorf("%s: got %v, want %v", in, got, want)
		}
	}
}

// Each operator on each kind of column, with values as realtime-js's filter
// builder sends them (ISO timestamps with Z, quoted values, upper-case uuids).
func TestFilterTypedComparisons(t *testing.T) {
	rec := map[string]*string{
		"at":    new("2026-03-01 10:00:00.25+00"), // timestamptz as pgoutput writes it (TimeZone UTC)
		"local": new("2026-03-01 10:00:00"),       // timestamp
		"day":   new("2026-03-01"),
		"id":    new("0b5f3e2c-1d2e-4c3b-9a8f-123456789abc"),
		"big":   new("9007199254740993"), // beyond float64's exact integers
		"price": new("1e3"),
		"name":  new("Zoé, (the) \"best\""),
	}
	types := map[string]string{"at": "timestamptz", "local": "timestamp", "day": "date", "id": "uuid", "big": "int8", "price": "numeric", "name": "text"}
	cases := map[string]bool{
		// timestamptz: instants, whatever the notation
		"at=eq.2026-03-01T10:00:00.250Z":                       true,
		"at=eq.2026-03-01T11:00:00.25+01:00":                   true,
		"at=eq.2026-03-01 10:00:00.25+00":                      true,
		"at=neq.2026-03-01T10:00:00Z":                          true,
		"at=lt.2026-03-01T10:00:01Z":                           true,
		"at=lt.2026-03-01T09:00:00Z":                           false,
		"at=lte.2026-03-01T10:00:00.250Z":                      true,
		"at=gt.2026-03-01T10:00:00.2Z":                         true,
		"at=gt.2026-03-01T12:00:00+01:00":                      false, // 11:00 UTC
		"at=gte.2026-03-01":                                    true,
		"at=in.(2026-01-01T00:00:00Z,2026-03-01T10:00:00.25Z)": true,
		"at=eq.yesterday-ish":                                  false, // unreadable: nothing
		"at=lt.infinity":                                       true,
		// timestamp: wall clock, an offset ignored
		"local=eq.2026-03-01T10:00:00":       true,
		"local=eq.2026-03-01T10:00:00+05:00": true,
		"local=gt.2026-03-01T09:59:59.999":   true,
		"local=lt.2026-03-01T09:59:59.999":   false,
		// date
		"day=eq.2026-03-01":     true,
		"day=lte.2026-02-28":    false,
		"day=gt.2026-02-28":     true,
		"day=in.(2026-03-01,x)": true,
		// uuid: any case, braces
		"id=eq.0B5F3E2C-1D2E-4C3B-9A8F-123456789ABC":                                        true,
		"id=eq.{0b5f3e2c-1d2e-4c3b-9a8f-123456789abc}":                                      true,
		"id=neq.0B5F3E2C-1D2E-4C3B-9A8F-123456789ABC":                                       false,
		"id=lt.ffffffff-0000-0000-0000-000000000000":                                        true,
		"id=gt.ffffffff-0000-0000-0000-000000000000":                                        false,
		"id=in.(00000000-0000-0000-0000-000000000000,0B5F3E2C-1D2E-4C3B-9A8F-123456789ABC)": true,
		"id=eq.not-a-uuid": false,
		// numbers: exact, any notation
		"big=eq.9007199254740993":  true,
		"big=gt.9007199254740992":  true,
		"big=lte.9007199254740992": false,
		"price=eq.1000":            true,
		"price=gte.999.99":         true,
		"price=lt.1000.01":         true,
		"price=in.(1,1000.0)":      true,
		// text: exact, the builder's quoting undone
		`name=eq."Zoé, (the) \"best\""`:     true,
		`name=in.("Zoé, (the) \"best\"",x)`: true,
		"name=neq.zoé":                      true,
		"name=gt.Z":                         true,
		"name=lt.Z":                         false,
		"name=lte.Zz":                       true,
		"name=gte.a":                        false, // byte order: upper case first
	}
	checkMatches(t, rec, types, cases)
}
