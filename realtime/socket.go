package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"

	"casarent/server/httpx"
	"casarent/server/jwtauth"
)

// sendQueue is how many frames may wait for a slow client before it is cut off:
// the replication reader never blocks on one subscriber.
const sendQueue = 1024

// session is one websocket connection.
type session struct {
	rt       *Realtime
	ws       *websocket.Conn
	vsn      string
	id       *jwtauth.Identity // from the apikey of the URL
	out      chan frame
	ctx      context.Context
	cancel   context.CancelFunc
	mu       sync.Mutex
	channels map[string]*channel // by topic
	// The read loop's own: the per-client limits (limits.go), and closing, set
	// when the socket is to be closed once its queued frames are out.
	events, joins *bucket
	closing       bool
}

// frame is one websocket message to send, or (closeReason set) the order to
// close the socket after the frames queued before it.
type frame struct {
	typ         websocket.MessageType
	b           []byte
	closeReason string
}

// channel is one joined topic of a session.
type channel struct {
	s        *session
	topic    string
	joinRef  *string
	mu       sync.Mutex
	role     string
	claims   []byte
	expiry   *time.Timer
	bindings []*binding
	closed   bool
	// broadcast and presence config of the join
	self        bool
	presence    bool
	presenceKey string
	private     bool
	room        string // where broadcast and presence meet (topics.go)
	owner       string // this server's id / the channel's: its presence entries' owner
	presenceWin window // track and untrack calls of the current window (the read loop's)
	perms       perms  // under mu
}

// perms are a channel's broadcast and presence rights: all for a public channel,
// what realtime.messages' policies grant for a private one.
type perms uint8

const (
	readBroadcast perms = 1 << iota
	writeBroadcast
	readPresence
	writePresence
	allPerms = readBroadcast | writeBroadcast | readPresence | writePresence
)

func (ch *channel) can(p perms) bool {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	return ch.perms&p == p
}

// binding is one postgres_changes entry of a channel's join config.
type binding struct {
	ch     *channel
	id     int
	event  string // INSERT, UPDATE, DELETE or *
	schema string
	table  string
	filter *Filter
	raw    map[string]any // echoed in the join reply, with its id
}

func (ch *channel) identity() (string, []byte) {
	ch.mu.Lock()
	defer ch.mu.Unlock()
	return ch.role, ch.claims
}

func (rt *Realtime) serveWebsocket(w http.ResponseWriter, r *http.Request) {
	id, err := jwtauth.FromContext(r.Context())
	if err == nil && r.URL.Query().Get("apikey") == "" && r.Header.Get("apikey") == "" {
		err = jwtauth.ErrInvalidAPIKey // realtime refuses a socket without a project key
	}
	if err != nil {
		_ = httpx.WriteJSON(w, http.StatusForbidden, map[string]any{"message": err.Error()})
		return
	}
	vsn := r.URL.Query().Get("vsn")
	if vsn == "" {
		vsn = vsn1
	}
	if vsn != vsn1 && vsn != vsn2 {
		_ = httpx.WriteJSON(w, http.StatusBadRequest, map[string]any{"message": "unsupported vsn " + vsn})
		return
	}
	// Any origin: the socket is authenticated by its key and tokens, as Supabase's is.
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true})
	if err != nil {
		return
	}
	ws.SetReadLimit(1 << 20)
	ctx, cancel := context.WithCancel(context.Background())
	s := &session{rt: rt, ws: ws, vsn: vsn, id: id, out: make(chan frame, sendQueue), ctx: ctx, cancel: cancel, channels: map[string]*channel{},
		events: newBucket(rt.opt.Limits.EventsPerSecond), joins: newBucket(rt.opt.Limits.JoinsPerSecond)}
	rt.stats.connections.Add(1)
	defer rt.stats.connections.Add(-1)
	go s.writeLoop()
	s.readLoop()
	s.close()
}

