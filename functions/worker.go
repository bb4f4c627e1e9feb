package functions

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"casarent/server/childproc"
)

// worker is one Deno process serving one version of one function on a unix socket.
type worker struct {
	fn     *fileFunction
	proc   *childproc.Process // its stderr's last lines say why it died
	links  *links
	proxy  *httputil.ReverseProxy
	conns  *http.Transport // the proxy's connections to this process
	logger *slog.Logger

	mu       sync.Mutex
	limit    string // the limit it was killed for, "" = none
	retiring bool   // replaced: stops once its requests are done

	inflight atomic.Int32
	served   atomic.Int64
	lastUsed atomic.Int64 // unix nanoseconds, by now
	now      func() time.Time
	lastBeat atomic.Int64 // unix nanoseconds of the event loop's last beat

	nextID  atomic.Int64
	running sync.Map // request id -> struct{}: sent to the function and not yet over
}

// errBoot is a function that could not start (an exception at import, no Deno.serve).
var errBoot = errors.New("function failed to start")

// errStartTimeout is a function that did not start listening in time.
var errStartTimeout = errors.New("function did not start in time")

// denoArgs are the permissions of a worker: the network but no local or private
// address (deny), the function's environment names only, reading its folder, the
// shared folder and the dependency cache, its own sockets; nothing else (no other
// write, subprocess, FFI or system information).
func denoArgs(o *FileOptions, fn *fileFunction, bootstrap, marker string, env map[string]string, l *links, deny []string) []string {
	names := make([]string, 0, len(env))
	for k := range env {
		names = append(names, k)
	}
	sort.Strings(names)
	read := []string{fn.Dir, o.DenoDir, bootstrap}
	if shared := strings.TrimSuffix(fn.Dir, "/"+fn.Name) + "/" + sharedFolder; dirExists(shared) {
		read = append(read, shared)
	}
	if fn.ImportMap != "" {
		read = append(read, fn.ImportMap)
	}
	if !strings.HasPrefix(fn.Entry, fn.Dir+"/") {
		read = append(read, fn.Entry)
	}
	// Deno asks for read and write access to a unix socket to serve on it or
	// connect to it: these sockets only.
	socks := []string{l.listen}
	for _, p := range []string{l.api, l.db} {
		if p != "" {
			socks = append(socks, p)
		}
	}
	read = append(read, socks...)
	args := []string{"run", "--quiet", "--no-prompt", "--no-lock",
		"--allow-net", "--allow-read=" + strings.Join(read, ","), "--allow-write=" + strings.Join(socks, ","),
		fmt.Sprintf("--v8-flags=--max-old-space-size=%d", o.MemoryMB)}
	if len(deny) > 0 {
		args = append(args, "--deny-net="+strings.Join(deny, ","))
	}
	// PG*: PostgreSQL clients (npm:postgres) read libpq's variables; the process has
	// none (its environment is only the names above), so they read nothing.
	args = append(args, "--allow-env="+strings.Join(append(names, "PG*"), ","))
	// The request's signal aborts when its caller leaves, not also after every
	// answer (Deno's legacy behaviour, which warns on each worker's first request).
	args = append(args, "--unstable-no-legacy-abort")
	args = append(args, fn.resolutionArgs()...)
	return append(args, bootstrap, (&url.URL{Scheme: "file", Path: fn.Entry}).String(), marker, linksArg(o, l))
}

// requestHeader carries the server's id of a request to the bootstrap, which
// reports when that request is over (and hides the header from the function).
const requestHeader = "X-Casarent-Request"

// linksArg tells the bootstrap its sockets and what they stand for.
func linksArg(o *FileOptions, l *links) string {
	m := map[string]any{"listen": l.listen, "requestHeader": requestHeader}
	if l.api != "" {
		m["api"], m["apiOrigin"], m["apiHost"] = l.api, o.Env["SUPABASE_URL"], apiHost
	}
	if host, port, ok := dbRoute(o.Env["SUPABASE_DB_URL"]); ok && l.db != "" {
		m["db"], m["dbHost"], m["dbPort"] = l.db, host, port
	}
	b, _ := json.Marshal(m)
	return string(b)
}

func dirExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// workerEnv is the whole environment of the process: the platform's variables, the
// secrets, and Deno's own settings (not readable by the function).
func workerEnv(o *FileOptions, fn *fileFunction) (visible map[string]string, all []string) {
	visible = map[string]string{}
	maps.Copy(visible, fn.Secrets)
	maps.Copy(visible, o.Env)
	for k, v := range visible {
		all = append(all, k+"="+v)
	}
	return visible, append(all, denoEnv(o.DenoDir)...)
}

