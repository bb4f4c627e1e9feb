package realtime

import (
	"context"
	"encoding/json"
	"fmt"
	"time"
)

// Broadcast between replicas, through PostgreSQL (no other broker): a server
// relays each broadcast of its clients to its own channels, then publishes it with
// pg_notify on fanoutChannel; every server LISTENs there (RunFanout) and hands what
// the others published to its channels of that room. NOTIFY carries at most 8000
// bytes: a larger broadcast stays on its server (logged). Presence crosses the same
// way (each track and untrack, by owner: server id / channel id); a server that
// dies without untracking leaves its entries on the others until they restart.

const fanoutChannel = "realtime_fanout"

// fanMsg is one relayed broadcast: JSON (a text broadcast message) or a binary
// user broadcast (event, metadata, encoding, payload bytes).
type fanMsg struct {
	Server   string          `json:"s"`
	Room     string          `json:"r"`
	JSON     json.RawMessage `json:"j,omitempty"`
	Event    string          `json:"e,omitempty"`
	Meta     string          `json:"m,omitempty"`
	Encoding byte            `json:"n,omitempty"`
	Data     []byte          `json:"d,omitempty"`
	// presence: track or untrack of Owner's entry
	Op    string         `json:"o,omitempty"`
	Owner string         `json:"w,omitempty"`
	Key   string         `json:"k,omitempty"`
	Ref   string         `json:"f,omitempty"`
	PMeta map[string]any `json:"x,omitempty"`
}

func (rt *Realtime) fanout(room string, m fanMsg) {
	m.Server, m.Room = rt.serverID, room
	b, err := json.Marshal(m)
	if err != nil {
		return
	}
	if len(b) >= 8000 {
		rt.log.Warn("realtime: broadcast too large to reach other servers", "room", room, "bytes", len(b))
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := rt.opt.Pool.Exec(ctx, "select pg_catalog.pg_notify($1, $2)", fanoutChannel, string(b)); err != nil {
		rt.log.Warn("realtime: broadcast not published to other servers", "err", err)
	}
}

// RunFanout listens for the broadcasts of other servers until ctx ends.
func (rt *Realtime) RunFanout(ctx context.Context) {
	for ctx.Err() == nil {
		err := rt.listen(ctx)
		if ctx.Err() != nil {
			return
		}
		rt.log.Warn("realtime: broadcast listener stopped; retrying", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(2 * time.Second):
		}
	}
}

func (rt *Realtime) listen(ctx context.Context) error {
	c, err := rt.opt.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	// LISTEN ties the connection to us: it never goes back to the pool.
	conn := c.Hijack()
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "listen "+fanoutChannel); err != nil {
		return err
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		var m fanMsg
		if json.Unmarshal([]byte(n.Payload), &m) != nil || m.Server == rt.serverID || m.Room == "" {
			continue
		}
		rt.stats.fanIn.Add(1)
		switch {
		case m.Op == "track" && m.Owner != "":
			rt.tops.put(m.Room, m.Owner, presenceEntry{key: m.Key, ref: m.Ref, meta: m.PMeta})
		case m.Op == "untrack" && m.Owner != "":
			rt.tops.remove(m.Room, m.Owner)
		case m.JSON != nil:
			rt.tops.broadcast(m.Room, nil, m.JSON)
		case m.Event != "":
			rt.tops.broadcastBinary(m.Room, nil, userBroadcastPush{event: m.Event, meta: []byte(m.Meta), encoding: m.Encoding, payload: m.Data,
				topic: roomTopic(m.Room)})
		default:
			rt.log.Debug("realtime: unreadable fan-out message", "payload", fmt.Sprint(len(n.Payload)))
		}
	}
}

// roomTopic is the channel topic of a room ("private:realtime:x" -> "realtime:x").
func roomTopic(room string) string {
	if len(room) > len("private:") && room[:len("private:")] == "private:" {
		return room[len("private:"):]
	}
	return room
}
