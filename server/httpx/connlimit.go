package httpx

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
)

// LimitListener caps the connections open at once: in total (total) and per
// peer address (perAddr, see connKey); 0 is no cap. A connection over a cap is accepted and
// closed at once, so the kernel's queue keeps moving and the refusal is
// immediate; the ones within the caps are served as usual. Dropped counts the
// refusals.
type LimitListener struct {
	net.Listener
	total, perAddr int

	mu     sync.Mutex
	open   int
	byAddr map[string]int

	Dropped atomic.Int64
}

// NewLimitListener wraps ln.
func NewLimitListener(ln net.Listener, total, perAddr int) *LimitListener {
	return &LimitListener{Listener: ln, total: total, perAddr: perAddr, byAddr: map[string]int{}}
}

// Accept returns the next connection within the caps.
func (l *LimitListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := connKey(c.RemoteAddr().String())
		if l.take(addr) {
			return &limitedConn{Conn: c, release: func() { l.release(addr) }}, nil
		}
		l.Dropped.Add(1)
		_ = c.Close()
	}
}

func (l *LimitListener) take(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.total > 0 && l.open >= l.total {
		return false
	}
	if l.perAddr > 0 && l.byAddr[addr] >= l.perAddr {
		return false
	}
	l.open++
	l.byAddr[addr]++
	return true
}

func (l *LimitListener) release(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.open--
	if l.byAddr[addr]--; l.byAddr[addr] <= 0 {
		delete(l.byAddr, addr)
	}
}

// Open is the number of connections open now.
func (l *LimitListener) Open() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open
}

// connKey is what the per-address cap counts: the peer's IP, an IPv6 one by
// its /64, which one host usually holds whole.
func connKey(remote string) string {
	ip := net.ParseIP(hostIP(remote))
	if ip == nil || ip.To4() != nil {
		return hostIP(remote)
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// limitedConn gives its place back once, on its first Close.
type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}

// CloseWrite and ReadFrom pass through to a TCP connection: the HTTP server
// half-closes before a lingering close, and serves files with sendfile.
func (c *limitedConn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

func (c *limitedConn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(writerOnly{c.Conn}, r)
}

// writerOnly hides a writer's ReadFrom, so io.Copy does not come back to it.
type writerOnly struct{ io.Writer }