// denoEnv is Deno's own environment, for a worker and for the bundler.
func denoEnv(denoDir string) []string {
	all := []string{"DENO_DIR=" + denoDir, "NO_COLOR=1", "DENO_NO_UPDATE_CHECK=1"}
	// Deno itself may need the proxy, the machine's certificate authorities and an
	// npm mirror to fetch npm: and https: imports (the function cannot read them).
	// NO_PROXY=* means no proxy at all, and would also turn off the route to the
	// API socket (a proxy to Deno): then no proxy variable is passed.
	keys := []string{"SSL_CERT_FILE", "SSL_CERT_DIR", "DENO_CERT", "NPM_CONFIG_REGISTRY"}
	if os.Getenv("NO_PROXY") != "*" && os.Getenv("no_proxy") != "*" {
		keys = append(keys, "HTTPS_PROXY", "HTTP_PROXY", "NO_PROXY", "https_proxy", "http_proxy", "no_proxy")
	}
	for _, k := range keys {
		if v, ok := os.LookupEnv(k); ok {
			all = append(all, k+"="+v)
		}
	}
	store := os.Getenv("DENO_TLS_CA_STORE")
	if store == "" {
		store = "system,mozilla"
	}
	return append(all, "DENO_TLS_CA_STORE="+store)
}

// startWorker runs the function and waits until it listens.
func startWorker(ctx context.Context, fr *fileRuntime, fn *fileFunction, bootstrap string, logger *slog.Logger) (*worker, error) {
	o := &fr.opts
	var b [8]byte
	_, _ = rand.Read(b[:])
	marker := "casarent-ready-" + hex.EncodeToString(b[:])
	visible, env := workerEnv(o, fn)
	l, err := openLinks(fr.sockDir, fr.apiTarget, fr.apiTransport, o.DBAddr, logger)
	if err != nil {
		return nil, err
	}
	deny := denyNet(o.NetAllow, interfaceAddrs())
	cmd := exec.Command(o.DenoPath, denoArgs(o, fn, bootstrap, marker, visible, l, deny)...)
	cmd.Dir = fn.Dir
	cmd.Env = env
	w := &worker{fn: fn, links: l, now: o.Now, logger: logger.With("function", fn.Name, "version", fn.Version)}
	ready := make(chan struct{}, 1)
	w.proc, err = childproc.Start(cmd, childproc.Options{
		TailLines: 30,
		Stdout:    func(line string) { w.stdoutLine(line, marker, ready) },
		Stderr:    func(line string) { w.logger.Warn("function log", "stream", "stderr", "line", line) },
		Exited:    l.close,
	})
	if err != nil {
		l.close()
		return nil, fmt.Errorf("start deno: %w", err)
	}
	timer := time.NewTimer(o.StartTimeout)
	defer timer.Stop()
	select {
	case <-ready:
	case <-w.proc.Done():
		w.logger.Error("function failed to start", "stderr", w.proc.StderrTail())
		return nil, errBoot
	case <-timer.C:
		w.kill("start")
		return nil, errStartTimeout
	case <-ctx.Done():
		w.kill("")
		return nil, ctx.Err()
	}
	w.conns = &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 64, IdleConnTimeout: 30 * time.Second, DisableCompression: true,
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
			return (&net.Dialer{}).DialContext(ctx, "unix", l.listen)
		}}
	w.proxy = w.newProxy()
	w.lastUsed.Store(w.now().UnixNano())
	w.lastBeat.Store(time.Now().UnixNano())
	go func() { <-w.proc.Done(); w.conns.CloseIdleConnections() }()
	go w.watch(o.CPUTime, rssLimit(o.MemoryMB))
	return w, nil
}

// stdoutLine reads one line of the worker's stdout: the bootstrap's signals
// (prefixed by marker, which the function's own code does not know) or the
// function's log.
func (w *worker) stdoutLine(line, marker string, ready chan<- struct{}) {
	if rest, ok := strings.CutPrefix(line, marker+" "); ok {
		switch {
		case rest == "beat":
			w.lastBeat.Store(time.Now().UnixNano())
			return
		case rest == "ready":
			select {
			case ready <- struct{}{}:
			default:
			}
			return
		case strings.HasPrefix(rest, "done "):
			if id, err := strconv.ParseInt(strings.TrimPrefix(rest, "done "), 10, 64); err == nil {
				w.running.Delete(id)
			}
			return
		}
	}
	w.logger.Info("function log", "stream", "stdout", "line", line)
}

// kill stops the process; limit names the limit it passed ("" for a plain stop).
func (w *worker) kill(limit string) {
	w.mu.Lock()
	if w.limit == "" {
		w.limit = limit
	}
	w.mu.Unlock()
	w.proc.Kill()
}

func (w *worker) limitHit() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.limit
}

func (w *worker) exited() bool { return w.proc.Exited() }

// retire stops the worker once its running requests are answered.
func (w *worker) retire() {
	w.mu.Lock()
	w.retiring = true
	w.mu.Unlock()
	if w.inflight.Load() == 0 {
		w.kill("")
	}
}

func (w *worker) acquire() { w.inflight.Add(1) }

func (w *worker) release() {
	w.lastUsed.Store(w.now().UnixNano())
	if w.inflight.Add(-1) == 0 {
		w.mu.Lock()
		r := w.retiring
		w.mu.Unlock()
		if r {
			w.kill("")
		}
	}
}

