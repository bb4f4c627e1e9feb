package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// A server with a streaming standby in DATABASE_REPLICA_URLS: /rest/v1's reads
// run on the standby, a write on the primary and is read back at once; the
// standby stopped, reads keep answering; back, it serves them again.
func TestReadReplicaServesReads(t *testing.T) {
	if testing.Short() {
		t.Skip("two clusters and a server")
	}
	bin := buildServer(t)
	primary := newClusterOn(t, lowPort(t))
	standby := newClusterOn(t, lowPort(t), fmt.Sprintf("PG_PRIMARY_PORT=%d", primary.port),
		"PG_PRIMARY_PASS="+filepath.Join(filepath.Dir(primary.data), "pg.pass"))
	dbURL, standbyURL := primary.pg("url"), standby.pg("url")
	// An empty project: the APIs alone, so that little but the test's requests
	// reaches the databases.
	p := startServerOn(t, bin, lowPort(t), "DATABASE_URL="+dbURL, "PROJECT_DIR="+t.TempDir(),
		fmt.Sprintf("DATABASE_REPLICA_URLS=postgres://127.0.0.1:%d", standby.port))
	keys := serverKeys(t, bin)
	api := &restClient{url: p.url, key: keys["ANON_KEY"], service: keys["SERVICE_ROLE_KEY"]}
	waitFor(t, 60*time.Second, "migrations applied", func() bool { return healthStatus(p.url) == http.StatusOK })
	sqlExec(t, dbURL, `create table public.items (id bigint generated always as identity primary key, name text);
		grant select, insert on public.items to anon, service_role;
		notify pgrst, 'reload schema'`)
	waitFor(t, 60*time.Second, "the API answering", func() bool { return api.get("items?select=id") == http.StatusOK })
	replica := fmt.Sprintf(`replica="127.0.0.1:%d"`, standby.port)
	waitFor(t, 20*time.Second, "the standby in use", func() bool { return api.metric(t, "db_replica_up{"+replica+"}") == 1 })

	t.Run("reads run on the standby", func(t *testing.T) {
		commits := func() (onPrimary, onStandby float64) {
			return xactCommit(t, dbURL), xactCommit(t, standbyURL)
		}
		// The databases' own activity (the server's checks, its workers) as a rate:
		// a backend reports its counts up to 10 s after its last transaction.
		p0, _ := commits()
		start := time.Now()
		time.Sleep(12 * time.Second)
		p1, s1 := commits()
		idle := (p1 - p0) / time.Since(start).Seconds()
		start = time.Now()
		const reads = 300
		for i := range reads {
			if code := api.get("items?select=id,name&limit=5"); code != http.StatusOK {
				t.Fatalf("read %d: %d", i, code)
			}
		}
		time.Sleep(11 * time.Second)
		p2, s2 := commits()
		extra := (p2 - p1) - idle*time.Since(start).Seconds()
		t.Logf("%d reads: the standby's commits +%.0f, the primary's +%.0f (%.0f beyond its own %.1f/s)", reads, s2-s1, p2-p1, extra, idle)
		if s2-s1 < reads {
			t.Errorf("the standby committed %.0f transactions for %d reads", s2-s1, reads)
		}
		if extra > reads/5 {
			t.Errorf("the primary committed %.0f transactions more than its own activity during %d reads", extra, reads)
		}
	})

	t.Run("a write goes to the primary and is read back", func(t *testing.T) {
		if code := api.post(t, "items", `{"name":"written"}`); code != http.StatusCreated {
			t.Fatalf("insert: %d", code)
		}
		var n int
		sqlQuery(t, dbURL, "select count(*) from public.items where name = 'written'", &n)
		if n != 1 {
			t.Fatalf("the primary has %d written rows", n)
		}
		asked := api.metric(t, `db_reads_on_primary_total{reason="asked"}`)
		if code := api.get("items?select=id", "X-Read-Primary", "true"); code != http.StatusOK {
			t.Fatalf("read asking for the primary: %d", code)
		}
		if api.metric(t, `db_reads_on_primary_total{reason="asked"}`) != asked+1 {
			t.Fatal("X-Read-Primary: the read did not run on the primary")
		}
		deadline := time.Now().Add(2 * time.Second)
		for api.body(t, "items?select=name&name=eq.written") != `[{"name":"written"}]` {
			if time.Now().After(deadline) {
				t.Fatal("the write not read back within 2 s")
			}
			time.Sleep(50 * time.Millisecond)
		}
	})

	t.Run("a lost standby is skipped, then used again", func(t *testing.T) {
		onPrimary := api.metric(t, `db_reads_total{target="primary"}`)
		failed := readUnderTraffic(t, api, func() {
			standby.pg("stop")
			waitFor(t, 5*time.Second, "the standby taken out", func() bool { return api.metric(t, "db_replica_up{"+replica+"}") == 0 })
			time.Sleep(2 * time.Second)
		})
		if failed != "" {
			t.Fatalf("reads failed while the standby stopped: %s", failed)
		}
		if api.metric(t, `db_reads_total{target="primary"}`) <= onPrimary {
			t.Fatal("no read ran on the primary while the standby was down")
		}
		standby.pg("start")
		waitFor(t, 20*time.Second, "the standby back in use", func() bool { return api.metric(t, "db_replica_up{"+replica+"}") == 1 })
		before := api.metric(t, "db_replica_reads_total{"+replica+"}")
		for range 50 {
			if code := api.get("items?select=id"); code != http.StatusOK {
				t.Fatalf("read: %d", code)
			}
		}
		if got := api.metric(t, "db_replica_reads_total{"+replica+"}") - before; got < 50 {
			t.Fatalf("%.0f of 50 reads ran on the returned standby", got)
		}
		lag := api.metric(t, "db_replica_lag_seconds{"+replica+"}")
		t.Logf("the standby's lag: %.4f s", lag)
	})
}

