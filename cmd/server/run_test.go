package main

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// These tests run the real binary as a separate process, as an operator would.

const testJWTSecret = "run-test-secret-0123456789abcdef0123456789"

func buildServer(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "server")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// cluster is a PostgreSQL cluster of this test's own, driven by scripts/pg.sh.
type cluster struct {
	t    *testing.T
	env  []string
	port int
	data string // PG_DATA
}

// newCluster initialises and starts a cluster of t's own, stopped and removed
// when t ends.
func newCluster(t *testing.T) *cluster { return newClusterOn(t, freePort(t)) }

// newClusterOn is newCluster on port; given env (PG_PRIMARY_PORT,
// PG_PRIMARY_PASS), a streaming standby of that primary (pg.sh standby).
func newClusterOn(t *testing.T, port int, env ...string) *cluster {
	dir, err := os.MkdirTemp("", "casarent-run-test-")
	if err != nil {
		t.Fatal(err)
	}
	c := &cluster{t: t, port: port, data: filepath.Join(dir, "pg")}
	c.env = append(os.Environ(), "PG_DATA="+c.data, fmt.Sprintf("PG_PORT=%d", c.port))
	c.env = append(c.env, env...)
	t.Cleanup(func() { c.pg("stop"); os.RemoveAll(dir) })
	if len(env) > 0 {
		c.pg("standby")
	} else {
		c.pg("start")
	}
	return c
}

func (c *cluster) pg(cmd string) string {
	c.t.Helper()
	x := exec.Command("../../scripts/pg.sh", cmd)
	x.Env = c.env
	out, err := x.Output()
	if err != nil && cmd != "stop" {
		c.t.Fatalf("pg.sh %s: %v", cmd, err)
	}
	return strings.TrimSpace(string(out))
}

type proc struct {
	cmd  *exec.Cmd
	url  string
	logs *bytes.Buffer
	done chan error
}

func startServer(t *testing.T, bin string, env ...string) *proc {
	t.Helper()
	return startServerOn(t, bin, freePort(t), env...)
}

// startServerOn is startServer listening on port; env may override its settings.
func startServerOn(t *testing.T, bin string, port int, env ...string) *proc {
	t.Helper()
	p := &proc{url: fmt.Sprintf("http://127.0.0.1:%d", port), logs: &bytes.Buffer{}, done: make(chan error, 1)}
	p.cmd = exec.Command(bin)
	p.cmd.Env = append(os.Environ(), append([]string{
		fmt.Sprintf("LISTEN_ADDR=127.0.0.1:%d", port),
		"DATA_DIR=" + t.TempDir(),
		"JWT_SECRET=" + testJWTSecret,
		"PROJECT_DIR=" + rentalProject(),
	}, env...)...)
	p.cmd.Stderr = p.logs
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.done <- p.cmd.Wait() }()
	t.Cleanup(func() {
		_ = p.cmd.Process.Kill()
		if t.Failed() {
			t.Logf("server log:\n%s", p.logs.String())
		}
	})
	waitFor(t, 20*time.Second, "server listening", func() bool {
		resp, err := http.Get(p.url + "/health")
		if err == nil {
			resp.Body.Close()
		}
		return err == nil
	})
	return p
}

// serverKeys runs `server keys` with the secret startServer gives the server.
func serverKeys(t *testing.T, bin string) map[string]string {
	t.Helper()
	cmd := exec.Command(bin, "keys")
	cmd.Env = append(os.Environ(), "JWT_SECRET="+testJWTSecret, "DATA_DIR="+t.TempDir())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("server keys: %v", err)
	}
	keys := map[string]string{}
	for line := range strings.SplitSeq(string(out), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			keys[k] = v
		}
	}
	return keys
}

// connectionDetails are the parts of dbURL an error body must not show.
func connectionDetails(t *testing.T, dbURL string) []string {
	t.Helper()
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	return []string{u.Host, ":" + u.Port(), "authenticator", "user=", "database=", "dial tcp"}
}

func healthStatus(url string) int {
	c := http.Client{Timeout: 5 * time.Second}
	resp, err := c.Get(url + "/health")
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}

func waitFor(t *testing.T, d time.Duration, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if ok() {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("timed out waiting for %s", what)
}

func TestServerFollowsDatabaseWithoutRestart(t *testing.T) {
	bin := buildServer(t)
	c := newCluster(t) // started once, to know the URL
	dbURL := c.pg("url")
	c.pg("stop")

	p := startServer(t, bin, "DATABASE_URL="+dbURL)
	if got := healthStatus(p.url); got != http.StatusServiceUnavailable {
		t.Fatalf("health with PostgreSQL down = %d, want 503", got)
	}
	c.pg("start")
	waitFor(t, 40*time.Second, "healthy after PostgreSQL started", func() bool { return healthStatus(p.url) == http.StatusOK })

	c.pg("stop")
	waitFor(t, 10*time.Second, "unhealthy after PostgreSQL stopped", func() bool { return healthStatus(p.url) == http.StatusServiceUnavailable })
	// Meanwhile every surface answers 503 in its own shape: clients retry a 503
	// (auth-js keeps its session through one) where a 500 looks final.
	keys := serverKeys(t, bin)
	for _, tc := range []struct{ method, path, key, body, want string }{
		{"GET", "/rest/v1/cars?select=id", keys["ANON_KEY"], "", `"code":"PGRST00`}, // 000 or 002 (schema cache), as PostgREST
		{"POST", "/auth/v1/token?grant_type=password", keys["ANON_KEY"], `{"email":"a@example.com","password":"secret123"}`, `"error_code":"unexpected_failure"`},
		{"GET", "/storage/v1/object/public/car-images/x.jpg", keys["ANON_KEY"], "", `"code":"DatabaseError"`},
		{"POST", "/functions/v1/admin-users", keys["SERVICE_ROLE_KEY"], `{"action":"list"}`, `"code":"database_unavailable"`},
		{"GET", "/health", "", "", `"database":"down"`},
		{"GET", "/sitemap.xml", "", "", "sitemap unavailable"},
	} {
		req, _ := http.NewRequest(tc.method, p.url+tc.path, strings.NewReader(tc.body))
		req.Header.Set("apikey", tc.key)
		req.Header.Set("Authorization", "Bearer "+tc.key)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), tc.want) {
			t.Errorf("%s %s with PostgreSQL down = %d %s, want 503 with %s", tc.method, tc.path, resp.StatusCode, body, tc.want)
		}
		// Every 503 says when to come back, and none tells an anonymous caller
		// where the database lives or whom the server connects as.
		if resp.Header.Get("Retry-After") == "" {
			t.Errorf("%s %s: 503 without Retry-After", tc.method, tc.path)
		}
		for _, leak := range connectionDetails(t, dbURL) {
			if strings.Contains(string(body), leak) {
				t.Errorf("%s %s: the body names %q: %s", tc.method, tc.path, leak, body)
			}
		}
	}
	c.pg("start")
	waitFor(t, 40*time.Second, "healthy again", func() bool { return healthStatus(p.url) == http.StatusOK })
}

