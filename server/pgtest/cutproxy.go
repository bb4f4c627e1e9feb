package pgtest

import (
	"context"
	"io"
	"net"
	"strconv"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// CutProxy forwards TCP to a test database until Cut drops every connection at
// once, which is what a client sees when PostgreSQL crashes or its backend is
// killed mid-statement: the socket ends without an error message. Unlike
// stopping the shared cluster, it leaves other tests alone.
type CutProxy struct {
	db    *DB
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

// NewCutProxy starts a proxy in front of db's cluster, closed when t ends.
func NewCutProxy(t testing.TB, db *DB) *CutProxy {
	t.Helper()
	cfg, err := pgconn.ParseConfig(db.URL)
	if err != nil {
		t.Fatal(err)
	}
	target := net.JoinHostPort(cfg.Host, strconv.Itoa(int(cfg.Port)))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &CutProxy{db: db, ln: ln}
	t.Cleanup(func() { ln.Close(); p.Cut(false) })
	go p.serve(target)
	return p
}

func (p *CutProxy) serve(target string) {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		s, err := net.Dial("tcp", target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, s)
		p.mu.Unlock()
		go func() { _, _ = io.Copy(s, c); s.Close() }()
		go func() { _, _ = io.Copy(c, s); c.Close() }()
	}
}

// Cut closes every connection so far, with a reset (as when the peer process
// dies) or with an orderly end of stream. New connections still get through.
func (p *CutProxy) Cut(reset bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		if tc, ok := c.(*net.TCPConn); ok && reset {
			_ = tc.SetLinger(0)
		}
		c.Close()
	}
	p.conns = nil
}

// Pool is an authenticator pool like db.Pool that connects through the proxy.
func (p *CutProxy) Pool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(p.db.URL)
	if err != nil {
		t.Fatal(err)
	}
	addr := p.ln.Addr().(*net.TCPAddr)
	cfg.ConnConfig.Host, cfg.ConnConfig.Port = addr.IP.String(), uint16(addr.Port)
	cfg.ConnConfig.Fallbacks = nil
	cfg.ConnConfig.TLSConfig = nil
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}
