package migrations_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"

	"casarent/server/pgrole"
	"casarent/server/pgtest"
)

// Every car of the seed: an extra the car includes (the cars column the price
// list names in booking_options.included_by is true) adds 0 to the quote and is
// listed in the quote's "included"; an extra it does not include adds its price;
// and a visitor's booking with every extra stores the quote's total.
func TestIncludedExtrasCostNothingForEverySeedCar(t *testing.T) {
	t.Parallel()
	db := pgtest.New(t)
	ctx := context.Background()
	db.Exec(t, devSeed(t))
	// Prices only: every car may be booked on the test's dates.
	db.Exec(t, `update public.cars set available = true, not_available_until = null`)
	quote := func(car int64, extras map[string]bool) map[string]any {
		t.Helper()
		raw, _ := json.Marshal(extras)
		var q map[string]any
		readJSON(t, db, pgtest.As("anon", ""), &q,
			`select public.quote_booking($1, current_date + 40, current_date + 43, 'basic', $2::jsonb, 'reserve', '10:00', '10:00')`,
			car, string(raw))
		return q
	}
	type extra struct {
		Key, IncludedBy string
		Price           float64
		PerDay          bool
	}
	var extras []extra
	rows, err := db.Admin.Query(ctx, `select key, coalesce(included_by, ''), price, per_day from public.booking_options where kind = 'extra' order by position`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var e extra
		if err := rows.Scan(&e.Key, &e.IncludedBy, &e.Price, &e.PerDay); err != nil {
			t.Fatal(err)
		}
		extras = append(extras, e)
	}
	type car struct {
		ID   int64
		Slug string
		Row  map[string]any
	}
	var cars []car
	rows, err = db.Admin.Query(ctx, `select id, slug, to_jsonb(c) from public.cars c order by id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var c car
		if err := rows.Scan(&c.ID, &c.Slug, &c.Row); err != nil {
			t.Fatal(err)
		}
		cars = append(cars, c)
	}
	if len(cars) != 10 {
		t.Fatalf("%d seed cars", len(cars))
	}
	inclusions := 0
	for i, c := range cars {
		t.Run(c.Slug, func(t *testing.T) {
			none := quote(c.ID, map[string]bool{})
			var want []any
			every := map[string]bool{}
			for _, e := range extras {
				every[e.Key] = true
				with := quote(c.ID, map[string]bool{e.Key: true})
				included := e.IncludedBy != "" && c.Row[e.IncludedBy] == true
				added := with["total"].(float64) - none["total"].(float64)
				price := e.Price
				if e.PerDay {
					price *= none["days"].(float64)
				}
				switch {
				case included && added != 0:
					t.Errorf("%s is included (%s) but adds %v DH", e.Key, e.IncludedBy, added)
				case !included && added != price:
					t.Errorf("%s is not included but adds %v DH, want %v", e.Key, added, price)
				}
				if included {
					want = append(want, e.Key)
					inclusions++
				}
			}
			if got, _ := none["included"].([]any); !slices.Equal(got, want) {
				t.Errorf("quote lists %v as included, want %v", got, want)
			}
			// The visitor's booking with every extra stores the quote.
			full := quote(c.ID, every)
			id := "e2000000-0000-4000-8000-00000000000" + string(rune('0'+i))
			raw, _ := json.Marshal(every)
			err := pgrole.Do(ctx, db.Pool, pgtest.As("anon", ""), func(conn pgrole.Conn) error {
				_, err := conn.Exec(ctx, `insert into public.bookings
					(id, car_id, customer_name, customer_email, customer_phone, start_date, end_date, pickup_time, return_time,
					 insurance_type, extras, payment_option, payment_method)
					values ($1, $2, 'Visiteur', 'v@example.com', '+212600000000', current_date + 40, current_date + 43, '10:00', '10:00',
					 'basic', $3::jsonb, 'reserve', 'whatsapp')`, id, c.ID, string(raw))
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			var total float64
			var stored map[string]any
			if err := db.Admin.QueryRow(ctx, `select total_price, quote from public.bookings where id = $1`, id).Scan(&total, &stored); err != nil {
				t.Fatal(err)
			}
			if total != full["total"] || stored["total"] != full["total"] || stored["extras"] != full["extras"] {
				t.Errorf("stored total %v (quote %v), the quote answers %v", total, stored, full)
			}
		})
	}
	// The seed's cars include extras (the Clio a child seat, every car road assistance).
	if inclusions == 0 {
		t.Fatal("no seed car includes an extra: the test proves nothing")
	}
}
