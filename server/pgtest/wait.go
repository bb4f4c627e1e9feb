package pgtest

import (
	"context"
	"testing"
	"time"
)

// WaitForStatement waits until a statement whose text contains marker runs in db.
func (db *DB) WaitForStatement(t testing.TB, marker string) {
	t.Helper()
	db.waitForSession(t, "no statement with "+marker+" started",
		`state = 'active' and pg_catalog.strpos(query, $1) > 0`, marker)
}

// WaitForListener waits until a session of db listens on channel: a NOTIFY sent
// before that reaches no one, and a guessed pause can be too short on a busy
// machine. LISTEN (its channel quoted or not) is such a session's last statement, so
// pg_stat_activity shows it.
func (db *DB) WaitForListener(t testing.TB, channel string) {
	t.Helper()
	db.waitForSession(t, "no session listens on "+channel, `query in ('listen ' || $1, 'listen "' || $1 || '"')`, channel)
}

// waitForSession polls pg_stat_activity for a session of db matching where
// (a condition on its columns with one parameter) for up to 10 s.
func (db *DB) waitForSession(t testing.TB, failure, where string, arg any) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; {
		var found bool
		if err := db.Admin.QueryRow(context.Background(),
			`select exists (select 1 from pg_stat_activity where datname = current_database() and `+where+`)`, arg).Scan(&found); err != nil {
			t.Fatal(err)
		}
		if found {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("pgtest: " + failure)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
