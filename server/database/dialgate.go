package database

import (
	"context"
	"errors"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// dialGate is the pool's dialler. While PostgreSQL answers it dials freely. Once
// a dial fails, one request at a time tries again, after a backoff that doubles up
// to maxBackoff; every other dial fails at once (the surfaces answer 503), so a
// restart under traffic is met by a trickle of dials, not thousands a second.
//
// It also refuses a socket connected to itself: on loopback, a dial to a port in
// the kernel's ephemeral range can get that very port as its source and "connect"
// by simultaneous open while PostgreSQL is down, which then holds the port and
// keeps PostgreSQL from starting.
type dialGate struct {
	dialer     net.Dialer
	minBackoff time.Duration
	maxBackoff time.Duration

	mu       sync.Mutex
	failing  bool
	probing  bool
	backoff  time.Duration
	nextTry  time.Time
	attempts atomic.Int64 // dials sent to the network
	refused  atomic.Int64 // dials failed at once while the database is down
}

var errDatabaseDown = errors.New("database unreachable; waiting before the next attempt")

func newDialGate() *dialGate {
	return &dialGate{dialer: net.Dialer{KeepAlive: 5 * time.Minute}, minBackoff: 100 * time.Millisecond, maxBackoff: 2 * time.Second}
}

func (g *dialGate) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	g.mu.Lock()
	if g.failing {
		if g.probing || time.Now().Before(g.nextTry) {
			g.mu.Unlock()
			g.refused.Add(1)
			return nil, errDatabaseDown
		}
		g.probing = true
	}
	g.mu.Unlock()

	g.attempts.Add(1)
	c, err := g.dialer.DialContext(ctx, network, addr)
	if err == nil && c.LocalAddr().String() == c.RemoteAddr().String() {
		c.Close()
		c, err = nil, errors.New("dial: socket connected to itself (nothing listens there)")
	}

	g.mu.Lock()
	defer g.mu.Unlock()
	g.probing = false
	if err != nil {
		if g.failing {
			g.backoff = min(g.backoff*2, g.maxBackoff)
		} else {
			g.failing, g.backoff = true, g.minBackoff
		}
		g.nextTry = time.Now().Add(g.backoff)
		return nil, err
	}
	g.failing, g.backoff = false, 0
	return c, nil
}
