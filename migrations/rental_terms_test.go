package migrations_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// rentalTerms is public.rental_terms() as the site reads it (anon), decoded.
func rentalTerms(t *testing.T, w *world) map[string]any {
	t.Helper()
	var v map[string]any
	readJSON(t, w.db, w.as(anon), &v, `select public.rental_terms()`)
	return v
}

// termsCategory is one category's entry of rental_terms().
func termsCategory(t *testing.T, terms map[string]any, category string) map[string]any {
	t.Helper()
	for _, c := range terms["categories"].([]any) {
		if m := c.(map[string]any); m["category"] == category {
			return m
		}
	}
	t.Fatalf("rental_terms has no %s: %v", category, terms["categories"])
	return nil
}

// A limited mileage has a price per extra kilometre and an unlimited one none: the
// database refuses either half alone, whoever writes it.
func TestExtraKilometrePriceGoesWithALimitedMileage(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, c := range []struct {
		name, sql string
		ok        bool
	}{
		{"limited without a price", `update public.category_key_facts set mileage_km_per_day = 200, extra_km_price = null where category = 'Compact'`, false},
		{"unlimited with a price", `update public.category_key_facts set mileage_km_per_day = null, extra_km_price = 2 where category = 'Compact'`, false},
		{"a free extra kilometre", `update public.category_key_facts set mileage_km_per_day = 200, extra_km_price = 0 where category = 'Compact'`, false},
		{"limited with a price", `update public.category_key_facts set mileage_km_per_day = 200, extra_km_price = 1.75 where category = 'Compact'`, true},
		{"back to unlimited", `update public.category_key_facts set mileage_km_per_day = null, extra_km_price = null where category = 'Compact'`, true},
		{"the van's price removed", `update public.category_key_facts set extra_km_price = null where category = 'Utilitaire'`, false},
	} {
		_, err := w.try(admin, c.sql)
		if c.ok && err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if !c.ok && sqlState(err) != "23514" {
			t.Errorf("%s: %v, want a check violation (23514)", c.name, err)
		}
	}
	// The seeded limited categories have their price; nobody but an administrator sets it.
	if n := superScalar[int64](t, w, `select count(*) from public.category_key_facts where mileage_km_per_day is not null and extra_km_price is null`); n != 0 {
		t.Errorf("%d limited categories without a price per extra km", n)
	}
	for _, a := range []string{anon, user} {
		if n, err := w.try(a, `update public.category_key_facts set extra_km_price = 9 where category = 'Utilitaire'`); err == nil && n > 0 {
			t.Errorf("%s changed the price per extra km", a)
		}
	}
}

// rental_terms() states the rules and every category's key facts, deposit and
// excess as the tables hold them, follows an administrator's change at once, and
// the quote states the same price per extra kilometre.
func TestRentalTermsStateTheTablesAndFollowTheirChanges(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	terms := rentalTerms(t, w)
	cats := terms["categories"].([]any)
	if n := superScalar[int64](t, w, `select count(*) from public.category_key_facts`); int64(len(cats)) != n {
		t.Fatalf("rental_terms lists %d categories, the key facts %d", len(cats), n)
	}
	if cats[0].(map[string]any)["category"] != "Économique" {
		t.Errorf("first category %v, want the cheapest class (Économique)", cats[0])
	}
	for k, sql := range map[string]string{
		"free_cancellation_hours": `select free_cancellation_hours from public.rental_rules`,
		"late_cancellation_days":  `select late_cancellation_days from public.rental_rules`,
		"longest_rental_days":     `select longest_rental_days from public.rental_rules`,
	} {
		if want := superScalar[int32](t, w, sql); terms[k] != float64(want) {
			t.Errorf("%s = %v, want %d", k, terms[k], want)
		}
	}
	van := termsCategory(t, terms, "Utilitaire")
	for k, sql := range map[string]string{
		"mileage_km_per_day": `select mileage_km_per_day::float8 from public.category_key_facts where category = 'Utilitaire'`,
		"extra_km_price":     `select extra_km_price::float8 from public.category_key_facts where category = 'Utilitaire'`,
		"min_driver_age":     `select min_driver_age::float8 from public.category_key_facts where category = 'Utilitaire'`,
		"deposit":            `select amount::float8 from public.category_deposits where category = 'Utilitaire'`,
	} {
		if want := superScalar[float64](t, w, sql); van[k] != want {
			t.Errorf("Utilitaire %s = %v, want %v", k, van[k], want)
		}
	}
	if x := van["excess"].([]any); len(x) != 3 || x[0].(map[string]any)["insurance"] != "basic" {
		t.Errorf("Utilitaire excess %v, want three levels from basic", x)
	}

	// The administrator changes the Berline's driver and mileage; the terms and the quote follow.
	if n, err := w.run(admin, `update public.category_key_facts set min_driver_age = 27, min_licence_years = 5,
		mileage_km_per_day = 180, extra_km_price = 2.5 where category = 'Berline'`); err != nil || n != 1 {
		t.Fatalf("administrator: %d rows, %v", n, err)
	}
	saloon := termsCategory(t, rentalTerms(t, w), "Berline")
	for k, want := range map[string]any{"min_driver_age": 27.0, "min_licence_years": 5.0, "mileage_km_per_day": 180.0, "extra_km_price": 2.5} {
		if saloon[k] != want {
			t.Errorf("after the change Berline %s = %v, want %v", k, saloon[k], want)
		}
	}
	q := keyFactsQuote(t, w, w.carB, "basic") // carB is a Berline
	if q["extra_km_price"] != 2.5 || q["mileage_km_per_day"] != 180.0 {
		t.Errorf("quote: %v km/day at %v DH per extra km, want 180 at 2.5", q["mileage_km_per_day"], q["extra_km_price"])
	}
	if q := keyFactsQuote(t, w, w.carA, "basic"); q["extra_km_price"] != nil {
		t.Errorf("an unlimited mileage's quote states a price per extra km: %v", q["extra_km_price"])
	}
}

// The pages that state the terms are rendered ahead of visitors: a change to what
// they say is announced on page_content at commit, and their data carries the terms.
func TestTermsChangesReachThePages(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, w.db.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `listen page_content`); err != nil {
		t.Fatal(err)
	}
	for table, sql := range map[string]string{
		"category_key_facts": `update public.category_key_facts set min_licence_years = 4 where category = 'Compact'`,
		"category_excess":    `update public.category_excess set amount = 7000 where category = 'Compact' and insurance = 'basic'`,
		"category_deposits":  `update public.category_deposits set amount = 4500 where category = 'Compact'`,
		"rental_rules":       `update public.rental_rules set free_cancellation_hours = 36`,
	} {
		if _, err := w.run(admin, sql); err != nil {
			t.Fatalf("%s: %v", table, err)
		}
		wait, cancel := context.WithTimeout(ctx, 5*time.Second)
		n, err := conn.WaitForNotification(wait)
		cancel()
		if err != nil || n.Payload != `{"table": "`+table+`"}` {
			t.Errorf("%s: notification %v, %v", table, n, err)
		}
	}
	for _, path := range []string{"/", "/contact", "/conditions-de-location", "/pourquoi-nous", "/cars/renault-clio-test"} {
		var data map[string]any
		readJSON(t, w.db, w.as(anon), &data, `select public.page_data($1)`, path)
		terms, _ := data["rentalTerms"].(map[string]any)
		if terms == nil || terms["free_cancellation_hours"] != 36.0 || termsCategory(t, terms, "Compact")["min_licence_years"] != 4.0 {
			t.Errorf("%s: rentalTerms %v, want the changed rules", path, terms)
		}
	}
}
