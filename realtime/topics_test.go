package realtime

import (
	"bytes"
	"testing"
)

// A kind 3 frame as realtime-js's serializer writes it: kind, lengths of join_ref,
// ref, topic, event, metadata, the encoding, the strings, the payload.
func TestBinaryBroadcastCodec(t *testing.T) {
	payload := []byte(`{"n":1}`)
	in := []byte{kindUserBroadcastPush, 1, 2, 11, 4, 0, encodingJSON}
	in = append(in, "1"...)
	in = append(in, "12"...)
	in = append(in, "realtime:ab"...)
	in = append(in, "ping"...)
	in = append(in, payload...)
	p, err := decodeUserBroadcastPush(in)
	if err != nil {
		t.Fatal(err)
	}
	if p.joinRef != "1" || p.ref != "12" || p.topic != "realtime:ab" || p.event != "ping" || p.encoding != encodingJSON || !bytes.Equal(p.payload, payload) || len(p.meta) != 0 {
		t.Fatalf("decoded %+v", p)
	}
	out := encodeUserBroadcast(p)
	want := append([]byte{kindUserBroadcast, 11, 4, 0, encodingJSON}, "realtime:abping"...)
	want = append(want, payload...)
	if !bytes.Equal(out, want) {
		t.Fatalf("kind 4 frame %v, want %v", out, want)
	}
	for _, bad := range [][]byte{nil, {4, 0, 0, 0, 0, 0, 1}, {3, 0, 0, 50, 1, 0, 1, 'x'}, {3, 0, 0, 0, 0, 0, 1}} {
		if _, err := decodeUserBroadcastPush(bad); err == nil {
			t.Errorf("accepted %v", bad)
		}
	}
}

func TestPresenceStateAndDiffs(t *testing.T) {
	tp := newTopics()
	s := &session{vsn: vsn1, out: make(chan frame, 16)}
	s.ctx, s.cancel = contextBackground()
	a := &channel{s: s, topic: "realtime:x", room: "realtime:x", presence: true, presenceKey: "alice", perms: allPerms, owner: "s/1"}
	tp.join(a)
	tp.track(a, map[string]any{"status": "on"})
	st := tp.state("realtime:x")
	metas := st["alice"].(map[string]any)["metas"].([]any)
	if len(metas) != 1 || metas[0].(map[string]any)["status"] != "on" || metas[0].(map[string]any)["phx_ref"] == "" {
		t.Fatalf("state %v", st)
	}
	tp.track(a, map[string]any{"status": "busy"}) // replaces
	if n := len(tp.state("realtime:x")["alice"].(map[string]any)["metas"].([]any)); n != 1 {
		t.Fatalf("%d metas after re-track", n)
	}
	tp.leave(a)
	if len(tp.state("realtime:x")) != 0 {
		t.Fatal("presence left after leave")
	}
	if len(s.out) != 2 { // two diffs reached a (the leave's diff goes to the others only)
		t.Fatalf("%d frames", len(s.out))
	}
}

// The sweep's bookkeeping: entries are owned "serverID/channel"; a server's
// entries go together, the others' stay.
func TestPresenceOfAServerRemovedTogether(t *testing.T) {
	tp := newTopics()
	tp.put("room:a", "s1/c1", presenceEntry{key: "alice", ref: "1"})
	tp.put("room:b", "s1/c2", presenceEntry{key: "alice", ref: "2"})
	tp.put("room:a", "s2/c3", presenceEntry{key: "bob", ref: "3"})
	if got := len(tp.servers()); got != 2 {
		t.Fatalf("servers %v", tp.servers())
	}
	if got := len(tp.owned("s1/")); got != 2 {
		t.Fatalf("owned by s1: %d", got)
	}
	if n := tp.removeServer("s1/"); n != 2 {
		t.Fatalf("removed %d", n)
	}
	st := tp.state("room:a")
	if _, ok := st["bob"]; !ok || len(st) != 1 || len(tp.state("room:b")) != 0 {
		t.Fatalf("left %v / %v", st, tp.state("room:b"))
	}
}
