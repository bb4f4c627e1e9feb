// Package holds ends the bookings whose hold lapsed: an unpaid PayPal attempt or an
// unconfirmed WhatsApp request becomes 'expired' and frees its dates
// (public.expire_booking_holds, docs/reservations.md). The rule and its timing live
// in the database; this loop only calls it. Every replica runs it: the function
// claims rows with SKIP LOCKED, so each booking expires once.
package holds

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/server/pgrole"
)

// Deps are what the loop needs.
type Deps struct {
	Pool   *pgxpool.Pool // authenticator pool; the call runs as service_role
	Every  time.Duration // HOLD_EXPIRY_INTERVAL; 0 turns the loop off
	Logger *slog.Logger
}

// ExpireOnce expires every lapsed hold and reports how many.
func ExpireOnce(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	var n int
	err := pgrole.Query(ctx, pool, pgrole.Session{Role: "service_role", Method: "POST", Path: "/internal/expire-holds"}, false,
		`select public.expire_booking_holds()`, nil, func(r pgx.Rows) error {
			if !r.Next() {
				return r.Err()
			}
			return r.Scan(&n)
		})
	if err != nil {
		return 0, fmt.Errorf("expire holds: %w", err)
	}
	return n, nil
}

// Run calls ExpireOnce every d.Every until ctx ends; errors are logged and the
// next tick tries again.
func Run(ctx context.Context, d Deps) {
	if d.Every <= 0 {
		return
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	t := time.NewTicker(d.Every)
	defer t.Stop()
	for {
		n, err := ExpireOnce(ctx, d.Pool)
		switch {
		case err != nil && ctx.Err() == nil:
			d.Logger.ErrorContext(ctx, "booking holds", "err", err)
		case n > 0:
			d.Logger.InfoContext(ctx, "booking holds expired", "count", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