// readUnderTraffic reads from 4 clients while during runs; the first failure.
func readUnderTraffic(t *testing.T, api *restClient, during func()) string {
	stop := make(chan struct{})
	var mu sync.Mutex
	var failed string
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if code := api.get("items?select=id"); code != http.StatusOK {
					mu.Lock()
					if failed == "" {
						failed = fmt.Sprintf("status %d", code)
					}
					mu.Unlock()
				}
			}
		})
	}
	during()
	close(stop)
	wg.Wait()
	return failed
}

// lowPort is a free port below the kernel's ephemeral range (32768 and up),
// which outgoing connections may take at any moment.
func lowPort(t *testing.T) int {
	t.Helper()
	for range 100 {
		port := 20000 + rand.IntN(12000)
		l, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", port))
		if err == nil {
			l.Close()
			return port
		}
	}
	t.Fatal("no free port below 32768")
	return 0
}

type restClient struct{ url, key, service string }

// do sends a request with key; header is more header names and values.
func (c *restClient) do(method, path, body, key string, header ...string) (*http.Response, error) {
	req, err := http.NewRequest(method, c.url+path, strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	req.Header.Set("apikey", key)
	req.Header.Set("Authorization", "Bearer "+key)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	cl := http.Client{Timeout: 10 * time.Second}
	return cl.Do(req)
}

func (c *restClient) get(path string, header ...string) int {
	res, err := c.do(http.MethodGet, "/rest/v1/"+path, "", c.key, header...)
	if err != nil {
		return 0
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode
}

func (c *restClient) body(t *testing.T, path string) string {
	res, err := c.do(http.MethodGet, "/rest/v1/"+path, "", c.key)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return string(b)
}

func (c *restClient) post(t *testing.T, path, body string) int {
	res, err := c.do(http.MethodPost, "/rest/v1/"+path, body, c.service)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}

// metric is the value of the /metrics line that starts with name (and labels).
func (c *restClient) metric(t *testing.T, name string) float64 {
	res, err := c.do(http.MethodGet, "/metrics", "", c.service)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			var f float64
			fmt.Sscanf(v, "%g", &f)
			return f
		}
	}
	t.Fatalf("no %s in /metrics", name)
	return 0
}

func sqlExec(t *testing.T, url, sql string) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(context.Background(), sql); err != nil {
		t.Fatal(err)
	}
}

func sqlQuery(t *testing.T, url, sql string, dest ...any) {
	t.Helper()
	conn, err := pgx.Connect(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if err := conn.QueryRow(context.Background(), sql).Scan(dest...); err != nil {
		t.Fatal(err)
	}
}

// xactCommit is pg_stat_database's count of committed transactions.
func xactCommit(t *testing.T, url string) float64 {
	var n int64
	sqlQuery(t, url, "select xact_commit from pg_stat_database where datname = current_database()", &n)
	return float64(n)
}
