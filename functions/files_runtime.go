package functions

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"casarent/server/httpx"
)

// FileOptions configure the TypeScript functions of a folder, run by Deno
// (server/config/functions.go documents each setting).
type FileOptions struct {
	Dir        string // FUNCTIONS_DIR: one folder per function
	ConfigPath string // FUNCTIONS_CONFIG: supabase/config.toml ([functions.<name>])
	DenoPath   string // the deno executable; "" = not installed
	DenoDir    string // Deno's dependency cache (DENO_DIR)
	// Env is what every function sees besides its secrets: SUPABASE_URL,
	// SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY, SUPABASE_DB_URL.
	Env map[string]string
	// DBAddr is where PostgreSQL listens for the functions ("host:port", or a unix
	// socket's path): connections a worker opens to SUPABASE_DB_URL's host and port
	// reach it through the worker's database socket. "" = none.
	DBAddr string
	// NetAllow are the private addresses workers may reach after all
	// (FUNCTIONS_NET_ALLOW); every other local, private or link-local one is denied.
	NetAllow []netip.Prefix

	MemoryMB      int           // V8 heap per worker; resident memory may be 192 MB more (worker.go rssLimit)
	CPUTime       time.Duration // CPU time the event loop may stay blocked by synchronous code
	WallClock     time.Duration // wall-clock time per request
	StartTimeout  time.Duration // from process start to listening (includes fetching dependencies)
	IdleTimeout   time.Duration // a worker without requests for this long is stopped
	MaxRequests   int           // a worker is replaced after this many requests (0 = never)
	MaxConcurrent int           // requests served at once per function
	MaxQueue      int           // requests waiting per function; more are answered 503
	HotReload     bool          // rescan the folder every second (outside production)
	// Now is the clock idle workers are measured by; nil is time.Now (tests
	// move theirs ahead instead of waiting for IdleTimeout to pass).
	Now func() time.Time

	// Pool turns on deployment over HTTP (deploy.go): versions in PostgreSQL,
	// their bundles written under DeployDir by each replica. nil = off.
	Pool      *pgxpool.Pool
	DeployDir string
	// SecretsKey seals the secrets set over HTTP (SecretsKey(JWT_SECRET)).
	SecretsKey []byte
}

//go:embed deno/bootstrap.ts
var bootstrapSource []byte

// fileRuntime serves the functions of FileOptions.Dir.
type fileRuntime struct {
	opts      FileOptions
	logger    *slog.Logger
	bootMu    sync.Mutex
	syncMu    sync.Mutex // syncDeployed
	bootstrap string     // path of the written bootstrap module
	builtins  map[string]Function

	sockDir      string   // the workers' socket folders (private to the server's user)
	apiTarget    *url.URL // SUPABASE_URL's origin, which workers reach through their API socket
	apiTransport *http.Transport

	mu   sync.RWMutex
	sups map[string]*supervisor

	srcMu     sync.Mutex
	lastScan  map[string]*fileFunction // FUNCTIONS_DIR
	deployed  map[string]*fileFunction // deployed over HTTP: these win
	dbSecrets map[string]string        // set over HTTP: they win over .env

	invocations *prometheus.CounterVec
	durations   *prometheus.HistogramVec
	coldStarts  *prometheus.CounterVec
	limitHits   *prometheus.CounterVec
}

// supervisor owns the worker of one function: started on first call, replaced
// after a limit, a crash, a new version or MaxRequests, stopped when idle.
type supervisor struct {
	fn      atomic.Pointer[fileFunction]
	slots   chan struct{}
	waiting atomic.Int32

	mu  sync.Mutex
	cur *worker
}

