package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"casarent/bench/benchdb"
	"casarent/bench/benchkit"
	"casarent/server/pgtest"
)

// setup is what every run of the bench starts from: the server binary built
// from this tree, a fresh seeded database and the server's environment.
type setup struct {
	tmp, bin string
	db       *benchdb.DB
	env      []string
}

func (s *setup) close() {
	if s.db != nil {
		s.db.Close()
	}
	os.RemoveAll(s.tmp)
}

// prepare builds the server, makes a fresh database and seeds it; extra adds
// settings to the server's environment.
func prepare(ctx context.Context, addr, dist string, extra ...string) (*setup, error) {
	if _, err := os.Stat(filepath.Join(dist, "ssr/render.js")); err != nil {
		return nil, fmt.Errorf("no server bundle in %s: cd frontend && npm run build", dist)
	}
	dist, _ = filepath.Abs(dist)
	tmp, err := os.MkdirTemp("", "bench-pages")
	if err != nil {
		return nil, err
	}
	s := &setup{tmp: tmp}
	if s.bin, err = benchkit.BuildServer(tmp); err != nil {
		s.close()
		return nil, err
	}
	if s.db, err = benchdb.Fresh(ctx, benchdb.Options{Prefix: "bench_pages"}); err != nil {
		s.close()
		return nil, err
	}
	s.env = append(os.Environ(), "DATABASE_URL="+s.db.URL, "DATA_DIR="+tmp, "FRONTEND_DIST="+dist, "LISTEN_ADDR="+addr, "PROJECT_DIR="+rentalDir(),
		// The cluster's authenticator role is shared with the tests: keep their password.
		"AUTHENTICATOR_PASSWORD="+pgtest.AuthenticatorPassword, "JWT_SECRET="+benchdb.JWTSecret)
	s.env = append(s.env, extra...)
	seed := exec.Command(s.bin, "seed")
	seed.Env = s.env
	if out, err := seed.CombinedOutput(); err != nil {
		s.close()
		return nil, fmt.Errorf("seed: %v\n%s", err, out)
	}
	return s, nil
}
