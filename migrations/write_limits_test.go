package migrations_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/pgrole"
)

// from is the audience's session with a client address, as the server sets it.
func (w *world) from(audience, ip string) pgrole.Session {
	s := w.as(audience)
	s.ClientIP = ip
	return s
}

func (w *world) insertContact(s pgrole.Session) error {
	return pgrole.Do(context.Background(), w.db.Pool, s, func(c pgrole.Conn) error {
		_, err := c.Exec(context.Background(), `insert into public.contacts (name, email, subject, message) values ('Flood', 'f@example.com', 'S', 'M')`)
		return err
	})
}

func isLimited(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "PT429"
}

func TestPublicWritesAreLimitedPerAddress(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	// contacts: a burst of 5 per address (private.write_limits).
	for i := range 5 {
		if err := w.insertContact(w.from(anon, "203.0.113.7")); err != nil {
			t.Fatalf("message %d: %v", i+1, err)
		}
	}
	if err := w.insertContact(w.from(anon, "203.0.113.7")); !isLimited(err) {
		t.Fatalf("6th message from one address: %v, want PT429", err)
	}
	if err := w.insertContact(w.from(user, "203.0.113.7")); !isLimited(err) { // signing in does not lift it
		t.Fatalf("signed-in user, same address: %v, want PT429", err)
	}
	for _, s := range []pgrole.Session{
		w.from(anon, "198.51.100.2"),   // another address has its own bucket
		w.from(admin, "203.0.113.7"),   // administrators are not limited
		w.from(service, "203.0.113.7"), // nor the service role
		w.as(anon),                     // nor SQL without a client address
	} {
		if err := w.insertContact(s); err != nil {
			t.Fatalf("%s from %q: %v", s.Role, s.ClientIP, err)
		}
	}
	// The bucket refills with time: 10 minutes later the burst is back.
	if _, err := w.db.Admin.Exec(context.Background(),
		`update private.write_buckets set updated_at = updated_at - interval '10 minutes' where key = 'contacts:203.0.113.7'`); err != nil {
		t.Fatal(err)
	}
	if err := w.insertContact(w.from(anon, "203.0.113.7")); err != nil {
		t.Fatalf("after the refill: %v", err)
	}
	// Bookings and clicks have their own buckets; a bulk insert spends one token per row.
	err := pgrole.Do(context.Background(), w.db.Pool, w.from(anon, "203.0.113.7"), func(c pgrole.Conn) error {
		_, err := c.Exec(context.Background(), `insert into public.whatsapp_clicks (car_id) select $1 from generate_series(1, 61)`, w.carA)
		return err
	})
	if !isLimited(err) {
		t.Fatalf("61 clicks at once: %v, want PT429", err)
	}
	if n := superScalar[int64](t, w, `select count(*) from public.whatsapp_clicks where user_agent is null and car_id = 1001 and created_at > now() - interval '1 minute'`); n != 0 {
		t.Fatalf("%d clicks kept from the refused insert", n)
	}
	// No role of the API can read or change the buckets.
	for _, a := range []string{anon, user, admin} {
		if _, err := w.try(a, `update private.write_buckets set tokens = 100`); err == nil {
			t.Fatalf("%s changed the buckets", a)
		}
	}
}
