package migrations_test

import (
	"context"
	"testing"

	"casarent/server/pgrole"
)

// The back office's times are written by the database in Casablanca's time, so a
// browser with old time-zone data cannot shift them: a message received at 10:00
// UTC on 7 December 2026 reads 11:00 (Morocco is UTC+1 outside Ramadan), and in
// the middle of Ramadan 2027 (UTC+0) it reads as received.
func TestAgencyTimesAreCasablancas(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.super(t, `insert into public.contacts (name, email, subject, message, created_at) values
		('A', 'a@example.com', 'winter', 'm', '2026-12-07 10:00:00+00'),
		('B', 'b@example.com', 'ramadan', 'm', '2027-02-25 10:00:00+00')`)
	want := map[string]string{"winter": "07/12/2026 11:00", "ramadan": "25/02/2027 10:00"}
	err := pgrole.Do(context.Background(), w.db.Pool, w.as(admin), func(c pgrole.Conn) error {
		rows, err := c.Query(context.Background(), `select c.subject, public.agency_created_at(c) from public.contacts c where c.subject in ('winter', 'ramadan')`)
		if err != nil {
			return err
		}
		defer rows.Close()
		n := 0
		for rows.Next() {
			var subject, at string
			if err := rows.Scan(&subject, &at); err != nil {
				return err
			}
			if at != want[subject] {
				t.Errorf("%s: %q, want %q", subject, at, want[subject])
			}
			n++
		}
		if n != 2 {
			t.Errorf("read %d messages", n)
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.try(anon, `select public.agency_created_at(c) from public.contacts c`); err == nil {
		t.Fatal("anon reads the agency's times")
	}
}
