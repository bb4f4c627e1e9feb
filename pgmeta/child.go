package pgmeta

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"casarent/server/childproc"
	"casarent/server/httpx"
)

// child is one Deno process serving postgres-meta on a unix socket of its own.
type child struct {
	proc   *childproc.Process // its stderr's last lines say why it died
	dir    string             // holds the socket and the entry script; removed when it exits
	proxy  *httputil.ReverseProxy
	conns  *http.Transport
	logger *slog.Logger

	inflight atomic.Int32
	lastUsed atomic.Int64 // unix nanoseconds
}

// denoArgs: reading the package and its own folder, the socket, the environment
// given, the database's address, loading the package's own native addons (the
// type generator's formatter, oxfmt, is one); nothing else (no subprocess, no
// other library, no other network).
func denoArgs(o *Options, dir, entry, sock, dbNet string) []string {
	args := []string{"run", "--quiet", "--no-prompt", "--no-lock", "--node-modules-dir=manual",
		"--allow-read=" + o.PackageDir + "," + dir, "--allow-write=" + dir, "--allow-env", "--allow-sys",
		"--allow-ffi=" + filepath.Join(o.PackageDir, "node_modules")}
	// Node's net on a unix socket asks for the network permission of unix:<path>.
	allowNet := "unix:" + sock
	if dbNet != "" {
		allowNet += "," + dbNet
	}
	args = append(args, "--allow-net="+allowNet)
	return append(args, entry, o.PackageDir, sock)
}

// dbAddress is what Deno's --allow-net names for the database URL: host:port, ""
// for a unix socket (then --allow-read/--allow-write of its folder would be
// needed: not offered, the URL the server builds is TCP).
func dbAddress(dbURL string) string {
	u, err := url.Parse(dbURL)
	if err != nil || u.Host == "" {
		return ""
	}
	if u.Port() == "" {
		return u.Hostname() + ":5432"
	}
	return u.Host
}

// childEnv is the whole environment of the process. x-connection-encrypted is
// removed from every request (proxy), and CRYPTO_KEY is random besides, so no
// connection string sent by a caller is ever used. Sentry's profiler is a native
// Node addon Deno cannot load: postgres-meta imports it (and never enables it, no
// SENTRY_DSN), so the addon is replaced by one of the package's plain JS files.
func childEnv(o *Options) []string {
	var key [32]byte
	_, _ = rand.Read(key[:])
	env := []string{
		"PG_META_DB_URL=" + o.DBURL,
		"CRYPTO_KEY=" + hex.EncodeToString(key[:]),
		"SENTRY_PROFILER_BINARY_PATH=" + filepath.Join(o.PackageDir, "node_modules", "@sentry-internal", "node-cpu-profiler", "lib", "types.js"),
		"DENO_DIR=" + o.DenoDir, "NO_COLOR=1", "DENO_NO_UPDATE_CHECK=1",
	}
	for _, k := range []string{"HOME", "TMPDIR", "SSL_CERT_FILE", "SSL_CERT_DIR"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// start runs postgres-meta and waits until it listens.
func start(ctx context.Context, o *Options) (*child, error) {
	dir, err := os.MkdirTemp("", "pgmeta-")
	if err != nil {
		return nil, err
	}
	entry, sock := filepath.Join(dir, "entry.mjs"), filepath.Join(dir, "pgmeta.sock")
	if err := os.WriteFile(entry, entryScript, 0o600); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	// Deno checks permissions on real paths: a PG_META_PATH through a symbolic
	// link (a worktree's .tools) is read where it leads.
	if real, err := filepath.EvalSymlinks(o.PackageDir); err == nil {
		resolved := *o
		resolved.PackageDir = real
		o = &resolved
	}
	cmd := exec.Command(o.DenoPath, denoArgs(o, dir, entry, sock, dbAddress(o.DBURL))...)
	cmd.Dir, cmd.Env = o.PackageDir, childEnv(o)
	c := &child{dir: dir, logger: o.Logger}
	ready := make(chan struct{}, 1)
	c.proc, err = childproc.Start(cmd, childproc.Options{
		TailLines: 20,
		Stdout:    func(line string) { c.stdoutLine(line, ready) },
		Stderr:    func(line string) { c.logger.Warn("postgres-meta", "stream", "stderr", "line", line) },
		Exited:    func() { os.RemoveAll(dir) },
	})
	if err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start deno: %w", err)
	}
	if err := c.waitReady(ctx, ready, o.StartTimeout); err != nil {
		return nil, err
	}
	c.conns = &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 16, IdleConnTimeout: 30 * time.Second, DisableCompression: true,
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, "unix", sock)
		}}
	c.proxy = c.newProxy()
	c.lastUsed.Store(time.Now().UnixNano())
	o.Logger.Info("postgres-meta started", "pid", cmd.Process.Pid)
	return c, nil
}