func newFileRuntime(o FileOptions, builtins map[string]Function, logger *slog.Logger) (*fileRuntime, error) {
	if o.Dir == "" {
		return nil, errors.New("functions: FUNCTIONS_DIR is empty")
	}
	defaults(&o)
	fr := &fileRuntime{opts: o, logger: logger, builtins: builtins, sups: map[string]*supervisor{},
		invocations: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "functions_invocations_total", Help: "File function invocations by function and status.",
		}, []string{"function", "code"}),
		durations: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "functions_invocation_duration_seconds", Help: "File function invocation time.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10, 60},
		}, []string{"function"}),
		coldStarts: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "functions_cold_starts_total", Help: "Deno workers started, by function.",
		}, []string{"function"}),
		limitHits: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "functions_limit_hits_total", Help: "Workers stopped at a limit, by function and limit (cpu, memory, wall_clock, start, queue).",
		}, []string{"function", "limit"}),
	}
	if abs, err := filepath.Abs(o.DenoDir); err == nil {
		fr.opts.DenoDir = abs
	}
	if u, err := url.Parse(o.Env["SUPABASE_URL"]); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
		fr.apiTarget = &url.URL{Scheme: u.Scheme, Host: u.Host}
		fr.apiTransport = &http.Transport{Proxy: nil, MaxIdleConnsPerHost: 16, IdleConnTimeout: 30 * time.Second,
			ForceAttemptHTTP2: true}
	}
	fns, err := scanFunctions(o.Dir, o.ConfigPath)
	if err != nil {
		return nil, err
	}
	for name := range fns {
		if _, dup := builtins[name]; dup {
			return nil, fmt.Errorf("functions: %s/%s has the name of a built-in function; rename the folder", o.Dir, name)
		}
	}
	if o.DenoPath == "" && len(fns) > 0 {
		logger.Warn("Deno is not installed: the file functions answer 503 until it is (make run installs it; or set DENO_PATH)", "functions", len(fns))
	}
	fr.setScan(fns)
	return fr, nil
}

// setScan records a scan of FUNCTIONS_DIR and serves it with the deployed functions.
func (fr *fileRuntime) setScan(fns map[string]*fileFunction) {
	fr.srcMu.Lock()
	fr.lastScan = fns
	fr.srcMu.Unlock()
	fr.refresh()
}

// refresh serves the folder's functions and the deployed ones (which win).
func (fr *fileRuntime) refresh() {
	fr.srcMu.Lock()
	all := make(map[string]*fileFunction, len(fr.lastScan)+len(fr.deployed))
	for n, f := range fr.lastScan {
		if len(fr.dbSecrets) > 0 { // seen from the worker's next start (not part of the version)
			c := *f
			c.Secrets = maps.Clone(f.Secrets)
			maps.Copy(c.Secrets, fr.dbSecrets)
			f = &c
		}
		all[n] = f
	}
	maps.Copy(all, fr.deployed)
	fr.srcMu.Unlock()
	fr.apply(all)
}

func defaults(o *FileOptions) {
	set := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	set(&o.CPUTime, 2*time.Second)
	set(&o.WallClock, 150*time.Second)
	set(&o.StartTimeout, 60*time.Second)
	set(&o.IdleTimeout, 2*time.Minute)
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.MemoryMB <= 0 {
		o.MemoryMB = 256
	}
	if o.MaxConcurrent <= 0 {
		o.MaxConcurrent = 32
	}
	if o.MaxQueue < 0 {
		o.MaxQueue = 0
	}
	if o.DenoDir == "" {
		o.DenoDir = filepath.Join(os.TempDir(), "casarent-deno")
	}
	if o.DeployDir == "" {
		o.DeployDir = filepath.Join(o.DenoDir, "deployed")
	}
}