func (s *session) close() {
	s.cancel()
	s.mu.Lock()
	chans := s.channels
	s.channels = map[string]*channel{}
	s.mu.Unlock()
	for _, ch := range chans {
		s.drop(ch)
	}
	_ = s.ws.CloseNow()
}

func (s *session) writeLoop() {
	for {
		select {
		case <-s.ctx.Done():
			return
		case f := <-s.out:
			if f.closeReason != "" {
				_ = s.ws.Close(websocket.StatusPolicyViolation, f.closeReason)
				s.cancel()
				return
			}
			wctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
			err := s.ws.Write(wctx, f.typ, f.b)
			cancel()
			s.rt.stats.msgsOut.Add(1)
			if err != nil {
				s.cancel()
				_ = s.ws.CloseNow()
				return
			}
		}
	}
}

// send queues m; a client that lets sendQueue frames pile up is disconnected.
func (s *session) send(m Message) {
	b, err := encodeMessage(s.vsn, m)
	if err != nil {
		return
	}
	s.sendFrame(frame{typ: websocket.MessageText, b: b})
}

func (s *session) sendFrame(f frame) {
	if s.ctx.Err() != nil {
		return
	}
	select {
	case s.out <- f:
	default:
		s.rt.log.Warn("realtime client too slow; disconnecting")
		s.cancel()
		_ = s.ws.Close(websocket.StatusPolicyViolation, "too slow")
	}
}

func (s *session) readLoop() {
	for {
		// Phoenix clients heartbeat every 25 s; a minute of silence is a dead peer.
		rctx, cancel := context.WithTimeout(s.ctx, 60*time.Second)
		typ, data, err := s.ws.Read(rctx)
		cancel()
		if err != nil {
			return
		}
		s.rt.stats.msgsIn.Add(1)
		if s.closing {
			continue
		}
		if typ == websocket.MessageBinary {
			s.binaryBroadcast(data)
			continue
		}
		m, err := decodeMessage(s.vsn, data)
		if err != nil {
			continue
		}
		s.handle(m)
	}
}

// closeAfterQueued closes the socket once what is queued has been written, and
// stops handling what the client sends meanwhile.
func (s *session) closeAfterQueued(reason string) {
	s.closing = true
	s.sendFrame(frame{closeReason: reason})
}

func (s *session) handle(m Message) {
	if s.closing {
		return
	}
	if m.Topic == topicPhoenix {
		if m.Event == evHeartbeat {
			s.send(reply(m, "ok", nil))
		}
		return
	}
	switch m.Event {
	case evJoin:
		s.join(m)
	case evLeave:
		s.leave(m)
	case evAccessToken:
		s.accessToken(m)
	case "broadcast":
		s.broadcast(m)
	case "presence":
		s.presence(m)
	default:
		if m.Ref != nil {
			s.send(reply(m, "error", map[string]any{"reason": "event not supported: " + m.Event}))
		}
	}
}

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
	lim := s.rt.opt.Limits
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

func (s *session) channel(topic string) *channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.channels[topic]
}

// overEvents spends one of the socket's events; when none is left, the
// channel of topic (if joined) is shut down, as realtime does, and the
// message must be dropped.
func (s *session) overEvents(topic string) bool {
	if s.events.take(time.Now()) {
		return false
	}
	s.rt.limited.events.Add(1)
	if ch := s.channel(topic); ch != nil {
		ch.shutdown(reasonTooManyEvents)
	}
	return true
}

// tooLarge reports a payload over the size limit (and counts it).
func (s *session) tooLarge(n int) bool {
	if n <= s.rt.opt.Limits.PayloadBytes {
		return false
	}
	s.rt.limited.payload.Add(1)
	return true
}

