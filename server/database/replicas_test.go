package database

import (
	"testing"

	"casarent/server/config"
)

// A replica's URL says where; the login is the primary pool's, whatever the URL
// says (a standby's superuser URL pasted in runs requests as authenticator all the same).
func TestReplicaPoolsLogInAsThePrimaryPool(t *testing.T) {
	cfg := &config.Config{DatabaseURL: "postgres://postgres:owner@db:5432/app?sslmode=disable", AuthenticatorPassword: "auth-pw", DBMaxConns: 3,
		ReplicaURLs: []string{"postgres://standby1:5433", "postgres://postgres:owner@standby2:5434/other?sslmode=require"}}
	poolURL, err := authenticatorURL(cfg)
	if err != nil {
		t.Fatal(err)
	}
	reps, err := replicaPools(cfg, poolURL)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		name, host string
		port       uint16
		db         string
		tls        bool
	}{{"standby1:5433", "standby1", 5433, "app", false}, {"standby2:5434", "standby2", 5434, "other", true}}
	for i, r := range reps {
		defer r.Pool.Close()
		c := r.Pool.Config().ConnConfig
		w := want[i]
		if r.Name != w.name || c.Host != w.host || c.Port != w.port || c.Database != w.db || (c.TLSConfig != nil) != w.tls ||
			c.User != "authenticator" || c.Password != "auth-pw" || r.Pool.Config().MaxConns != 3 {
			t.Errorf("%d: %s %s:%d/%s tls=%v as %s", i, r.Name, c.Host, c.Port, c.Database, c.TLSConfig != nil, c.User)
		}
	}
	if len(reps) != 2 {
		t.Fatalf("%d replicas", len(reps))
	}
}
