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
// way (each track and untrack, by owner: server id / channel id). A server that
// starts (or reconnects its listener) says "hello" and the others send it their
// tracked entries; the entries of a server whose listener has left
// pg_stat_activity are removed (sweep). The same connection LISTENs to the
// changes the elected reader publishes (changes.go).

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
	m.Server, m.Room = rt.serverID, room // room "" with Op "hello"
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

// RunFanout listens for the changes the reader publishes and for the broadcasts
// and presence of other servers, until ctx ends; it also sweeps (sweep).
func (rt *Realtime) RunFanout(ctx context.Context) {
	go rt.sweepLoop(ctx)
	for ctx.Err() == nil {
		err := rt.listen(ctx)
		rt.listening.Store(false)
		if ctx.Err() != nil {
			return
		}
		rt.log.Warn("realtime: fan-out listener stopped; retrying (changes committed meanwhile do not reach this server's subscribers)", "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// appName marks the listener's session in pg_stat_activity: the other servers
// tell from it that this one lives (sweep).
const appNamePrefix = "realtime:"

func (rt *Realtime) listen(ctx context.Context) error {
	c, err := rt.opt.Pool.Acquire(ctx)
	if err != nil {
		return err
	}
	// LISTEN ties the connection to us: it never goes back to the pool.
	conn := c.Hijack()
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "select pg_catalog.set_config('application_name', $1, false)", appNamePrefix+rt.serverID); err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, "listen "+fanoutChannel+"; listen "+changesChannel); err != nil {
		return err
	}
	rt.listening.Store(true)
	// Ask the others for their presence (they may have had members before we came
	// or while we were away), and tell them ours again (a listener away for more
	// than a sweep or two has been taken for dead).
	rt.fanout("", fanMsg{Op: "hello"})
	rt.announce()
	load := func(ctx context.Context, id int64) (string, error) {
		var body string
		err := rt.opt.Pool.QueryRow(ctx, "select body from realtime.fanout_changes where id = $1", id).Scan(&body)
		return body, err
	}
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if n.Channel == changesChannel {
			if err := rt.apply(ctx, &rt.applied, n.Payload, load); err != nil {
				rt.log.Error("realtime: change not delivered", "err", err)
			}
			continue
		}
		var m fanMsg
		if json.Unmarshal([]byte(n.Payload), &m) != nil || m.Server == rt.serverID {
			continue
		}
		if m.Op == "hello" {
			rt.announce()
			continue
		}
		if m.Room == "" {
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

// announce publishes this server's presence entries (to a server that said hello).
func (rt *Realtime) announce() {
	for _, e := range rt.tops.owned(rt.serverID + "/") {
		rt.fanout(e.room, fanMsg{Op: "track", Owner: e.owner, Key: e.entry.key, Ref: e.entry.ref, PMeta: e.entry.meta})
	}
}

// sweepEvery is how often a server looks at who lives: a dead server's presence
// goes after two sweeps without its listener (2 to 4 s).
var sweepEvery = 2 * time.Second

// readerGrace: how long after the slot was last seen active this server still
// says it is ready (another server is taking over; nothing is lost meanwhile).
const readerGrace = 30 * time.Second

func (rt *Realtime) sweepLoop(ctx context.Context) {
	t := time.NewTicker(sweepEvery)
	defer t.Stop()
	for {
		rt.sweep(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// sweep asks PostgreSQL whether a reader streams the slot (health: a slot being
// created is active but has no confirmed position until its consistent point,
// and what commits before that point is not for it) and which
// servers' listeners are connected; the presence entries of a server missing from
// two sweeps in a row are removed (a leave diff goes to the members here).
func (rt *Realtime) sweep(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	var slot string
	if p := rt.slot.Load(); p != nil {
		slot = *p
	} else {
		var db string
		if err := rt.opt.Pool.QueryRow(ctx, "select pg_catalog.current_database()").Scan(&db); err != nil {
			return
		}
		slot = slotFor(db)
	}
	var exists, active bool
	var lag int64
	var live []string
	err := rt.opt.Pool.QueryRow(ctx, `select
		count(s.*) > 0, coalesce(bool_or(s.active and s.confirmed_flush_lsn is not null), false),
		coalesce(max(pg_catalog.pg_wal_lsn_diff(pg_catalog.pg_current_wal_lsn(), s.confirmed_flush_lsn))::int8, -1),
		array(select substr(application_name, $3) from pg_catalog.pg_stat_activity
			where datname = pg_catalog.current_database() and application_name like $2)
		from pg_catalog.pg_replication_slots s where s.slot_name = $1`,
		slot, appNamePrefix+"%", len(appNamePrefix)+1).Scan(&exists, &active, &lag, &live)
	if err != nil {
		if ctx.Err() == nil {
			rt.log.Warn("realtime: sweep", "err", err)
		}
		return
	}
	if active {
		rt.lastActive = time.Now()
	}
	rt.readerUp.Store(active || (exists && time.Since(rt.lastActive) < readerGrace))
	rt.slotLag.Store(lag)
	alive := map[string]bool{rt.serverID: true}
	for _, id := range live {
		alive[id] = true
	}
	for _, id := range rt.tops.servers() {
		if alive[id] {
			delete(rt.missing, id)
			continue
		}
		rt.missing[id]++
		if rt.missing[id] >= 2 {
			n := rt.tops.removeServer(id + "/")
			rt.stats.reclaimed.Add(int64(n))
			delete(rt.missing, id)
			rt.log.Info("realtime: removed the presence of a server that is gone", "server", id, "entries", n)
		}
	}
	for id := range rt.missing {
		if alive[id] {
			delete(rt.missing, id)
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