func (c *child) waitReady(ctx context.Context, ready <-chan struct{}, timeout time.Duration) error {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case <-ready:
		return nil
	case <-c.proc.Done():
		return fmt.Errorf("postgres-meta exited at start: %s", c.proc.StderrTail())
	case <-timer.C:
		c.stop()
		return errors.New("postgres-meta did not listen in time")
	case <-ctx.Done():
		c.stop()
		return ctx.Err()
	}
}

// stdoutLine reads one line of the child's stdout: "ready" once it listens, else its log.
func (c *child) stdoutLine(line string, ready chan<- struct{}) {
	if line == "ready" {
		select {
		case ready <- struct{}{}:
		default:
		}
		return
	}
	c.logger.Info("postgres-meta", "stream", "stdout", "line", line)
}

func (c *child) exited() bool { return c.proc.Exited() }

// stop ends the process and waits (5 s at most) for it to be gone.
func (c *child) stop() {
	c.proc.Kill()
	select {
	case <-c.proc.Done():
	case <-time.After(5 * time.Second):
	}
	if c.conns != nil {
		c.conns.CloseIdleConnections()
	}
}

// idleFor is how long no call has been running; 0 while one is.
func (c *child) idleFor() time.Duration {
	if c.inflight.Load() > 0 {
		return 0
	}
	return time.Since(time.Unix(0, c.lastUsed.Load()))
}

func (c *child) serve(w http.ResponseWriter, r *http.Request) {
	c.inflight.Add(1)
	defer func() {
		c.lastUsed.Store(time.Now().UnixNano())
		c.inflight.Add(-1)
	}()
	c.proxy.ServeHTTP(w, r)
}

// forwarded are the request headers postgres-meta never sees: the caller's
// credentials (checked here), and the connection a caller could name
// (x-connection-encrypted, or pg, which postgres-meta overwrites anyway): every
// call runs on this project's database as studio_admin.
var forwarded = []string{"apikey", "Authorization", "Cookie", "X-Connection-Encrypted", "Pg"}

func (c *child) newProxy() *httputil.ReverseProxy {
	target := &url.URL{Scheme: "http", Host: "pgmeta"} // dialled on its socket
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			for _, h := range forwarded {
				pr.Out.Header.Del(h)
			}
			q := pr.Out.URL.Query()
			if q.Has("apikey") {
				q.Del("apikey")
				pr.Out.URL.RawQuery = q.Encode()
			}
		},
		Transport: c.conns,
		// postgres-meta answers CORS for any origin; the server's own CORS decides.
		ModifyResponse: func(res *http.Response) error {
			for k := range res.Header {
				if strings.HasPrefix(k, "Access-Control-") {
					res.Header.Del(k)
				}
			}
			return nil
		},
		ErrorHandler: func(w http.ResponseWriter, r *http.Request, err error) {
			c.logger.WarnContext(r.Context(), "postgres-meta did not answer", "err", err, "stderr", c.proc.StderrTail())
			_ = httpx.WriteJSON(w, http.StatusBadGateway, map[string]any{"message": "Studio's database API did not answer"})
		},
	}
}
