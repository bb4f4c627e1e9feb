package config

import (
	"maps"
	"strings"
	"testing"
	"time"
)

func TestHTTPDeadlinesAndCaps(t *testing.T) {
	base := map[string]string{"DATABASE_URL": "postgres://x@127.0.0.1/db", "JWT_SECRET": strings.Repeat("s", 32)}
	c, err := load(t, base)
	if err != nil {
		t.Fatal(err)
	}
	want := HTTP{ReadHeaderTimeout: 10 * time.Second, BodyTimeout: 10 * time.Second, IdleTimeout: 120 * time.Second,
		MaxConnsPerAddr: 1024, MaxConns: 0, TrustedProxies: 1}
	if c.HTTP != want || c.Validate() != nil {
		t.Fatalf("defaults: %+v, %v", c.HTTP, c.Validate())
	}
	for name, v := range map[string]string{"TRUSTED_PROXIES": "0", "HTTP_BODY_TIMEOUT": "0", "CONN_LIMIT_PER_ADDR": "-1"} {
		env := map[string]string{name: v}
		maps.Copy(env, base)
		c, err := load(t, env)
		if err == nil {
			err = c.Validate()
		}
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s: %v, want it refused", name, v, err)
		}
	}
}
