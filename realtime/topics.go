package realtime

import (
	"encoding/json"
	"errors"
	"maps"
	"strings"
	"sync"

	"github.com/google/uuid"
)

// Broadcast and presence between the clients of one server (fanout.go carries
// both to the other servers):
// channels are grouped by topic; a broadcast goes to the topic's other channels
// (and to the sender when its config says self), presence keeps each topic's
// tracked metas and sends Phoenix's presence_state / presence_diff.

type topics struct {
	mu       sync.Mutex
	channels map[string]map[*channel]struct{}
	presence map[string]map[string]presenceEntry // room -> owner (server/channel) -> entry
}

type presenceEntry struct {
	key  string
	ref  string
	meta map[string]any
}

func newTopics() *topics {
	return &topics{channels: map[string]map[*channel]struct{}{}, presence: map[string]map[string]presenceEntry{}}
}

// Channels meet by room: the topic, apart for private channels, so that a public
// channel of the same name hears nothing of a private one.
func (t *topics) join(ch *channel) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.channels[ch.room] == nil {
		t.channels[ch.room] = map[*channel]struct{}{}
	}
	t.channels[ch.room][ch] = struct{}{}
}

// leave removes ch, and its presence (a diff with the leave goes to the others);
// it reports whether ch was tracked.
func (t *topics) leave(ch *channel) bool {
	t.mu.Lock()
	delete(t.channels[ch.room], ch)
	if len(t.channels[ch.room]) == 0 {
		delete(t.channels, ch.room)
	}
	t.mu.Unlock()
	return t.untrack(ch)
}

func (t *topics) members(room string) []*channel {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := make([]*channel, 0, len(t.channels[room]))
	for ch := range t.channels[room] {
		out = append(out, ch)
	}
	return out
}

// broadcast relays a text broadcast payload ({type, event, payload}) from sender.
// sender is nil for a broadcast from another server (fanout.go).
func (t *topics) broadcast(room string, sender *channel, payload json.RawMessage) {
	for _, ch := range t.members(room) {
		if (ch == sender && !sender.self) || !ch.can(readBroadcast) {
			continue
		}
		ch.pushRaw("broadcast", payload)
	}
}

// broadcastBinary relays a binary user broadcast (vsn 2.0.0 kind 3) as realtime's
// kind 4 frame, to the topic's vsn 2.0.0 clients (1.0.0 has no binary form; a JSON
// payload goes to them as text).
func (t *topics) broadcastBinary(room string, sender *channel, push userBroadcastPush) {
	frame := encodeUserBroadcast(push)
	var text json.RawMessage
	if push.encoding == encodingJSON && json.Valid(push.payload) {
		text, _ = json.Marshal(map[string]any{"type": "broadcast", "event": push.event, "payload": json.RawMessage(push.payload)})
	}
	for _, ch := range t.members(room) {
		if (ch == sender && !sender.self) || !ch.can(readBroadcast) {
			continue
		}
		switch {
		case ch.s.vsn == vsn2:
			ch.sendBinary(frame)
		case text != nil:
			ch.pushRaw("broadcast", text)
		}
	}
}

// state is the topic's presence as Phoenix sends it: key -> {metas: [...]}.
func (t *topics) state(room string) map[string]any {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := map[string]any{}
	for _, e := range t.presence[room] {
		entry, _ := out[e.key].(map[string]any)
		if entry == nil {
			entry = map[string]any{"metas": []any{}}
			out[e.key] = entry
		}
		entry["metas"] = append(entry["metas"].([]any), e.metaWithRef())
	}
	return out
}

func (e presenceEntry) metaWithRef() map[string]any {
	m := make(map[string]any, len(e.meta)+1)
	maps.Copy(m, e.meta)
	m["phx_ref"] = e.ref
	return m
}

// track sets ch's meta (replacing a previous one) and tells every channel of the room.
func (t *topics) track(ch *channel, meta map[string]any) presenceEntry {
	e := presenceEntry{key: ch.presenceKey, ref: uuid.NewString(), meta: meta}
	t.put(ch.room, ch.owner, e)
	return e
}

// untrack removes ch's meta; it reports whether there was one.
func (t *topics) untrack(ch *channel) bool { return t.remove(ch.room, ch.owner) }