// apply installs a new scan: new versions replace their worker, removed folders
// stop theirs.
func (fr *fileRuntime) apply(fns map[string]*fileFunction) {
	fr.mu.Lock()
	defer fr.mu.Unlock()
	for name, s := range fr.sups {
		if _, ok := fns[name]; !ok {
			delete(fr.sups, name)
			s.stop()
			fr.logger.Info("function removed", "function", name)
		}
	}
	for name, fn := range fns {
		if _, builtin := fr.builtins[name]; builtin {
			fr.logger.Error("function folder has the name of a built-in function; ignored", "function", name)
			continue
		}
		s := fr.sups[name]
		if s == nil {
			s = &supervisor{slots: make(chan struct{}, fr.opts.MaxConcurrent)}
			fr.sups[name] = s
			s.fn.Store(fn)
			continue
		}
		if old := s.fn.Swap(fn); old.Version != fn.Version {
			fr.logger.Info("function changed", "function", name, "version", fn.Version)
			s.mu.Lock()
			if s.cur != nil {
				s.cur.retire()
				s.cur = nil
			}
			s.mu.Unlock()
		}
	}
}

func (fr *fileRuntime) lookup(name string) *supervisor {
	fr.mu.RLock()
	defer fr.mu.RUnlock()
	return fr.sups[name]
}

// Run rescans the folder every second (with HotReload) and stops idle workers,
// until ctx ends; then it stops every worker.
func (fr *fileRuntime) Run(ctx context.Context) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			fr.mu.Lock()
			for _, s := range fr.sups {
				s.stop()
			}
			fr.mu.Unlock()
			fr.bootMu.Lock()
			if fr.sockDir != "" {
				_ = os.RemoveAll(fr.sockDir)
			}
			fr.bootMu.Unlock()
			return
		case <-t.C:
		}
		if fr.opts.HotReload {
			if fns, err := scanFunctions(fr.opts.Dir, fr.opts.ConfigPath); err != nil {
				fr.logger.Error("functions: rescan", "err", err)
			} else {
				fr.setScan(fns)
			}
		}
		if fr.opts.Pool != nil {
			if err := fr.syncDeployed(ctx); err != nil && ctx.Err() == nil {
				fr.logger.Error("functions: reading the deployed versions", "err", err)
			}
		}
		fr.mu.RLock()
		for _, s := range fr.sups {
			s.stopIdle(fr.opts.IdleTimeout, fr.opts.Now())
		}
		fr.mu.RUnlock()
	}
}

func (fr *fileRuntime) bootstrapPathHint() string {
	return filepath.Join(fr.opts.DenoDir, "casarent", "bootstrap.ts")
}

// bootstrapPath writes the bootstrap module into the dependency cache (readable by
// every worker) and makes the workers' sockets folder, once.
func (fr *fileRuntime) bootstrapPath() (string, error) {
	fr.bootMu.Lock()
	defer fr.bootMu.Unlock()
	if fr.bootstrap != "" {
		return fr.bootstrap, nil
	}
	// The workers' sockets: a short path (a unix socket's is at most 107 bytes),
	// mode 0700 (no other user of the machine reaches a worker or its routes).
	dir, err := os.MkdirTemp("", "casarent-fn-")
	if err != nil {
		return "", fmt.Errorf("functions: sockets folder: %w", err)
	}
	fr.sockDir = dir
	p := fr.bootstrapPathHint()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return "", err
	}
	tmp := p + ".tmp" + strconv.Itoa(os.Getpid())
	if err := os.WriteFile(tmp, bootstrapSource, 0o644); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, p); err != nil {
		return "", err
	}
	fr.bootstrap = p
	return p, nil
}

func (s *supervisor) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur != nil {
		s.cur.kill("")
		s.cur = nil
	}
}

func (s *supervisor) stopIdle(idle time.Duration, now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if w := s.cur; w != nil && w.inflight.Load() == 0 && now.Sub(time.Unix(0, w.lastUsed.Load())) > idle {
		w.logger.Info("idle worker stopped", "idle_timeout", idle)
		w.kill("")
		s.cur = nil
	}
}

