package functions

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// privateV4 are the IPv4 ranges a worker may not reach: this machine, private
// networks, link-local (cloud metadata), carrier-grade NAT. Deno checks them on
// the address a name resolves to, for fetch, Deno.connect and node:net alike.
var privateV4 = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"), // 0.0.0.0 reaches this machine on Linux
	netip.MustParsePrefix("10.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("127.0.0.0/8"),
	netip.MustParsePrefix("169.254.0.0/16"),
	netip.MustParsePrefix("172.16.0.0/12"),
	netip.MustParsePrefix("192.168.0.0/16"),
}

// Deno 2.9's --deny-net takes IPv4 ranges but only single IPv6 addresses: the IPv6
// loopback and unspecified addresses are denied, and so is every address of this
// machine's interfaces (interfaceAddrs), IPv6 or public IPv4 included (a service bound
// to every interface answers there too). IPv4-mapped IPv6 addresses are checked as the
// IPv4 address they carry.
var deniedV6 = []netip.Addr{netip.IPv6Loopback(), netip.IPv6Unspecified()}

// denyNet is the --deny-net list of a worker: every private range and this machine's
// addresses, less what the operator opened (FUNCTIONS_NET_ALLOW). Deny wins over
// allow in Deno, so an opened range is cut out of the denied ones.
func denyNet(allow []netip.Prefix, local []netip.Addr) []string {
	var out []string
	for _, p := range privateV4 {
		for _, q := range subtract(p, allow) {
			out = append(out, q.String())
		}
	}
	addrs := append(slices.Clone(deniedV6), local...)
	for _, a := range addrs {
		a = a.WithZone("")
		if a.Is4In6() {
			a = a.Unmap()
		}
		if slices.ContainsFunc(allow, func(p netip.Prefix) bool { return p.Contains(a) }) {
			continue
		}
		if a.Is4() {
			if slices.ContainsFunc(privateV4, func(p netip.Prefix) bool { return p.Contains(a) }) {
				continue // already in a range above
			}
			out = append(out, a.String())
			continue
		}
		out = append(out, "["+a.String()+"]")
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// subtract is p less every prefix of cut, as the fewest prefixes.
func subtract(p netip.Prefix, cut []netip.Prefix) []netip.Prefix {
	for _, c := range cut {
		if c.Addr().Is4() != p.Addr().Is4() || !c.Overlaps(p) {
			continue
		}
		if c.Bits() <= p.Bits() { // c covers p
			return nil
		}
		// Split p in halves and cut each.
		lo := netip.PrefixFrom(p.Addr(), p.Bits()+1)
		hiAddr := p.Addr().AsSlice()
		bit := p.Bits()
		hiAddr[bit/8] |= 0x80 >> (bit % 8)
		hi, _ := netip.AddrFromSlice(hiAddr)
		return append(subtract(lo, cut), subtract(netip.PrefixFrom(hi, p.Bits()+1), cut)...)
	}
	return []netip.Prefix{p}
}

// interfaceAddrs are this machine's own addresses.
func interfaceAddrs() []netip.Addr {
	as, err := net.InterfaceAddrs()
	if err != nil {
		return nil
	}
	var out []netip.Addr
	for _, a := range as {
		if n, ok := a.(*net.IPNet); ok {
			if ip, ok := netip.AddrFromSlice(n.IP); ok {
				out = append(out, ip.Unmap())
			}
		}
	}
	return out
}

// apiHost is the name a worker's requests to SUPABASE_URL are sent to through its
// socket. It never resolves: Deno hands the request to the socket without a DNS
// lookup, so the address check (which denies the server's loopback address) does
// not apply; any other use of the name fails.
const apiHost = "supabase-api.invalid"

// links are a worker's unix sockets, in a folder of its own (a function may remove
// the sockets it may use, and should hurt only itself doing so): the one it serves
// on, and when configured the server's API and PostgreSQL, proxied by the server.
type links struct {
	dir     string
	listen  string // the worker serves requests here
	api, db string // "" when not given
	servers []io.Closer
}

// openLinks makes the worker's folder under base and starts its proxies: the API
// socket forwards HTTP to apiTarget, the database socket forwards bytes to dbAddr
// (host:port, or a unix socket path).
func openLinks(base string, apiTarget *url.URL, apiTransport http.RoundTripper, dbAddr string, logger *slog.Logger) (*links, error) {
	dir, err := os.MkdirTemp(base, "w")
	if err != nil {
		return nil, fmt.Errorf("worker sockets: %w", err)
	}
	l := &links{dir: dir, listen: filepath.Join(dir, "worker.sock")}
	if apiTarget != nil {
		l.api = filepath.Join(dir, "api.sock")
		ln, err := net.Listen("unix", l.api)
		if err != nil {
			l.close()
			return nil, fmt.Errorf("worker api socket: %w", err)
		}
		srv := &http.Server{Handler: apiProxy(apiTarget, apiTransport), ReadHeaderTimeout: 30 * time.Second,
			ErrorLog: slog.NewLogLogger(logger.Handler(), slog.LevelWarn)}
		go func() { _ = srv.Serve(ln) }()
		l.servers = append(l.servers, srv)
	}
	if dbAddr != "" {
		l.db = filepath.Join(dir, "db.sock")
		ln, err := net.Listen("unix", l.db)
		if err != nil {
			l.close()
			return nil, fmt.Errorf("worker database socket: %w", err)
		}
		go forward(ln, dbAddr, logger)
		l.servers = append(l.servers, ln)
	}
	return l, nil
}

func (l *links) close() {
	for _, s := range l.servers {
		_ = s.Close()
	}
	_ = os.RemoveAll(l.dir)
}

// apiProxy passes a worker's requests to the server's API as if it had sent them
// to SUPABASE_URL: same host, path and query.
func apiProxy(target *url.URL, transport http.RoundTripper) http.Handler {
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.Out.URL.Path, pr.Out.URL.RawPath = pr.In.URL.Path, pr.In.URL.RawPath
		},
		Transport:     transport,
		FlushInterval: -1,
	}
}

