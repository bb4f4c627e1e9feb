package realtime

// phx_join and phx_leave: who may join a topic, what its postgres_changes
// bindings are, and what leaving undoes.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"

	"casarent/server/jwtauth"
)

type joinPayload struct {
	Config struct {
		PostgresChanges []map[string]any `json:"postgres_changes"`
		Private         bool             `json:"private"`
		Broadcast       struct {
			Self bool `json:"self"`
		} `json:"broadcast"`
		Presence struct {
			Key     string `json:"key"`
			Enabled bool   `json:"enabled"`
		} `json:"presence"`
	} `json:"config"`
	AccessToken string `json:"access_token"`
}

// identify turns a token (a project key or a user's JWT) into an identity.
func (s *session) identify(token string) (*jwtauth.Identity, error) {
	if token == "" {
		return s.id, nil
	}
	if id, err := s.rt.opt.Verifier.FromKey(token); err == nil {
		return id, nil
	}
	return s.rt.opt.Verifier.Verify(token)
}

func (s *session) join(m Message) {
	lim := s.rt.lim
	if !s.joins.take(time.Now()) {
		s.rt.limited.joins.Add(1)
		s.send(reply(m, "error", map[string]any{"reason": reasonTooManyJoins}))
		s.closeAfterQueued(reasonTooManyJoins)
		return
	}
	if !strings.HasPrefix(m.Topic, "realtime:") {
		s.send(reply(m, "error", map[string]any{"reason": "unmatched topic"}))
		return
	}
	if s.joinedOthers(m.Topic) >= lim.ChannelsPerClient {
		s.rt.limited.channels.Add(1)
		s.send(reply(m, "error", map[string]any{"reason": reasonTooManyChannels}))
		return
	}
	var p joinPayload
	if err := json.Unmarshal(m.Payload, &p); err != nil {
		s.send(reply(m, "error", map[string]any{"reason": "invalid join payload"}))
		return
	}
	if len(p.Config.PostgresChanges) > lim.BindingsPerJoin {
		s.rt.limited.bindings.Add(1)
		s.send(reply(m, "error", map[string]any{"reason": reasonTooManyBindings(lim.BindingsPerJoin)}))
		return
	}
	id, err := s.identify(p.AccessToken)
	if err != nil {
		s.send(reply(m, "error", map[string]any{"reason": tokenReason(err, s.rt.opt.Now())}))
		return
	}
	ch, reason := s.newChannel(m, p, id)
	if ch == nil {
		s.send(reply(m, "error", map[string]any{"reason": reason}))
		return
	}
	out, err := ch.bind(p.Config.PostgresChanges)
	if err != nil {
		s.send(reply(m, "error", map[string]any{"reason": err.Error()}))
		return
	}
	s.replaceChannel(ch)
	ch.armExpiry(id)
	resp := map[string]any{}
	if len(out) > 0 {
		resp["postgres_changes"] = out
	}
	// The reply first: realtime-js drops events that arrive before it (their
	// binding ids are not known yet).
	s.send(reply(m, "ok", resp))
	s.activate(ch)
	if ch.presence {
		// Phoenix's client holds presence diffs until it has the state.
		state := map[string]any{}
		if ch.can(readPresence) {
			state = s.rt.tops.state(ch.room)
		}
		ch.push("presence_state", state)
	}
	if len(out) > 0 {
		s.reportChanges(ch)
	}
}

// joinedOthers counts the session's channels other than topic's (a join of a
// joined topic replaces its channel: it adds none).
func (s *session) joinedOthers(topic string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.channels)
	if _, ok := s.channels[topic]; ok {
		n--
	}
	return n
}

// newChannel builds the channel a join asks for, with its rights; nil and the
// reason of the refusal when the caller may not read a private topic.
func (s *session) newChannel(m Message, p joinPayload, id *jwtauth.Identity) (*channel, string) {
	ch := &channel{s: s, topic: m.Topic, joinRef: m.JoinRef, role: id.Role, claims: id.ClaimsJSON,
		self: p.Config.Broadcast.Self, presence: p.Config.Presence.Enabled, presenceKey: p.Config.Presence.Key,
		private: p.Config.Private, room: m.Topic, perms: allPerms, owner: s.rt.serverID + "/" + uuid.NewString()}
	if ch.private {
		ch.room = "private:" + m.Topic
		pm, err := s.rt.authorize(s.ctx, id.Role, id.ClaimsJSON, strings.TrimPrefix(m.Topic, "realtime:"))
		if err != nil {
			s.rt.log.Error("realtime: private channel authorization failed", "topic", m.Topic, "err", err)
			return nil, "Unable to check the permissions of this Channel topic"
		}
		if pm&(readBroadcast|readPresence) == 0 {
			return nil, unauthorizedRead(m.Topic)
		}
		ch.perms = pm
	}
	if ch.presenceKey == "" {
		ch.presenceKey = uuid.NewString() // realtime's default key: one per channel
	}
	return ch, ""
}

