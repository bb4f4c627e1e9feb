// Package notifications sends the site's emails from the outbox table
// (public.notification_outbox), which database triggers fill in the same
// transaction as the event (a booking, a confirmation, a contact message). The
// worker runs in every server replica: rows are claimed with FOR UPDATE SKIP
// LOCKED and a lease, so each message is handled by one replica at a time, and a
// replica that dies mid-send only delays its messages by the lease. A failed send
// is retried with exponential backoff; nothing is lost while SMTP is down.
package notifications

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"casarent/rental/config"
	"casarent/server/mail"
	"casarent/server/pglisten"
	"casarent/server/pgrole"
)

// Deps are what the worker needs.
type Deps struct {
	Pool        *pgxpool.Pool // authenticator pool; statements run as service_role
	Mailer      mail.Sender
	AgencyEmail string // AGENCY_EMAIL: recipient of the agency notifications
	SiteURL     string // links in the emails
	Logger      *slog.Logger
	Now         func() time.Time
	Config      config.Outbox // zero values get defaults
}

func (d *Deps) defaults() {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Config.PollInterval <= 0 {
		d.Config.PollInterval = 2 * time.Second
	}
	if d.Config.BatchSize <= 0 {
		d.Config.BatchSize = 20
	}
	if d.Config.MaxBackoff <= 0 {
		d.Config.MaxBackoff = 30 * time.Minute
	}
	if d.Config.Lease <= 0 {
		d.Config.Lease = 2 * time.Minute
	}
	d.SiteURL = strings.TrimRight(d.SiteURL, "/")
}

// firstBackoff is the delay after a first failure; it doubles up to MaxBackoff.
const firstBackoff = 5 * time.Second

// Run sends due messages until ctx ends. It wakes on the triggers' NOTIFY and
// polls every PollInterval (the NOTIFY is only a hint: retries come due by time).
func Run(ctx context.Context, d Deps) error {
	d.defaults()
	d.Logger.Info("notification worker started", "mail_configured", d.Mailer.Configured(), "agency_email_set", d.AgencyEmail != "")
	wake := make(chan struct{}, 1)
	go listen(ctx, d, wake)
	for {
		n, err := RunOnce(ctx, d)
		if err != nil && ctx.Err() == nil {
			d.Logger.Error("notification worker", "err", err)
		}
		if ctx.Err() != nil {
			return nil
		}
		if n == d.Config.BatchSize {
			continue // more may be due
		}
		t := time.NewTimer(d.Config.PollInterval)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil
		case <-wake:
			t.Stop()
		case <-t.C:
		}
	}
}

// listen forwards NOTIFY notification_outbox to wake, on its own connection.
func listen(ctx context.Context, d Deps, wake chan<- struct{}) {
	l := &pglisten.Listener{
		Channel: "notification_outbox",
		Config:  d.Pool.Config().ConnConfig,
		Notify: func(*pgconn.Notification) {
			select {
			case wake <- struct{}{}:
			default:
			}
		},
		Lost: func(err error) {
			d.Logger.Warn("notification listener stopped; polling only until it reconnects", "err", err)
		},
	}
	l.Run(ctx)
}

// item is one claimed outbox row.
type item struct {
	ID        int64
	Kind      string
	Recipient *string
	Language  string
	Payload   json.RawMessage
	Attempts  int
}

// RunOnce claims one batch of due messages, sends them and records the outcome.
// It returns how many rows it claimed.
func RunOnce(ctx context.Context, d Deps) (int, error) {
	d.defaults()
	items, err := claim(ctx, d)
	if err != nil {
		return 0, err
	}
	for _, it := range items {
		if ctx.Err() != nil {
			return len(items), ctx.Err() // the lease returns the rest to the queue
		}
		process(ctx, d, it)
	}
	return len(items), nil
}

const claimSQL = `with due as (
	select id from public.notification_outbox
	where status = 'pending' and next_attempt_at <= now()
	order by next_attempt_at, id
	limit $1
	for update skip locked
)
update public.notification_outbox o
set attempts = o.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
from due where o.id = due.id
returning o.id, o.kind, o.recipient, o.language, o.payload, o.attempts`