// put sets owner's entry in room (a channel here, or one on another server).
func (t *topics) put(room, owner string, e presenceEntry) {
	t.mu.Lock()
	if t.presence[room] == nil {
		t.presence[room] = map[string]presenceEntry{}
	}
	old, had := t.presence[room][owner]
	t.presence[room][owner] = e
	t.mu.Unlock()
	leaves := map[string]any{}
	if had {
		leaves[old.key] = map[string]any{"metas": []any{old.metaWithRef()}}
	}
	t.diff(room, map[string]any{e.key: map[string]any{"metas": []any{e.metaWithRef()}}}, leaves)
}

func (t *topics) remove(room, owner string) bool {
	t.mu.Lock()
	old, had := t.presence[room][owner]
	delete(t.presence[room], owner)
	if len(t.presence[room]) == 0 {
		delete(t.presence, room)
	}
	t.mu.Unlock()
	if had {
		t.diff(room, map[string]any{}, map[string]any{old.key: map[string]any{"metas": []any{old.metaWithRef()}}})
	}
	return had
}

type ownedEntry struct {
	room, owner string
	entry       presenceEntry
}

// owned lists the entries whose owner starts with prefix (this server's: "id/").
func (t *topics) owned(prefix string) []ownedEntry {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []ownedEntry
	for room, es := range t.presence {
		for owner, e := range es {
			if strings.HasPrefix(owner, prefix) {
				out = append(out, ownedEntry{room, owner, e})
			}
		}
	}
	return out
}

// servers lists the server ids that own entries (owners are "serverID/channel").
func (t *topics) servers() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	seen := map[string]bool{}
	var out []string
	for _, es := range t.presence {
		for owner := range es {
			id, _, _ := strings.Cut(owner, "/")
			if !seen[id] {
				seen[id] = true
				out = append(out, id)
			}
		}
	}
	return out
}

// removeServer removes every entry whose owner starts with prefix, with the
// leave diffs; it returns how many.
func (t *topics) removeServer(prefix string) int {
	n := 0
	for _, e := range t.owned(prefix) {
		if t.remove(e.room, e.owner) {
			n++
		}
	}
	return n
}

func (t *topics) diff(room string, joins, leaves map[string]any) {
	for _, ch := range t.members(room) {
		if ch.presence && ch.can(readPresence) {
			ch.push("presence_diff", map[string]any{"joins": joins, "leaves": leaves})
		}
	}
}

// The binary broadcast frames of vsn 2.0.0 (realtime-js's serializer).
const (
	kindUserBroadcastPush = 3
	kindUserBroadcast     = 4
	encodingBinary        = 0
	encodingJSON          = 1
)

type userBroadcastPush struct {
	joinRef, ref, topic, event string
	meta                       []byte
	encoding                   byte
	payload                    []byte
}

var errBadBinary = errors.New("malformed binary frame")

// decodeUserBroadcastPush reads kind 3: kind, five lengths (join_ref, ref, topic,
// event, metadata), encoding, then the five strings and the payload.
func decodeUserBroadcastPush(b []byte) (userBroadcastPush, error) {
	var p userBroadcastPush
	if len(b) < 7 || b[0] != kindUserBroadcastPush {
		return p, errBadBinary
	}
	lens := b[1:6]
	p.encoding = b[6]
	off := 7
	fields := make([][]byte, 5)
	for i, n := range lens {
		if off+int(n) > len(b) {
			return p, errBadBinary
		}
		fields[i] = b[off : off+int(n)]
		off += int(n)
	}
	p.joinRef, p.ref, p.topic, p.event = string(fields[0]), string(fields[1]), string(fields[2]), string(fields[3])
	p.meta = fields[4]
	p.payload = b[off:]
	if p.topic == "" || p.event == "" {
		return p, errBadBinary
	}
	return p, nil
}

// encodeUserBroadcast writes kind 4: kind, lengths of topic, event, metadata,
// encoding, then topic, event, metadata and the payload.
func encodeUserBroadcast(p userBroadcastPush) []byte {
	out := make([]byte, 0, 5+len(p.topic)+len(p.event)+len(p.meta)+len(p.payload))
	out = append(out, kindUserBroadcast, byte(len(p.topic)), byte(len(p.event)), byte(len(p.meta)), p.encoding)
	out = append(out, p.topic...)
	out = append(out, p.event...)
	out = append(out, p.meta...)
	return append(out, p.payload...)
}
