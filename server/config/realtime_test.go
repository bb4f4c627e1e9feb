package config

import (
	"testing"
	"time"
)

func TestRealtimeLimits(t *testing.T) {
	c, err := load(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r := c.Realtime; r.MaxEventsPerSecond != 100 || r.MaxJoinsPerSecond != 100 || r.MaxChannelsPerClient != 100 ||
		r.MaxBindingsPerJoin != 100 || r.MaxPayloadKB != 64 || r.ClientPresenceMaxCalls != 5 || r.ClientPresenceWindow != 30*time.Second {
		t.Errorf("defaults: %+v", r)
	}
	c, err = load(t, map[string]string{"REALTIME_MAX_EVENTS_PER_SECOND": "20", "REALTIME_MAX_PAYLOAD_SIZE_IN_KB": "8",
		"REALTIME_CLIENT_PRESENCE_WINDOW_MS": "1500"})
	if err != nil {
		t.Fatal(err)
	}
	if c.Realtime.MaxEventsPerSecond != 20 || c.Realtime.MaxPayloadKB != 8 || c.Realtime.ClientPresenceWindow != 1500*time.Millisecond {
		t.Errorf("from the environment: %+v", c.Realtime)
	}
	if _, err := load(t, map[string]string{"REALTIME_MAX_CHANNELS_PER_CLIENT": "many"}); err == nil {
		t.Error("a malformed limit is accepted")
	}
}