// worker returns the running worker, starting one if needed (cold reports that).
func (fr *fileRuntime) worker(ctx context.Context, s *supervisor) (w *worker, cold bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	fn := s.fn.Load()
	if w := s.cur; w != nil && !w.exited() && w.limitHit() == "" && w.fn.Version == fn.Version {
		return w, false, nil
	}
	if s.cur != nil {
		s.cur.retire()
		s.cur = nil
	}
	boot, err := fr.bootstrapPath()
	if err != nil {
		return nil, false, err
	}
	w, err = startWorker(ctx, fr, fn, boot, fr.logger)
	if err != nil {
		return nil, false, err
	}
	fr.coldStarts.WithLabelValues(fn.Name).Inc()
	s.cur = w
	return w, true, nil
}

// serve proxies one request to the function's worker, within its limits.
func (fr *fileRuntime) serve(w http.ResponseWriter, r *http.Request, s *supervisor) {
	fn := s.fn.Load()
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w}
	cold := false
	defer func() {
		d := time.Since(start)
		status := sw.status
		if status == 0 {
			status = 499 // the caller left before an answer
		}
		fr.invocations.WithLabelValues(fn.Name, strconv.Itoa(status)).Inc()
		fr.durations.WithLabelValues(fn.Name).Observe(d.Seconds())
		fr.logger.InfoContext(r.Context(), "function invoked", "request_id", httpx.RequestIDFrom(r.Context()),
			"function", fn.Name, "version", fn.Version, "status", status, "duration_ms", d.Milliseconds(), "cold", cold)
	}()
	if !fr.admit(sw, r, s) {
		return
	}
	defer func() { <-s.slots }()

	wk, c, err := fr.worker(r.Context(), s)
	cold = c
	switch {
	case errors.Is(err, errStartTimeout):
		fr.limitHits.WithLabelValues(fn.Name, "start").Inc()
		writeLimit(sw, r, "start")
		return
	case err != nil && r.Context().Err() != nil:
		return
	case err != nil:
		fr.logger.ErrorContext(r.Context(), "function failed to boot", "function", fn.Name, "version", fn.Version, "err", err)
		gatewayError(sw, r, http.StatusInternalServerError, "BOOT_ERROR", "Worker failed to boot (please check logs)")
		return
	}
	wk.acquire()
	defer wk.release()
	// Counted before the answer: the next request already goes to a new worker.
	if n := wk.served.Add(1); fr.opts.MaxRequests > 0 && n >= int64(fr.opts.MaxRequests) {
		s.replace(wk)
	}

	deadline := time.Now().Add(fr.opts.WallClock)
	ctx, cancel := context.WithDeadline(r.Context(), deadline)
	defer cancel()
	var proxyErr error
	id := wk.begin()
	ctx = context.WithValue(ctx, proxyErrKey, &proxyErr)
	ctx = context.WithValue(ctx, respHeaderKey, sw.Header())
	ctx = context.WithValue(ctx, requestIDKey, id)
	defer func() {
		switch {
		case errors.Is(ctx.Err(), context.DeadlineExceeded):
			// Past the wall clock, streaming or not: the worker is replaced.
			wk.kill("wall_clock")
		case r.Context().Err() != nil && wk.isRunning(id):
			// The caller left while the function was still at work: that work
			// may go on (nothing makes a handler stop), but not past the wall clock.
			fr.abandoned(s, wk, id, deadline)
		}
		if limit := wk.limitHit(); limit != "" && limit != "start" {
			s.replace(wk)
		}
	}()
	wk.proxy.ServeHTTP(sw, r.WithContext(ctx))
	if proxyErr != nil && sw.status == 0 && r.Context().Err() == nil {
		fr.noAnswer(ctx, sw, r, wk, proxyErr)
	}
}

// abandoned watches a request whose caller left before it was over: if it is
// still running in the worker at its wall-clock deadline, the worker is stopped
// and replaced.
func (fr *fileRuntime) abandoned(s *supervisor, wk *worker, id int64, deadline time.Time) {
	time.AfterFunc(time.Until(deadline), func() {
		if !wk.isRunning(id) {
			return
		}
		fn := wk.fn
		fr.limitHits.WithLabelValues(fn.Name, "wall_clock").Inc()
		fr.logger.Warn("function stopped at a limit", "function", fn.Name, "version", fn.Version, "limit", "wall_clock",
			"caller", "gone")
		wk.kill("wall_clock")
		s.replace(wk)
	})
}