// claim takes due rows for the lease: another replica skips them, and they come
// back by themselves if this one dies before recording the outcome.
func claim(ctx context.Context, d Deps) ([]item, error) {
	var items []item
	err := pgrole.Query(ctx, d.Pool, pgrole.Session{Role: "service_role"}, false, claimSQL,
		[]any{d.Config.BatchSize, d.Config.Lease.Seconds()}, func(rows pgx.Rows) (err error) {
			items, err = pgx.CollectRows(rows, func(row pgx.CollectableRow) (it item, err error) {
				err = row.Scan(&it.ID, &it.Kind, &it.Recipient, &it.Language, &it.Payload, &it.Attempts)
				return it, err
			})
			return err
		})
	if err != nil {
		return nil, fmt.Errorf("claim outbox: %w", err)
	}
	return items, nil
}

func process(ctx context.Context, d Deps, it item) {
	log := d.Logger.With("outbox_id", it.ID, "kind", it.Kind, "attempt", it.Attempts)
	to := d.AgencyEmail
	if it.Recipient != nil {
		to = *it.Recipient
	}
	if to == "" {
		log.Warn("agency notification not sent: AGENCY_EMAIL is not set")
		finish(ctx, d, it.ID, "skipped", "AGENCY_EMAIL is not set")
		return
	}
	msg, err := Render(it.Kind, it.Language, it.Payload, d.SiteURL)
	if err != nil {
		log.Error("notification cannot be rendered", "err", err)
		finish(ctx, d, it.ID, "skipped", "render: "+err.Error())
		return
	}
	msg.To = to
	msg.Headers = map[string]string{"X-Outbox-Id": strconv.FormatInt(it.ID, 10)}
	if it.Kind == KindContactCreated {
		var c struct{ Email string }
		if json.Unmarshal(it.Payload, &c) == nil && c.Email != "" {
			msg.Headers["Reply-To"] = c.Email
		}
	}
	sendCtx, cancel := context.WithTimeout(ctx, time.Minute)
	err = d.Mailer.Send(sendCtx, msg)
	cancel()
	if err != nil {
		delay := backoff(it.Attempts, d.Config.MaxBackoff)
		log.Warn("notification not sent; will retry", "err", err, "retry_in", delay)
		retry(ctx, d, it.ID, delay, err)
		return
	}
	status := "sent"
	if !d.Mailer.Configured() {
		status = "logged" // no SMTP relay: written to the log, not delivered
	}
	log.Info("notification "+status, "to", to)
	finish(ctx, d, it.ID, status, "")
}

// backoff is 5s, 10s, 20s... capped at max.
func backoff(attempts int, max time.Duration) time.Duration {
	d := firstBackoff
	for i := 1; i < attempts && d < max; i++ {
		d *= 2
	}
	if d > max {
		d = max
	}
	return d
}

func finish(ctx context.Context, d Deps, id int64, status, note string) {
	err := exec(ctx, d, `update public.notification_outbox set status = $2, sent_at = now(), last_error = nullif($3, '') where id = $1`, id, status, note)
	if err != nil {
		d.Logger.Error("record notification outcome", "outbox_id", id, "err", err)
	}
}

func retry(ctx context.Context, d Deps, id int64, delay time.Duration, cause error) {
	msg := cause.Error()
	if len(msg) > 1000 {
		msg = msg[:1000]
	}
	err := exec(ctx, d, `update public.notification_outbox set next_attempt_at = now() + make_interval(secs => $2), last_error = $3 where id = $1`,
		id, delay.Seconds(), msg)
	if err != nil {
		d.Logger.Error("record notification retry", "outbox_id", id, "err", err)
	}
}

func exec(ctx context.Context, d Deps, sql string, args ...any) error {
	ctx = context.WithoutCancel(ctx) // record what happened even while stopping
	return pgrole.Query(ctx, d.Pool, pgrole.Session{Role: "service_role"}, false, sql, args, func(pgx.Rows) error { return nil })
}

// ErrUnknownKind is returned by Render for an outbox kind it does not know.
var ErrUnknownKind = errors.New("unknown notification kind")
