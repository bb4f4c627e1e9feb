package config

import "time"

// Realtime configures /realtime/v1's limits per client (one websocket), named
// after Supabase Realtime's per-project settings and with its defaults where
// it has one. Zero or less means the default.
type Realtime struct {
	// MaxEventsPerSecond: broadcast and presence messages one socket may send per
	// second (token bucket); past it the channel is shut down.
	// REALTIME_MAX_EVENTS_PER_SECOND, default 100.
	MaxEventsPerSecond int
	// MaxJoinsPerSecond: joins one socket may send per second; past it the join
	// is refused and the socket closed. REALTIME_MAX_JOINS_PER_SECOND, default 100.
	MaxJoinsPerSecond int
	// MaxChannelsPerClient: channels one socket may hold.
	// REALTIME_MAX_CHANNELS_PER_CLIENT, default 100.
	MaxChannelsPerClient int
	// MaxBindingsPerJoin: postgres_changes entries one join may carry (ours;
	// Supabase has no such setting). REALTIME_MAX_BINDINGS_PER_JOIN, default 100.
	MaxBindingsPerJoin int
	// MaxPayloadKB: the largest broadcast or presence payload, in KB (1024 bytes).
	// REALTIME_MAX_PAYLOAD_SIZE_IN_KB, default 64 (Supabase's is 3000: presence
	// state lives in this process and each change of it is copied to every member).
	MaxPayloadKB int
	// ClientPresenceMaxCalls per ClientPresenceWindow: presence track and untrack
	// calls one channel may make in a fixed window; past it the channel is shut
	// down. REALTIME_CLIENT_PRESENCE_MAX_CALLS, default 5, and
	// REALTIME_CLIENT_PRESENCE_WINDOW_MS, default 30000 (Supabase Realtime's
	// CLIENT_PRESENCE_MAX_CALLS and CLIENT_PRESENCE_WINDOW_MS).
	ClientPresenceMaxCalls int
	ClientPresenceWindow   time.Duration
}

func loadRealtime(e *env) Realtime {
	return Realtime{
		MaxEventsPerSecond:     e.int("REALTIME_MAX_EVENTS_PER_SECOND", 100),
		MaxJoinsPerSecond:      e.int("REALTIME_MAX_JOINS_PER_SECOND", 100),
		MaxChannelsPerClient:   e.int("REALTIME_MAX_CHANNELS_PER_CLIENT", 100),
		MaxBindingsPerJoin:     e.int("REALTIME_MAX_BINDINGS_PER_JOIN", 100),
		MaxPayloadKB:           e.int("REALTIME_MAX_PAYLOAD_SIZE_IN_KB", 64),
		ClientPresenceMaxCalls: e.int("REALTIME_CLIENT_PRESENCE_MAX_CALLS", 5),
		ClientPresenceWindow:   time.Duration(e.int64("REALTIME_CLIENT_PRESENCE_WINDOW_MS", 30_000)) * time.Millisecond,
	}
}