// noAnswer answers for a worker that gave none: a limit (546) or a crash (500).
func (fr *fileRuntime) noAnswer(ctx context.Context, sw http.ResponseWriter, r *http.Request, wk *worker, proxyErr error) {
	fn := wk.fn
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		wk.kill("wall_clock")
	}
	if wk.limitHit() == "" {
		select { // a process that dies of V8's heap limit says so on stderr
		case <-wk.proc.Done():
		case <-time.After(2 * time.Second):
		}
		if tail := wk.proc.StderrTail(); strings.Contains(tail, "out of memory") || strings.Contains(tail, "heap limit") {
			wk.kill("memory")
		}
	}
	if limit := wk.limitHit(); limit != "" {
		fr.limitHits.WithLabelValues(fn.Name, limit).Inc()
		fr.logger.WarnContext(r.Context(), "function stopped at a limit", "function", fn.Name, "version", fn.Version, "limit", limit)
		writeLimit(sw, r, limit)
		return
	}
	fr.logger.ErrorContext(r.Context(), "function crashed", "function", fn.Name, "version", fn.Version, "err", proxyErr, "stderr", wk.proc.StderrTail())
	wk.kill("")
	gatewayError(sw, r, http.StatusInternalServerError, "WORKER_ERROR", "Function exited due to an error (please check logs)")
}

// admit lets a request through to the worker, holding one of the function's
// slots, or answers it: no runtime (503), queue full (503 + Retry-After).
func (fr *fileRuntime) admit(sw http.ResponseWriter, r *http.Request, s *supervisor) bool {
	if fr.opts.DenoPath == "" {
		gatewayError(sw, r, http.StatusServiceUnavailable, "FUNCTION_RUNTIME_MISSING",
			"Deno is not installed: run `make run` (or `source scripts/lib.sh && ensure_deno`), or set DENO_PATH to a deno executable")
		return false
	}
	if fr.enqueue(r.Context(), s) {
		return true
	}
	if r.Context().Err() == nil {
		fr.limitHits.WithLabelValues(s.fn.Load().Name, "queue").Inc()
		sw.Header().Set("Retry-After", "1")
		gatewayError(sw, r, http.StatusServiceUnavailable, "WORKER_BUSY", "Too many concurrent requests to this function; retry shortly")
	}
	return false
}

// enqueue takes one of the function's slots, waiting in its queue when they are
// all taken; false when the queue is full too (or the caller left).
func (fr *fileRuntime) enqueue(ctx context.Context, s *supervisor) bool {
	select {
	case s.slots <- struct{}{}:
		return true
	default:
	}
	if int(s.waiting.Add(1)) > fr.opts.MaxQueue {
		s.waiting.Add(-1)
		return false
	}
	defer s.waiting.Add(-1)
	select {
	case s.slots <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

// replace retires wk if it is still the current worker: the next request starts another.
func (s *supervisor) replace(wk *worker) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == wk {
		s.cur = nil
	}
	wk.retire()
}

// writeLimit answers as edge-runtime does when a worker passes a resource limit.
func writeLimit(w http.ResponseWriter, r *http.Request, limit string) {
	gatewayError(w, r, 546, "WORKER_LIMIT", "Function failed due to not having enough compute resources (please check logs): "+limit+" limit")
}

// gatewayError is an answer of ours rather than the function's: readable by a
// browser on another origin, like every gateway error.
func gatewayError(w http.ResponseWriter, r *http.Request, status int, code, msg string) {
	setCORS(w, r)
	writeGateway(w, status, code, msg)
}

// statusWriter records the status the function answered.
type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

func (s *statusWriter) Flush() {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	http.NewResponseController(s.ResponseWriter).Flush() //nolint:errcheck // best effort: streaming
}

func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }
