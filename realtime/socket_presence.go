package realtime

// Presence messages: track and untrack.

import (
	"encoding/json"
	"time"
)

// presence handles {type: "presence", event: "track"|"untrack", payload}.
func (s *session) presence(m Message) {
	if s.overEvents(m.Topic) {
		return
	}
	ch, p, ok := s.joinedEvent(m)
	if !ok {
		if m.Ref != nil {
			s.send(reply(m, "error", map[string]any{"reason": "not joined, or not a presence message"}))
		}
		return
	}
	if (p.Event == "track" || p.Event == "untrack") && !ch.presenceWin.take(time.Now(), s.rt.lim.PresenceCalls, s.rt.lim.PresenceWindow) {
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
