package migrations_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/google/uuid"

	"casarent/server/pgrole"
)

// A booking's user_id is the signed-in caller's id, whatever the client sends: an
// anonymous booking cannot claim a registered user's, a signed-in user cannot
// claim another's. The server's own paths (service_role) and SQL keep theirs.
func TestBookingUserIsTheCaller(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cases := []struct {
		audience string
		sent     any // user_id in the insert
		want     *string
	}{
		{anon, w.user, nil},
		{anon, nil, nil},
		{user, w.other, &w.user},
		{user, nil, &w.user},
		{service, w.other, &w.other},
	}
	for i, c := range cases {
		id := uuid.NewString()
		err := pgrole.Do(context.Background(), w.db.Pool, w.from(c.audience, fmt.Sprintf("203.0.113.%d", 90+i)), func(conn pgrole.Conn) error {
			_, err := conn.Exec(context.Background(), `insert into public.bookings (id, user_id, car_id, customer_name, customer_email, customer_phone,
					start_date, end_date, payment_method, terms_version, driver_requirements_confirmed)
				values ($1, $2, $3, 'Visiteur', $4, $5, current_date + 30 + $6::int * 5, current_date + 32 + $6::int * 5, 'whatsapp',
					(select r.terms_version from public.rental_rules r), true)`,
				id, c.sent, w.carA, fmt.Sprintf("u%d@example.com", i), fmt.Sprintf("+21267100000%d", i), i)
			return err
		})
		if err != nil {
			t.Fatalf("%s sending user_id %v: %v", c.audience, c.sent, err)
		}
		got := superScalar[*string](t, w, `select user_id::text from public.bookings where id = $1`, id)
		if (got == nil) != (c.want == nil) || got != nil && *got != *c.want {
			t.Errorf("%s sending user_id %v: stored %v, want %v", c.audience, c.sent, deref(got), deref(c.want))
		}
	}
	// SQL (seeds, jobs) writes what it says.
	w.super(t, `insert into public.bookings (id, user_id, car_id, customer_name, customer_email, customer_phone, start_date, end_date)
		values ('b0000000-0000-4000-8000-0000000000aa', $1, $2, 'Seed', 's@example.com', '+212600000009', current_date + 80, current_date + 82)`, w.other, w.carA)
	if got := superScalar[string](t, w, `select user_id::text from public.bookings where id = 'b0000000-0000-4000-8000-0000000000aa'`); got != w.other {
		t.Errorf("SQL: stored %s, want %s", got, w.other)
	}
}

func deref(s *string) string {
	if s == nil {
		return "null"
	}
	return *s
}
