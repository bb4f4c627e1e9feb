package realtime

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"

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
		events: newBucket(rt.lim.EventsPerSecond), joins: newBucket(rt.lim.JoinsPerSecond)}
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

func (s *session) channel(topic string) *channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.channels[topic]
}

// pushedEvent is the payload of a broadcast or presence push.
type pushedEvent struct {
	Event   string          `json:"event"`
	Payload json.RawMessage `json:"payload"`
}

// joinedEvent reads a broadcast or presence push: the channel of its topic and
// its event; ok is false when the topic is not joined or the payload is not an
// event object.
func (s *session) joinedEvent(m Message) (ch *channel, p pushedEvent, ok bool) {
	ch = s.channel(m.Topic)
	if ch == nil || json.Unmarshal(m.Payload, &p) != nil {
		return nil, p, false
	}
	return ch, p, true
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
	if n <= s.rt.lim.PayloadBytes {
		return false
	}
	s.rt.limited.payload.Add(1)
	return true
}
