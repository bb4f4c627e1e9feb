package pglisten_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"casarent/server/pglisten"
	"casarent/server/pgtest"
)

// receive waits for what ch carries; the deadline only stops a broken test.
func receive[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(30 * time.Second):
		t.Fatalf("no %s", what)
		panic("unreachable")
	}
}

// A listener hands on each notification, and after its connection is cut it
// says so, listens again (telling the caller, who may have missed some) and
// hands on the next ones; it returns once its context ends.
func TestListenerReconnectsAfterALostConnection(t *testing.T) {
	db := pgtest.New(t)
	ctx, cancel := context.WithCancel(context.Background())
	listening, notes, lost := make(chan bool, 4), make(chan string, 4), make(chan error, 4)
	l := &pglisten.Listener{
		Channel:   "Pglisten Test",
		Config:    db.Pool.Config().ConnConfig,
		Listening: func(first bool) { listening <- first },
		Notify:    func(n *pgconn.Notification) { notes <- n.Payload },
		Lost:      func(err error) { lost <- err },
		Retry:     time.Millisecond,
	}
	done := make(chan struct{})
	go func() { l.Run(ctx); close(done) }()

	notify := func(payload string) {
		t.Helper()
		if _, err := db.Admin.Exec(context.Background(), `select pg_notify('Pglisten Test', $1)`, payload); err != nil {
			t.Fatal(err)
		}
	}
	if first := receive(t, listening, "first listen"); !first {
		t.Fatal("the first listen is not marked first")
	}
	notify("one")
	if got := receive(t, notes, "notification"); got != "one" {
		t.Fatalf("payload %q, want one", got)
	}

	var cut int
	err := db.Admin.QueryRow(context.Background(), `select count(pg_terminate_backend(pid)) from pg_stat_activity
		where datname = current_database() and query like 'listen %'`).Scan(&cut)
	if err != nil || cut != 1 {
		t.Fatalf("cut %d listening connections (%v), want 1", cut, err)
	}
	if err := receive(t, lost, "lost connection"); err == nil {
		t.Fatal("Lost got no reason")
	}
	if first := receive(t, listening, "second listen"); first {
		t.Fatal("listening again is marked first")
	}
	notify("two")
	if got := receive(t, notes, "notification after the reconnection"); got != "two" {
		t.Fatalf("payload %q, want two", got)
	}

	cancel()
	receive(t, done, "return after the context ended")
	if len(lost) > 0 {
		t.Errorf("the end of the context was reported as a lost connection: %v", <-lost)
	}
}
