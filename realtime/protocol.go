package realtime

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// The Phoenix channel protocol as realtime-js speaks it. Two serializers, chosen by
// the vsn query parameter of the websocket URL:
//
//	1.0.0: {"join_ref": ..., "ref": ..., "topic": ..., "event": ..., "payload": ...}
//	2.0.0: [join_ref, ref, topic, event, payload] (realtime-js 2.x's default)
//
// 2.0.0 also has binary frames, used by realtime-js only for broadcast (not built).
const (
	vsn1 = "1.0.0"
	vsn2 = "2.0.0"
)

// Message is one Phoenix message. JoinRef and Ref are nil when absent (JSON null).
type Message struct {
	JoinRef *string         `json:"join_ref"`
	Ref     *string         `json:"ref"`
	Topic   string          `json:"topic"`
	Event   string          `json:"event"`
	Payload json.RawMessage `json:"payload"`
}

// Phoenix and realtime event names.
const (
	evJoin        = "phx_join"
	evLeave       = "phx_leave"
	evReply       = "phx_reply"
	evClose       = "phx_close"
	evError       = "phx_error"
	evHeartbeat   = "heartbeat"
	evAccessToken = "access_token"
	evSystem      = "system"
	evPgChanges   = "postgres_changes"
	topicPhoenix  = "phoenix"
)

var errBadFrame = errors.New("malformed message")

// decodeMessage parses a text frame in the serializer of vsn.
func decodeMessage(vsn string, b []byte) (Message, error) {
	var m Message
	if vsn == vsn2 {
		var arr []json.RawMessage
		if err := json.Unmarshal(b, &arr); err != nil || len(arr) != 5 {
			return m, errBadFrame
		}
		var err error
		if m.JoinRef, err = optString(arr[0]); err != nil {
			return m, err
		}
		if m.Ref, err = optString(arr[1]); err != nil {
			return m, err
		}
		if json.Unmarshal(arr[2], &m.Topic) != nil || json.Unmarshal(arr[3], &m.Event) != nil {
			return m, errBadFrame
		}
		m.Payload = arr[4]
	} else {
		var o struct {
			JoinRef json.RawMessage `json:"join_ref"`
			Ref     json.RawMessage `json:"ref"`
			Topic   string          `json:"topic"`
			Event   string          `json:"event"`
			Payload json.RawMessage `json:"payload"`
		}
		if err := json.Unmarshal(b, &o); err != nil {
			return m, errBadFrame
		}
		var err error
		if m.JoinRef, err = optString(o.JoinRef); err != nil {
			return m, err
		}
		if m.Ref, err = optString(o.Ref); err != nil {
			return m, err
		}
		m.Topic, m.Event, m.Payload = o.Topic, o.Event, o.Payload
	}
	if m.Topic == "" || m.Event == "" {
		return m, errBadFrame
	}
	if len(m.Payload) == 0 || bytes.Equal(m.Payload, []byte("null")) {
		m.Payload = json.RawMessage("{}")
	}
	return m, nil
}

// optString reads a ref: a string, a number (older clients) or null.
func optString(raw json.RawMessage) (*string, error) {
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return nil, nil
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return &s, nil
	}
	var n json.Number
	if json.Unmarshal(raw, &n) == nil {
		s = n.String()
		return &s, nil
	}
	return nil, fmt.Errorf("%w: ref is %s", errBadFrame, raw)
}

// encodeMessage renders m as a text frame in the serializer of vsn. The payload
// is trusted to be valid JSON (we build every one) and copied as is: json.Marshal
// would re-validate and compact it for each of a change's subscribers.
func encodeMessage(vsn string, m Message) ([]byte, error) {
	payload := m.Payload
	if len(payload) == 0 {
		payload = json.RawMessage("{}")
	}
	b := make([]byte, 0, len(payload)+len(m.Topic)+len(m.Event)+64)
	if vsn == vsn2 {
		b = append(b, '[')
		b = appendRef(b, m.JoinRef)
		b = append(b, ',')
		b = appendRef(b, m.Ref)
		b = append(b, ',')
		b = appendString(b, m.Topic)
		b = append(b, ',')
		b = appendString(b, m.Event)
		b = append(b, ',')
		b = append(b, payload...)
		return append(b, ']'), nil
	}
	b = append(b, `{"join_ref":`...)
	b = appendRef(b, m.JoinRef)
	b = append(b, `,"ref":`...)
	b = appendRef(b, m.Ref)
	b = append(b, `,"topic":`...)
	b = appendString(b, m.Topic)
	b = append(b, `,"event":`...)
	b = appendString(b, m.Event)
	b = append(b, `,"payload":`...)
	b = append(b, payload...)
	return append(b, '}'), nil
}

func appendRef(b []byte, s *string) []byte {
	if s == nil {
		return append(b, "null"...)
	}
	return appendString(b, *s)
}

func appendString(b []byte, s string) []byte {
	q, _ := json.Marshal(s) // cannot fail for a string
	return append(b, q...)
}

// reply is the phx_reply to m with status "ok" or "error" and response.
func reply(m Message, status string, response any) Message {
	if response == nil {
		response = map[string]any{}
	}
	p, _ := json.Marshal(map[string]any{"status": status, "response": response})
	return Message{JoinRef: m.JoinRef, Ref: m.Ref, Topic: m.Topic, Event: evReply, Payload: p}
}