// cpuTime is the CPU time of the worker's main thread, where its JavaScript runs
// (Linux /proc; 0 elsewhere).
func (w *worker) cpuTime() time.Duration {
	pid := w.proc.Pid()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/task/%d/stat", pid, pid))
	if err != nil {
		return 0
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * time.Second / clockTicks
}

// clockTicks is USER_HZ, 100 on every Linux the server targets.
const clockTicks = 100

// beatEvery is how often the bootstrap's event loop says it turns; missing beats
// for longer than beatLate means the loop is blocked by synchronous code.
const (
	beatEvery = 100 * time.Millisecond
	beatLate  = 3 * beatEvery
)

// rssAllowanceMB is what a worker may hold beyond its V8 heap limit before the
// memory watchdog stops it: Deno's own baseline (the runtime, V8's code and young
// generation, the loaded modules: about 50 MB for a function importing supabase-js),
// with room to spare, plus the memory outside the heap that the heap limit misses
// (ArrayBuffers, typed arrays, buffers of streams).
const rssAllowanceMB = 192

// rssLimit is the resident memory, in bytes, past which a worker is stopped.
func rssLimit(memoryMB int) int64 { return int64(memoryMB+rssAllowanceMB) << 20 }

// rss is the worker's resident memory in bytes (Linux /proc; 0 elsewhere).
func (w *worker) rss() int64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/statm", w.proc.Pid()))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize())
}

// watch enforces the CPU and memory limits until the worker exits.
//
// CPU: synchronous work that keeps the event loop blocked (no beat) while spending
// more than cpuLimit of CPU time stops the worker. A request that waits (a stream,
// a fetch) costs nothing, however long it lasts, and neither do the other requests
// the worker serves meanwhile.
//
// Memory: the V8 heap limit (--max-old-space-size) does not count ArrayBuffers and
// other memory outside the heap, so the process's resident memory is watched too:
// past rssLimit it is stopped.
func (w *worker) watch(cpuLimit time.Duration, rssLimit int64) {
	t := time.NewTicker(50 * time.Millisecond)
	defer t.Stop()
	last := w.cpuTime()
	var blocked time.Duration
	for {
		select {
		case <-w.proc.Done():
			return
		case <-t.C:
		}
		if rssLimit > 0 {
			if m := w.rss(); m > rssLimit {
				w.logger.Warn("function past its memory limit", "rss_mb", m>>20, "limit_mb", rssLimit>>20)
				w.kill("memory")
				return
			}
		}
		if cpuLimit <= 0 {
			continue
		}
		now := w.cpuTime()
		delta := now - last
		last = now
		if time.Since(time.Unix(0, w.lastBeat.Load())) < beatLate {
			blocked = 0
			continue
		}
		if blocked += delta; blocked > cpuLimit {
			w.kill("cpu")
			return
		}
	}
}

type ctxKey int

const respHeaderKey ctxKey = 1

func (w *worker) newProxy() *httputil.ReverseProxy {
	target := &url.URL{Scheme: "http", Host: "worker"} // dialled on its socket
	return &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.SetURL(target)
			pr.Out.Host = pr.In.Host // the function sees the public URL in req.url
			pr.SetXForwarded()
			pr.Out.Header.Del(requestHeader)
			if id, ok := pr.In.Context().Value(requestIDKey).(int64); ok {
				pr.Out.Header.Set(requestHeader, strconv.FormatInt(id, 10))
			}
		},
		Transport:     w.conns,
		FlushInterval: -1, // stream: server-sent events and chunked bodies pass as written
		ModifyResponse: func(res *http.Response) error {
			// A function that answers CORS itself is the only source of those
			// headers (two Access-Control-Allow-Origin values are refused by browsers).
			if res.Header.Get("Access-Control-Allow-Origin") == "" {
				return nil
			}
			if h, ok := res.Request.Context().Value(respHeaderKey).(http.Header); ok {
				for k := range h {
					if strings.HasPrefix(k, "Access-Control-") {
						h.Del(k)
					}
				}
			}
			return nil
		},
		ErrorHandler: func(rw http.ResponseWriter, r *http.Request, err error) {
			if v, ok := r.Context().Value(proxyErrKey).(*error); ok {
				*v = err
			}
		},
	}
}

const (
	proxyErrKey  ctxKey = 2
	requestIDKey ctxKey = 3 // the worker's id of the request (worker.begin)
)

// begin numbers a request sent to the worker and counts it running until the
// bootstrap says it is over.
func (w *worker) begin() int64 {
	id := w.nextID.Add(1)
	w.running.Store(id, struct{}{})
	return id
}

// isRunning reports whether request id is not over in the worker (its handler has
// not answered, or its answer is still being sent).
func (w *worker) isRunning(id int64) bool {
	_, ok := w.running.Load(id)
	return ok && !w.exited()
}
