package realtime

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"casarent/server/config"
	"casarent/server/jwtauth"
	"casarent/server/pgtest"
)

// limitsServer is the surface with lim, behind the key verifier, over HTTP.
func limitsServer(t *testing.T, lim config.Realtime) (*Realtime, string) {
	t.Helper()
	db := pgtest.New(t)
	anon, err := jwtauth.Sign(pgtest.JWTSecret, jwtauth.KeyClaims("anon", time.Now()))
	if err != nil {
		t.Fatal(err)
	}
	service, _ := jwtauth.Sign(pgtest.JWTSecret, jwtauth.KeyClaims("service_role", time.Now()))
	v := jwtauth.NewVerifier(pgtest.JWTSecret, jwtauth.Keys{Anon: anon, Service: service})
	rt := New(Options{Pool: db.Pool, Verifier: v, Config: lim, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	srv := httptest.NewServer(v.Middleware(rt))
	t.Cleanup(srv.Close)
	return rt, "ws" + strings.TrimPrefix(srv.URL, "http") + "/websocket?vsn=1.0.0&apikey=" + anon
}

// wsClient speaks vsn 1.0.0 and hands over what the server sends, in order.
type wsClient struct {
	t    *testing.T
	ws   *websocket.Conn
	in   chan Message
	err  error // why in was closed
	refs int
}

func dialClient(t *testing.T, url string) *wsClient {
	t.Helper()
	ws, _, err := websocket.Dial(context.Background(), url, nil)
	if err != nil {
		t.Fatal(err)
	}
	ws.SetReadLimit(4 << 20)
	c := &wsClient{t: t, ws: ws, in: make(chan Message, 4096)}
	go func() {
		defer close(c.in)
		for {
			_, b, err := ws.Read(context.Background())
			if err != nil {
				c.err = err
				return
			}
			m, err := decodeMessage(vsn1, b)
			if err != nil {
				c.err = err
				return
			}
			c.in <- m
		}
	}()
	t.Cleanup(func() { _ = ws.CloseNow() })
	return c
}

// push sends an event with a fresh ref (and the topic as join_ref) and returns the ref.
func (c *wsClient) push(topic, event string, payload any) string {
	c.t.Helper()
	c.refs++
	ref := fmt.Sprint(c.refs)
	c.write(Message{JoinRef: &topic, Ref: &ref, Topic: topic, Event: event}, payload)
	return ref
}

func (c *wsClient) write(m Message, payload any) {
	c.t.Helper()
	p, err := json.Marshal(payload)
	if err != nil {
		c.t.Fatal(err)
	}
	m.Payload = p
	b, _ := encodeMessage(vsn1, m)
	if err := c.ws.Write(context.Background(), websocket.MessageText, b); err != nil {
		c.t.Fatal(err)
	}
}

// next waits for the first message pred accepts, passing the others to skip
// (when given); it fails the test if the socket ends first.
func (c *wsClient) next(what string, pred func(Message) bool, skip func(Message)) Message {
	c.t.Helper()
	deadline := time.After(20 * time.Second) // a hung test, not a measurement
	for {
		select {
		case m, ok := <-c.in:
			if !ok {
				c.t.Fatalf("socket ended waiting for %s: %v", what, c.err)
			}
			if pred(m) {
				return m
			}
			if skip != nil {
				skip(m)
			}
		case <-deadline:
			c.t.Fatalf("no %s", what)
		}
	}
}

// replyTo waits for the phx_reply to ref and returns its status and response.
func (c *wsClient) replyTo(ref string) (string, json.RawMessage) {
	c.t.Helper()
	m := c.next("reply "+ref, func(m Message) bool { return m.Event == evReply && m.Ref != nil && *m.Ref == ref }, nil)
	var r struct {
		Status   string          `json:"status"`
		Response json.RawMessage `json:"response"`
	}
	_ = json.Unmarshal(m.Payload, &r)
	return r.Status, r.Response
}

func (c *wsClient) join(topic string, config map[string]any) (string, json.RawMessage) {
	c.t.Helper()
	return c.replyTo(c.push(topic, evJoin, map[string]any{"config": config}))
}

func (c *wsClient) mustJoin(topic string, config map[string]any) {
	c.t.Helper()
	if st, resp := c.join(topic, config); st != "ok" {
		c.t.Fatalf("join %s: %s %s", topic, st, resp)
	}
}

// shutdownOf waits for realtime's end of a channel: a system error with
// reason, then phx_close.
func (c *wsClient) shutdownOf(topic, reason string, skip func(Message)) {
	c.t.Helper()
	m := c.next("system error on "+topic, func(m Message) bool { return m.Topic == topic && m.Event == evSystem }, skip)
	var p map[string]any
	_ = json.Unmarshal(m.Payload, &p)
	if p["extension"] != "system" || p["status"] != "error" || p["message"] != reason || p["channel"] != strings.TrimPrefix(topic, "realtime:") {
		c.t.Fatalf("system message %s, want the error %q", m.Payload, reason)
	}
	c.next("phx_close of "+topic, func(m Message) bool { return m.Topic == topic && m.Event == evClose }, skip)
}

var broadcastCfg = map[string]any{"broadcast": map[string]any{"self": false}, "presence": map[string]any{"key": ""}}

func TestBroadcastBurstStopsAtEventsPerSecond(t *testing.T) {
	rt, url := limitsServer(t, config.Realtime{MaxEventsPerSecond: 10})
	sender, receiver := dialClient(t, url), dialClient(t, url)
	const topic, burst = "realtime:room", 500
	sender.mustJoin(topic, broadcastCfg)
	receiver.mustJoin(topic, broadcastCfg)

	// One burst, without refs (no acks to wait for), as fast as the socket takes it.
	for i := range burst {
		sender.write(Message{JoinRef: new(topic), Topic: topic, Event: "broadcast"},
			map[string]any{"type": "broadcast", "event": "tick", "payload": map[string]any{"i": i}})
	}
	sender.shutdownOf(topic, reasonTooManyEvents, nil)

	// Everything the server relayed was queued for the receiver before the
	// shutdown; a heartbeat's reply comes after it.
	ref := receiver.push(topicPhoenix, evHeartbeat, map[string]any{})
	got := 0
	receiver.next("heartbeat reply", func(m Message) bool { return m.Event == evReply && m.Ref != nil && *m.Ref == ref },
		func(m Message) {
			if m.Event == "broadcast" {
				got++
			}
		})
	if got < 10 || got >= burst {
		t.Fatalf("%d of %d broadcasts delivered, want the bucket's 10 and some refill, not all", got, burst)
	}
	if rt.limited.events.Load() == 0 {
		t.Fatal("refusals not counted")
	}
}

func TestBroadcastPayloadSizeLimit(t *testing.T) {
	_, url := limitsServer(t, config.Realtime{MaxPayloadKB: 1})
	a, b := dialClient(t, url), dialClient(t, url)
	const topic = "realtime:sizes"
	cfg := map[string]any{"broadcast": map[string]any{"self": false, "ack": true}}
	a.mustJoin(topic, cfg)
	b.mustJoin(topic, cfg)
	big := strings.Repeat("x", 2000)

	// A broadcast over the limit: realtime's answer to an acknowledged one, and nobody hears it.
	st, resp := a.replyTo(a.push(topic, "broadcast", map[string]any{"type": "broadcast", "event": "e", "payload": map[string]any{"s": big}}))
	if st != "error" || string(resp) != `"payload_size_exceeded"` {
		t.Fatalf("large broadcast: %s %s", st, resp)
	}
	if st, _ := a.replyTo(a.push(topic, "broadcast", map[string]any{"type": "broadcast", "event": "small", "payload": map[string]any{"s": "ok"}})); st != "ok" {
		t.Fatalf("small broadcast: %s", st)
	}
	ref := b.push(topicPhoenix, evHeartbeat, map[string]any{})
	var heard []string
	b.next("heartbeat reply", func(m Message) bool { return m.Event == evReply && m.Ref != nil && *m.Ref == ref },
		func(m Message) {
			var p struct{ Event string }
			if m.Event == "broadcast" && json.Unmarshal(m.Payload, &p) == nil {
				heard = append(heard, p.Event)
			}
		})
	if len(heard) != 1 || heard[0] != "small" {
		t.Fatalf("b heard %v, want only the small broadcast", heard)
	}

}

func TestPresencePayloadSizeLimit(t *testing.T) {
	rt, url := limitsServer(t, config.Realtime{MaxPayloadKB: 1})
	a := dialClient(t, url)
	const topic = "realtime:sizes"
	a.mustJoin(topic, map[string]any{"presence": map[string]any{"key": "", "enabled": true}})
	big := strings.Repeat("x", 2000)

	// A presence track over the limit ends the channel; nothing is kept.
	if st, _ := a.replyTo(a.push(topic, "presence", map[string]any{"type": "presence", "event": "track", "payload": map[string]any{"n": 1}})); st != "ok" {
		t.Fatalf("small track: %s", st)
	}
	a.push(topic, "presence", map[string]any{"type": "presence", "event": "track", "payload": map[string]any{"s": big}})
	a.shutdownOf(topic, reasonTrackTooLarge, nil)
	if n := len(rt.tops.state(topic)); n != 0 {
		t.Fatalf("%d presence entries after the shutdown", n)
	}
}

func TestBindingsPerJoinLimit(t *testing.T) {
	_, url := limitsServer(t, config.Realtime{MaxBindingsPerJoin: 5})
	c := dialClient(t, url)
	bindings := func(n int) []any {
		var out []any
		for i := range n {
			out = append(out, map[string]any{"event": "*", "schema": fmt.Sprint("s", i)})
		}
		return out
	}
	st, resp := c.join("realtime:many", map[string]any{"postgres_changes": bindings(6)})
	if st != "error" || !strings.Contains(string(resp), "Too many postgres_changes bindings") {
		t.Fatalf("6 bindings: %s %s", st, resp)
	}
	c.mustJoin("realtime:many", map[string]any{"postgres_changes": bindings(5)})
}

func TestChannelsPerSocketLimit(t *testing.T) {
	_, url := limitsServer(t, config.Realtime{MaxChannelsPerClient: 3})
	c := dialClient(t, url)
	for _, topic := range []string{"realtime:a", "realtime:b", "realtime:c"} {
		c.mustJoin(topic, broadcastCfg)
	}
	st, resp := c.join("realtime:d", broadcastCfg)
	var r map[string]any
	_ = json.Unmarshal(resp, &r)
	if st != "error" || r["reason"] != reasonTooManyChannels {
		t.Fatalf("fourth channel: %s %s", st, resp)
	}
	c.mustJoin("realtime:a", broadcastCfg) // joining again replaces: no new channel
	if st, _ := c.replyTo(c.push("realtime:b", evLeave, map[string]any{})); st != "ok" {
		t.Fatal("leave refused")
	}
	c.mustJoin("realtime:d", broadcastCfg)
	// Another socket has its own channels.
	dialClient(t, url).mustJoin("realtime:e", broadcastCfg)
}

func TestJoinFloodClosesTheSocket(t *testing.T) {
	_, url := limitsServer(t, config.Realtime{MaxJoinsPerSecond: 5})
	c := dialClient(t, url)
	payload, _ := json.Marshal(map[string]any{"config": broadcastCfg})
	for i := range 200 {
		topic, ref := fmt.Sprint("realtime:j", i), fmt.Sprint(i)
		b, _ := encodeMessage(vsn1, Message{JoinRef: &ref, Ref: &ref, Topic: topic, Event: evJoin, Payload: payload})
		if c.ws.Write(context.Background(), websocket.MessageText, b) != nil {
			break // closed by the server already
		}
	}
	m := c.next("a refused join", func(m Message) bool {
		return m.Event == evReply && strings.Contains(string(m.Payload), `"error"`)
	}, nil)
	var r struct{ Response map[string]any }
	_ = json.Unmarshal(m.Payload, &r)
	if r.Response["reason"] != reasonTooManyJoins {
		t.Fatalf("refusal %s", m.Payload)
	}
	for range c.in { // the socket is closed by the server
	}
	if websocket.CloseStatus(c.err) != websocket.StatusPolicyViolation && !errors.Is(c.err, io.EOF) {
		t.Fatalf("socket ended with %v", c.err)
	}
}

func TestPresenceCallsPerChannelWindow(t *testing.T) {
	rt, url := limitsServer(t, config.Realtime{ClientPresenceMaxCalls: 3, ClientPresenceWindow: time.Hour})
	c := dialClient(t, url)
	const topic = "realtime:who"
	cfg := map[string]any{"presence": map[string]any{"key": "me", "enabled": true}}
	c.mustJoin(topic, cfg)
	for i, ev := range []string{"track", "untrack", "track"} {
		if st, resp := c.replyTo(c.push(topic, "presence", map[string]any{"type": "presence", "event": ev, "payload": map[string]any{"n": i}})); st != "ok" {
			t.Fatalf("call %d (%s): %s %s", i+1, ev, st, resp)
		}
	}
	c.push(topic, "presence", map[string]any{"type": "presence", "event": "track", "payload": map[string]any{"n": 4}})
	c.shutdownOf(topic, reasonPresenceCalls, nil)
	if n := len(rt.tops.state(topic)); n != 0 {
		t.Fatalf("%d presence entries after the shutdown", n)
	}
	// The window belongs to the channel: a new join starts afresh.
	c.mustJoin(topic, cfg)
	if st, _ := c.replyTo(c.push(topic, "presence", map[string]any{"type": "presence", "event": "track", "payload": map[string]any{}})); st != "ok" {
		t.Fatalf("track after rejoining: %s", st)
	}
}
