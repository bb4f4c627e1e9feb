package realtime

// Broadcast messages, as JSON pushes and as vsn 2.0.0's binary frames.

// broadcast relays {type: "broadcast", event, payload} to the topic's channels.
func (s *session) broadcast(m Message) {
	if s.overEvents(m.Topic) {
		return
	}
	ch, p, ok := s.joinedEvent(m)
	if !ok || p.Event == "" {
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