// broadcast relays {type: "broadcast", event, payload} to the topic's channels.
func (s *session) broadcast(m Message) {
	if s.overEvents(m.Topic) {
		return
	}
	ch := s.channel(m.Topic)
	var p struct {
		Event   string          `json:"event"`
		Payload json.RawMessage `json:"payload"`
	}
	if ch == nil || json.Unmarshal(m.Payload, &p) != nil || p.Event == "" {
		if m.Ref != nil {
			s.send(reply(m, "error", map[string]any{"reason": "not joined, or not a broadcast"}))
		}
		return
	}
	if s.tooLarge(len(p.Payload)) {
		if m.Ref != nil {
			s.send(reply(m, "error", reasonPayloadTooLarge))
		}
		return
	}
	if !ch.can(writeBroadcast) {
		if m.Ref != nil {
			s.send(reply(m, "error", map[string]any{"reason": unauthorizedWrite(m.Topic)}))
		}
		return
	}
	s.rt.tops.broadcast(ch.room, ch, m.Payload)
	s.rt.fanout(ch.room, fanMsg{JSON: m.Payload})
	if m.Ref != nil {
		s.send(reply(m, "ok", nil)) // the ack realtime-js waits for with broadcast.ack
	}
}

// binaryBroadcast handles vsn 2.0.0's binary user broadcast push.
func (s *session) binaryBroadcast(data []byte) {
	p, err := decodeUserBroadcastPush(data)
	if err != nil || s.overEvents(p.topic) {
		return
	}
	ch := s.channel(p.topic)
	if ch == nil {
		return
	}
	ref, joinRef := p.ref, p.joinRef
	if s.tooLarge(len(p.payload)) {
		if ref != "" {
			s.send(reply(Message{JoinRef: &joinRef, Ref: &ref, Topic: p.topic}, "error", reasonPayloadTooLarge))
		}
		return
	}
	if !ch.can(writeBroadcast) {
		if ref != "" {
			s.send(reply(Message{JoinRef: &joinRef, Ref: &ref, Topic: p.topic}, "error", map[string]any{"reason": unauthorizedWrite(p.topic)}))
		}
		return
	}
	s.rt.tops.broadcastBinary(ch.room, ch, p)
	s.rt.fanout(ch.room, fanMsg{Event: p.event, Meta: string(p.meta), Encoding: p.encoding, Data: p.payload})
	if ref != "" {
		s.send(reply(Message{JoinRef: &joinRef, Ref: &ref, Topic: p.topic}, "ok", nil))
	}
}

// presence handles {type: "presence", event: "track"|"untrack", payload}.
func (s *session) presence(m Message) {
	if s.overEvents(m.Topic) {
		return
	}
	ch := s.channel(m.Topic)
	var p struct {
		Event   string          `json:"event"`
		Payload json.RawMessage `json:"payload"`
	}
	if ch == nil || json.Unmarshal(m.Payload, &p) != nil {
		if m.Ref != nil {
			s.send(reply(m, "error", map[string]any{"reason": "not joined, or not a presence message"}))
		}
		return
	}
	if (p.Event == "track" || p.Event == "untrack") && !ch.presenceWin.take(time.Now(), s.rt.opt.Limits.PresenceCalls, s.rt.opt.Limits.PresenceWindow) {
		s.rt.limited.presence.Add(1)
		ch.shutdown(reasonPresenceCalls)
		return
	}
	switch p.Event {
	case "track":
		if !ch.can(writePresence) {
			if m.Ref != nil {
				s.send(reply(m, "error", map[string]any{"reason": unauthorizedWrite(m.Topic)}))
			}
			return
		}
		if s.tooLarge(len(p.Payload)) {
			ch.shutdown(reasonTrackTooLarge)
			return
		}
		var meta map[string]any
		if len(p.Payload) > 0 && json.Unmarshal(p.Payload, &meta) != nil {
			if m.Ref != nil {
				s.send(reply(m, "error", map[string]any{"reason": "Presence track payload must be a map"}))
			}
			return
		}
		if meta == nil {
			meta = map[string]any{}
		}
		e := s.rt.tops.track(ch, meta)
		s.rt.fanout(ch.room, fanMsg{Op: "track", Owner: ch.owner, Key: e.key, Ref: e.ref, PMeta: e.meta})
	case "untrack":
		if s.rt.tops.untrack(ch) {
			s.rt.fanout(ch.room, fanMsg{Op: "untrack", Owner: ch.owner})
		}
	default:
		if m.Ref != nil {
			s.send(reply(m, "error", map[string]any{"reason": "unknown presence event " + p.Event}))
		}
		return
	}
	if m.Ref != nil {
		s.send(reply(m, "ok", nil))
	}
}