func TestSIGTERMLetsInFlightRequestFinish(t *testing.T) {
	bin := buildServer(t)
	c := newCluster(t)

	// A large file served to a slow reader keeps a request in flight.
	dist := t.TempDir()
	big := make([]byte, 48<<20)
	if _, err := rand.Read(big); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dist, "big.bin"), big, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dist, "index.html"), []byte("<!doctype html><title>t</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := startServer(t, bin, "DATABASE_URL="+c.pg("url"), "FRONTEND_DIST="+dist)

	resp, err := http.Get(p.url + "/big.bin")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got := &bytes.Buffer{}
	if _, err := io.CopyN(got, resp.Body, 1<<20); err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	// New connections are refused while the old one drains.
	if _, err := (&http.Client{Timeout: 2 * time.Second}).Get(p.url + "/health"); err == nil {
		t.Error("a new request was accepted after SIGTERM")
	}
	// Read the rest slowly.
	buf := make([]byte, 1<<20)
	for {
		n, err := resp.Body.Read(buf)
		got.Write(buf[:n])
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("download interrupted after %d bytes: %v", got.Len(), err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	if !bytes.Equal(got.Bytes(), big) {
		t.Fatalf("download incomplete: %d of %d bytes", got.Len(), len(big))
	}
	select {
	case err := <-p.done:
		if err != nil {
			t.Fatalf("server exited with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("server did not exit after the request finished")
	}
}

// PostgreSQL stopped for 20 s under 20 busy clients starts
// again at the first try, the API answers within 5 s of it, and meanwhile the
// server dialled a few times a second at most (counted by /metrics).
func TestDatabaseRestartUnderTraffic(t *testing.T) {
	if testing.Short() {
		t.Skip("20 s outage")
	}
	bin := buildServer(t)
	c := newCluster(t)
	p := startServer(t, bin, "DATABASE_URL="+c.pg("url"))
	waitFor(t, 40*time.Second, "healthy", func() bool { return healthStatus(p.url) == http.StatusOK })
	keys := serverKeys(t, bin)
	read := func() int {
		req, _ := http.NewRequest(http.MethodGet, p.url+"/rest/v1/cars?select=id&limit=1", nil)
		req.Header.Set("apikey", keys["ANON_KEY"])
		cl := http.Client{Timeout: 5 * time.Second}
		resp, err := cl.Do(req)
		if err != nil {
			return 0
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	dialsSent := func() float64 {
		req, _ := http.NewRequest(http.MethodGet, p.url+"/metrics", nil)
		req.Header.Set("Authorization", "Bearer "+keys["SERVICE_ROLE_KEY"])
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		for line := range strings.SplitSeq(string(body), "\n") {
			if strings.HasPrefix(line, `db_dials_total{result="sent"} `) {
				var v float64
				fmt.Sscanf(strings.TrimPrefix(line, `db_dials_total{result="sent"} `), "%g", &v)
				return v
			}
		}
		t.Fatalf("no db_dials_total in /metrics:\n%s", body)
		return 0
	}
	stop := make(chan struct{})
	done := make(chan int, 20)
	for range 20 {
		go func() {
			n := 0
			for {
				select {
				case <-stop:
					done <- n
					return
				default:
				}
				read()
				n++
			}
		}()
	}
	time.Sleep(time.Second)
	c.pg("stop")
	outage := time.Now()
	// Count from the moment PostgreSQL is gone (while it shuts down it still
	// accepts connections, to refuse them with 57P03).
	time.Sleep(2 * time.Second)
	before := dialsSent()
	time.Sleep(18 * time.Second)
	sent := dialsSent() - before
	c.pg("start") // fails the test if PostgreSQL cannot start (its port held by a stray socket)
	restarted := time.Now()
	waitFor(t, 5*time.Second, "the API answering after the restart", func() bool { return read() == http.StatusOK })
	close(stop)
	requests := 0
	for range 20 {
		requests += <-done
	}
	t.Logf("%d requests during the test; %.0f dials in 18 s of the %s outage; API back %s after the restart",
		requests, sent, restarted.Sub(outage).Round(time.Second), time.Since(restarted).Round(10*time.Millisecond))
	if requests < 200 {
		t.Fatalf("only %d requests: the clients were not busy", requests)
	}
	if sent > 3*18 {
		t.Fatalf("%.0f dials in 18 s of outage, want a few per second at most", sent)
	}
}