// bind reads the postgres_changes entries of the join config into ch's
// bindings (ids from 1, in order) and returns them as the reply echoes them.
func (ch *channel) bind(pcs []map[string]any) ([]map[string]any, error) {
	var out []map[string]any
	for i, pc := range pcs {
		b, err := parseBinding(pc, i+1)
		if err != nil {
			return nil, err
		}
		b.ch = ch
		ch.bindings = append(ch.bindings, b)
		out = append(out, b.raw)
	}
	return out, nil
}

// replaceChannel records ch as the session's channel of its topic: a second
// join of a topic replaces the first, as Phoenix does.
func (s *session) replaceChannel(ch *channel) {
	s.mu.Lock()
	old := s.channels[ch.topic]
	s.channels[ch.topic] = ch
	s.mu.Unlock()
	if old != nil {
		s.drop(old)
	}
}

// activate registers a joined channel's bindings for changes and its room for
// broadcast and presence.
func (s *session) activate(ch *channel) {
	s.rt.hub.add(ch.bindings)
	ch.mu.Lock()
	closed := ch.closed // its token may have run out meanwhile (drop ran before add)
	ch.mu.Unlock()
	if closed {
		s.rt.hub.remove(ch.bindings)
	}
	s.rt.tops.join(ch)
	s.rt.stats.channels.Add(1)
}

// reportChanges tells the client, as realtime does, whether its
// postgres_changes subscription will receive anything.
func (s *session) reportChanges(ch *channel) {
	sub := strings.TrimPrefix(ch.topic, "realtime:")
	if missing := s.rt.unpublished(s.ctx, ch.bindings); missing != nil {
		// As realtime says it: the subscription stands but nothing will come.
		ch.push(evSystem, map[string]any{"channel": sub, "extension": "postgres_changes", "status": "error",
			"message": fmt.Sprintf("Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [schema: %s, table: %s, filters: []]", missing.schema, missing.table)})
	} else if s.rt.ready() {
		ch.push(evSystem, map[string]any{"channel": sub, "extension": "postgres_changes", "message": "Subscribed to PostgreSQL", "status": "ok"})
	} else {
		ch.push(evSystem, map[string]any{"channel": sub, "extension": "postgres_changes", "message": "Subscribing to PostgreSQL failed: replication is not running", "status": "error"})
	}
}

// unpublished returns the first binding naming a table that is not in the
// publication (nil when all are, or when the check itself fails).
func (rt *Realtime) unpublished(ctx context.Context, bs []*binding) *binding {
	for _, b := range bs {
		if b.schema == "*" || b.table == "" || b.table == "*" {
			continue
		}
		var ok bool
		err := rt.opt.Pool.QueryRow(ctx, `select exists (select 1 from pg_catalog.pg_publication_tables
			where pubname = $1 and schemaname = $2 and tablename = $3)`, rt.opt.Publication, b.schema, b.table).Scan(&ok)
		if err == nil && !ok {
			return b
		}
	}
	return nil
}

// parseBinding reads one postgres_changes entry {event, schema, table, filter}.
func parseBinding(pc map[string]any, id int) (*binding, error) {
	str := func(k string) string { v, _ := pc[k].(string); return v }
	b := &binding{id: id, event: strings.ToUpper(str("event")), schema: str("schema"), table: str("table")}
	switch b.event {
	case "*", "INSERT", "UPDATE", "DELETE":
	default:
		return nil, fmt.Errorf("invalid postgres_changes event %q", str("event"))
	}
	if b.schema == "" {
		return nil, errors.New("postgres_changes needs a schema")
	}
	f, err := ParseFilter(str("filter"))
	if err != nil {
		return nil, err
	}
	b.filter = f
	b.raw = map[string]any{"id": id, "event": str("event"), "schema": b.schema}
	if t := str("table"); t != "" {
		b.raw["table"] = t
	}
	if f := str("filter"); f != "" {
		b.raw["filter"] = f
	}
	return b, nil
}

func (s *session) leave(m Message) {
	s.mu.Lock()
	ch := s.channels[m.Topic]
	delete(s.channels, m.Topic)
	s.mu.Unlock()
	if ch != nil {
		s.drop(ch)
	}
	s.send(reply(m, "ok", nil))
	s.send(Message{JoinRef: m.JoinRef, Ref: m.Ref, Topic: m.Topic, Event: evClose, Payload: json.RawMessage("{}")})
}

// drop unregisters a channel's bindings and stops its token timer.
func (s *session) drop(ch *channel) {
	ch.mu.Lock()
	if !ch.closed {
		s.rt.stats.channels.Add(-1)
	}
	ch.closed = true
	if ch.expiry != nil {
		ch.expiry.Stop()
	}
	ch.mu.Unlock()
	s.rt.hub.remove(ch.bindings)
	if s.rt.tops.leave(ch) {
		s.rt.fanout(ch.room, fanMsg{Op: "untrack", Owner: ch.owner})
	}
}