func (s *session) accessToken(m Message) {
	s.mu.Lock()
	ch := s.channels[m.Topic]
	s.mu.Unlock()
	if ch == nil {
		return
	}
	var p struct {
		AccessToken string `json:"access_token"`
	}
	_ = json.Unmarshal(m.Payload, &p)
	if p.AccessToken == "" {
		return
	}
	id, err := s.identify(p.AccessToken)
	if err != nil {
		ch.shutdown(tokenReason(err, s.rt.opt.Now()))
		return
	}
	pm := allPerms
	if ch.private { // the new identity's rights replace the old ones
		pm, err = s.rt.authorize(s.ctx, id.Role, id.ClaimsJSON, strings.TrimPrefix(ch.topic, "realtime:"))
		if err != nil || pm&(readBroadcast|readPresence) == 0 {
			ch.shutdown(unauthorizedRead(ch.topic))
			return
		}
	}
	ch.mu.Lock()
	ch.role, ch.claims, ch.perms = id.Role, id.ClaimsJSON, pm
	ch.mu.Unlock()
	ch.armExpiry(id)
}

// armExpiry closes the channel when the token's exp passes, as realtime does.
func (ch *channel) armExpiry(id *jwtauth.Identity) {
	var c struct {
		Exp float64 `json:"exp"`
	}
	_ = json.Unmarshal(id.ClaimsJSON, &c)
	ch.mu.Lock()
	defer ch.mu.Unlock()
	if ch.expiry != nil {
		ch.expiry.Stop()
		ch.expiry = nil
	}
	if c.Exp == 0 || ch.closed {
		return
	}
	d := time.Until(time.Unix(int64(c.Exp), 0))
	ch.expiry = time.AfterFunc(max(d, 0), func() { ch.shutdown("Token has expired 0 seconds ago") })
}

// shutdown ends a channel from the server side: a system error, then phx_close.
func (ch *channel) shutdown(reason string) {
	s := ch.s
	s.mu.Lock()
	if s.channels[ch.topic] == ch {
		delete(s.channels, ch.topic)
	}
	s.mu.Unlock()
	s.drop(ch)
	ch.push(evSystem, map[string]any{"channel": strings.TrimPrefix(ch.topic, "realtime:"), "extension": "system", "message": reason, "status": "error"})
	ch.push(evClose, map[string]any{})
}

func tokenReason(err error, now time.Time) string {
	if errors.Is(err, jwtauth.ErrExpiredToken) {
		return "Token has expired 0 seconds ago"
	}
	return "Invalid token: " + err.Error()
}

// push sends a server event on the channel.
func (ch *channel) push(event string, payload any) {
	p, err := json.Marshal(payload)
	if err != nil {
		return
	}
	ch.s.send(Message{JoinRef: ch.joinRef, Topic: ch.topic, Event: event, Payload: p})
}

// sendBinary sends a binary frame (vsn 2.0.0 broadcast), unless the channel has been left.
func (ch *channel) sendBinary(b []byte) {
	ch.mu.Lock()
	closed := ch.closed
	ch.mu.Unlock()
	if !closed {
		ch.s.sendFrame(frame{typ: websocket.MessageBinary, b: b})
	}
}

// pushRaw sends an already encoded payload, unless the channel has been left.
func (ch *channel) pushRaw(event string, payload []byte) {
	ch.mu.Lock()
	closed := ch.closed
	ch.mu.Unlock()
	if closed {
		return
	}
	ch.s.send(Message{JoinRef: ch.joinRef, Topic: ch.topic, Event: event, Payload: payload})
}
