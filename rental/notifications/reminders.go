package notifications

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/pgrole"
)

// RemindOnce queues the reminder of every booking picked up soon
// (public.send_pickup_reminders: which bookings, how long before and once per
// pickup are the database's) and reports how many; the worker sends them.
func RemindOnce(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	var n int
	err := pgrole.Query(ctx, pool, pgrole.Session{Role: "service_role", Method: "POST", Path: "/internal/pickup-reminders"}, false,
		`select public.send_pickup_reminders()`, nil, func(r pgx.Rows) error {
			if !r.Next() {
				return r.Err()
			}
			return r.Scan(&n)
		})
	if err != nil {
		return 0, fmt.Errorf("pickup reminders: %w", err)
	}
	return n, nil
}

// RunReminders calls RemindOnce every `every` until ctx ends (0 turns it off).
// Every replica may run it: the database queues each reminder once.
func RunReminders(ctx context.Context, pool *pgxpool.Pool, every time.Duration, log *slog.Logger) {
	if every <= 0 {
		return
	}
	if log == nil {
		log = slog.Default()
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		n, err := RemindOnce(ctx, pool)
		switch {
		case err != nil && ctx.Err() == nil:
			log.ErrorContext(ctx, "pickup reminders", "err", err)
		case n > 0:
			log.InfoContext(ctx, "pickup reminders queued", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
