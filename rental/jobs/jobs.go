// Package jobs calls the rental's timed database jobs. Each is a function of the
// database that does the work and says how many rows it touched: which bookings,
// how long after or before, and once per what, are the database's rules; this
// package only calls them on a schedule, as service_role. Every replica may run
// them: each function claims its rows once (SKIP LOCKED, or a row recording what
// was done).
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/pgrole"
)

// Job is one database function called on a schedule.
type Job struct {
	Name string // in logs and errors
	Done string // logged with the count when rows were touched
	Path string // the request path the call reads as (request.path, logs)
	Call string // the statement; it returns one integer
}

// ExpireHolds ends the bookings whose hold lapsed: an unpaid PayPal attempt or an
// unconfirmed WhatsApp request becomes 'expired' and frees its dates
// (docs/reservations.md).
var ExpireHolds = Job{Name: "booking holds", Done: "booking holds expired",
	Path: "/internal/expire-holds", Call: `select public.expire_booking_holds()`}

// PickupReminders queues the reminder of every booking picked up soon; the
// notifications worker sends them.
var PickupReminders = Job{Name: "pickup reminders", Done: "pickup reminders queued",
	Path: "/internal/pickup-reminders", Call: `select public.send_pickup_reminders()`}

// Once calls the job and reports how many rows it touched.
func (j Job) Once(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	var n int
	err := pgrole.Query(ctx, pool, pgrole.Session{Role: "service_role", Method: "POST", Path: j.Path}, false,
		j.Call, nil, func(r pgx.Rows) error {
			if !r.Next() {
				return r.Err()
			}
			return r.Scan(&n)
		})
	if err != nil {
		return 0, fmt.Errorf("%s: %w", j.Name, err)
	}
	return n, nil
}

// Run calls Once every `every` until ctx ends (0 turns it off); an error is
// logged and the next tick tries again.
func (j Job) Run(ctx context.Context, pool *pgxpool.Pool, every time.Duration, log *slog.Logger) {
	if every <= 0 {
		return
	}
	if log == nil {
		log = slog.Default()
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		n, err := j.Once(ctx, pool)
		switch {
		case err != nil && ctx.Err() == nil:
			log.ErrorContext(ctx, j.Name, "err", err)
		case n > 0:
			log.InfoContext(ctx, j.Done, "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
