package realtime

import (
	"fmt"
	"sync/atomic"
	"time"

	"casarent/server/config"
)

// Limits bound what one client (one websocket) may cost the server. Supabase
// Realtime has the same knobs per project (max_events_per_second,
// max_joins_per_second, max_channels_per_client, max_payload_size_in_kb); here
// they hold per socket, and the refusals are the frames realtime sends, so
// realtime-js reports them as it would.
type Limits struct {
	// EventsPerSecond: broadcast (JSON and binary) and presence messages a socket
	// may send per second, a token bucket holding as many. Past it the channel the
	// message was for is shut down ("Too many messages per second").
	EventsPerSecond int
	// JoinsPerSecond: joins a socket may send per second (token bucket). Past it
	// the join is refused with "ClientJoinRateLimitReached: Too many joins per
	// second" and the socket is closed, as realtime disconnects it.
	JoinsPerSecond int
	// ChannelsPerClient: channels one socket may hold ("ChannelRateLimitReached:
	// Too many channels"); joining a topic again replaces its channel.
	ChannelsPerClient int
	// BindingsPerJoin: postgres_changes entries one join may carry; each costs a
	// lookup at join and a match on every change of its table.
	BindingsPerJoin int
	// PayloadBytes: the largest broadcast or presence payload. A broadcast over it
	// is answered "payload_size_exceeded" (dropped unanswered without a ref); a
	// presence track over it shuts the channel down ("Track message size exceeded").
	PayloadBytes int
	// PresenceCalls per PresenceWindow: presence track and untrack calls one
	// channel may make in a fixed window (realtime's CLIENT_PRESENCE_MAX_CALLS,
	// CLIENT_PRESENCE_WINDOW_MS). Past it the channel is shut down ("Client
	// presence rate limit exceeded").
	PresenceCalls  int
	PresenceWindow time.Duration
}

// DefaultLimits are Supabase Realtime's defaults where it has one (100 events
// and 100 joins a second, 100 channels a client, 5 presence calls a channel
// per 30 s). Realtime allows 3,000 KB
// payloads; ours are 64 KB because presence state is held in this process and
// every change of it is copied to each member, and a websocket frame is at most
// 1 MB here anyway. Realtime has no bindings limit; 100 is far above what a
// page subscribes to.
func DefaultLimits() Limits {
	return Limits{EventsPerSecond: 100, JoinsPerSecond: 100, ChannelsPerClient: 100, BindingsPerJoin: 100, PayloadBytes: 64 << 10,
		PresenceCalls: 5, PresenceWindow: 30 * time.Second}
}

// limitsOf reads the limits of the server's realtime settings, defaults
// filled in.
func limitsOf(c config.Realtime) Limits {
	return Limits{EventsPerSecond: c.MaxEventsPerSecond, JoinsPerSecond: c.MaxJoinsPerSecond,
		ChannelsPerClient: c.MaxChannelsPerClient, BindingsPerJoin: c.MaxBindingsPerJoin, PayloadBytes: c.MaxPayloadKB << 10,
		PresenceCalls: c.ClientPresenceMaxCalls, PresenceWindow: c.ClientPresenceWindow}.withDefaults()
}

// withDefaults fills the zero fields of l from DefaultLimits.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	for _, f := range []struct{ v, def *int }{{&l.EventsPerSecond, &d.EventsPerSecond}, {&l.JoinsPerSecond, &d.JoinsPerSecond},
		{&l.ChannelsPerClient, &d.ChannelsPerClient}, {&l.BindingsPerJoin, &d.BindingsPerJoin}, {&l.PayloadBytes, &d.PayloadBytes},
		{&l.PresenceCalls, &d.PresenceCalls}} {
		if *f.v <= 0 {
			*f.v = *f.def
		}
	}
	if l.PresenceWindow <= 0 {
		l.PresenceWindow = d.PresenceWindow
	}
	return l
}

// The refusals, worded as Supabase Realtime words them (the bindings one is ours).
const (
	reasonTooManyEvents   = "Too many messages per second"
	reasonTooManyJoins    = "ClientJoinRateLimitReached: Too many joins per second"
	reasonTooManyChannels = "ChannelRateLimitReached: Too many channels"
	reasonTrackTooLarge   = "Track message size exceeded"
	reasonPayloadTooLarge = "payload_size_exceeded"
	reasonPresenceCalls   = "Client presence rate limit exceeded"
)

func reasonTooManyBindings(max int) string {
	return fmt.Sprintf("PostgresChangesLimitReached: Too many postgres_changes bindings (at most %d per channel)", max)
}

// bucket is a token bucket refilled at rate per second up to rate tokens. A
// socket's buckets are used by its read loop only: no lock.
type bucket struct {
	rate   float64
	tokens float64
	last   time.Time
}

func newBucket(perSecond int) *bucket {
	return &bucket{rate: float64(perSecond), tokens: float64(perSecond)}
}

// take spends one token if there is one.
func (b *bucket) take(now time.Time) bool {
	if !b.last.IsZero() {
		b.tokens = min(b.rate, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// window counts calls in a fixed window, as realtime's presence limit does:
// the first call after a window ends opens the next one.
type window struct {
	calls int
	ends  time.Time
}

// take counts one call and reports whether it is within max per d.
func (w *window) take(now time.Time, max int, d time.Duration) bool {
	if w.ends.IsZero() || now.After(w.ends) {
		w.calls, w.ends = 0, now.Add(d)
	}
	if w.calls >= max {
		return false
	}
	w.calls++
	return true
}

// limitCounts count refusals by limit, for /metrics.
type limitCounts struct {
	events, joins, channels, bindings, payload, presence atomic.Int64
}