// forward copies each connection made to ln to a new connection to addr, both
// ways, until either side closes; it returns when ln is closed.
func forward(ln net.Listener, addr string, logger *slog.Logger) {
	network := "tcp"
	if strings.HasPrefix(addr, "/") {
		network = "unix"
	}
	var conns sync.WaitGroup
	defer conns.Wait()
	for {
		c, err := ln.Accept()
		if err != nil {
			if !errors.Is(err, net.ErrClosed) {
				logger.Warn("functions: database socket", "err", err)
			}
			return
		}
		conns.Add(1)
		go func() {
			defer conns.Done()
			defer c.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			up, err := (&net.Dialer{}).DialContext(ctx, network, addr)
			cancel()
			if err != nil {
				logger.Warn("functions: reaching the database for a function", "err", err)
				return
			}
			defer up.Close()
			done := make(chan struct{})
			go func() {
				_, _ = io.Copy(up, c)
				closeWrite(up)
				close(done)
			}()
			_, _ = io.Copy(c, up)
			closeWrite(c)
			<-done
		}()
	}
}

func closeWrite(c net.Conn) {
	if cw, ok := c.(interface{ CloseWrite() error }); ok {
		_ = cw.CloseWrite()
	} else {
		_ = c.Close()
	}
}

// dbRoute is where the functions' SUPABASE_DB_URL points (host and port), which
// the bootstrap sends to the worker's database socket instead.
func dbRoute(dbURL string) (host string, port int, ok bool) {
	u, err := url.Parse(dbURL)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") || u.Hostname() == "" {
		return "", 0, false
	}
	port = 5432
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return "", 0, false
		}
	}
	return u.Hostname(), port, true
}
