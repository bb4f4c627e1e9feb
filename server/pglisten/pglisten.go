// Package pglisten keeps a connection of its own listening on a PostgreSQL
// channel for as long as a context lasts: each notification goes to a callback,
// and a lost connection is dialled again after a pause. Notifications sent
// while it was lost are missed, so the caller is told each time listening
// starts again.
package pglisten

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Listener is one channel's listener; Run runs it.
type Listener struct {
	Channel string
	Config  *pgx.ConnConfig // copied for each connection
	// Listening, when set, runs each time the channel is listened to: first
	// (first is true), and after each reconnection.
	Listening func(first bool)
	// Notify (required) runs for each notification, on Run's goroutine.
	Notify func(n *pgconn.Notification)
	// Lost (required) runs with the reason each time the connection is lost (not
	// when the context ends), before the pause.
	Lost func(err error)
	// Retry is the pause before dialling again; 10 s when zero.
	Retry time.Duration
}

// Run listens until ctx ends.
func (l *Listener) Run(ctx context.Context) {
	retry := l.Retry
	if retry <= 0 {
		retry = 10 * time.Second
	}
	first := true
	for ctx.Err() == nil {
		err := l.listen(ctx, &first)
		if ctx.Err() != nil {
			return
		}
		l.Lost(err)
		select {
		case <-ctx.Done():
		case <-time.After(retry):
		}
	}
}

// listen is one connection's life: it returns why the connection ended.
func (l *Listener) listen(ctx context.Context, first *bool) error {
	conn, err := pgx.ConnectConfig(ctx, l.Config.Copy())
	if err != nil {
		return err
	}
	defer conn.Close(context.WithoutCancel(ctx))
	if _, err := conn.Exec(ctx, "listen "+pgx.Identifier{l.Channel}.Sanitize()); err != nil {
		return err
	}
	if l.Listening != nil {
		l.Listening(*first)
	}
	*first = false
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		l.Notify(n)
	}
}
