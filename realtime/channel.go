package realtime

// A joined topic of a session: its rights, its bindings and what it pushes.

import (
	"encoding/json"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

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
