package realtime

import (
	"context"
	"encoding/json"
	"testing"
)

func TestDecodeV2Array(t *testing.T) {
	m, err := decodeMessage(vsn2, []byte(`["1","2","realtime:room","phx_join",{"config":{}}]`))
	if err != nil {
		t.Fatal(err)
	}
	if *m.JoinRef != "1" || *m.Ref != "2" || m.Topic != "realtime:room" || m.Event != "phx_join" || string(m.Payload) != `{"config":{}}` {
		t.Fatalf("decoded %+v", m)
	}
	// Heartbeats have no join_ref.
	m, err = decodeMessage(vsn2, []byte(`[null,"7","phoenix","heartbeat",{}]`))
	if err != nil || m.JoinRef != nil || *m.Ref != "7" || m.Topic != "phoenix" {
		t.Fatalf("heartbeat: %+v %v", m, err)
	}
}

func TestDecodeV1Object(t *testing.T) {
	m, err := decodeMessage(vsn1, []byte(`{"topic":"realtime:x","event":"access_token","payload":{"access_token":"t"},"ref":"3","join_ref":"1"}`))
	if err != nil {
		t.Fatal(err)
	}
	if *m.JoinRef != "1" || *m.Ref != "3" || m.Event != "access_token" {
		t.Fatalf("decoded %+v", m)
	}
	// A numeric ref (older Phoenix clients) and a missing payload.
	m, err = decodeMessage(vsn1, []byte(`{"topic":"phoenix","event":"heartbeat","ref":12}`))
	if err != nil || *m.Ref != "12" || string(m.Payload) != "{}" {
		t.Fatalf("numeric ref: %+v %v", m, err)
	}
}

func TestDecodeRefusesMalformed(t *testing.T) {
	for vsn, frames := range map[string][]string{
		vsn2: {`{}`, `[1,2,3]`, `["1","2","t"]`, `["1","2","","e",{}]`, `["1","2","t","",{}]`, `[{},"2","t","e",{}]`, `not json`},
		vsn1: {`[]`, `{"event":"x"}`, `{"topic":"t"}`, `{"topic":"t","event":"e","ref":{}}`, `nope`},
	} {
		for _, f := range frames {
			if _, err := decodeMessage(vsn, []byte(f)); err == nil {
				t.Errorf("vsn %s accepted %s", vsn, f)
			}
		}
	}
}

func TestEncodeBothSerializers(t *testing.T) {
	m := Message{JoinRef: new("1"), Topic: "realtime:x", Event: "postgres_changes", Payload: json.RawMessage(`{"ids":[1]}`)}
	b, err := encodeMessage(vsn2, m)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `["1",null,"realtime:x","postgres_changes",{"ids":[1]}]` {
		t.Fatalf("v2: %s", b)
	}
	b, err = encodeMessage(vsn1, m)
	if err != nil {
		t.Fatal(err)
	}
	var o map[string]any
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	if o["join_ref"] != "1" || o["ref"] != nil || o["topic"] != "realtime:x" || o["event"] != "postgres_changes" {
		t.Fatalf("v1: %s", b)
	}
	// Round trip through both.
	for _, vsn := range []string{vsn1, vsn2} {
		b, _ := encodeMessage(vsn, m)
		back, err := decodeMessage(vsn, b)
		if err != nil || back.Topic != m.Topic || back.Event != m.Event || *back.JoinRef != "1" || back.Ref != nil || string(back.Payload) != string(m.Payload) {
			t.Fatalf("round trip %s: %+v %v", vsn, back, err)
		}
	}
}

func TestReplyCarriesRefsAndStatus(t *testing.T) {
	in := Message{JoinRef: new("4"), Ref: new("9"), Topic: "realtime:x", Event: evJoin}
	r := reply(in, "error", map[string]any{"reason": "no"})
	if r.Event != evReply || *r.Ref != "9" || *r.JoinRef != "4" || r.Topic != "realtime:x" {
		t.Fatalf("reply %+v", r)
	}
	if string(r.Payload) != `{"response":{"reason":"no"},"status":"error"}` {
		t.Fatalf("payload %s", r.Payload)
	}
	if r := reply(in, "ok", nil); string(r.Payload) != `{"response":{},"status":"ok"}` {
		t.Fatalf("empty response %s", r.Payload)
	}
}

func TestParseBinding(t *testing.T) {
	b, err := parseBinding(map[string]any{"event": "insert", "schema": "public", "table": "bookings", "filter": "status=eq.pending"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	if b.event != "INSERT" || b.id != 3 || b.filter == nil || b.raw["filter"] != "status=eq.pending" || b.raw["event"] != "insert" {
		t.Fatalf("binding %+v", b)
	}
	for _, bad := range []map[string]any{
		{"event": "TRUNCATE", "schema": "public"},
		{"event": "*"},
		{"event": "*", "schema": "public", "filter": "x=like.y"},
	} {
		if _, err := parseBinding(bad, 1); err == nil {
			t.Errorf("accepted %v", bad)
		}
	}
}

func TestHubMatchesTableSchemaAndWildcards(t *testing.T) {
	h := newHub()
	exact := &binding{event: "*", schema: "public", table: "bookings"}
	ins := &binding{event: "INSERT", schema: "public", table: "bookings"}
	schema := &binding{event: "DELETE", schema: "public"}
	all := &binding{event: "*", schema: "*"}
	other := &binding{event: "*", schema: "public", table: "contacts"}
	h.add([]*binding{exact, ins, schema, all, other})
	got := map[*binding]bool{}
	for _, b := range h.match("public", "bookings", "DELETE") {
		got[b] = true
	}
	if !got[exact] || got[ins] || !got[schema] || !got[all] || got[other] || len(got) != 3 {
		t.Fatalf("DELETE on bookings matched %v", got)
	}
	h.remove([]*binding{exact, ins, schema, all, other})
	if h.any() {
		t.Fatal("bindings left after remove")
	}
}

func contextBackground() (context.Context, context.CancelFunc) {
	return context.WithCancel(context.Background())
}
