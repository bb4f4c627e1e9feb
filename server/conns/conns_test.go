package conns

import (
	"strings"
	"testing"

	"casarent/server/config"
)

// The total cap is CONN_LIMIT_TOTAL, else the file limit less room for the
// database and files; a cap at or over the limit is refused at start, a limit
// too low for the room is used by half with a warning.
func TestConnectionCapFollowsTheFileLimit(t *testing.T) {
	for _, c := range []struct {
		set, db      int
		nofile       uint64
		want         int
		warning, err string
	}{
		{nofile: 20000, db: 20, want: 17500},
		{nofile: 1024, db: 20, want: 1024 - 296},
		{nofile: 0, db: 20, want: 0},
		{set: 500, nofile: 20000, db: 20, want: 500},
		{set: 20000, nofile: 20000, db: 20, err: "CONN_LIMIT_TOTAL"},
		{nofile: 256, db: 20, want: 128, warning: "open file limit"},
	} {
		got, warning, err := Cap(config.HTTP{MaxConns: c.set}, c.db, c.nofile)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%+v: %d, %v; want an error about %s", c, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want || !strings.Contains(warning, c.warning) || (c.warning == "") != (warning == "") {
			t.Errorf("%+v: %d, %q, %v; want %d", c, got, warning, err, c.want)
		}
	}
}
